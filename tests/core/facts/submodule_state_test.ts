/**
 * submoduleStates(): a submodule's HEAD against its gitlink and its own
 * work tree, as git status reports it, under the ignore settings git applies.
 * The full differential cases are in git_agreement_test.ts.
 * @module
 */
import assert from "node:assert/strict";
import {
  GITMODULES_UNPARSED_REASON,
  SUBMODULE_SYMLINK_REASON,
  submoduleStates,
} from "../../../core/facts/submodule_state.ts";
import { SUBMODULE_IGNORE_INVALID_REASON } from "../../../core/facts/submodule_ignore.ts";
import { findRepo } from "../../../core/facts/git/find_repo.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { commitAll, git, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { assertAgreesWithGit, batonFacts, gitAs, type UserEnv } from "../../_helpers/git_oracle.ts";
import { tempDir } from "../../_helpers/temp.ts";

const fs = new TestFs();
const options = {
  homeDir: null,
  xdgConfigHome: null,
  systemConfigPath: null,
  expired: () => false,
  maxHashBytes: 1 << 20,
};

Deno.test("submoduleStates(): clean, modified by HEAD, unpopulated, and ignore settings applied", async () => {
  const lib = await makeRepo();
  await writeFiles(lib, { "l.txt": "l\n" });
  const libHead = await commitAll(lib);
  const dir = await makeRepo();
  await git(dir, ["-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "sub"]);
  await commitAll(dir);
  const repo = (await findRepo(fs, dir))!;
  const state = submoduleStates(fs, repo, options);
  assert.equal(await state("sub", libHead), "clean");
  assert.equal(await state("sub", "0".repeat(40)), "modified", "a gitlink naming another commit");
  assert.equal(await state("nowhere", libHead), "unpopulated");
  await writeFiles(`${dir}/sub`, { "l.txt": "edited\n" });
  assert.equal(await submoduleStates(fs, repo, options)("sub", libHead), "modified", "control");
  await git(dir, ["config", "submodule.sub.ignore", "dirty"]);
  assert.equal(await submoduleStates(fs, repo, options)("sub", libHead), "clean", "edit ignored");
  assert.equal(
    await submoduleStates(fs, repo, options)("sub", "0".repeat(40)),
    "modified",
    "a moved HEAD still shows",
  );
  await git(dir, ["config", "submodule.sub.ignore", "sometimes"]);
  assert.deepEqual(await submoduleStates(fs, repo, options)("sub", libHead), {
    unknown: SUBMODULE_IGNORE_INVALID_REASON,
  });
});

Deno.test("submoduleStates(): a submodule gone or replaced is shown unless ignore=all; a symlink is unknown where git stops", async () => {
  const lib = await makeRepo();
  await writeFiles(lib, { "l.txt": "l\n" });
  const libHead = await commitAll(lib);
  const dir = await makeRepo();
  await git(dir, ["-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "sub"]);
  await commitAll(dir);
  const repo = (await findRepo(fs, dir))!;
  const symlinkUnknown = { unknown: SUBMODULE_SYMLINK_REASON };
  const expected: Record<string, [string, unknown, unknown, unknown]> = {
    // ignore: [directory (clean), gone, file, symlink]
    none: ["clean", "modified", "modified", symlinkUnknown],
    untracked: ["clean", "modified", "modified", symlinkUnknown],
    dirty: ["clean", "modified", "modified", "modified"],
    all: ["clean", "clean", "clean", "clean"],
  };
  for (const [mode, want] of Object.entries(expected)) {
    await git(dir, ["config", "submodule.sub.ignore", mode]);
    const state = submoduleStates(fs, repo, options);
    const got = [
      await state("sub", libHead),
      await state("sub", libHead, "gone"),
      await state("sub", libHead, "file"),
      await state("sub", libHead, "symlink"),
    ];
    assert.deepEqual(got, want, `ignore=${mode}`);
  }
});

Deno.test("a .gitmodules that does not parse stops git status wherever the index has a gitlink, populated or not: baton declines the work tree; without a gitlink both answer", async () => {
  await using home = await tempDir("baton-gitmodules-home-");
  const env: UserEnv = { home: home.path, xdg: null };
  const lib = await makeRepo();
  await writeFiles(lib, { "l.txt": "l\n" });
  const libHead = await commitAll(lib);
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await git(dir, ["-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "sub"]);
  await commitAll(dir);
  await Deno.writeTextFile(`${dir}/.gitmodules`, "[bad\n", { append: true });
  const status = ["--no-optional-locks", "status", "--porcelain=v2"];
  for (const shape of ["populated", "unpopulated"]) {
    if (shape === "unpopulated") {
      await Deno.remove(`${dir}/sub`, { recursive: true });
      await Deno.mkdir(`${dir}/sub`);
    }
    assert.equal(
      (await gitAs(env, dir, status, { allowFail: true })).code,
      128,
      `git stops (${shape})`,
    );
    const facts = await batonFacts(env, dir);
    assert.equal(facts.tree, undefined, shape);
    assert.deepEqual(facts.unavailable, [{ part: "worktree", reason: GITMODULES_UNPARSED_REASON }]);
    assert.equal(facts.dirty, null);
  }
  // Control: the callback itself names the reason for any gitlink.
  const repo = (await findRepo(fs, dir))!;
  assert.deepEqual(await submoduleStates(fs, repo, options)("sub", libHead), {
    unknown: GITMODULES_UNPARSED_REASON,
  });
  // Control: without a gitlink git reads no .gitmodules and answers, as baton does.
  await git(dir, ["update-index", "--force-remove", "sub"]);
  await Deno.remove(`${dir}/sub`, { recursive: true });
  const agreed = await assertAgreesWithGit(env, dir);
  assert.deepEqual([...agreed.git.tracked], [[".gitmodules", ".M"], ["sub", "D."]]);
});

/**
 * A repository holding submodule `sub` (a one-file repository `lib`), its
 * `.gitmodules` setting `ignore = all` when asked, committed, then the
 * submodule's file edited.
 */
async function editedSubmodule(ignoreAll: boolean): Promise<{ lib: string; dir: string }> {
  const lib = await makeRepo();
  await writeFiles(lib, { "l.txt": "l\n" });
  await commitAll(lib);
  const dir = await makeRepo();
  await git(dir, ["-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "sub"]);
  if (ignoreAll) await git(dir, ["config", "-f", ".gitmodules", "submodule.sub.ignore", "all"]);
  await commitAll(dir);
  await writeFiles(`${dir}/sub`, { "l.txt": "edited\n" });
  return { lib, dir };
}

Deno.test("a .gitmodules gone from the work tree is read from the index, then from HEAD, as git reads it: its ignore=all still hides the submodule", async () => {
  await using home = await tempDir("baton-gitmodules-home-");
  const env: UserEnv = { home: home.path, xdg: null };
  const { lib, dir } = await editedSubmodule(true);
  const hidden = await assertAgreesWithGit(env, dir);
  assert.deepEqual([...hidden.git.tracked], [], "control: ignore=all hides the edit");
  await Deno.remove(`${dir}/.gitmodules`);
  const fromIndex = await assertAgreesWithGit(env, dir);
  assert.deepEqual([...fromIndex.git.tracked], [[".gitmodules", ".D"]], "the index's is read");
  await git(dir, ["update-index", "--force-remove", ".gitmodules"]);
  const fromHead = await assertAgreesWithGit(env, dir);
  assert.deepEqual([...fromHead.git.tracked], [[".gitmodules", "D."]], "HEAD's is read");
  // Control: a .gitmodules in the work tree without the setting shows the edit.
  await writeFiles(dir, { ".gitmodules": `[submodule "sub"]\n\tpath = sub\n\turl = ${lib}\n` });
  const shown = await assertAgreesWithGit(env, dir);
  assert.deepEqual([...shown.git.tracked], [[".gitmodules", "D."], ["sub", ".M"]]);
});

Deno.test("a .gitmodules in the work tree that is a dangling link is what git reads (nothing), not the index's: its ignore=all no longer hides the submodule", async () => {
  await using home = await tempDir("baton-gitmodules-home-");
  const env: UserEnv = { home: home.path, xdg: null };
  const { dir } = await editedSubmodule(true);
  await Deno.remove(`${dir}/.gitmodules`);
  // Control: gone, the index's is read and its ignore=all hides the edit.
  const fromIndex = await assertAgreesWithGit(env, dir);
  assert.deepEqual([...fromIndex.git.tracked], [[".gitmodules", ".D"]]);
  // git's file_exists is an lstat: a link to nowhere is the file it reads, and it reads nothing.
  await Deno.symlink("nowhere", `${dir}/.gitmodules`);
  const dangling = await assertAgreesWithGit(env, dir);
  assert.deepEqual([...dangling.git.tracked], [[".gitmodules", ".T"], ["sub", ".M"]]);
});

Deno.test("a .gitmodules blob (index or HEAD) with a syntax error past its first line: git reports it and keeps the settings before it, as baton does", async () => {
  await using home = await tempDir("baton-gitmodules-home-");
  const env: UserEnv = { home: home.path, xdg: null };
  const { lib, dir } = await editedSubmodule(false);
  const module = `[submodule "sub"]\n\tpath = sub\n\turl = ${lib}\n`;
  const shapes: [string, string, [string, string][]][] = [
    // ignore=all read before the bad line hides the edit.
    ["ignore=all, then a bad line", `${module}\tignore = all\n[bad\n`, [[".gitmodules", "MD"]]],
    // Control: the bad line comes first, so ignore=all is never read.
    [
      "a bad line, then ignore=all",
      `${module}[bad\n\tignore = all\n`,
      [[".gitmodules", "MD"], ["sub", ".M"]],
    ],
  ];
  for (const [name, text, want] of shapes) {
    await Deno.writeTextFile(`${dir}/.gitmodules`, text);
    await git(dir, ["add", ".gitmodules"]);
    await Deno.remove(`${dir}/.gitmodules`);
    const agreed = await assertAgreesWithGit(env, dir);
    assert.deepEqual([...agreed.git.tracked], want, name);
  }
  // From HEAD's blob too.
  await Deno.writeTextFile(`${dir}/.gitmodules`, `${module}\tignore = all\n[bad\n`);
  await commitAll(dir);
  await git(dir, ["rm", "-q", "--cached", ".gitmodules"]);
  await Deno.remove(`${dir}/.gitmodules`);
  const fromHead = await assertAgreesWithGit(env, dir);
  assert.deepEqual([...fromHead.git.tracked], [[".gitmodules", "D."]], "HEAD's is read");
});

Deno.test("a .gitmodules in the work tree that is a directory (or a link to one) is read as git reads it, as empty, not the index's: its ignore=all no longer hides the submodule", async () => {
  await using home = await tempDir("baton-gitmodules-home-");
  const env: UserEnv = { home: home.path, xdg: null };
  const { dir } = await editedSubmodule(true);
  await Deno.remove(`${dir}/.gitmodules`);
  // Control: gone, the index's is read and its ignore=all hides the edit.
  const fromIndex = await assertAgreesWithGit(env, dir);
  assert.deepEqual([...fromIndex.git.tracked], [[".gitmodules", ".D"]]);
  // git opens the directory and its first read fails: no setting, and no fall back to the index.
  await Deno.mkdir(`${dir}/.gitmodules`);
  const directory = await assertAgreesWithGit(env, dir);
  assert.deepEqual([...directory.git.tracked], [[".gitmodules", ".D"], ["sub", ".M"]]);
  await Deno.remove(`${dir}/.gitmodules`);
  await Deno.mkdir(`${dir}/gm`);
  await Deno.symlink("gm", `${dir}/.gitmodules`);
  const linked = await assertAgreesWithGit(env, dir);
  assert.deepEqual([...linked.git.tracked], [[".gitmodules", ".T"], ["sub", ".M"]]);
});

Deno.test("a submodule whose .git names no repository (its .git/modules directory removed) stops git status: baton scans no tree, unless ignore=all or dirty, where git goes on", async () => {
  await using home = await tempDir("baton-gitmodules-home-");
  const env: UserEnv = { home: home.path, xdg: null };
  const { dir } = await editedSubmodule(false);
  await writeFiles(dir, { "u.txt": "u\n" });
  // Control: intact, both show the edited submodule.
  const intact = await assertAgreesWithGit(env, dir);
  assert.deepEqual([...intact.git.tracked], [["sub", ".M"]]);
  await Deno.remove(`${dir}/.git/modules`, { recursive: true });
  for (const ignore of ["none", "untracked"]) {
    await git(dir, ["config", "submodule.sub.ignore", ignore]);
    const r = await assertAgreesWithGit(env, dir, { label: ignore });
    assert.equal(r.git.stopped, true, `${ignore}: git stops`);
    assert.match(
      r.facts.unavailable![0]!.reason,
      /names no repository git can read: git status stops/,
    );
  }
  // ignore=dirty: git only fails to resolve its HEAD and goes on; baton names that path unchecked.
  await git(dir, ["config", "submodule.sub.ignore", "dirty"]);
  const dirty = await assertAgreesWithGit(env, dir, { allowUnknown: true, label: "dirty" });
  assert.equal(dirty.git.stopped, undefined);
  assert.deepEqual(dirty.unchecked, ["sub"]);
  await git(dir, ["config", "submodule.sub.ignore", "all"]);
  const all = await assertAgreesWithGit(env, dir, { label: "all" });
  assert.deepEqual(all.git.untracked, ["u.txt"]);
});

Deno.test("a submodule's path replaced by a symbolic link to its repository stops git status where git looks inside (ignore none or untracked): baton scans no tree; under dirty and all git goes on, and both agree", async () => {
  await using home = await tempDir("baton-gitmodules-home-");
  const env: UserEnv = { home: home.path, xdg: null };
  const { dir } = await editedSubmodule(false);
  await Deno.writeTextFile(`${dir}/.git/info/exclude`, "sub.real\n");
  await Deno.rename(`${dir}/sub`, `${dir}/sub.real`);
  // Control: the submodule gone, both show it deleted.
  const gone = await assertAgreesWithGit(env, dir);
  assert.deepEqual([...gone.git.tracked], [["sub", ".D"]]);
  await Deno.symlink("sub.real", `${dir}/sub`);
  for (const ignore of ["none", "untracked"]) {
    await git(dir, ["config", "submodule.sub.ignore", ignore]);
    const r = await assertAgreesWithGit(env, dir, { label: ignore });
    assert.equal(r.git.stopped, true, `${ignore}: git stops`);
    assert.match(r.facts.unavailable![0]!.reason, /path is a symbolic link/);
  }
  for (const ignore of ["dirty", "all"]) {
    await git(dir, ["config", "submodule.sub.ignore", ignore]);
    const r = await assertAgreesWithGit(env, dir, { label: ignore });
    assert.equal(r.git.stopped, undefined, `${ignore}: git goes on`);
  }
});

Deno.test("a submodule whose own config git refuses (status.showUntrackedFiles, its repository format) stops git status ('failed in submodule'): baton scans no tree", async () => {
  await using home = await tempDir("baton-gitmodules-home-");
  const env: UserEnv = { home: home.path, xdg: null };
  const { dir } = await editedSubmodule(false);
  await git(`${dir}/sub`, ["checkout", "-q", "--", "."]);
  const sub = `${dir}/.git/modules/sub`;
  // Control: valid settings, both answer (the submodule clean).
  await git(dir, ["config", "-f", `${sub}/config`, "status.showUntrackedFiles", "no"]);
  const valid = await assertAgreesWithGit(env, dir, { label: "valid" });
  assert.deepEqual([...valid.git.tracked], []);
  const refused: [string, string[], RegExp][] = [
    ["status.showUntrackedFiles", ["status.showUntrackedFiles", "bogus"], /showUntrackedFiles/],
    ["the repository format", ["core.repositoryFormatVersion", "5"], /repository format/],
  ];
  for (const [label, [key, value], reason] of refused) {
    await git(dir, ["config", "-f", `${sub}/config`, key!, value!]);
    const r = await assertAgreesWithGit(env, dir, { label });
    assert.equal(r.git.stopped, true, `${label}: git stops`);
    assert.match(r.facts.unavailable![0]!.reason, reason);
    await git(dir, ["config", "-f", `${sub}/config`, "--unset", key!]);
  }
  await git(dir, ["config", "-f", `${sub}/config`, "core.repositoryFormatVersion", "0"]);
  assert.equal((await assertAgreesWithGit(env, dir, { label: "restored" })).git.stopped, undefined);
  // git runs status inside whether or not the submodule's HEAD moved: it stops then too.
  await writeFiles(`${dir}/sub`, { "m.txt": "m\n" });
  await git(`${dir}/sub`, ["add", "m.txt"]);
  await git(`${dir}/sub`, ["commit", "-q", "-m", "moved"]);
  const moved = await assertAgreesWithGit(env, dir, { label: "moved" });
  assert.deepEqual([...moved.git.tracked], [["sub", ".M"]], "control: the moved HEAD shows");
  await git(dir, ["config", "-f", `${sub}/config`, "status.showUntrackedFiles", "bogus"]);
  const stops = await assertAgreesWithGit(env, dir, { label: "moved, refused" });
  assert.equal(stops.git.stopped, true);
  // Under ignore=dirty git does not look inside: the moved HEAD shows, for both.
  await git(dir, ["config", "submodule.sub.ignore", "dirty"]);
  const dirty = await assertAgreesWithGit(env, dir, { label: "moved, refused, ignore=dirty" });
  assert.deepEqual([...dirty.git.tracked], [["sub", ".M"]]);
});

Deno.test("a submodule on an unborn branch: git takes the HEAD it cannot resolve as the recorded commit and shows only what `git status` inside finds (ignore=dirty: nothing; untracked: its staged files, not its untracked ones)", async () => {
  await using home = await tempDir("baton-gitmodules-home-");
  const env: UserEnv = { home: home.path, xdg: null };
  const { dir } = await editedSubmodule(false);
  await git(`${dir}/sub`, ["checkout", "-q", "--", "l.txt"]);
  const seen = async (ignore: string, label: string) => {
    await git(dir, ["config", "submodule.sub.ignore", ignore]);
    const r = await assertAgreesWithGit(env, dir, { label: `${label}, ${ignore}` });
    return [...r.git.tracked];
  };
  // Control: a moved HEAD shows under dirty, and the clean submodule shows nothing.
  assert.deepEqual(await seen("dirty", "clean"), []);
  await git(`${dir}/sub`, ["symbolic-ref", "HEAD", "refs/heads/unborn"]);
  // The index still holds l.txt: inside, git status lists it as added.
  // Fails on the old code, which called every HEAD that resolves to nothing modified.
  assert.deepEqual(await seen("dirty", "unborn"), []);
  assert.deepEqual(await seen("none", "unborn"), [["sub", ".M"]]);
  assert.deepEqual(await seen("untracked", "unborn"), [["sub", ".M"]]);
  // An empty index: l.txt is untracked there, which ignore=untracked hides.
  await git(`${dir}/sub`, ["rm", "-q", "--cached", "l.txt"]);
  assert.deepEqual(await seen("untracked", "unborn, empty index"), []);
  assert.deepEqual(await seen("none", "unborn, empty index"), [["sub", ".M"]]);
});
