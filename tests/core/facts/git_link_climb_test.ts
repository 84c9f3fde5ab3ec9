/**
 * Paths with a `..` step after a symbolic link, compared with `git status
 * --porcelain=v2 -z -uall` under the same environment. git hands a joined
 * path to the system, which climbs from the link's target; a lexical join
 * climbs from the link's own parent and names another file. Each shape here
 * has two candidates, the lexical one and the system's, and git's answer
 * (the control) shows which one it read.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { assertAgreesWithGit, runShapeScript, type UserEnv } from "../../_helpers/git_oracle.ts";

/** A repository with a commit and `lnk` linking to `$HOME/far/x`, then `script` run in it. */
async function shaped(home: string, script: string): Promise<string> {
  const dir = await makeRepo("baton-climb-");
  await writeFiles(dir, { "a.txt": "a\n", "d/b.txt": "b\n" });
  await commitAll(dir, "base");
  await runShapeScript(
    dir,
    `mkdir -p $HOME/far/x; ln -s $HOME/far/x lnk; echo lnk >>.git/info/exclude\n${script}`,
    { home, xdg: null },
  );
  return dir;
}

Deno.test("a .git file's gitdir with a .. after a link names the directory the system finds, as git reads it (relative and absolute)", async () => {
  // Two git directories: ./store (the lexical reading) and $HOME/far/store
  // (the system's), where d/b.txt is staged for removal.
  const split = [
    "cp -r .git $HOME/far/store; mv .git store; echo store >>store/info/exclude",
    "git --git-dir=$HOME/far/store --work-tree=. rm -q --cached d/b.txt; echo e>a.txt",
  ].join("\n");
  for (const line of ["gitdir: lnk/../store", "gitdir: $PWD/lnk/../store"]) {
    const home = (await tempDir("baton-climb-home-")).path;
    const env: UserEnv = { home, xdg: null };
    const dir = await shaped(home, `${split}\necho "${line}" >.git`);
    const r = await assertAgreesWithGit(env, dir, { label: line });
    assert.equal(r.git.tracked.get("d/b.txt"), "D.", `${line}: control: git reads far/store`);
    assert.equal(r.git.tracked.get("a.txt"), ".M");
  }
  // Control: without the link step both read ./store, where d/b.txt is tracked.
  const home = (await tempDir("baton-climb-home-")).path;
  const plain = await shaped(home, `${split}\necho "gitdir: store" >.git`);
  const r = await assertAgreesWithGit({ home, xdg: null }, plain, { label: "gitdir: store" });
  assert.equal(r.git.tracked.get("d/b.txt"), undefined);
});

Deno.test("a linked worktree's commondir ../.. read through a linked worktrees/<name> climbs from the link's target: git finds no repository there, baton reports no tree", async () => {
  const home = (await tempDir("baton-climb-home-")).path;
  const env: UserEnv = { home, xdg: null };
  const dir = await shaped(home, "git worktree add -q $HOME/wt; echo e>$HOME/wt/a.txt");
  const before = await assertAgreesWithGit(env, `${home}/wt`, { label: "plain" });
  assert.equal(before.git.tracked.get("a.txt"), ".M", "control: git compares");
  await runShapeScript(
    dir,
    "mv .git/worktrees/wt $HOME/wtgit; ln -s $HOME/wtgit .git/worktrees/wt",
    env,
  );
  const linked = await assertAgreesWithGit(env, `${home}/wt`, { label: "linked" });
  assert.equal(linked.git.stopped, true, "control: git stops");
});

Deno.test("GIT_DIR, GIT_WORK_TREE and GIT_INDEX_FILE with a .. after a link name what the system finds, as git reads them", async () => {
  const home = (await tempDir("baton-climb-home-")).path;
  const dir = await shaped(
    home,
    [
      "echo e>a.txt; echo u>u.txt",
      // $HOME/far/.git/index stages a.txt; the repository's own stages nothing.
      "mkdir -p $HOME/far/.git; echo s>a.txt; git add a.txt; cp .git/index $HOME/far/.git/index; git reset -q; echo e>a.txt",
    ].join("\n"),
  );
  const env = (vars: Record<string, string>): UserEnv => ({ home, xdg: null, vars });
  // GIT_DIR: $HOME/far/.git is no repository: git stops.
  let r = await assertAgreesWithGit(env({ GIT_DIR: "lnk/../.git" }), dir, { label: "GIT_DIR" });
  assert.equal(r.git.stopped, true, "control: git stops");
  r = await assertAgreesWithGit(env({ GIT_DIR: ".git" }), dir, { label: "GIT_DIR plain" });
  assert.equal(r.git.tracked.get("a.txt"), ".M", "control: git compares");
  // GIT_WORK_TREE: git compares $HOME/far, where nothing is: baton says the tree is unknown.
  r = await assertAgreesWithGit(env({ GIT_WORK_TREE: "lnk/.." }), dir, {
    label: "GIT_WORK_TREE",
    allowNoTree: true,
  });
  assert.equal(r.git.tracked.get("a.txt"), ".D", "control: git compares $HOME/far");
  assert.deepEqual(r.unchecked, ["/"]);
  // GIT_INDEX_FILE: git reads $HOME/far/.git/index, where a.txt is staged.
  r = await assertAgreesWithGit(env({ GIT_INDEX_FILE: "lnk/../.git/index" }), dir, {
    label: "GIT_INDEX_FILE",
  });
  assert.equal(r.git.tracked.get("a.txt"), "MM", "control: git reads far's index");
});

Deno.test("config paths with a .. after a link: core.worktree in a linked .git, include.path, core.excludesFile and core.attributesFile name what the system finds", async () => {
  let home = (await tempDir("baton-climb-home-")).path;
  let env: UserEnv = { home, xdg: null };
  const linkedGit = "mv .git $HOME/far/store.git; ln -s $HOME/far/store.git .git";
  // core.worktree = .. from a .git that is a link: git's work tree is $HOME/far.
  let dir = await shaped(home, `${linkedGit}; git config core.worktree ..; echo e>a.txt`);
  let r = await assertAgreesWithGit(env, dir, { label: "core.worktree", allowNoTree: true });
  assert.equal(r.git.tracked.get("a.txt"), ".D", "control: git compares $HOME/far");
  assert.deepEqual(r.unchecked, ["/"]);
  home = (await tempDir("baton-climb-home-")).path;
  env = { home, xdg: null };
  // include.path = ../inc.cfg from that config: $HOME/far/inc.cfg ignores u.txt, ./inc.cfg does not.
  dir = await shaped(
    home,
    [
      `${linkedGit}; git config include.path ../inc.cfg`,
      'printf "[core]\\n\\texcludesFile = %s/ign\\n" $HOME >$HOME/far/inc.cfg; echo u.txt >$HOME/ign',
      "echo '[status]' >inc.cfg; echo u>u.txt",
    ].join("\n"),
  );
  r = await assertAgreesWithGit(env, dir, { label: "include.path" });
  assert.deepEqual(r.git.untracked, ["inc.cfg"], "control: git reads far's inc.cfg");
  home = (await tempDir("baton-climb-home-")).path;
  env = { home, xdg: null };
  // core.excludesFile and core.attributesFile relative to the top, through the link.
  dir = await shaped(
    home,
    [
      "printf 'a\\r\\n' >a.txt; git add a.txt; git commit -qm crlf",
      "echo u.txt >$HOME/far/ign; : >ign; git config core.excludesFile lnk/../ign",
      "echo '*.txt text' >$HOME/far/attr; : >attr; git config core.attributesFile lnk/../attr",
      "echo u>u.txt; touch -d '2001-01-01' a.txt",
    ].join("\n"),
  );
  r = await assertAgreesWithGit(env, dir, { label: "excludesFile, attributesFile" });
  assert.deepEqual(r.git.untracked, ["attr", "ign"], "control: git reads far's ignore file");
  assert.equal(r.git.tracked.get("a.txt"), ".M", "control: git reads far's attributes");
});
