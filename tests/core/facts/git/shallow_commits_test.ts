/** Tests for shallowCommits(): the ids of a real shallow clone's shallow file, as git lists them. */
import assert from "node:assert/strict";
import { TestFs } from "../../../_helpers/fs.ts";
import { shallowCommits, shallowIds } from "../../../../core/facts/git/shallow_commits.ts";
import { findRepo } from "../../../../core/facts/git/find_repo.ts";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";

const fs = new TestFs();

Deno.test("shallowCommits() lists the commits git reports as the shallow boundary, and none for a full clone", async () => {
  const src = await makeRepo();
  for (let i = 0; i < 4; i++) {
    await writeFiles(src, { "a.txt": `${i}\n` });
    await commitAll(src, `c${i}`);
  }
  const full = await findRepo(fs, src);
  assert.ok(full !== null);
  assert.deepEqual(await shallowCommits(fs, full), new Set());
  const cl = `${src}/.git/cl`;
  await git(src, ["clone", "-q", "--depth", "2", `file://${src}`, cl]);
  const repo = await findRepo(fs, cl);
  assert.ok(repo !== null);
  const boundary = (await git(cl, ["rev-parse", "HEAD~1"])).stdout.trim();
  assert.equal((await git(cl, ["rev-parse", "--is-shallow-repository"])).stdout.trim(), "true");
  assert.deepEqual(await shallowCommits(fs, repo), new Set([boundary]));
});

Deno.test("shallowIds() takes the id each line starts with, lower-cased, and passes over other lines", () => {
  const a = "a".repeat(40);
  assert.deepEqual(
    shallowIds(`${"A".repeat(40)}\n${"b".repeat(40)} trailing\nxyz\n\n${"c".repeat(39)}\n`, 40),
    new Set([a, "b".repeat(40)]),
  );
});
