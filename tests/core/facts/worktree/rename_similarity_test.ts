/**
 * rename_similarity's scoring and pairing rules in isolation (agreement
 * with git's own choices is checked in tests/core/facts/git_agreement_test.ts).
 * @module
 */
import assert from "node:assert/strict";
import {
  MAX_SCORE,
  pairSimilar,
  similarity,
  spanCounts,
} from "../../../../core/facts/worktree/rename_similarity.ts";

const enc = (t: string) => spanCounts(new TextEncoder().encode(t));
const lines = (tag: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${tag} ${i}\n`).join("");

Deno.test("similarity: shared lines over the larger size; sizes too far apart score 0", () => {
  assert.equal(similarity(enc(lines("a", 10)), enc(lines("a", 10))), MAX_SCORE);
  const half = similarity(enc(lines("a", 10)), enc(lines("a", 5) + lines("b", 5)));
  assert.ok(half > 0.45 * MAX_SCORE && half < 0.55 * MAX_SCORE, `${half}`);
  assert.equal(similarity(enc(lines("a", 2)), enc(lines("a", 2) + lines("b", 10))), 0);
  assert.equal(similarity(enc("x\n"), enc("")), 0, "an empty destination never pairs");
});

Deno.test("spanCounts: a CR before LF is dropped in text, kept in binary; long lines cut at 64 bytes", () => {
  assert.equal(similarity(enc("a\r\nb\r\n"), enc("a\nb\n")), Math.floor(4 * MAX_SCORE / 6));
  const bin = (t: string) => spanCounts(new TextEncoder().encode(`\0${t}`));
  assert.ok(
    similarity(bin("a\r\nb\r\n"), bin("a\nb\n")) < similarity(enc("a\r\nb\r\n"), enc("a\nb\n")),
  );
  const long = spanCounts(new TextEncoder().encode("x".repeat(130)));
  assert.equal([...long.counts.values()].reduce((a, b) => a + b, 0), 130);
});

Deno.test("pairSimilar: best score first, each file once; a unique shared basename wins at 75 %", async () => {
  const blobs = new Map([
    ["p", enc(lines("p", 40))],
    ["q", enc(lines("q", 40))],
    ["z1", enc(lines("p", 30) + lines("q", 10))],
    ["z2", enc(lines("q", 25) + lines("n", 15))],
  ]);
  const counts = (oid: string) => Promise.resolve(blobs.get(oid)!);
  const pairs = await pairSimilar(
    [{ path: "a", oid: "p" }, { path: "b", oid: "q" }],
    [{ path: "y", oid: "z1" }, { path: "z", oid: "z2" }],
    counts,
  );
  assert.deepEqual([...pairs].sort(), [["y", "a"], ["z", "b"]]);
  // Same basename: d1/x.c scores 80 % against d3/x.c and is taken before d2/y.c (100 %).
  blobs.set("x", enc(lines("p", 40)));
  blobs.set("x2", enc(lines("p", 32) + lines("w", 8)));
  const byName = await pairSimilar(
    [{ path: "d1/x.c", oid: "x" }, { path: "d2/y.c", oid: "p" }],
    [{ path: "d3/x.c", oid: "x2" }],
    counts,
  );
  assert.deepEqual([...byName], [["d3/x.c", "d1/x.c"]]);
});
