/**
 * GIT_DIR naming a git file (`gitdir: <path>`), compared with `git status
 * --porcelain=v2 -z -uall`: git's setup_explicit_git_dir reads the file as
 * discovery reads a `.git` file and takes the directory it names. Naming
 * the repository baton finds that way moves nothing; naming another one,
 * or a file that is no gitdir line, moves the whole repository (unknown, or
 * git stops).
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { assertAgreesWithGit, runShapeScript, type UserEnv } from "../../_helpers/git_oracle.ts";

/** A repository whose git directory is `$HOME/store`, named by its `.git` file; a.txt edited. */
async function separated(home: string): Promise<string> {
  const dir = await makeRepo("baton-gitdir-file-");
  await writeFiles(dir, { "a.txt": "a\n", "d/b.txt": "b\n" });
  await commitAll(dir, "base");
  await runShapeScript(
    dir,
    "echo e>a.txt; mv .git $HOME/store; echo 'gitdir: store' >$HOME/link; printf 'gitdir: %s\\n' $HOME/store >.git",
    { home, xdg: null },
  );
  return dir;
}

Deno.test("GIT_DIR naming a .git file that names the repository found is that repository to git and to baton, relative or absolute", async () => {
  const home = (await tempDir("baton-gitdir-file-home-")).path;
  const dir = await separated(home);
  const env = (value: string): UserEnv => ({ home, xdg: null, vars: { GIT_DIR: value } });
  for (const value of [".git", `${dir}/.git`, `${home}/link`]) {
    const r = await assertAgreesWithGit(env(value), dir, { label: value });
    assert.equal(r.git.tracked.get("a.txt"), ".M", `${value}: control: git compares`);
  }
  // Control: the directory itself, as before.
  await assertAgreesWithGit(env(`${home}/store`), dir, { label: "the directory" });
});

Deno.test("GIT_DIR naming a git file of another repository, or one that is no gitdir line: the repository is unknown or git stops", async () => {
  const home = (await tempDir("baton-gitdir-file-home-")).path;
  const dir = await separated(home);
  const other = await makeRepo("baton-gitdir-other-");
  await commitAll(other, "other");
  await Deno.writeTextFile(`${home}/other`, `gitdir: ${other}/.git\n`);
  await Deno.writeTextFile(`${home}/junk`, "not a gitdir line\n");
  for (const name of ["other", "junk"]) {
    const env: UserEnv = { home, xdg: null, vars: { GIT_DIR: `${home}/${name}` } };
    const r = await assertAgreesWithGit(env, dir, { label: name, allowNoTree: true });
    assert.equal(r.facts.tree, undefined, `${name}: baton compares no tree`);
  }
});
