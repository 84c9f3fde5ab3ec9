/** Tests for listRefs() against git for-each-ref: loose over packed, symbolic refs, worktrees. */
import assert from "node:assert/strict";
import { TestFs } from "../../../_helpers/fs.ts";
import { listRefs } from "../../../../core/facts/git/list_refs.ts";
import { git } from "../../../_helpers/git.ts";
import { removeAfterTests } from "../../../_helpers/temp.ts";
import { makeTwoCommitRepo, repoAt, revParse } from "../../../_helpers/git_fixtures.ts";

const fs = new TestFs();

Deno.test("listRefs() merges loose over packed refs and skips symbolic ones by default", async () => {
  const dir = await makeTwoCommitRepo();
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
  const dir = await makeTwoCommitRepo();
  await git(dir, ["update-ref", "refs/remotes/origin/main", await revParse(dir, "HEAD")]);
  const wt = removeAfterTests(`${dir}-wt`);
  await git(dir, ["worktree", "add", "-q", "-b", "feature", wt]);
  const refs = await listRefs(fs, await repoAt(wt), "refs/remotes/");
  assert.deepEqual(refs.map((r) => r.name), ["refs/remotes/origin/main"]);
  const heads = await listRefs(fs, await repoAt(wt), "refs/heads/");
  assert.deepEqual(heads.map((r) => r.name), ["refs/heads/feature", "refs/heads/main"]);
});

Deno.test("listRefs() rejects a prefix outside refs/", async () => {
  const dir = await makeTwoCommitRepo();
  await assert.rejects(listRefs(fs, await repoAt(dir), "../"), { code: "invalid_ref_prefix" });
});
