/**
 * An index that lists a path twice (git's fsck refuses it) is found, and the
 * scan declines such a tree instead of comparing it; git is the oracle for
 * the corrupt index, and the same repository before the edit is the control.
 */
import assert from "node:assert/strict";
import { buildIndex } from "../../../../core/facts/worktree/index_file.ts";
import { duplicateEntry } from "../../../../core/facts/worktree/index_duplicates.ts";
import { GitUnsupportedError } from "../../../../core/facts/git/errors.ts";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { scanWithGit } from "../../../_helpers/worktree_status.ts";

Deno.test("duplicateEntry() finds a repeated path or a merged entry beside a stage; conflict stages are no duplicate", () => {
  assert.equal(duplicateEntry(buildIndex([{ path: "a" }, { path: "a" }])), 1);
  assert.equal(duplicateEntry(buildIndex([{ path: "a" }, { path: "a", stage: 2 }])), 1);
  assert.equal(
    duplicateEntry(buildIndex([{ path: "x" }, { path: "y", stage: 2 }, { path: "y", stage: 2 }])),
    2,
  );
  // Controls: a conflict's three stages and distinct paths.
  assert.equal(
    duplicateEntry(
      buildIndex([{ path: "a", stage: 1 }, { path: "a", stage: 2 }, { path: "a", stage: 3 }]),
    ),
    -1,
  );
  assert.equal(duplicateEntry(buildIndex([{ path: "a" }, { path: "b" }])), -1);
});

Deno.test("the scan declines an index that lists a path twice; the same repository before the edit scans", async () => {
  const dir = await makeRepo("baton-index-dup-");
  try {
    await writeFiles(dir, { "a1.txt": "one\n", "a2.txt": "two\n" });
    await commitAll(dir, "init");
    // Control: the index git wrote scans as git sees it.
    const clean = await scanWithGit(dir);
    assert.deepEqual(clean.entries, []);
    // Rename the second entry to the first's name in place (same length): a duplicate.
    const path = `${dir}/.git/index`;
    const bytes = await Deno.readFile(path);
    const text = new TextDecoder("latin1").decode(bytes);
    const at = text.indexOf("a2.txt");
    assert.ok(at > 0);
    bytes.set(new TextEncoder().encode("a1.txt"), at);
    await Deno.writeFile(path, bytes);
    const listed = (await git(dir, ["ls-files"], { allowFail: true })).stdout;
    assert.equal(listed.split("\n").filter((l) => l === "a1.txt").length, 2, "git lists it twice");
    await assert.rejects(() => scanWithGit(dir), GitUnsupportedError);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
