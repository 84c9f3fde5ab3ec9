/**
 * peelToCommit against git's own `rev-parse <oid>^{commit}`: a commit, a
 * tag, a tag of a tag peel as git peels; a tag of a tree, a missing object
 * and a chain deeper than the bound are null.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { peelToCommit } from "../../../../core/facts/git/peel_commit.ts";
import { createObjectReader } from "../../../../core/facts/git/object_reader.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import { findRepo } from "../../../../core/facts/git/find_repo.ts";

Deno.test("peels commits and annotated tags as git's ^{commit}; null where git's peel fails or past the bound", async () => {
  const dir = await makeRepo("baton-peel-");
  await writeFiles(dir, { "a.txt": "a\n" });
  const commit = await commitAll(dir);
  await git(dir, ["tag", "-a", "-m", "one", "t1"]);
  await git(dir, ["tag", "-a", "-m", "two", "t2", "t1"]);
  await git(dir, ["tag", "-a", "-m", "tree", "tt", "HEAD^{tree}"]);
  const fs = new TestFs();
  const repo = await findRepo(fs, dir);
  assert.ok(repo !== null);
  const reader = createObjectReader(fs, repo);
  const id = async (rev: string) => (await git(dir, ["rev-parse", rev])).stdout.trim();
  for (const rev of ["HEAD", "t1", "t2"]) {
    assert.equal((await git(dir, ["rev-parse", `${rev}^{commit}`])).stdout.trim(), commit);
    const p = await peelToCommit(reader, await id(rev));
    assert.equal(p?.oid, commit, rev);
    assert.equal(p?.object.type, "commit", rev);
  }
  // git cannot peel a tag of a tree to a commit either.
  assert.notEqual((await git(dir, ["rev-parse", "tt^{commit}"], { allowFail: true })).code, 0);
  assert.equal(await peelToCommit(reader, await id("tt")), null);
  assert.equal(await peelToCommit(reader, "0".repeat(40)), null);
  // A chain of 8 tags is followed; 9 is past the bound.
  let top = "t1";
  for (let n = 2; n <= 9; n++) {
    await git(dir, ["tag", "-a", "-m", `c${n}`, `c${n}`, top]);
    top = `c${n}`;
  }
  assert.equal((await peelToCommit(reader, await id("c8")))?.oid, commit);
  assert.equal(await peelToCommit(reader, await id("c9")), null);
});
