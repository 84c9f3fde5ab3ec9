/** Tests for readHead() against git: branches, detached and unborn HEADs, packed refs, worktrees, reftable. */
import assert from "node:assert/strict";
import { TestFs } from "../../../_helpers/fs.ts";
import { readHead } from "../../../../core/facts/git/read_head.ts";
import { GitCorruptError, GitUnsupportedError } from "../../../../core/facts/git/errors.ts";
import { git, makeRepo } from "../../../_helpers/git.ts";
import { removeAfterTests } from "../../../_helpers/temp.ts";
import { makeTwoCommitRepo, repoAt, revParse } from "../../../_helpers/git_fixtures.ts";

const fs = new TestFs();

Deno.test("readHead() reports the current branch and its commit", async () => {
  const dir = await makeTwoCommitRepo();
  const head = await readHead(fs, await repoAt(dir));
  assert.deepEqual(head, {
    branch: "main",
    ref: "refs/heads/main",
    detached: false,
    oid: await revParse(dir, "HEAD"),
    hasCommits: true,
  });
});

Deno.test("readHead() reports a detached HEAD", async () => {
  const dir = await makeTwoCommitRepo();
  await git(dir, ["checkout", "-q", "--detach", "HEAD~1"]);
  const head = await readHead(fs, await repoAt(dir));
  assert.deepEqual(head, {
    branch: null,
    ref: null,
    detached: true,
    oid: await revParse(dir, "HEAD"),
    hasCommits: true,
  });
  assert.notEqual(head.oid, await revParse(dir, "main"));
});

Deno.test("readHead() reports an unborn main branch in an empty repository", async () => {
  const dir = await makeRepo();
  const head = await readHead(fs, await repoAt(dir));
  assert.deepEqual(head, {
    branch: "main",
    ref: "refs/heads/main",
    detached: false,
    oid: null,
    hasCommits: false,
  });
});

Deno.test("readHead() resolves a branch that lives only in packed-refs", async () => {
  const dir = await makeTwoCommitRepo();
  await git(dir, ["pack-refs", "--all"]);
  const loose = await Deno.lstat(`${dir}/.git/refs/heads/main`).then(() => true, () => false);
  assert.equal(loose, false, "pack-refs --all should remove the loose ref");
  const head = await readHead(fs, await repoAt(dir));
  assert.equal(head.oid, await revParse(dir, "HEAD"));
  assert.equal(head.branch, "main");
});

Deno.test("readHead() in a linked worktree reads that worktree's HEAD", async () => {
  const dir = await makeTwoCommitRepo();
  const wt = removeAfterTests(`${dir}-wt`);
  await git(dir, ["worktree", "add", "-q", "-b", "feature", wt, "HEAD~1"]);
  const head = await readHead(fs, await repoAt(wt));
  assert.equal(head.branch, "feature");
  assert.equal(head.oid, await revParse(wt, "HEAD"));
  assert.equal((await readHead(fs, await repoAt(dir))).branch, "main");
});

Deno.test("readHead() refuses a reftable repository instead of guessing", async () => {
  const dir = await makeTwoCommitRepo();
  await Deno.mkdir(`${dir}/.git/reftable`);
  await assert.rejects(readHead(fs, await repoAt(dir)), (e: unknown) => {
    assert.ok(e instanceof GitUnsupportedError);
    assert.equal(e.code, "git_reftable_unsupported");
    return true;
  });
});

Deno.test("readHead() rejects a HEAD that escapes the git directory", async () => {
  const dir = await makeTwoCommitRepo();
  const repo = await repoAt(dir);
  await Deno.writeTextFile(`${dir}/.git/HEAD`, "ref: refs/../../../etc/passwd\n");
  await assert.rejects(readHead(fs, repo), (e: unknown) => {
    assert.ok(e instanceof GitCorruptError);
    assert.equal(e.code, "git_head_invalid");
    return true;
  });
});
