/** Tests for findRepo() against real repositories, worktrees and gitdir files. */
import assert from "node:assert/strict";
import { TestFs } from "../../../_helpers/fs.ts";
import { findRepo } from "../../../../core/facts/git/find_repo.ts";
import { GitCorruptError } from "../../../../core/facts/git/errors.ts";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { removeAfterTests, tempDir } from "../../../_helpers/temp.ts";

const fs = new TestFs();

Deno.test("findRepo() finds the repository from a nested subdirectory", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a/b/c/file.txt": "x\n" });
  const repo = await findRepo(fs, `${dir}/a/b/c`);
  assert.deepEqual(repo, { workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` });
});

Deno.test("findRepo() resolves a linked worktree to its own git dir and the shared common dir", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "f.txt": "x\n" });
  await commitAll(dir);
  const wt = removeAfterTests(`${dir}-wt`);
  await git(dir, ["worktree", "add", "-q", "-b", "feature", wt]);
  await Deno.mkdir(`${wt}/sub`);
  const repo = await findRepo(fs, `${wt}/sub`);
  assert.ok(repo !== null);
  assert.equal(repo.workTree, wt);
  const gitDir = (await git(wt, ["rev-parse", "--absolute-git-dir"])).stdout.trim();
  const common = (await git(wt, ["rev-parse", "--git-common-dir"])).stdout.trim();
  assert.equal(repo.gitDir, gitDir);
  assert.equal(
    repo.commonDir,
    await Deno.realPath(common.startsWith("/") ? common : `${wt}/${common}`),
  );
  assert.equal(repo.commonDir, `${dir}/.git`);
});

Deno.test("findRepo() returns null outside any repository", async () => {
  const dir = (await tempDir("baton-norepo-")).path;
  await Deno.mkdir(`${dir}/x/y`, { recursive: true });
  assert.equal(await findRepo(fs, `${dir}/x/y`), null);
  // Positive control: the same walk finds a repository once one exists.
  await git(dir, ["init", "-q"]);
  assert.equal((await findRepo(fs, `${dir}/x/y`))?.workTree, dir);
});

Deno.test("findRepo() stops at a ceiling directory", async () => {
  const dir = await makeRepo();
  await Deno.mkdir(`${dir}/a/b`, { recursive: true });
  assert.equal(await findRepo(fs, `${dir}/a/b`, { ceilingDirs: [`${dir}/a`] }), null);
  assert.equal(
    (await findRepo(fs, `${dir}/a/b`, { ceilingDirs: [`${dir}/a/b/c`] }))?.workTree,
    dir,
  );
});

Deno.test("findRepo() from inside the .git directory finds the repository that owns it", async () => {
  const dir = await makeRepo();
  const repo = await findRepo(fs, `${dir}/.git/refs/heads`);
  assert.equal(repo?.workTree, dir);
  assert.equal(repo?.gitDir, `${dir}/.git`);
});

Deno.test("findRepo() follows a relative gitdir file like a submodule's", async () => {
  const dir = await makeRepo();
  const outer = (await tempDir("baton-gitfile-")).path;
  await Deno.rename(`${dir}/.git`, `${outer}/modules-sub.git`);
  await Deno.mkdir(`${outer}/sub`);
  await Deno.writeTextFile(`${outer}/sub/.git`, "gitdir: ../modules-sub.git\n");
  const repo = await findRepo(fs, `${outer}/sub`);
  assert.deepEqual(repo, {
    workTree: `${outer}/sub`,
    gitDir: `${outer}/modules-sub.git`,
    commonDir: `${outer}/modules-sub.git`,
  });
});

Deno.test("findRepo() rejects a malformed .git file with a typed error", async () => {
  const dir = (await tempDir("baton-badgitfile-")).path;
  await Deno.writeTextFile(`${dir}/.git`, "not a gitdir line\n");
  await assert.rejects(findRepo(fs, dir), (e: unknown) => {
    assert.ok(e instanceof GitCorruptError);
    assert.equal(e.code, "git_gitfile_invalid");
    assert.ok(!e.message.includes("not a gitdir line"));
    return true;
  });
  await Deno.writeTextFile(`${dir}/.git`, "gitdir: /nonexistent/path\n");
  await assert.rejects(findRepo(fs, dir), GitCorruptError);
});

Deno.test("findRepo() skips an empty .git directory and keeps walking up", async () => {
  const dir = await makeRepo();
  await Deno.mkdir(`${dir}/inner/.git`, { recursive: true });
  assert.equal((await findRepo(fs, `${dir}/inner`))?.workTree, dir);
});
