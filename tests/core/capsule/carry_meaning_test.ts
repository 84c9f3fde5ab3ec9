import assert from "node:assert/strict";
import { carryMeaning } from "../../../core/capsule/carry_meaning.ts";
import { emptyMeaning } from "../../../core/capsule/empty_meaning.ts";
import { claim } from "../../_helpers/capsule.ts";

Deno.test("carryMeaning() lowers verified and observed claims to claimed, recording each, and keeps weaker ones", () => {
  const m = emptyMeaning();
  m.now = "state";
  m.verified_facts = [claim("tests pass", { trust: "verified", evidence_refs: ["git:facts"] })];
  m.completed = [claim("seen", { trust: "observed" }), claim("said", { trust: "claimed" })];
  m.hypotheses = [claim("maybe", { trust: "inferred" })];
  const { meaning, downgrades } = carryMeaning(m);
  assert.equal(meaning.verified_facts[0]!.trust, "claimed");
  assert.deepEqual(meaning.completed.map((c) => c.trust), ["claimed", "claimed"]);
  assert.equal(meaning.hypotheses[0]!.trust, "inferred");
  assert.deepEqual(downgrades.map((d) => [d.field, d.from, d.to]), [
    ["completed[0]", "observed", "claimed"],
    ["verified_facts[0]", "verified", "claimed"],
  ]);
  assert.equal(meaning.now, "state");
});

Deno.test("carryMeaning() copies: changing the carried meaning leaves the original alone", () => {
  const m = emptyMeaning();
  m.next_steps = [claim("a", { evidence_refs: ["x"] })];
  m.pointers = ["a.ts"];
  const { meaning, downgrades } = carryMeaning(m);
  assert.deepEqual(downgrades, []);
  meaning.next_steps[0]!.evidence_refs.push("y");
  meaning.pointers.push("b.ts");
  assert.deepEqual(m.next_steps[0]!.evidence_refs, ["x"]);
  assert.deepEqual(m.pointers, ["a.ts"]);
});
