/**
 * A damaged repository never hides the handoff: for each kind of damage
 * (corrupt or checksum-failing index, truncated pack, bad packed-refs, bad
 * config, a `.git` file naming nothing), in a real repository, `load` exits
 * 0 with the meaning and a `degraded` field, the affected checks are
 * unknown with the reason (never match), session-start injects, the capture
 * hooks write a capsule with those facts unavailable, and doctor names the
 * damage. The undamaged repository is the positive control.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { parseCapsule } from "../../core/capsule/parse.ts";

const MEANING = "the meaning survives damage";

interface Damage {
  name: string;
  apply: (dir: string) => Promise<void>;
  /** Checks that must be unknown now. */
  unknown: string[];
  /** Text the degraded reason must contain. */
  reason: RegExp;
}

async function truncate(path: string, size: number): Promise<void> {
  const f = await Deno.open(path, { write: true });
  try {
    await f.truncate(size);
  } finally {
    f.close();
  }
}

const TREE = ["tracked changes", "untracked files"];

const DAMAGES: Damage[] = [
  {
    name: "corrupt index",
    apply: (dir) => truncate(`${dir}/.git/index`, 40),
    unknown: TREE,
    reason: /worktree: Cannot parse git index/,
  },
  {
    name: "index with a wrong checksum",
    apply: async (dir) => {
      const bytes = await Deno.readFile(`${dir}/.git/index`);
      bytes[bytes.length - 30] = bytes[bytes.length - 30]! ^ 0xff;
      await Deno.writeFile(`${dir}/.git/index`, bytes);
    },
    unknown: TREE,
    reason: /checksum does not match/,
  },
  {
    name: "truncated pack",
    apply: async (dir) => {
      const pack = [...Deno.readDirSync(`${dir}/.git/objects/pack`)].find((e) =>
        e.name.endsWith(".pack")
      )!;
      await truncate(`${dir}/.git/objects/pack/${pack.name}`, 100);
    },
    unknown: TREE,
    reason: /worktree: Cannot read packed object/,
  },
  {
    name: "bad packed-refs",
    apply: async (dir) => {
      await Deno.remove(`${dir}/.git/refs/heads/main`).catch(() => {});
      await Deno.writeTextFile(`${dir}/.git/packed-refs`, "zzzz not a ref line\n");
    },
    unknown: ["branch", "HEAD", ...TREE],
    reason: /head: Cannot parse packed-refs/,
  },
  {
    name: "bad config",
    apply: (dir) => Deno.writeTextFile(`${dir}/.git/config`, "[core\n bare = what\n"),
    // git dies on it before resolving HEAD: no HEAD, no branch.
    unknown: ["remote", "branch", "HEAD", ...TREE],
    reason: /config: Cannot parse git config/,
  },
  {
    name: "a .git file naming nothing",
    apply: async (dir) => {
      await Deno.rename(`${dir}/.git`, `${dir}.moved-git`);
      await Deno.writeTextFile(`${dir}/.git`, "gitdir: /nonexistent/baton-test\n");
    },
    unknown: ["root", "remote", "branch", "HEAD", ...TREE],
    reason: /repository: Cannot use \.git file/,
  },
];

async function repoWithCapsule(): Promise<string> {
  const dir = await makeRepo();
  for (let i = 1; i <= 3; i++) {
    await writeFiles(dir, { [`f${i}.txt`]: `${i}\n` });
    await commitAll(dir, `c${i}`);
  }
  await git(dir, ["gc", "-q"]);
  await git(dir, ["pack-refs", "--all"]);
  await writeFiles(dir, { "f1.txt": "changed\n" });
  const r = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    stdin: JSON.stringify({ now: MEANING, next_action: "run the tests" }),
  });
  assert.equal(r.code, 0, r.stderr);
  return dir;
}

function payload(dir: string, event: string): string {
  return JSON.stringify({
    session_id: "s-degraded",
    cwd: dir,
    hook_event_name: event,
    source: "startup",
    transcript_path: "/dev/null",
  });
}

for (const damage of [null, ...DAMAGES]) {
  const name = damage?.name ?? "an undamaged repository (control)";
  Deno.test(`degraded: ${name}: load, session-start, capture hooks and doctor`, async () => {
    const dir = await repoWithCapsule();
    try {
      await damage?.apply(dir);
      const r = await runBaton(["load", "--json"], { cwd: dir });
      assert.equal(r.code, 0, r.stderr);
      const out = JSON.parse(r.stdout);
      assert.ok(out.text.includes(MEANING), "the meaning is delivered");
      const status = Object.fromEntries(
        out.drift.map((d: { check: string; status: string }) => [d.check, d.status]),
      );
      if (damage === null) {
        assert.equal(out.degraded, null);
        for (const c of ["root", "remote", "branch", "HEAD", ...TREE]) {
          assert.equal(status[c], "match", c);
        }
      } else {
        assert.ok(out.degraded !== null, "degraded is reported");
        assert.match(out.degraded.reasons.join("; "), damage.reason);
        for (const c of damage.unknown) assert.equal(status[c], "unknown", `${c} is unknown`);
        assert.ok(!Object.values(status).includes("match") || damage.unknown.length < 6);
        assert.match(out.text, /Repository facts are unavailable now: /);
        const file = out.drift.find((d: { check: string }) => d.check === "file f1.txt");
        if (damage.unknown.includes("root")) assert.equal(file.status, "unknown");
      }

      const start = await runBaton(["hook", "session-start", "--host", "claude-code"], {
        cwd: "/",
        stdin: payload(dir, "SessionStart"),
      });
      assert.equal(start.code, 0);
      const injected = JSON.parse(start.stdout).hookSpecificOutput.additionalContext as string;
      assert.ok(injected.includes(MEANING), `session-start injects (${start.stderr})`);

      for (const event of ["pre-compact", "session-end"]) {
        await writeFiles(dir, { "f2.txt": `${event}\n` });
        const before = await Deno.readTextFile(`${dir}/.baton/latest.md`);
        const h = await runBaton(["hook", event, "--host", "claude-code", "--json"], {
          cwd: "/",
          stdin: payload(dir, event === "pre-compact" ? "PreCompact" : "SessionEnd"),
        });
        assert.equal(h.code, 0);
        const report = JSON.parse(h.stdout);
        // With the work tree unreadable the second hook sees the same facts.
        const expected = damage === null || event === "pre-compact" ? ["written"] : [
          "written",
          "unchanged",
        ];
        assert.ok(expected.includes(report.action), `${event}: ${report.action} ${report.warning}`);
        const after = await Deno.readTextFile(`${dir}/.baton/latest.md`);
        if (report.action === "written") assert.notEqual(after, before);
        const capsule = (await parseCapsule(after)).capsule;
        assert.ok(capsule.meaning.now?.includes(MEANING), "meaning carried");
        if (damage !== null) {
          const parts = capsule.facts.unavailable ?? [];
          assert.ok(parts.length > 0, `${event}: facts marked unavailable`);
        } else assert.equal(capsule.facts.unavailable, undefined);
      }

      const doc = await runBaton(["doctor", "--json"], { cwd: dir });
      const repoCheck = JSON.parse(doc.stdout).checks.find((c: { name: string }) =>
        c.name === "repository"
      );
      if (damage === null) assert.equal(repoCheck.outcome, "ok");
      else {
        assert.equal(repoCheck.outcome, "warn");
        assert.match(repoCheck.reason, damage.reason);
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
      await Deno.remove(`${dir}.moved-git`, { recursive: true }).catch(() => {});
    }
  });
}
