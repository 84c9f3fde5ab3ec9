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

Deno.test("findRepo() reads a .git file and commondir up to a NUL, as git does (git rev-parse is the oracle)", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir);
  const outer = (await tempDir("baton-gitfile-nul-")).path;
  await Deno.rename(`${dir}/.git`, `${outer}/sub.git`);
  await Deno.mkdir(`${outer}/sub`);
  const gitView = async (cwd: string) => {
    const r = await git(cwd, ["rev-parse", "--absolute-git-dir", "--git-common-dir"], {
      allowFail: true,
    });
    return r.code === 0 ? r.stdout.trim().split("\n").map((p) => p.replace(/\/$/, "")) : null;
  };
  const batonView = async (cwd: string) => {
    try {
      const repo = await findRepo(fs, cwd);
      return repo === null ? null : [repo.gitDir, repo.commonDir];
    } catch (e) {
      if (e instanceof GitCorruptError) return null;
      throw e;
    }
  };
  for (
    const text of [
      "gitdir: ../sub.git\0junk\n",
      "gitdir: ../sub.git\0\n",
      // Controls: a NUL first leaves no path (git: not a repository); none reads as before.
      "gitdir: \0../sub.git\n",
      "gitdir: ../sub.git\n",
    ]
  ) {
    await Deno.writeTextFile(`${outer}/sub/.git`, text);
    const want = await gitView(`${outer}/sub`);
    const got = await batonView(`${outer}/sub`);
    // git names the common dir relative to the git dir when it can: compare absolute paths.
    assert.deepEqual(
      got,
      want === null ? null : [want[0], want[1]!.startsWith("/") ? want[1] : `${want[0]}`],
      JSON.stringify(text),
    );
  }
  // A linked worktree whose commondir has a NUL and junk after the path.
  await Deno.writeTextFile(`${outer}/sub/.git`, "gitdir: ../sub.git\n");
  await git(`${outer}/sub`, ["worktree", "add", "-q", `${outer}/wt`]);
  const wtGit = (await git(`${outer}/wt`, ["rev-parse", "--absolute-git-dir"])).stdout.trim();
  await Deno.writeTextFile(`${wtGit}/commondir`, "../..\0junk\n");
  const want = await gitView(`${outer}/wt`);
  assert.ok(want !== null, "git reads the worktree");
  const got = await batonView(`${outer}/wt`);
  assert.deepEqual(got, [wtGit, `${outer}/sub.git`]);
});

Deno.test("findRepo() skips a .git whose HEAD git does not take (an empty file) for the repository above, as git does; with none above it reports that one (its HEAD then unreadable)", async () => {
  const outer = await makeRepo();
  await writeFiles(outer, { "a.txt": "a\n" });
  await commitAll(outer, "c");
  const inner = `${outer}/inner`;
  await git(outer, ["init", "-q", "inner"]);
  // Control: a valid inner repository is found.
  assert.equal((await findRepo(fs, inner))?.workTree, inner);
  await Deno.writeTextFile(`${inner}/.git/HEAD`, "");
  const top = await git(inner, ["rev-parse", "--show-toplevel"]);
  assert.equal(top.stdout.trim(), outer, "git takes the repository above");
  assert.equal((await findRepo(fs, inner))?.workTree, outer);
  // Alone (no repository above): git says "not a git repository"; baton reports the damaged one.
  const alone = await makeRepo();
  await Deno.writeTextFile(`${alone}/.git/HEAD`, "");
  assert.notEqual((await git(alone, ["rev-parse", "--git-dir"], { allowFail: true })).code, 0);
  assert.equal((await findRepo(fs, alone))?.workTree, alone);
});
