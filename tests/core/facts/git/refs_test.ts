/** Tests for readHead(), resolveRef(), listRefs() and parsePackedRefs() against git. */
import assert from "node:assert/strict";
import { DenoFs } from "../../../../commands/_deno_fs.ts";
import { findRepo } from "../../../../core/facts/git/find_repo.ts";
import { readHead } from "../../../../core/facts/git/read_head.ts";
import { resolveRef } from "../../../../core/facts/git/resolve_ref.ts";
import { listRefs } from "../../../../core/facts/git/list_refs.ts";
import { parsePackedRefs } from "../../../../core/facts/git/packed_refs.ts";
import { GitCorruptError, GitUnsupportedError } from "../../../../core/facts/git/errors.ts";
import type { RepoLocation } from "../../../../core/facts/types.ts";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";

const fs = new DenoFs();

async function repoAt(dir: string): Promise<RepoLocation> {
  const repo = await findRepo(fs, dir);
  assert.ok(repo !== null);
  return repo;
}

async function revParse(dir: string, rev: string): Promise<string> {
  return (await git(dir, ["rev-parse", rev])).stdout.trim();
}

async function twoCommits(): Promise<string> {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "1\n" });
  await commitAll(dir, "one");
  await writeFiles(dir, { "a.txt": "2\n" });
  await commitAll(dir, "two");
  return dir;
}

Deno.test("readHead() reports the current branch and its commit", async () => {
  const dir = await twoCommits();
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
  const dir = await twoCommits();
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
  const dir = await twoCommits();
  await git(dir, ["pack-refs", "--all"]);
  const loose = await Deno.lstat(`${dir}/.git/refs/heads/main`).then(() => true, () => false);
  assert.equal(loose, false, "pack-refs --all should remove the loose ref");
  const head = await readHead(fs, await repoAt(dir));
  assert.equal(head.oid, await revParse(dir, "HEAD"));
  assert.equal(head.branch, "main");
});

Deno.test("readHead() in a linked worktree reads that worktree's HEAD", async () => {
  const dir = await twoCommits();
  const wt = `${dir}-wt`;
  await git(dir, ["worktree", "add", "-q", "-b", "feature", wt, "HEAD~1"]);
  const head = await readHead(fs, await repoAt(wt));
  assert.equal(head.branch, "feature");
  assert.equal(head.oid, await revParse(wt, "HEAD"));
  assert.equal((await readHead(fs, await repoAt(dir))).branch, "main");
});

Deno.test("readHead() refuses a reftable repository instead of guessing", async () => {
  const dir = await twoCommits();
  await Deno.mkdir(`${dir}/.git/reftable`);
  await assert.rejects(readHead(fs, await repoAt(dir)), (e: unknown) => {
    assert.ok(e instanceof GitUnsupportedError);
    assert.equal(e.code, "git_reftable_unsupported");
    return true;
  });
});

Deno.test("readHead() rejects a HEAD that escapes the git directory", async () => {
  const dir = await twoCommits();
  const repo = await repoAt(dir);
  await Deno.writeTextFile(`${dir}/.git/HEAD`, "ref: refs/../../../etc/passwd\n");
  await assert.rejects(readHead(fs, repo), (e: unknown) => {
    assert.ok(e instanceof GitCorruptError);
    assert.equal(e.code, "git_head_invalid");
    return true;
  });
});

Deno.test("listRefs() merges loose over packed refs and skips symbolic ones by default", async () => {
  const dir = await twoCommits();
  const one = await revParse(dir, "HEAD~1");
  const two = await revParse(dir, "HEAD");
  await git(dir, ["update-ref", "refs/remotes/origin/main", one]);
  await git(dir, ["update-ref", "refs/remotes/origin/old", one]);
  await git(dir, ["pack-refs", "--all"]);
  // Loose ref written after packing wins over the packed value.
  await git(dir, ["update-ref", "refs/remotes/origin/main", two]);
  await git(dir, ["update-ref", "refs/remotes/upstream/dev", two]);
  await git(dir, ["symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main"]);
  const repo = await repoAt(dir);
  const refs = await listRefs(fs, repo, "refs/remotes/");
  const oracle = (await git(dir, [
    "for-each-ref",
    "--format=%(refname)|%(objectname)|%(symref)",
    "refs/remotes/",
  ]))
    .stdout.trim().split("\n").map((l) => l.split("|"))
    .filter(([, , sym]) => sym === "")
    .map(([name, oid]) => ({ name: name!, oid: oid! }));
  assert.deepEqual(refs, oracle);
  assert.equal(refs.find((r) => r.name === "refs/remotes/origin/main")?.oid, two);

  const resolved = await listRefs(fs, repo, "refs/remotes/", { symbolic: "resolve" });
  assert.deepEqual(resolved.find((r) => r.name === "refs/remotes/origin/HEAD"), {
    name: "refs/remotes/origin/HEAD",
    oid: two,
    symref: "refs/remotes/origin/main",
  });
});

Deno.test("listRefs() in a linked worktree lists the shared remote-tracking refs", async () => {
  const dir = await twoCommits();
  await git(dir, ["update-ref", "refs/remotes/origin/main", await revParse(dir, "HEAD")]);
  const wt = `${dir}-wt`;
  await git(dir, ["worktree", "add", "-q", "-b", "feature", wt]);
  const refs = await listRefs(fs, await repoAt(wt), "refs/remotes/");
  assert.deepEqual(refs.map((r) => r.name), ["refs/remotes/origin/main"]);
  const heads = await listRefs(fs, await repoAt(wt), "refs/heads/");
  assert.deepEqual(heads.map((r) => r.name), ["refs/heads/feature", "refs/heads/main"]);
});

Deno.test("listRefs() rejects a prefix outside refs/", async () => {
  const dir = await twoCommits();
  await assert.rejects(listRefs(fs, await repoAt(dir), "../"), { code: "invalid_ref_prefix" });
});

Deno.test("resolveRef() returns null for a missing ref and the oid for a tag", async () => {
  const dir = await twoCommits();
  await git(dir, ["tag", "v1"]);
  const repo = await repoAt(dir);
  assert.equal(await resolveRef(fs, repo, "refs/heads/nope"), null);
  assert.deepEqual(await resolveRef(fs, repo, "refs/tags/v1"), {
    target: "refs/tags/v1",
    symbolic: false,
    oid: await revParse(dir, "v1"),
  });
});

Deno.test("parsePackedRefs() keeps peeled values and rejects garbage lines", () => {
  const a = "a".repeat(40);
  const b = "b".repeat(40);
  const refs = parsePackedRefs(
    `# pack-refs with: peeled\n${a} refs/tags/v1\n^${b}\n${b} refs/heads/x\n`,
  );
  assert.deepEqual([...refs], [["refs/tags/v1", { oid: a, peeled: b }], ["refs/heads/x", {
    oid: b,
  }]]);
  assert.throws(() => parsePackedRefs("secret-looking garbage\n"), (e: unknown) => {
    assert.ok(e instanceof GitCorruptError);
    assert.ok(!e.message.includes("secret"));
    return true;
  });
});
