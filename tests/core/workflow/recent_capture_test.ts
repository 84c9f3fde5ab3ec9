import assert from "node:assert/strict";
import { recentAutomaticCapsule } from "../../../core/workflow/recent_capture.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { makeRepo, writeFiles } from "../../_helpers/git.ts";
import { writeHeadRecord } from "../../../core/store/head_record.ts";
import { findBatonLayout } from "../../../core/store/find_layout.ts";

const NOW = Date.parse("2026-06-01T12:00:00.000Z");
const MIN = 5 * 60_000;

function header(trigger: string | null, created: string): string {
  return [
    "# baton capsule 0123456789ab",
    "",
    "> Rendered from the JSON block at the end of this file.",
    "",
    `- created: ${created}`,
    ...(trigger === null ? [] : [`- trigger: ${trigger}`]),
    "- status: active",
    "",
  ].join("\n");
}

/**
 * A repository with `text` as latest.md; with `ownAt`, this clone's head record names capsule
 * 0123456789ab… created then (as its own store records a capsule it made current).
 */
async function withLatest(
  text: string | null,
  f: (dir: string) => Promise<void>,
  ownAt: string | null = /- created: (\S+)/.exec(text ?? "")?.[1] ?? null,
): Promise<void> {
  const dir = await makeRepo();
  try {
    if (text !== null) await writeFiles(dir, { ".baton/latest.md": text });
    if (ownAt !== null) {
      const fs = new TestFs();
      const { layout } = await findBatonLayout(fs, dir, {});
      const id = `sha256:0123456789ab${"0".repeat(52)}`;
      await writeHeadRecord(fs, layout, "main", { id, created_at: ownAt, fingerprint: id });
    }
    await f(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("recentAutomaticCapsule() finds an automatic capsule younger than the interval, from a subdirectory", async () => {
  for (const trigger of ["pre_compact", "session_end", "fold"]) {
    await withLatest(header(trigger, "2026-06-01T11:58:00.000Z"), async (dir) => {
      await Deno.mkdir(`${dir}/sub`);
      const got = await recentAutomaticCapsule(new TestFs(), `${dir}/sub`, {
        minIntervalMs: MIN,
        nowMs: NOW,
      });
      assert.equal(got, "0123456789ab", trigger);
    });
  }
});

Deno.test("recentAutomaticCapsule() leaves the decision to the capture job in every other case", async () => {
  const cases: [string, string | null, number][] = [
    ["manual capsule", header("manual", "2026-06-01T11:59:00.000Z"), MIN],
    ["pasted capsule", header("paste", "2026-06-01T11:59:00.000Z"), MIN],
    ["older than the interval", header("pre_compact", "2026-06-01T11:54:59.000Z"), MIN],
    ["from the future", header("pre_compact", "2026-06-01T12:00:01.000Z"), MIN],
    ["no trigger line", header(null, "2026-06-01T11:59:00.000Z"), MIN],
    ["not a rendered header", "# notes\n- created: 2026-06-01T11:59:00.000Z\n", MIN],
    ["no capsule", null, MIN],
    [
      "no interval (pre-compact, session-end)",
      header("pre_compact", "2026-06-01T11:59:00.000Z"),
      0,
    ],
  ];
  for (const [name, text, minIntervalMs] of cases) {
    await withLatest(text, async (dir) => {
      const got = await recentAutomaticCapsule(new TestFs(), dir, { minIntervalMs, nowMs: NOW });
      assert.equal(got, null, name);
    });
  }
});

Deno.test("recentAutomaticCapsule() answers recent only for a capsule this clone's own record names (not a committed latest.md's word)", async () => {
  const text = header("turn_end", "2026-06-01T11:58:00.000Z");
  const at = (dir: string) =>
    recentAutomaticCapsule(new TestFs(), dir, { minIntervalMs: MIN, nowMs: NOW });
  // Control: this clone made it current.
  await withLatest(text, async (dir) => assert.equal(await at(dir), "0123456789ab"));
  // No record: a capsule a commit or a pull brought; the capture job decides by its signature.
  await withLatest(text, async (dir) => assert.equal(await at(dir), null), null);
  // A record of the same id prefix at another time: the header's time is not this clone's.
  await withLatest(
    text,
    async (dir) => assert.equal(await at(dir), null),
    "2026-06-01T10:00:00.000Z",
  );
});

Deno.test("recentAutomaticCapsule() looks where git looks: a ceiling that stops git below the repository is not the repository's capsule", async () => {
  await withLatest(header("pre_compact", "2026-06-01T11:58:00.000Z"), async (dir) => {
    await Deno.mkdir(`${dir}/sub`);
    const at = (gitEnvironment: Record<string, string>) =>
      recentAutomaticCapsule(new TestFs(), `${dir}/sub`, {
        minIntervalMs: MIN,
        nowMs: NOW,
        gitEnvironment,
      });
    // Control: no ceiling, and one above the repository, find the repository's capsule.
    assert.equal(await at({}), "0123456789ab");
    assert.equal(
      await at({ GIT_CEILING_DIRECTORIES: dir.slice(0, dir.lastIndexOf("/")) }),
      "0123456789ab",
    );
    assert.equal(
      await at({ GIT_CEILING_DIRECTORIES: dir }),
      null,
      "git finds no repository from sub/",
    );
  });
});
