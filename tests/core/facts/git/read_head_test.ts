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

/**
 * git reads a ref file as a C string after trimming its end: a NUL ends
 * it, and what follows never counts. Each shape is written into a real
 * repository; git's own answer (rev-parse, symbolic-ref) is the oracle.
 */
const NUL_SHAPES: {
  name: string;
  file: "HEAD" | "refs/heads/main";
  text: (oid: string) => string;
}[] = [
  {
    name: "a branch ref: the id, a NUL and junk",
    file: "refs/heads/main",
    text: (o) => `${o}\0junk\n`,
  },
  {
    name: "HEAD: a symbolic ref, a NUL and junk",
    file: "HEAD",
    text: () => "ref: refs/heads/main\0junk\n",
  },
  { name: "HEAD detached: the id, a NUL and junk", file: "HEAD", text: (o) => `${o}\0junk` },
  {
    name: "HEAD: a symbolic ref, a blank before the NUL",
    file: "HEAD",
    text: () => "ref: refs/heads/main \0x\n",
  },
  // Controls: junk with no NUL between is git's broken ref; a blank is FETCH_HEAD's form.
  {
    name: "a branch ref: junk right after the id (control)",
    file: "refs/heads/main",
    text: (o) => `${o}junk\n`,
  },
  {
    name: "a branch ref: a blank and junk after the id (control)",
    file: "refs/heads/main",
    text: (o) => `${o} junk\n`,
  },
];

for (const shape of NUL_SHAPES) {
  Deno.test(`readHead() agrees with git on a ref file holding a NUL: ${shape.name}`, async () => {
    const dir = await makeTwoCommitRepo();
    const oid = await revParse(dir, "HEAD");
    await Deno.writeTextFile(`${dir}/.git/${shape.file}`, shape.text(oid));
    const gitHead = await git(dir, ["rev-parse", "--verify", "-q", "HEAD"], { allowFail: true });
    const gitRef = await git(dir, ["symbolic-ref", "-q", "HEAD"], { allowFail: true });
    const want = gitHead.code === 0
      ? { oid: gitHead.stdout.trim(), ref: gitRef.code === 0 ? gitRef.stdout.trim() : null }
      : "no HEAD";
    let got: unknown;
    try {
      const head = await readHead(fs, await repoAt(dir));
      got = head.oid === null ? "no HEAD" : { oid: head.oid, ref: head.ref };
    } catch (e) {
      if (!(e instanceof GitCorruptError)) throw e;
      got = "no HEAD";
    }
    assert.deepEqual(got, want);
  });
}
