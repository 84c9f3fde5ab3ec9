/**
 * Tests for core/facts/worktree/worktree_copies.ts: which intent-to-add
 * paths may be git's work-tree copies, by the file types diffcore-rename
 * lets pair (the differential test against git is in git_agreement_test.ts).
 * @module
 */
import assert from "node:assert/strict";
import { possibleCopies } from "../../../../core/facts/worktree/worktree_copies.ts";
import { hashBlob } from "../../../../core/facts/worktree/blob_oid.ts";

const text = (s: string) => new TextEncoder().encode(s);
const LINK = 0o120000;
const FILE = 0o100644;

/** Contents by path: [mode, text], or unknown. */
function contents(map: Record<string, [number, string] | "unknown">) {
  return (p: string) => {
    const c = map[p]!;
    return Promise.resolve(
      c === "unknown" ? { unknown: "not read" } : { mode: c[0], data: text(c[1]) },
    );
  };
}

Deno.test("a symlink source pairs with a symlink of its exact text only", async () => {
  const sources = [{ mode: LINK, oid: await hashBlob(text("t")) }];
  const read = contents({ same: [LINK, "t"], other: [LINK, "u"], file: [FILE, "t"] });
  assert.deepEqual(await possibleCopies(sources, ["file", "other", "same"], read), ["same"]);
});

Deno.test("a regular source may pair with any regular file (not scored here), never a symlink", async () => {
  const sources = [{ mode: 0o100755, oid: await hashBlob(text("t")) }];
  const read = contents({ link: [LINK, "t"], file: [FILE, "x"] });
  assert.deepEqual(await possibleCopies(sources, ["file", "link"], read), ["file"]);
});

Deno.test("content not known is a possible copy; without sources nothing is, nothing read", async () => {
  const sources = [{ mode: LINK, oid: await hashBlob(text("t")) }];
  assert.deepEqual(await possibleCopies(sources, ["x"], contents({ x: "unknown" })), ["x"]);
  let reads = 0;
  const counting = (_: string) => {
    reads++;
    return Promise.resolve({ mode: FILE, data: text("t") });
  };
  assert.deepEqual(await possibleCopies([], ["x"], counting), []);
  // A gitlink source (a submodule's old commit) pairs with no file.
  assert.deepEqual(
    await possibleCopies([{ mode: 0o160000, oid: "0".repeat(40) }], ["x"], counting),
    [],
  );
  assert.equal(reads, 0);
});
