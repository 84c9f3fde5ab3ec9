/**
 * rename_similarity's scoring and pairing rules in isolation (agreement
 * with git's own choices is checked in tests/core/facts/git_agreement_test.ts).
 * @module
 */
import assert from "node:assert/strict";
import {
  basenameCandidates,
  MAX_SCORE,
  pairBasenames,
  pairBest,
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

Deno.test("basenameCandidates: a basename unique on both sides, both regular; a symlink or gitlink still makes it shared", () => {
  const side = (path: string, regular = true) => ({ path, oid: path, regular });
  assert.deepEqual(
    basenameCandidates([side("a/x.c"), side("b/y.c")], [side("c/x.c"), side("d/y.c", false)]),
    [[0, 0]],
  );
  assert.deepEqual(
    basenameCandidates([side("a/x.c", false), side("b/x.c")], [side("c/x.c")]),
    [],
    "x.c twice among the sources",
  );
  assert.deepEqual(basenameCandidates([side("a/x.c")], [side("c/x.c"), side("d/x.c")]), []);
});

Deno.test("pairBasenames and pairBest: the first pass takes a unique basename at 75 %, the second the best score among the rest", async () => {
  const blobs = new Map([
    ["p", enc(lines("p", 40))],
    ["p80", enc(lines("p", 32) + lines("w", 8))],
    ["p60", enc(lines("p", 24) + lines("v", 16))],
  ]);
  const counts = (oid: string) => Promise.resolve(blobs.get(oid)!);
  const src = [{ path: "a/x.c", oid: "p" }];
  assert.deepEqual([...await pairBasenames(src, [{ path: "b/x.c", oid: "p80" }], counts)], [
    ["b/x.c", "a/x.c"],
  ]);
  assert.equal((await pairBasenames(src, [{ path: "b/x.c", oid: "p60" }], counts)).size, 0);
  assert.deepEqual([...await pairBest(src, [{ path: "b/x.c", oid: "p60" }], counts)], [
    ["b/x.c", "a/x.c"],
  ]);
  assert.equal(
    (await pairBest(
      [{ path: "a/x.c", oid: "p", regular: false }],
      [{ path: "b/y.c", oid: "p" }],
      counts,
    )).size,
    0,
    "a symlink never scores",
  );
});

Deno.test("pairBest: equal scores go in git's slot order: a source taking the slot a low scorer held goes ahead of an equal one in a later slot", async () => {
  const blobs = new Map([
    ["x", enc(lines("x", 12))],
    ["dst", enc(lines("x", 12) + lines("y", 2))],
    ["o1", enc(lines("o", 3))],
    ["o2", enc(lines("q", 3))],
    ["o3", enc(lines("r", 3))],
  ]);
  const counts = (oid: string) => Promise.resolve(blobs.get(oid)!);
  const dst = [{ path: "m.md", oid: "dst" }];
  const twins = [{ path: "q/back", oid: "x" }, { path: "q/new", oid: "x" }];
  // Control: alone, the first in path order.
  assert.deepEqual([...await pairBest(twins, dst, counts)], [["m.md", "q/back"]]);
  // Three low scorers (a symlink among them, scoring 0) fill three slots, q/back the
  // fourth; q/new takes the first low scorer's slot.
  const low = [
    { path: "o1", oid: "o1" },
    { path: "o2", oid: "o2", regular: false },
    { path: "o3", oid: "o3" },
  ];
  assert.deepEqual([...await pairBest([...low, ...twins], dst, counts)], [["m.md", "q/new"]]);
});
