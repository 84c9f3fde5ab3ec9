/**
 * pairWorktreeRenames(): gone files paired with intent-to-add files by
 * their content as git would store it (exact ids of one file type first,
 * then similarity), an empty blob served without the object stores, and an
 * addition whose content is not known making the answer unknown. Agreement
 * with git itself is in tests/core/facts/git_agreement_test.ts
 * ("intent-to-add: ... work-tree rename").
 * @module
 */
import assert from "node:assert/strict";
import { pairWorktreeRenames } from "../../../../core/facts/worktree/worktree_renames.ts";
import { hashBlob } from "../../../../core/facts/worktree/blob_oid.ts";
import { EMPTY_BLOB_OID } from "../../../../core/facts/worktree/compare_stat.ts";
import type { GitObject } from "../../../../core/facts/types.ts";

const enc = (t: string) => new TextEncoder().encode(t);
const lines = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `line ${from + i}\n`).join("");
const FILE = 0o100644;
const LINK = 0o120000;

/** Object stores holding `blobs`; additions read from `added` (path -> [mode, text]). */
async function setUp(
  blobs: string[],
  added: Record<string, [number, string] | { unknown: string }>,
) {
  const store = new Map<string, Uint8Array>();
  for (const b of blobs) store.set(await hashBlob(enc(b)), enc(b));
  return {
    objects: {
      read: (oid: string): Promise<GitObject | null> => {
        const data = store.get(oid);
        return Promise.resolve(data === undefined ? null : { type: "blob", data });
      },
    },
    content: (path: string) => {
      const a = added[path]!;
      return Promise.resolve(Array.isArray(a) ? { mode: a[0], data: enc(a[1]) } : a);
    },
    limit: 1000,
    maxBytes: 1 << 20,
  };
}

Deno.test("pairWorktreeRenames: exact, then similar; a dissimilar addition stays added", async () => {
  const old = lines(0, 40);
  const io = await setUp([old, lines(100, 40)], {
    "same.txt": [FILE, old],
    "edited.txt": [FILE, `${lines(100, 40)}one more\n`],
    "other.txt": [FILE, lines(500, 40)],
  });
  const r = await pairWorktreeRenames(
    [
      { path: "a.txt", mode: FILE, oid: await hashBlob(enc(old)) },
      { path: "b.txt", mode: FILE, oid: await hashBlob(enc(lines(100, 40))) },
    ],
    ["edited.txt", "other.txt", "same.txt"],
    io,
  );
  assert.ok(!("unknown" in r));
  assert.deepEqual([...r.pairs].sort(), [["edited.txt", "b.txt"], ["same.txt", "a.txt"]]);
  assert.deepEqual(r.uncompared, []);
});

Deno.test("pairWorktreeRenames: a symlink pairs with a symlink of the same text only, never with a file", async () => {
  const io = await setUp(["target"], { "l2": [LINK, "target"], "f": [FILE, "target"] });
  const oid = await hashBlob(enc("target"));
  const r = await pairWorktreeRenames([{ path: "l1", mode: LINK, oid }], ["f", "l2"], io);
  assert.ok(!("unknown" in r));
  assert.deepEqual([...r.pairs], [["l2", "l1"]]);
});

Deno.test("pairWorktreeRenames: a gone intent-to-add entry (the empty blob, absent from the stores) pairs with an empty addition", async () => {
  const io = await setUp([], { "n2": [FILE, ""], "n1": [FILE, "filled\n"] });
  const r = await pairWorktreeRenames([{ path: "n3", mode: FILE, oid: EMPTY_BLOB_OID }], [
    "n1",
    "n2",
  ], io);
  assert.ok(!("unknown" in r));
  assert.deepEqual([...r.pairs], [["n2", "n3"]]);
});

Deno.test("pairWorktreeRenames: an addition not known is unknown; a source missing from the stores is uncompared", async () => {
  const unknown = await setUp([], { "x": { unknown: "not a regular file" } });
  const u = await pairWorktreeRenames(
    [{ path: "a", mode: FILE, oid: "1".repeat(40) }],
    ["x"],
    unknown,
  );
  assert.deepEqual(u, { unknown: "not a regular file" });
  const io = await setUp([], { "x": [FILE, lines(0, 40)] });
  const r = await pairWorktreeRenames([{ path: "a", mode: FILE, oid: "1".repeat(40) }], ["x"], io);
  assert.ok(!("unknown" in r));
  assert.deepEqual(r.pairs.size, 0);
  assert.deepEqual(r.uncompared, ["a", "x"]);
});
