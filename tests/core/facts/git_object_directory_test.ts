/**
 * GIT_OBJECT_DIRECTORY naming the repository's own objects moves nothing
 * baton reads, but git then asks that directory, not a candidate's own
 * `objects/`, whether a directory is a git directory (is_git_directory): a
 * nested `.git` with HEAD and refs but no objects is a nested repository to
 * git under it, and its files are not untracked. Compared with
 * `git status --porcelain=v2 -z -uall` under the same environment.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { assertAgreesWithGit, type UserEnv } from "../../_helpers/git_oracle.ts";

Deno.test("a nested .git without objects/ is a nested repository where GIT_OBJECT_DIRECTORY is set (git asks that directory), and not one without it", async () => {
  const home = (await tempDir("baton-objdir-home-")).path;
  const dir = await makeRepo("baton-objdir-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "base");
  await writeFiles(dir, {
    "n/.git/HEAD": "ref: refs/heads/main\n",
    "n/f.txt": "f\n",
    "u.txt": "u\n",
  });
  await Deno.mkdir(`${dir}/n/.git/refs`);
  // Control: without the variable git lists the files (no objects/, no repository).
  const plain = await assertAgreesWithGit({ home, xdg: null }, dir, { label: "unset" });
  assert.deepEqual(plain.git.untracked, ["n/f.txt", "u.txt"]);
  const env: UserEnv = { home, xdg: null, vars: { GIT_OBJECT_DIRECTORY: `${dir}/.git/objects` } };
  const set = await assertAgreesWithGit(env, dir, { label: "set" });
  assert.deepEqual(set.git.untracked, ["n/", "u.txt"]);
  // The same, started at the top with the variable relative.
  const rel: UserEnv = { home, xdg: null, vars: { GIT_OBJECT_DIRECTORY: ".git/objects" } };
  assert.deepEqual((await assertAgreesWithGit(rel, dir, { label: "relative" })).git.untracked, [
    "n/",
    "u.txt",
  ]);
});
