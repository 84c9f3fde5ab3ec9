/**
 * Index paths that could lead out of the work tree (core/facts/worktree/unsafe_path.ts):
 * the rule on its own, then a crafted .git/index naming `zzz/../../outside.txt` run through
 * the real CLI. Before, baton hashed the file outside the repository and put its sha256 and
 * size in the facts (git itself reads it too: `M zzz/../../outside.txt`); now it is listed
 * unchecked and never opened; staged (index vs HEAD) it is a changed file, never hashed. The
 * same index with the entry's original path is the control.
 */
import assert from "node:assert/strict";
import { unsafeIndexPath } from "../../../../core/facts/worktree/unsafe_path.ts";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { runBaton } from "../../../_helpers/cli.ts";
import { renameInIndex } from "../../../_helpers/git_fixtures.ts";
import { tempDir } from "../../../_helpers/temp.ts";
import { sha256Id } from "../../../../core/hash.ts";

Deno.test("unsafeIndexPath() refuses '.', '..', empty and .git components, and nothing else", () => {
  for (
    const p of ["a/../b", "..", "./a", "a/./b", "/abs", "a//b", "a/", ".git/config", "x/.Git/y"]
  ) {
    assert.equal(unsafeIndexPath(p), true, p);
  }
  for (const p of ["a", "a/b.txt", ".gitignore", "x/.github/y", "..a", "a..", "a/.b/c", "é/ü"]) {
    assert.equal(unsafeIndexPath(p), false, p);
  }
});

async function facts(dir: string) {
  const r = await runBaton(["preflight", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).facts;
}

Deno.test("preflight never opens a file an index path leads to outside the work tree", async () => {
  await using outer = await tempDir("baton-unsafe-path-");
  const dir = `${outer.path}/repo`;
  await Deno.mkdir(dir);
  await Deno.rename(await makeRepo("baton-unsafe-path-repo-"), dir);
  await Deno.writeTextFile(`${outer.path}/outside.txt`, "secret outside\n");
  await writeFiles(dir, { "a.txt": "a\n", "zzz/abcde/outside.txt": "secret inside\n" });
  await commitAll(dir);
  await Deno.remove(`${dir}/zzz/abcde`, { recursive: true });
  // Control: the entry's own path, its file gone, is a plain deletion.
  let f = await facts(dir);
  assert.deepEqual(f.tree.changed, ["zzz/abcde/outside.txt"], "control");
  await renameInIndex(dir, "zzz/abcde/outside.txt", "zzz/../../outside.txt");
  const listed = (await git(dir, ["status", "--porcelain"])).stdout;
  assert.match(listed, /^ M zzz\/\.\.\/\.\.\/outside\.txt$/m, "control: git reads it outside");
  f = await facts(dir);
  assert.deepEqual(f.tree.unchecked, ["zzz/../../outside.txt"]);
  assert.match(f.tree.reason, /index path git refuses/);
  assert.deepEqual(f.changed_files, [], "neither hashed nor sized");
});

Deno.test("preflight never hashes a staged index path that leads outside the work tree", async () => {
  // Staged (index vs HEAD), the crafted path is a changed file, and changed
  // files are hashed: before, the file outside the repository was read and
  // its sha256 and size put in the facts.
  await using outer = await tempDir("baton-unsafe-staged-");
  const dir = `${outer.path}/repo`;
  await Deno.mkdir(dir);
  await Deno.rename(await makeRepo("baton-unsafe-staged-repo-"), dir);
  const secret = "secret outside\n";
  await Deno.writeTextFile(`${outer.path}/outside.txt`, secret);
  await writeFiles(dir, { "a.txt": "a\n", "zzz/keep.txt": "keep\n" });
  await commitAll(dir);
  await writeFiles(dir, { "zzz/abcde/outside.txt": "inside\n" });
  await git(dir, ["add", "zzz/abcde/outside.txt"]);
  // Control: the entry's own path, staged and present, is hashed.
  let f = await facts(dir);
  assert.deepEqual(
    f.changed_files.map((c: { path: string; sha256: string | null }) => [c.path, c.sha256]),
    [["zzz/abcde/outside.txt", await sha256Id("inside\n")]],
    "control",
  );
  await Deno.remove(`${dir}/zzz/abcde`, { recursive: true });
  await renameInIndex(dir, "zzz/abcde/outside.txt", "zzz/../../outside.txt");
  const listed = (await git(dir, ["status", "--porcelain"])).stdout;
  assert.match(listed, /^AM zzz\/\.\.\/\.\.\/outside\.txt$/m, "control: git reads it outside");
  const r = await runBaton(["preflight", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.ok(!r.stdout.includes(await sha256Id(secret)), "the outside file's hash is nowhere");
  f = JSON.parse(r.stdout).facts;
  assert.equal(f.changed_files.length, 1);
  const [c] = f.changed_files;
  assert.deepEqual([c.path, c.xy, c.sha256, c.size, c.hash_skipped], [
    "zzz/../../outside.txt",
    "A.",
    null,
    null,
    "unreadable",
  ]);
});
