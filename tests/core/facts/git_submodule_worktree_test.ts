/**
 * A submodule whose own `core.worktree` names another directory than its
 * path (an old git wrote it absolute; the superproject was then copied or
 * moved), compared with `git status --porcelain=v2 -z -uall`: git runs
 * `git status` in the submodule, which compares the directory the setting
 * names, or stops where that is gone.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { assertAgreesWithGit, runShapeScript, type UserEnv } from "../../_helpers/git_oracle.ts";

/** A superproject with a submodule `sm` (its repository in .git/modules/sm), then `script`. */
async function withSubmodule(home: string, script: string): Promise<string> {
  const dir = await makeRepo("baton-subwt-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "base");
  await runShapeScript(
    dir,
    [
      "git config --global protocol.file.allow always",
      "git init -q -b main $HOME/src; (cd $HOME/src; echo s>s.txt; git add .; git commit -qm s)",
      "git submodule add -q $HOME/src sm; git commit -qm sm",
      // A copy of the submodule's files elsewhere, as an old place would hold them.
      "cp -r sm $HOME/old; rm $HOME/old/.git",
      script,
    ].join("\n"),
    { home, xdg: null },
  );
  return dir;
}

Deno.test("a submodule's core.worktree naming another directory: git compares that one (an edit there is .M, one in the submodule's path is not), baton names the submodule unknown", async () => {
  const home = (await tempDir("baton-subwt-home-")).path;
  const env: UserEnv = { home, xdg: null };
  // Control: the setting git wrote (../../../sm) is the submodule's path.
  const plain = await withSubmodule(home, "echo e>sm/s.txt");
  let r = await assertAgreesWithGit(env, plain, { label: "its own path" });
  assert.equal(r.git.tracked.get("sm"), ".M", "control: git looks inside");
  const cases: [string, string, string | undefined][] = [
    ["edited there", "$HOME/old", ".M"],
    ["edited here", "sm", undefined],
  ];
  for (const [label, edit, xy] of cases) {
    const h = (await tempDir("baton-subwt-home-")).path;
    const dir = await withSubmodule(
      h,
      `(cd sm; git config core.worktree $HOME/old); echo e>${edit}/s.txt`,
    );
    r = await assertAgreesWithGit({ home: h, xdg: null }, dir, { label, allowUnknown: true });
    assert.equal(r.git.tracked.get("sm"), xy, `${label}: control: git compares $HOME/old`);
    assert.deepEqual(r.unchecked, ["sm"], label);
  }
});

Deno.test("a submodule's core.worktree naming no directory stops git status: baton reports no tree; under ignore=dirty git does not look inside and both compare", async () => {
  const home = (await tempDir("baton-subwt-home-")).path;
  const env: UserEnv = { home, xdg: null };
  const dir = await withSubmodule(
    home,
    "(cd sm; git config core.worktree $HOME/gone); echo e>a.txt",
  );
  const r = await assertAgreesWithGit(env, dir, { label: "gone" });
  assert.equal(r.git.stopped, true, "control: git stops");
  await runShapeScript(dir, "git config submodule.sm.ignore dirty", env);
  const dirty = await assertAgreesWithGit(env, dir, { label: "gone, ignore=dirty" });
  assert.equal(dirty.git.tracked.get("a.txt"), ".M", "control: git compares");
});

Deno.test("a superproject whose .git (or .git/modules) is a link elsewhere: the submodule's core.worktree ../../../sm climbs from the link's target, names no directory, and git status stops; baton reports no tree", async () => {
  const moves: [string, string][] = [
    [".git", "mkdir -p $HOME/far; mv .git $HOME/far/store.git; ln -s $HOME/far/store.git .git"],
    [
      ".git/modules",
      "mkdir -p $HOME/far; mv .git/modules $HOME/far/m; ln -s $HOME/far/m .git/modules",
    ],
  ];
  for (const [label, move] of moves) {
    const home = (await tempDir("baton-subwt-home-")).path;
    const env: UserEnv = { home, xdg: null };
    const dir = await withSubmodule(home, "echo e>a.txt");
    const before = await assertAgreesWithGit(env, dir, { label: `${label}: plain` });
    assert.equal(before.git.tracked.get("a.txt"), ".M", "control: git compares");
    await runShapeScript(dir, move, env);
    const r = await assertAgreesWithGit(env, dir, { label });
    assert.equal(r.git.stopped, true, `${label}: control: git stops`);
  }
});
