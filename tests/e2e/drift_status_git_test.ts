/**
 * Drift of a path changed at capture and still changed now, against git: a
 * capsule is written (`finalize`), the repository is changed in a way that
 * keeps the set of changed paths but changes git's status of one (staged
 * since, deleted, a rename whose source was put back), and `load --json`
 * must not say `match` for "tracked changes" whenever `git status
 * --porcelain=v2` shows another status for that path. Controls: the same
 * shapes left alone (git's view unchanged) read `match`, and a refreshed
 * index (stat data only) is no change.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { oracle, type UserEnv } from "../_helpers/git_oracle.ts";

interface Check {
  check: string;
  status: string;
  compared: string;
  detail: string;
}

const ENV: UserEnv = { home: Deno.env.get("HOME") ?? "/nonexistent", xdg: null };

async function capture(dir: string): Promise<void> {
  const r = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"x"}' });
  assert.equal(r.code, 0, r.stderr);
}

async function tracked(dir: string): Promise<Check> {
  const r = await runBaton(["load", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const c = (JSON.parse(r.stdout).drift as Check[]).find((d) => d.check === "tracked changes");
  assert.ok(c !== undefined);
  return c;
}

/** git's tracked statuses as one comparable text. */
async function gitView(dir: string): Promise<string> {
  return JSON.stringify([...(await oracle(ENV, dir)).tracked].sort());
}

interface Shape {
  name: string;
  /** Files committed first. */
  files: Record<string, string>;
  /** The state at capture. */
  before: (dir: string) => Promise<void>;
  /** The change after capture (keeps the set of changed paths). */
  after: (dir: string) => Promise<void>;
  /** baton cannot settle it (a half judged by stat data alone): unknown, never match. */
  unsettled?: boolean;
}

const SHAPES: Shape[] = [
  {
    name: "an edit staged after capture (.M -> M.)",
    files: { "a.txt": "a\n" },
    before: (d) => writeFiles(d, { "a.txt": "a2\n" }),
    after: async (d) => void await git(d, ["add", "a.txt"]),
  },
  {
    name: "a staged edit edited again (M. -> MM)",
    files: { "a.txt": "a\n" },
    before: async (d) => {
      await writeFiles(d, { "a.txt": "a2\n" });
      await git(d, ["add", "a.txt"]);
    },
    after: (d) => writeFiles(d, { "a.txt": "a3\n" }),
  },
  {
    name: "a modified file deleted (.M -> .D)",
    files: { "a.txt": "a\n" },
    before: (d) => writeFiles(d, { "a.txt": "a2\n" }),
    after: (d) => Deno.remove(`${d}/a.txt`),
  },
  {
    name: "an added file modified (A. -> AM)",
    files: { "a.txt": "a\n" },
    before: async (d) => {
      await writeFiles(d, { "n.txt": "n\n" });
      await git(d, ["add", "n.txt"]);
    },
    after: (d) => writeFiles(d, { "n.txt": "n2\n" }),
  },
  {
    name: "a staged deletion put back as untracked-then-added (D. -> M.)",
    files: { "a.txt": "a\n" },
    before: async (d) => void await git(d, ["rm", "-q", "a.txt"]),
    after: async (d) => {
      await writeFiles(d, { "a.txt": "other\n" });
      await git(d, ["add", "a.txt"]);
    },
  },
  {
    name: "a file over the hash cap edited, then staged (.? -> M.)",
    files: { "big.bin": "a".repeat(9_000_000) },
    before: (d) => writeFiles(d, { "big.bin": "b".repeat(9_000_000) }),
    after: async (d) => void await git(d, ["add", "big.bin"]),
  },
  {
    name: "a staged file over the hash cap edited again, then staged (MM -> M.)",
    files: { "big.bin": "a".repeat(9_000_000) },
    before: async (d) => {
      await writeFiles(d, { "big.bin": "b".repeat(9_000_000) });
      await git(d, ["add", "big.bin"]);
      await writeFiles(d, { "big.bin": "c".repeat(9_000_000) });
    },
    after: async (d) => void await git(d, ["add", "big.bin"]),
    unsettled: true,
  },
  {
    name: "a rename whose source is restored (R. -> A.)",
    files: { "a.txt": "alpha alpha alpha\n" },
    before: async (d) => void await git(d, ["mv", "a.txt", "b.txt"]),
    after: async (d) => void await git(d, ["checkout", "HEAD", "--", "a.txt"]),
  },
];

for (const shape of SHAPES) {
  Deno.test(`drift against git: ${shape.name} is never match`, async () => {
    const dir = await makeRepo("baton-drift-xy-");
    try {
      await writeFiles(dir, shape.files);
      await commitAll(dir, "base");
      await shape.before(dir);
      const then = await gitView(dir);
      await capture(dir);
      // Control: nothing changed since the capture reads match.
      const same = await tracked(dir);
      assert.equal(same.status, "match", `${shape.name}: control ${same.detail}`);
      const paths = (JSON.parse(then) as string[]).length;
      assert.match(same.detail, new RegExp(`\\b${paths} then, ${paths} now\\b`), "git's count");
      await shape.after(dir);
      const now = await gitView(dir);
      assert.notEqual(now, then, `${shape.name}: control: git shows a different status`);
      const c = await tracked(dir);
      if (shape.unsettled === true) {
        assert.equal(c.status, "unknown", `${shape.name}: ${c.detail}`);
        return;
      }
      assert.equal(c.status, "different", `${shape.name}: ${c.detail}`);
      assert.match(c.detail, /status changed since capture: /);
      assert.equal(c.compared, "sets of changed tracked paths and their status codes");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
}

Deno.test("drift against git: a refreshed index (stat data only) is no status change", async () => {
  const dir = await makeRepo("baton-drift-xy-");
  try {
    await writeFiles(dir, { "a.txt": "a\n", "b.txt": "b\n" });
    await commitAll(dir, "base");
    await writeFiles(dir, { "a.txt": "a2\n" });
    const then = await gitView(dir);
    await capture(dir);
    // A fixed mtime (not one relative to the clock): only b.txt's stat data moves.
    await Deno.utime(`${dir}/b.txt`, 1_600_000_000, 1_600_000_000);
    await git(dir, ["update-index", "--refresh"], { allowFail: true });
    assert.equal(await gitView(dir), then, "control: git's view is unchanged");
    const c = await tracked(dir);
    assert.equal(c.status, "match", c.detail);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
