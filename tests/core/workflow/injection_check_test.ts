import assert from "node:assert/strict";
import { checkInjection, repeatMode } from "../../../core/workflow/injection_check.ts";
import { finalizeDraft } from "../../../core/workflow/finalize.ts";
import { writeInjectionRecord } from "../../../core/store/injection_state.ts";
import { batonLayout } from "../../../core/store/layout.ts";
import { commitAll, writeFiles } from "../../_helpers/git.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { testContext, withRepo } from "../../_helpers/temp_fs.ts";

const fs = new TestFs();
const enc = new TextEncoder();

async function withCapsule(
  f: (dir: string, id: string, createdAt: string) => Promise<void>,
): Promise<void> {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    const r = await finalizeDraft(testContext(dir), enc.encode('{"now":"x"}'));
    await f(dir, r.capsule.id, r.capsule.created_at);
  });
}

/** sha256 of a file's bytes, worked out here (the oracle the check's digest is held to). */
async function fileDigest(path: string): Promise<string> {
  const bytes = await Deno.readFile(path);
  const hex = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
    .map((b) => b.toString(16).padStart(2, "0")).join("");
  return `sha256:${hex}`;
}

/** A record of `capsule_id` (dated `created_at`) injected an hour after that time. */
const record = (capsule_id: string, created_at: string, latest_digest?: string) => ({
  capsule_id,
  created_at,
  ...(latest_digest === undefined ? {} : { latest_digest }),
  injected_at: Number.isNaN(Date.parse(created_at))
    ? "2026-06-01T12:00:00.000Z"
    : new Date(Date.parse(created_at) + 3_600_000).toISOString(),
});

Deno.test("repeatMode() reads full and off, and gives short for anything else", () => {
  assert.deepEqual(
    [
      repeatMode("full"),
      repeatMode("off"),
      repeatMode("short"),
      repeatMode("x"),
      repeatMode(undefined),
    ],
    ["full", "off", "short", "short", "short"],
  );
});

Deno.test("checkInjection() injects nothing where there is no capsule, from a subdirectory too", async () => {
  await withRepo(async (dir) => {
    await Deno.mkdir(`${dir}/sub`);
    const c = await checkInjection(fs, `${dir}/sub`, { hostKey: "codex" });
    assert.deepEqual([c.inject, c.reason, c.header], [false, "no_capsule", null]);
  });
});

Deno.test("checkInjection() injects a capsule never injected for this host, and after a compaction always", async () => {
  await withCapsule(async (dir, id) => {
    const c = await checkInjection(fs, `${dir}`, { hostKey: "codex" });
    assert.deepEqual([c.inject, c.reason], [true, "never_injected"]);
    assert.ok(id.replace("sha256:", "").startsWith(c.header!.id12));
    const layout = batonLayout(dir);
    await writeInjectionRecord(fs, layout, { hostKey: "codex", record: record(id, "x") });
    const compact = await checkInjection(fs, dir, { hostKey: "codex", source: "compact" });
    assert.deepEqual([compact.inject, compact.reason], [true, "after_compact"]);
  });
});

Deno.test("checkInjection() on a capsule already shown: a repeat for a new session, nothing on resume or with repeats off", async () => {
  await withCapsule(async (dir, id, createdAt) => {
    await writeInjectionRecord(fs, batonLayout(dir), {
      hostKey: "codex",
      record: record(id, createdAt, await fileDigest(`${dir}/.baton/latest.md`)),
    });
    const fresh = await checkInjection(fs, dir, { hostKey: "codex", source: "startup" });
    assert.deepEqual([fresh.inject, fresh.reason], [true, "repeat"]);
    const resume = await checkInjection(fs, dir, { hostKey: "codex", source: "resume" });
    assert.deepEqual([resume.inject, resume.reason], [false, "already_injected"]);
    const off = await checkInjection(fs, dir, { hostKey: "codex", repeat: "off" });
    assert.deepEqual([off.inject, off.reason], [false, "already_injected"]);
    // Another host has its own record: still never injected there.
    const other = await checkInjection(fs, dir, { hostKey: "cursor", source: "resume" });
    assert.deepEqual([other.inject, other.reason], [true, "never_injected"]);
  });
});

Deno.test("checkInjection(): a header naming the capsule last injected over other bytes is no proof: the job decides", async () => {
  await withCapsule(async (dir, id, createdAt) => {
    const layout = batonLayout(dir);
    const path = `${dir}/.baton/latest.md`;
    const digest = await fileDigest(path);
    // Injecting, the check hands over the digest of the bytes it read, for the record.
    const first = await checkInjection(fs, dir, { hostKey: "codex" });
    assert.deepEqual([first.reason, first.digest], ["never_injected", digest]);
    // Control: the recorded bytes are already injected, by the light check alone.
    await writeInjectionRecord(fs, layout, {
      hostKey: "codex",
      record: record(id, createdAt, digest),
    });
    const same = await checkInjection(fs, dir, { hostKey: "codex", source: "resume" });
    assert.deepEqual([same.inject, same.reason, same.digest], [false, "already_injected", null]);
    // The same header (id and date) over other bytes: a stranger's capsule that copies the id.
    const text = await Deno.readTextFile(path);
    await Deno.writeTextFile(path, text.replace('"now"', '"now" ').replace(/$/, "\n"));
    const other = await fileDigest(path);
    assert.notEqual(other, digest);
    for (const opts of [{ source: "resume" }, { repeat: "off" as const }]) {
      const c = await checkInjection(fs, dir, { hostKey: "codex", ...opts });
      assert.deepEqual([c.inject, c.reason, c.digest], [true, "header_unconfirmed", other]);
    }
    // A record from before digests were kept confirms nothing by itself either.
    await writeInjectionRecord(fs, layout, { hostKey: "codex", record: record(id, createdAt) });
    await Deno.writeTextFile(path, text);
    const legacy = await checkInjection(fs, dir, { hostKey: "codex", source: "resume" });
    assert.deepEqual([legacy.inject, legacy.reason], [true, "header_unconfirmed"]);
  });
});

Deno.test("checkInjection() injects a different recorded capsule, newer or older (put back by a commit), and says which", async () => {
  await withCapsule(async (dir, _id, createdAt) => {
    const layout = batonLayout(dir);
    const t = Date.parse(createdAt);
    const other = "sha256:" + "f".repeat(64);
    await writeInjectionRecord(fs, layout, {
      hostKey: "codex",
      record: record(other, new Date(t - 60_000).toISOString()),
    });
    const newer = await checkInjection(fs, dir, { hostKey: "codex" });
    assert.deepEqual([newer.inject, newer.reason], [true, "newer_capsule"]);
    await writeInjectionRecord(fs, layout, {
      hostKey: "codex",
      record: record(other, new Date(t + 60_000).toISOString()),
    });
    const older = await checkInjection(fs, dir, { hostKey: "codex" });
    assert.deepEqual([older.inject, older.reason], [true, "older_capsule"]);
  });
});

Deno.test("checkInjection(): a record dated after the moment it was injected (a capsule dated 2099 shown once) still marks its capsule", async () => {
  await withCapsule(async (dir, id, createdAt) => {
    const layout = batonLayout(dir);
    const t = Date.parse(createdAt);
    const future = "sha256:" + "f".repeat(64);
    await writeInjectionRecord(fs, layout, {
      hostKey: "codex",
      record: {
        capsule_id: future,
        created_at: "2099-01-01T00:00:00.000Z",
        injected_at: new Date(t - 60_000).toISOString(),
      },
    });
    // Another capsule than the one dated ahead: injected (it reads as older, which is injected).
    const c = await checkInjection(fs, dir, { hostKey: "codex", source: "resume" });
    assert.deepEqual([c.inject, c.reason], [true, "older_capsule"]);
    // The very capsule recorded, dated after its injection: already shown, so nothing on resume
    // (before, such a record marked nothing, and a committed capsule dated 2099 was injected
    // at every session start), and a repeat for a new session.
    await writeInjectionRecord(fs, layout, {
      hostKey: "codex",
      record: {
        capsule_id: id,
        created_at: createdAt,
        injected_at: new Date(t - 1).toISOString(),
        latest_digest: await fileDigest(`${dir}/.baton/latest.md`),
      },
    });
    const same = await checkInjection(fs, dir, { hostKey: "codex", source: "resume" });
    assert.deepEqual([same.inject, same.reason], [false, "already_injected"]);
    const fresh = await checkInjection(fs, dir, { hostKey: "codex", source: "startup" });
    assert.deepEqual([fresh.inject, fresh.reason], [true, "repeat"]);
  });
});

Deno.test("checkInjection() injects when latest.md has no readable header (fails open)", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { ".baton/latest.md": "not a capsule\n" });
    const c = await checkInjection(fs, dir, { hostKey: "codex" });
    assert.deepEqual([c.inject, c.reason, c.header], [true, "header_unreadable", null]);
  });
});

Deno.test("checkInjection(): a latest.md that is a folder is not_a_file and a missing one beside archived capsules archived_only, never no_capsule; with no archive, no_capsule (control)", async () => {
  await withCapsule(async (dir) => {
    const layout = batonLayout(dir);
    await Deno.remove(layout.latest);
    const missing = await checkInjection(fs, dir, { hostKey: "codex" });
    assert.deepEqual([missing.inject, missing.reason], [false, "archived_only"]);
    await Deno.mkdir(layout.latest);
    const folder = await checkInjection(fs, dir, { hostKey: "codex" });
    assert.deepEqual([folder.inject, folder.reason, folder.digest], [false, "not_a_file", null]);
    await Deno.remove(layout.latest);
    // Only files under a capsule's archive name count: a folder of other files is no archive.
    const names = [...Deno.readDirSync(layout.capsules)].map((e) => e.name);
    for (const n of names) {
      await Deno.rename(`${layout.capsules}/${n}`, `${layout.capsules}/${n}.txt`);
    }
    const none = await checkInjection(fs, dir, { hostKey: "codex" });
    assert.deepEqual([none.inject, none.reason], [false, "no_capsule"]);
  });
});
