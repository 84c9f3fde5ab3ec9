/**
 * parseIndex({ releaseBytes }) checks the TREE extension in the file's
 * order and makes its nodes from a copy when the cache tree is read: the
 * same tree as a parse that keeps the bytes and, for a broken file, the same
 * error (message and file offset) in the file's order.
 * @module
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { commitAll, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { indexEntries, parseIndex } from "../../../../core/facts/worktree/index_file.ts";

/** What a parse gives: the parts the cache tree touches, or the error as text. */
function outcome(bytes: Uint8Array, releaseBytes: boolean): string {
  try {
    const index = parseIndex(bytes.slice(), { consumeBytes: true, releaseBytes });
    return JSON.stringify({
      entries: indexEntries(index),
      cacheTree: index.cacheTree,
      extensions: index.extensions,
      checksum: index.checksum,
    });
  } catch (e) {
    const err = e as Error & { data?: unknown };
    return `${err.name}: ${err.message} ${JSON.stringify(err.data)}`;
  }
}

/** A committed repository's index, and where its TREE extension starts and ends. */
async function sampleIndex(): Promise<{ bytes: Uint8Array; tree: number; treeEnd: number }> {
  const dir = await makeRepo("baton-cache-tree-");
  await writeFiles(dir, {
    "a.txt": "a\n",
    "src/b.ts": "b\n",
    "src/lib/c.ts": "c\n",
    "src/lib/deeper/d.ts": "d\n",
    "x y/z.txt": "z\n",
    "ünï/e.txt": "e\n",
  });
  await commitAll(dir, "base");
  const bytes = await Deno.readFile(`${dir}/.git/index`);
  const tree = new TextDecoder("latin1").decode(bytes).lastIndexOf("TREE");
  assert.ok(tree > 0, "git wrote a cache tree");
  const size = new DataView(bytes.buffer).getUint32(tree + 4);
  return { bytes, tree, treeEnd: tree + 8 + size };
}

/** `bytes` with `extra` put in before the trailing checksum. */
function beforeChecksum(bytes: Uint8Array, extra: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length + extra.length);
  out.set(bytes.subarray(0, bytes.length - 20));
  out.set(extra, bytes.length - 20);
  out.set(bytes.subarray(bytes.length - 20), bytes.length - 20 + extra.length);
  return out;
}

/** `bytes` with the byte at `at` set to `value`. */
function withByte(bytes: Uint8Array, at: number, value: number): Uint8Array {
  const out = bytes.slice();
  out[at] = value;
  return out;
}

Deno.test("parseIndex({ releaseBytes }) reads the cache tree and any broken extension as a parse that keeps the bytes does", async () => {
  const { bytes, tree } = await sampleIndex();
  const end = bytes.length - 20;
  let failed = 0;
  let read = 0;
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          at: fc.integer({ min: tree, max: end - 1 }),
          value: fc.integer({ min: 0, max: 255 }),
        }),
        { minLength: 0, maxLength: 3 },
      ),
      (edits) => {
        const broken = edits.reduce((b, e) => withByte(b, e.at, e.value), bytes);
        const kept = outcome(broken, false);
        assert.equal(outcome(broken, true), kept);
        if (kept.startsWith("{")) read++;
        else failed++;
      },
    ),
    { seed: 22, numRuns: 400 },
  );
  // Both kinds of outcome were compared.
  assert.ok(read > 0 && failed > 0, `${read} read, ${failed} failed`);
});

Deno.test("parseIndex({ releaseBytes }) reports a broken cache tree before a later broken extension or trailing bytes, at its offset in the file", async () => {
  const { bytes, tree } = await sampleIndex();
  // The root's entry count ("<name>\0<count> ..."): its first digit made a letter.
  const digit = bytes.indexOf(0, tree + 8) + 1;
  const brokenTree = withByte(bytes, digit, 0x78);
  const required = Uint8Array.of(0x61, 0x62, 0x63, 0x64, 0, 0, 0, 0); // "abcd", size 0
  for (
    const input of [
      brokenTree,
      beforeChecksum(brokenTree, required),
      beforeChecksum(brokenTree, Uint8Array.of(1, 2, 3)),
    ]
  ) {
    const released = outcome(input, true);
    assert.equal(released, outcome(input, false));
    assert.match(released, new RegExp(`cache-tree number is malformed at offset ${digit} `));
  }
  // Controls: the later faults alone are what a parse reports.
  assert.match(outcome(beforeChecksum(bytes, required), true), /required extension 1/);
  assert.match(outcome(beforeChecksum(bytes, Uint8Array.of(1, 2, 3)), true), /trailing bytes/);
});

Deno.test("parseIndex({ releaseBytes }) with two TREE extensions reports a broken first one and otherwise keeps the last", async () => {
  const { bytes, tree, treeEnd } = await sampleIndex();
  const extension = bytes.slice(tree, treeEnd);
  const digit = bytes.indexOf(0, tree + 8) + 1 - tree;
  // A broken first copy then a good one, in place of the one git wrote.
  const twice = new Uint8Array(bytes.length + extension.length);
  twice.set(bytes.subarray(0, tree));
  twice.set(withByte(extension, digit, 0x78), tree);
  twice.set(bytes.subarray(tree), treeEnd);
  const released = outcome(twice, true);
  assert.equal(released, outcome(twice, false));
  assert.match(released, new RegExp(`cache-tree number is malformed at offset ${tree + digit} `));
  // Control: two good copies read as one (the last).
  const good = twice.slice();
  good[tree + digit] = bytes[tree + digit]!;
  assert.equal(outcome(good, true), outcome(good, false));
  assert.deepEqual(
    JSON.parse(outcome(good, true)).cacheTree,
    JSON.parse(outcome(bytes, false)).cacheTree,
  );
});
