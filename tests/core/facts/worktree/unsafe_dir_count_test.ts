/**
 * A crafted index whose path has a '..', '.', empty or .git component must not
 * hide an untracked file. The untracked walk skips per-name lookups in a
 * directory whose listing has exactly as many names as tracked content known
 * to exist there (TrackedTree.present); a tracked "directory" such as `..`,
 * `x/.`, `x/` (from `x//y`) or `.git` exists to lstat but is never a name in
 * a listing, so it was counted as present and one untracked file of the
 * directory went unreported. git (the oracle) lists it. The same index with
 * the entry's original path is the control.
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { runBaton } from "../../../_helpers/cli.ts";
import { renameInIndex } from "../../../_helpers/git_fixtures.ts";

async function facts(dir: string) {
  const r = await runBaton(["preflight", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).facts;
}

/** Untracked paths as git lists them (`git status --porcelain -uall`). */
async function gitUntracked(dir: string): Promise<string[]> {
  const out = (await git(dir, ["status", "--porcelain", "-uall"])).stdout;
  return out.split("\n").filter((l) => l.startsWith("?? ")).map((l) => l.slice(3)).sort();
}

/**
 * Each case: files committed, the entry renamed in the index, the directory
 * whose listing the crafted entry miscounts, and the untracked file put there.
 */
const CASES = [
  { name: "'..' at the root", from: "00/x.txt", to: "../x.txt", dir: "" },
  { name: "'.' in a directory", from: "d/0/x.txt", to: "d/./x.txt", dir: "d/" },
  { name: "an empty component", from: "d/0/x.txt", to: "d//0x.txt", dir: "d/" },
  { name: "'.git' at the root", from: "0000/x.txt", to: ".git/x.txt", dir: "" },
] as const;

for (const c of CASES) {
  Deno.test(`an index path with ${c.name} hides no untracked file`, async () => {
    const dir = await makeRepo("baton-unsafe-dir-count-");
    try {
      await writeFiles(dir, { "a.txt": "a\n", "d/b.txt": "b\n", [c.from]: "x\n" });
      await commitAll(dir);
      await Deno.remove(`${dir}/${c.from.slice(0, c.from.lastIndexOf("/"))}`, { recursive: true });
      await Deno.writeTextFile(`${dir}/${c.dir}new.txt`, "untracked\n");
      // Control: with the entry's own path, the new file is listed.
      let f = await facts(dir);
      assert.deepEqual(f.tree.untracked, [`${c.dir}new.txt`], "control");
      await renameInIndex(dir, c.from, c.to);
      assert.deepEqual(await gitUntracked(dir), [`${c.dir}new.txt`], "control: git lists it");
      f = await facts(dir);
      assert.deepEqual(f.tree.untracked, [`${c.dir}new.txt`]);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
}
