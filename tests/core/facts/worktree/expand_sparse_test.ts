/**
 * expandPresentSparseDirs(): a sparse index's directory entries expanded
 * from their trees where the work tree has the directory, on a real
 * repository written by git. The status it leads to is compared with git in
 * tests/core/facts/git_agreement_test.ts.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import { expandPresentSparseDirs } from "../../../../core/facts/worktree/expand_sparse.ts";
import { parseIndex, readEntry } from "../../../../core/facts/worktree/index_file.ts";
import { createObjectReader } from "../../../../core/facts/git/object_reader.ts";
import { findRepo } from "../../../../core/facts/git/find_repo.ts";

const fs = new TestFs();

Deno.test({
  name:
    "expandPresentSparseDirs(): only directories the work tree has, in index order, skip-worktree",
  ignore: Deno.build.os === "windows",
}, async () => {
  const dir = await makeRepo();
  await writeFiles(dir, {
    "a.txt": "a\n",
    "in/i.txt": "i\n",
    "out/b.txt": "b\n",
    "out/deep/c.txt": "c\n",
    "out/deep.txt": "d\n",
    "zz/z.txt": "z\n",
  });
  await commitAll(dir);
  await git(dir, ["sparse-checkout", "set", "--cone", "in"]);
  await git(dir, ["sparse-checkout", "reapply", "--sparse-index"]);
  const repo = (await findRepo(fs, dir))!;
  const objects = createObjectReader(fs, repo);
  const index = parseIndex(await Deno.readFile(`${dir}/.git/index`));
  assert.deepEqual(
    index.paths.toArray(),
    ["a.txt", "in/i.txt", "out/", "zz/"],
    "control: a sparse index",
  );
  const opts = { expired: () => false };
  // No sparse directory on disk: the index as it is.
  const same = await expandPresentSparseDirs(fs, dir, index, objects, opts);
  assert.ok("index" in same && same.index === index);
  await Deno.mkdir(`${dir}/out`);
  const res = await expandPresentSparseDirs(fs, dir, index, objects, opts);
  assert.ok("index" in res);
  const x = res.index;
  assert.deepEqual(x.paths.toArray(), [
    "a.txt",
    "in/i.txt",
    "out/b.txt",
    "out/deep.txt",
    "out/deep/c.txt",
    "zz/",
  ]);
  assert.equal(x.cacheTree, null, "the cache-tree no longer counts the entries");
  const b = readEntry(x, 2);
  assert.equal(b.skipWorktree, true);
  assert.equal(b.size, 0, "no stat data: a present file is hashed");
  assert.equal(b.oid, (await git(dir, ["rev-parse", "HEAD:out/b.txt"])).stdout.trim());
  assert.equal(readEntry(x, 5).path, "zz/", "an absent sparse directory stays one entry");
  // Over the cap: not expanded, and why.
  assert.deepEqual(
    await expandPresentSparseDirs(fs, dir, index, objects, { ...opts, maxEntries: 2 }),
    { unknown: "sparse directory too large to expand" },
  );
  // Out of time: not expanded either.
  assert.deepEqual(
    await expandPresentSparseDirs(fs, dir, index, objects, { expired: () => true }),
    { unknown: "time budget ran out" },
  );
});
