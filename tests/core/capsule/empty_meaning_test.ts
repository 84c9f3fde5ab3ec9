import assert from "node:assert/strict";
import { emptyMeaning } from "../../../core/capsule/empty_meaning.ts";

Deno.test("emptyMeaning() has every field empty and is a fresh object each call", () => {
  const a = emptyMeaning();
  assert.equal(a.now, null);
  assert.equal(a.next_action, null);
  assert.equal(a.fold, false);
  a.completed.push({
    text: "x",
    provenance: "assistant",
    trust: "claimed",
    evidence_refs: [],
    captured_at: "t",
  });
  assert.deepEqual(emptyMeaning().completed, []);
});
