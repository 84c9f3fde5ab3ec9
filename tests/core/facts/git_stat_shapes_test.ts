/**
 * The differential suite for git's stat rules: whether a file whose stat
 * data matches its index entry is clean without reading it. Every mtime, and
 * the index file's own, is set with `Deno.utime` to whole seconds in the
 * past, so the racy rule (an entry not older than the index's second is
 * hashed) sees the same seconds on every run; where a shape needs the ctime
 * out of the comparison, the repository's config takes it out
 * (core.trustctime false, core.checkStat minimal), since no test can set a
 * ctime. git (`git status --porcelain=v2 -z -uall`) is the oracle.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { assertAgreesWithGit, gitAs, type UserEnv } from "../../_helpers/git_oracle.ts";

/** A whole second well in the past: every mtime here is set relative to it. */
const T = 1_600_000_000;

/** A repository with `a.txt` staged at mtime T + 0.5 and the index written now. */
async function stagedAt(): Promise<string> {
  const dir = await makeRepo("baton-stat-");
  await writeFiles(dir, { "a.txt": "alpha\n" });
  await commitAll(dir, "base");
  await writeFiles(dir, { "a.txt": "AAAAA\n" });
  await Deno.utime(`${dir}/a.txt`, T + 0.5, T + 0.5);
  await git(dir, ["add", "a.txt"]);
  return dir;
}

async function userEnv(): Promise<UserEnv> {
  return { home: (await tempDir("baton-stat-home-")).path, xdg: null };
}

/**
 * Rewrites `a.txt` with other bytes of the same size and puts its mtime
 * back; `how` says what else moves: "ctime" rewrites in place until the
 * ctime is in a later second than it was when staged (at most about a
 * second, whatever the clock), "inode" writes a new file over it.
 */
async function rewriteSameStat(dir: string, how: "ctime" | "inode"): Promise<void> {
  const path = `${dir}/a.txt`;
  const staged = (await Deno.lstat(path)).ctime!.getTime();
  if (how === "inode") {
    await Deno.writeTextFile(`${dir}/a.new`, "BBBBB\n");
    await Deno.rename(`${dir}/a.new`, path);
  } else {
    while (Math.floor((await Deno.lstat(path)).ctime!.getTime() / 1000) <= staged / 1000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await Deno.writeTextFile(path, "BBBBB\n");
    }
  }
  await Deno.utime(path, T + 0.5, T + 0.5);
}

for (
  const [key, value, how] of [
    ["core.trustctime", "false", "ctime"],
    ["core.checkStat", "minimal", "inode"],
  ] as const
) {
  Deno.test(`agrees: under ${key} ${value} a file rewritten with the same size and mtime (its ${how} moved) is clean by stat, as git says, until the index is in its second`, async () => {
    const env = await userEnv();
    const dir = await stagedAt();
    await git(dir, ["config", key, value]);
    await rewriteSameStat(dir, how);
    const trusted = await assertAgreesWithGit(env, dir);
    assert.deepEqual([...trusted.git.tracked], [["a.txt", "M."]], "git trusts the stat data");
    // Control: the index written in the entry's second makes it racy: git
    // reads the file and sees the edit.
    await Deno.utime(`${dir}/.git/index`, T + 0.9, T + 0.9);
    const racy = await assertAgreesWithGit(env, dir);
    assert.deepEqual([...racy.git.tracked], [["a.txt", "MM"]], "git hashes a racy entry");
    // Control: without the setting git compares the moved field and reads the file.
    await Deno.utime(`${dir}/.git/index`, T + 5, T + 5);
    await git(dir, ["config", "--unset", key]);
    const compared = await assertAgreesWithGit(env, dir);
    assert.deepEqual([...compared.git.tracked], [["a.txt", "MM"]], `git compares the ${how}`);
  });
}

Deno.test("agrees: a file whose mtime moved only within its second is clean when its content is the index's and unchecked otherwise (git compares whole seconds unless built with USE_NSEC)", async () => {
  const env = await userEnv();
  const dir = await stagedAt();
  await git(dir, ["config", "core.trustctime", "false"]);
  // The same content, the mtime moved within its second: clean to any git.
  await Deno.utime(`${dir}/a.txt`, T + 0.7, T + 0.7);
  const same = await assertAgreesWithGit(env, dir);
  assert.deepEqual([...same.git.tracked], [["a.txt", "M."]]);
  // Other content of the same size: this git calls it clean without reading it.
  await rewriteSameStat(dir, "ctime");
  await Deno.utime(`${dir}/a.txt`, T + 0.7, T + 0.7);
  const moved = await assertAgreesWithGit(env, dir, { allowUnknown: true });
  assert.deepEqual([...moved.git.tracked], [["a.txt", "M."]], "git trusts whole seconds");
  assert.deepEqual(moved.unchecked, ["a.txt"]);
  assert.match(moved.facts.tree!.reason, /mtime moved within its second/);
  // Control: an mtime in another second is a change to every git.
  await Deno.utime(`${dir}/a.txt`, T + 1.7, T + 1.7);
  const later = await assertAgreesWithGit(env, dir);
  assert.deepEqual([...later.git.tracked], [["a.txt", "MM"]]);
});

Deno.test("agrees: an index whose mtime is in second 0 of the epoch makes no entry racy (git reads it as no timestamp)", async () => {
  const env = await userEnv();
  const dir = await stagedAt();
  await git(dir, ["config", "core.trustctime", "false"]);
  await rewriteSameStat(dir, "ctime");
  await Deno.utime(`${dir}/.git/index`, 0.5, 0.5);
  const zero = await assertAgreesWithGit(env, dir);
  assert.deepEqual([...zero.git.tracked], [["a.txt", "M."]], "git trusts the stat data");
  // Control: an index in second 1, older than the entry too, is not read as no timestamp.
  await Deno.utime(`${dir}/.git/index`, 1, 1);
  const one = await assertAgreesWithGit(env, dir);
  assert.deepEqual([...one.git.tracked], [["a.txt", "MM"]], "git hashes a racy entry");
});

Deno.test("agrees: git's untracked cache trusted without ctime misses a file in a directory whose mtime was put back: baton's untracked list is then not whole", async () => {
  const env = await userEnv();
  const dir = await makeRepo("baton-stat-");
  await git(dir, ["config", "core.untrackedCache", "true"]);
  await git(dir, ["config", "core.trustctime", "false"]);
  await git(dir, ["config", "status.showUntrackedFiles", "all"]);
  await writeFiles(dir, { "d/a.txt": "a\n" });
  await commitAll(dir, "base");
  await Deno.utime(`${dir}/d`, T, T);
  // git status writes its untracked cache (d's stat data with it), under the
  // same HOME as the oracle's: the cache records the global excludes file,
  // and another one (a host program once wrote ~/.config/git/ignore) makes
  // git drop the whole cache and list the file.
  await gitAs(env, dir, ["status", "--porcelain"]);
  await writeFiles(dir, { "d/new.txt": "new\n" });
  await Deno.utime(`${dir}/d`, T, T);
  const fooled = await assertAgreesWithGit(env, dir, { allowUnknown: true });
  assert.deepEqual(fooled.git.untracked, [], "git's cache hides the new file");
  assert.deepEqual(fooled.facts.tree?.untracked, ["d/new.txt"]);
  assert.equal(fooled.facts.tree?.untracked_complete, false);
  assert.match(fooled.facts.tree!.reason, /untracked cache is trusted without ctime/);
  assert.equal(fooled.facts.dirty, true);
  // Control: without the cache git lists it, and baton's list is whole again.
  await git(dir, ["update-index", "--no-untracked-cache"]);
  const listed = await assertAgreesWithGit(env, dir);
  assert.deepEqual(listed.git.untracked, ["d/new.txt"]);
  assert.equal(listed.facts.tree?.untracked_complete, true);
});
