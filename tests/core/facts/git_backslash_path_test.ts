/**
 * A backslash in a path git reads from a file (a `.git` file's gitdir, a
 * linked worktree's commondir, `core.worktree`, `include.path`) compared
 * with `git status --porcelain=v2 -z -uall`. On a POSIX system git hands the
 * path to the system as written, where a backslash is a byte of a name, not
 * a separator: `..\store` names a file called that, never the directory
 * `../store` next to it. Nor is a drive letter a root there: `C:/x` is the
 * directory `C:` below the path's base (git's is_absolute_path on POSIX
 * takes a leading "/" alone).
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { assertAgreesWithGit, runShapeScript } from "../../_helpers/git_oracle.ts";

const POSIX = Deno.build.os !== "windows";

/** A repository with a commit and an edit of a.txt, then `script` run in it. */
async function shaped(home: string, script: string): Promise<string> {
  const dir = await makeRepo("baton-backslash-");
  await writeFiles(dir, { "a.txt": "a\n", "d/b.txt": "b\n" });
  await commitAll(dir, "base");
  await runShapeScript(dir, `echo e>a.txt\n${script}`, { home, xdg: null });
  return dir;
}

Deno.test({
  name:
    "a .git file's gitdir with a backslash names no repository to git on a POSIX system: baton reports no tree",
  ignore: !POSIX,
}, async () => {
  for (const line of ["gitdir: .\\store", "gitdir: d\\..\\store"]) {
    const home = (await tempDir("baton-backslash-home-")).path;
    const dir = await shaped(
      home,
      `mv .git store; echo store >>store/info/exclude; printf '%s\\n' '${line}' >.git`,
    );
    const r = await assertAgreesWithGit({ home, xdg: null }, dir, {
      label: line,
      allowNoTree: true,
    });
    assert.equal(r.git.stopped, true, `${line}: control: git finds no repository`);
  }
  // Control: the same file with a slash.
  const home = (await tempDir("baton-backslash-home-")).path;
  const dir = await shaped(
    home,
    "mv .git store; echo store >>store/info/exclude; echo 'gitdir: ./store' >.git",
  );
  const r = await assertAgreesWithGit({ home, xdg: null }, dir, { label: "slash" });
  assert.equal(r.git.tracked.get("a.txt"), ".M", "control: git compares");
});

Deno.test({
  name:
    "an include.path with a backslash names no file to git on a POSIX system: its settings do not apply",
  ignore: !POSIX,
}, async () => {
  // .git/sub/inc.cfg ignores u.txt; `sub\inc.cfg` is another name to git, which it passes over.
  const script = [
    "mkdir .git/sub; echo u.txt >$HOME/ign; echo u >u.txt",
    "printf '[core]\\n\\texcludesFile = %s\\n' $HOME/ign >.git/sub/inc.cfg",
  ].join("\n");
  for (const [value, ignored] of [["sub\\inc.cfg", false], ["sub/inc.cfg", true]] as const) {
    const home = (await tempDir("baton-backslash-home-")).path;
    const dir = await shaped(home, `${script}\ngit config include.path '${value}'`);
    const r = await assertAgreesWithGit({ home, xdg: null }, dir, { label: value });
    assert.equal(r.git.untracked.includes("u.txt"), !ignored, `${value}: control`);
  }
});

Deno.test({
  name:
    "a gitdir or GIT_OBJECT_DIRECTORY spelled like a Windows drive is relative on a POSIX system: read from the .git file's directory and the top, not baton's own cwd",
  ignore: !POSIX,
}, async () => {
  const home = (await tempDir("baton-backslash-home-")).path;
  // The store lives in the directory `C:` of the work tree; baton's own cwd has none.
  const dir = await shaped(
    home,
    "mkdir C: && mv .git C:/x && echo C: >>C:/x/info/exclude && echo 'gitdir: C:/x' >.git",
  );
  assert.notEqual(Deno.cwd(), dir);
  const r = await assertAgreesWithGit({ home, xdg: null }, dir, { label: "gitdir: C:/x" });
  assert.equal(r.git.tracked.get("a.txt"), ".M", "control: git compares");
  // A copy of the objects in `C:/objs` of the work tree, named by GIT_OBJECT_DIRECTORY.
  const copy = await shaped(
    home,
    "mkdir C: && cp -r .git/objects C:/objs && echo C: >>.git/info/exclude",
  );
  const env = { home, xdg: null, vars: { GIT_OBJECT_DIRECTORY: "C:/objs" } };
  const o = await assertAgreesWithGit(env, copy, { label: "GIT_OBJECT_DIRECTORY=C:/objs" });
  assert.equal(o.git.tracked.get("a.txt"), ".M", "control: git compares");
});
