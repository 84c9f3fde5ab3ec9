import assert from "node:assert/strict";
import { isBlocked, normalizeDraft } from "../../../core/capsule/normalize_draft.ts";

const AT = "2026-11-30T00:00:00.000Z";

Deno.test("normalizeDraft() turns plain strings into claims with model provenance per field", () => {
  const { meaning, downgrades } = normalizeDraft({
    completed: ["did a"],
    hypotheses: ["maybe b"],
    blockers: ["stuck on c"],
  }, AT);
  assert.deepEqual(
    [meaning.completed[0]!.provenance, meaning.completed[0]!.trust],
    ["assistant", "claimed"],
  );
  assert.deepEqual(
    [meaning.hypotheses[0]!.provenance, meaning.hypotheses[0]!.trust],
    ["model_inference", "inferred"],
  );
  assert.deepEqual(
    [meaning.blockers[0]!.provenance, meaning.blockers[0]!.trust, meaning.blockers[0]!.question],
    ["assistant", "claimed", null],
  );
  assert.equal(meaning.completed[0]!.captured_at, AT);
  assert.deepEqual(downgrades, []);
});

Deno.test("normalizeDraft() rewrites forged verified/git claims and records each rewrite", () => {
  const { meaning, downgrades } = normalizeDraft({
    verified_facts: [{
      text: "tests pass",
      provenance: "git",
      trust: "verified",
      evidence_refs: ["x"],
    }],
    hypotheses: [{ text: "h", trust: "observed" }],
  }, AT);
  assert.equal(meaning.verified_facts[0]!.trust, "claimed");
  assert.equal(meaning.verified_facts[0]!.provenance, "assistant");
  assert.equal(meaning.hypotheses[0]!.trust, "inferred");
  assert.deepEqual(downgrades.map((d) => [d.field, d.what, d.from, d.to]), [
    ["verified_facts[0]", "provenance", "git", "assistant"],
    ["verified_facts[0]", "trust", "verified", "claimed"],
    ["hypotheses[0]", "trust", "observed", "inferred"],
  ]);
});

Deno.test("normalizeDraft() keeps weaker trust a model chose", () => {
  const { meaning, downgrades } = normalizeDraft(
    { completed: [{ text: "x", trust: "untrusted" }] },
    AT,
  );
  assert.equal(meaning.completed[0]!.trust, "untrusted");
  assert.deepEqual(downgrades, []);
});

Deno.test("normalizeDraft() gives decisions stable ids and keeps supersession", () => {
  const a = normalizeDraft({
    decisions: ["use sqlite", { id: "db", text: "use postgres", supersedes: "old" }],
  }, AT);
  const b = normalizeDraft({ decisions: ["use sqlite"] }, AT);
  assert.equal(a.meaning.decisions[0]!.id, b.meaning.decisions[0]!.id);
  assert.match(a.meaning.decisions[0]!.id, /^d-[0-9a-f]{8}$/);
  assert.equal(a.meaning.decisions[1]!.id, "db");
  assert.equal(a.meaning.decisions[1]!.supersedes, "old");
  assert.equal(a.meaning.decisions[1]!.status, "active");
});

Deno.test("isBlocked() is true only when a blocker has an open question", () => {
  assert.equal(isBlocked(normalizeDraft({ blockers: ["x"] }, AT).meaning), false);
  assert.equal(
    isBlocked(normalizeDraft({ blockers: [{ text: "x", question: "which db?" }] }, AT).meaning),
    true,
  );
  assert.equal(
    isBlocked(normalizeDraft({ blockers: [{ text: "x", question: "  " }] }, AT).meaning),
    false,
  );
});

Deno.test("normalizeDraft() carries next_action command as text, empty command as null", () => {
  const a =
    normalizeDraft({ next_action: { description: "run", command: "rm -rf /" } }, AT).meaning;
  assert.equal(a.next_action!.command, "rm -rf /");
  assert.equal(a.next_action!.text, "run");
  const b = normalizeDraft({ next_action: { description: "run", command: "" } }, AT).meaning;
  assert.equal(b.next_action!.command, null);
});
