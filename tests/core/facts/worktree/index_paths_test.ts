/**
 * IndexPaths: the paths cut out of one text on demand are the strings a
 * split of that text gives (what the index parse held before, one string per
 * path), for any strings, and nothing outside the positions is a path.
 * @module
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { IndexPaths } from "../../../../core/facts/worktree/index_paths.ts";
import { comparePaths } from "../../../../core/facts/worktree/compare_paths.ts";

/** Any UTF-16 strings (lone surrogates, NULs and empty strings included). */
const anyPaths = fc.array(fc.string({ unit: "binary", maxLength: 12 }), { maxLength: 40 });

Deno.test("IndexPaths.of() gives back every string at its position, NULs, surrogates and empty strings included", () => {
  fc.assert(fc.property(anyPaths, (list) => {
    const paths = IndexPaths.of(list);
    assert.equal(paths.length, list.length);
    for (let i = 0; i < list.length; i++) assert.equal(paths.get(i), list[i]);
    assert.deepEqual(paths.toArray(), list);
    assert.deepEqual([...paths], list);
  }));
});

Deno.test("IndexPaths over a NUL-separated text gives what a split of the text at its NULs gives (the parse's form)", () => {
  const nulFree = fc.array(
    fc.string({ unit: "binary", maxLength: 12 }).map((s) => s.replaceAll("\0", "")),
    {
      minLength: 1,
      maxLength: 40,
    },
  );
  fc.assert(fc.property(nulFree, (list) => {
    const text = list.join("\0");
    const ends: number[] = [];
    for (let at = text.indexOf("\0"); at >= 0; at = text.indexOf("\0", at + 1)) ends.push(at);
    ends.push(text.length);
    const paths = new IndexPaths(text, Uint32Array.from(ends));
    assert.deepEqual(paths.toArray(), text.split("\0"));
  }));
});

Deno.test("IndexPaths.get() is undefined off the positions, and includes() finds exactly the paths", () => {
  fc.assert(fc.property(anyPaths, fc.string({ unit: "binary", maxLength: 12 }), (list, probe) => {
    const paths = IndexPaths.of(list);
    for (const i of [-1, list.length, list.length + 1, 0.5, Number.NaN]) {
      assert.equal(paths.get(i), undefined, `position ${i}`);
    }
    assert.equal(paths.includes(probe), list.includes(probe));
    for (const p of list) assert.equal(paths.includes(p), true);
  }));
  // Positive control: a list that holds the probe.
  assert.equal(IndexPaths.of(["a", "b/c"]).includes("b/c"), true);
  assert.equal(IndexPaths.of(["a", "b/c"]).includes("b"), false);
});

Deno.test("compareWithPrevious() is comparePaths of the two paths, cut out (surrogates at a path's end included)", () => {
  // Units near the surrogate ranges, so pairs, lone halves and a high half
  // at a path's end before a low half starting the next all come up.
  const unit = fc.constantFrom(
    "a",
    "b",
    "/",
    "\0",
    "\ud800",
    "\udbff",
    "\udc00",
    "\udfff",
    "\ue000",
    "\uffff",
    "é",
  );
  const path = fc.array(unit, { maxLength: 6 }).map((u) => u.join(""));
  let unequal = 0;
  fc.assert(
    fc.property(fc.array(path, { minLength: 2, maxLength: 20 }), (list) => {
      const paths = IndexPaths.of(list);
      for (let i = 1; i < list.length; i++) {
        const want = comparePaths(list[i - 1]!, list[i]!);
        assert.equal(paths.compareWithPrevious(i), want, `${i}`);
        if (want !== 0) unequal++;
      }
    }),
    { numRuns: 500 },
  );
  assert.ok(unequal > 0);
});
