/**
 * A `.git` file whose gitdir is not UTF-8, compared with `git status
 * --porcelain=v2 -z -uall`. git opens the path's bytes (read_gitfile keeps
 * them as a C string); the runtime baton runs on names files by UTF-8 text
 * and cannot open them. So the repository, or whether an untracked
 * directory holding such a `.git` is a nested repository, is unknown and
 * said so: never a comparison of another place, never the directory's files
 * listed as complete. The same holds for a gitdir holding a backslash, a
 * byte of a name on POSIX that baton's paths cannot hold (a submodule named
 * `a\\b` has its repository in `.git/modules/a\\b`).
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { assertAgreesWithGit, runShapeScript } from "../../_helpers/git_oracle.ts";

const POSIX = Deno.build.os !== "windows" && Deno.build.os !== "darwin";

/** A repository with a commit and an edit of a.txt, then `script` run in it. */
async function shaped(home: string, script: string): Promise<string> {
  const dir = await makeRepo("baton-gitdir-bytes-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "base");
  await runShapeScript(dir, `echo e>a.txt\n${script}`, { home, xdg: null });
  return dir;
}

Deno.test({
  name:
    "a .git file whose gitdir is not UTF-8: git compares that repository, baton says it cannot open it",
  ignore: !POSIX,
}, async () => {
  const home = (await tempDir("baton-gitdir-bytes-home-")).path;
  const dir = await shaped(
    home,
    "mv .git $HOME/$'st\\xe9'; printf 'gitdir: %s\\n' $HOME/$'st\\xe9' >.git",
  );
  const r = await assertAgreesWithGit({ home, xdg: null }, dir, { allowNoTree: true });
  assert.equal(r.git.tracked.get("a.txt"), ".M", "control: git compares");
  assert.match(r.facts.unavailable?.[0]?.reason ?? "", /not UTF-8/);
  // Control: the same with a UTF-8 name is compared.
  const plain = await shaped(home, "mv .git $HOME/st; printf 'gitdir: %s\\n' $HOME/st >.git");
  await assertAgreesWithGit({ home, xdg: null }, plain, { label: "UTF-8 gitdir" });
});

Deno.test({
  name:
    "an untracked directory whose .git names a repository by bytes that are not UTF-8: git lists it as one nested repository, baton says its untracked list is not whole",
  ignore: !POSIX,
}, async () => {
  const home = (await tempDir("baton-gitdir-bytes-home-")).path;
  const nested = (name: string) =>
    `git init -q n; echo f>n/f.txt; mv n/.git $HOME/${name}; printf 'gitdir: %s\\n' $HOME/${name} >n/.git`;
  const dir = await shaped(home, nested("$'st\\xe9'"));
  const r = await assertAgreesWithGit({ home, xdg: null }, dir, { allowUnknown: true });
  assert.deepEqual(r.git.untracked, ["n/"], "control: git takes it for a nested repository");
  assert.equal(r.facts.tree?.untracked_complete, false);
  assert.match(r.facts.tree?.reason ?? "", /not UTF-8/);
  // Control: with a UTF-8 name both list the nested repository.
  const plain = await shaped(home, nested("st"));
  const p = await assertAgreesWithGit({ home, xdg: null }, plain, { label: "UTF-8 gitdir" });
  assert.deepEqual(p.git.untracked, ["n/"]);
});

Deno.test({
  name:
    "a submodule named with a backslash (its .git names .git/modules/a\\b): git compares it, baton leaves that one path unknown and compares the rest",
  ignore: !POSIX,
}, async () => {
  const home = (await tempDir("baton-gitdir-bytes-home-")).path;
  const named = (name: string) =>
    `git init -q $HOME/lib; (cd $HOME/lib && echo l>l && git add l && git commit -qm l)
git -c protocol.file.allow=always submodule add -q --name ${name} $HOME/lib sub; c; echo e>sub/l`;
  // Fails on the old reader: no tree at all, as if git stopped ("names no repository").
  const dir = await shaped(home, named("'a\\b'"));
  const r = await assertAgreesWithGit({ home, xdg: null }, dir, { allowUnknown: true });
  assert.deepEqual([...r.git.tracked], [["sub", ".M"]], "control: git compares");
  assert.deepEqual(r.unchecked, ["sub"]);
  assert.match(r.facts.tree?.reason ?? "", /backslash/);
  // Control: the same submodule named without one is compared.
  const other = (await tempDir("baton-gitdir-bytes-home-")).path;
  const plain = await shaped(other, named("ab"));
  await assertAgreesWithGit({ home: other, xdg: null }, plain, { label: "plain name" });
});

Deno.test({
  name:
    "an untracked directory whose .git names a repository by a path holding a backslash: git lists it as one nested repository, baton says its untracked list is not whole",
  ignore: !POSIX,
}, async () => {
  const home = (await tempDir("baton-gitdir-bytes-home-")).path;
  const nested = (name: string) =>
    `git init -q n; echo f>n/f.txt; mv n/.git $HOME/${name}; printf 'gitdir: %s\\n' $HOME/${name} >n/.git`;
  // Fails on the old reader, which listed n/f.txt as a whole untracked list.
  const dir = await shaped(home, nested("'st\\dir'"));
  const r = await assertAgreesWithGit({ home, xdg: null }, dir, { allowUnknown: true });
  assert.deepEqual(r.git.untracked, ["n/"], "control: git takes it for a nested repository");
  assert.equal(r.facts.tree?.untracked_complete, false);
  assert.match(r.facts.tree?.reason ?? "", /backslash/);
});
