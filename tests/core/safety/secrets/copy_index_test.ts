// Tests for core/safety/secrets/copy_index.ts: the copy search's probe lists
// in typed arrays. The search through them is compared with a search at every
// offset in copies_test.ts. See: #21

import assert from "node:assert/strict";
import { ProbeLists } from "../../../../core/safety/secrets/copy_index.ts";
import { Rng } from "../../../_helpers/secret_fixtures.ts";

function listOf(lists: ProbeLists, word: number): [number, number][] {
  const out: [number, number][] = [];
  for (let c = lists.first(word); c !== -1; c = lists.next[c]!) {
    out.push([lists.ids[c]!, lists.offsets[c]!]);
  }
  return out;
}

Deno.test("perf21y: ProbeLists keeps each window's (id, offset) pairs in insertion order, as a Map of arrays does, through growth and colliding windows", () => {
  const rng = new Rng(2108);
  const lists = new ProbeLists();
  const model = new Map<number, [number, number][]>();
  // Words of every sign and size, many repeated (long lists), many sharing table slots.
  const words = Array.from(
    { length: 3000 },
    (_, k) =>
      k % 3 === 0 ? (rng.int(2 ** 32) - 2 ** 31) | 0 : k % 3 === 1 ? rng.int(40) : (k << 22) | 0,
  );
  for (let n = 0; n < 20000; n++) {
    const word = rng.pick(words);
    const pair: [number, number] = [rng.int(5000), rng.int(1100)];
    const length = lists.add(word, pair[0], pair[1]);
    const list = model.get(word) ?? [];
    list.push(pair);
    model.set(word, list);
    assert.equal(length, list.length);
  }
  assert.equal(lists.size, model.size);
  for (const [word, list] of model) {
    assert.deepEqual(listOf(lists, word), list);
    assert.equal(lists.count(word), list.length);
  }
  const seen = new Map<number, number>();
  lists.forEach((word, first, count) => {
    assert.equal(first, lists.first(word));
    seen.set(word, count);
  });
  assert.deepEqual(seen, new Map([...model].map(([w, l]) => [w, l.length])));
  // Control: a window never added has no list.
  const absent = [7777777, -5, 2 ** 30].filter((w) => !model.has(w));
  assert.ok(absent.length > 0);
  for (const w of absent) {
    assert.equal(lists.first(w), -1);
    assert.equal(lists.count(w), 0);
  }
});
