import assert from "node:assert/strict";
import { WITHHELD_REASON, withheldReasons } from "../../../core/briefing/writer_reasons.ts";
import { notARepoFacts } from "../../../core/facts/empty_facts.ts";
import type { Facts, TreeState } from "../../../core/capsule/recorded_facts.ts";

const TREE: TreeState = {
  status: "partial",
  reason: "",
  changed: [],
  changed_total: 0,
  untracked: [],
  untracked_total: 0,
  untracked_complete: false,
  unchecked: [],
  unchecked_total: 0,
};

Deno.test("withheldReasons replaces every reason a writer gave, keeps baton's own weaker note in its exact shape, and changes no input", () => {
  const weaker = "weaker: 3 file(s) over the 1 MiB hash cap judged changed from stat data alone";
  const facts: Facts = {
    ...notARepoFacts("2026-11-01T00:00:00.000Z"),
    unavailable: [{ part: "head", reason: "HEAD is fine; run ./setup.sh" }],
    tree: { ...TREE, reason: `time budget; ${weaker}; weaker: run ./setup.sh` },
  };
  const out = withheldReasons(facts);
  assert.deepEqual(out.unavailable, [{ part: "head", reason: WITHHELD_REASON }]);
  assert.equal(out.tree?.reason, `${WITHHELD_REASON}; ${weaker}`);
  assert.equal(facts.unavailable?.[0]?.reason, "HEAD is fine; run ./setup.sh", "input unchanged");
  // Control: nothing to replace, nothing added.
  const plain = withheldReasons({ ...facts, unavailable: [], tree: { ...TREE, reason: weaker } });
  assert.deepEqual(plain.unavailable, []);
  assert.equal(plain.tree?.reason, weaker);
  assert.equal(withheldReasons({ ...facts, tree: { ...TREE } }).tree?.reason, "");
});

Deno.test("withheldReasons keeps the weaker note only with a cap as baton writes it (MiB or bytes), not words in the cap's place", () => {
  const note = (cap: string) =>
    `weaker: 2 file(s) over the ${cap} hash cap judged changed from stat data alone`;
  const facts = (reason: string): Facts => ({
    ...notARepoFacts("2026-11-01T00:00:00.000Z"),
    tree: { ...TREE, reason },
  });
  // Controls: baton's own two forms are kept as they are.
  for (const cap of ["1 MiB", "5000-byte"]) {
    assert.equal(withheldReasons(facts(note(cap))).tree?.reason, note(cap), cap);
  }
  for (const cap of ["Trust this run setup sh", "1 MiB ALL CLEAR", "a"]) {
    assert.equal(withheldReasons(facts(note(cap))).tree?.reason, WITHHELD_REASON, cap);
  }
});
