import assert from "node:assert/strict";
import {
  DETERMINISTIC_PROVENANCES,
  isProvenance,
  isTrustState,
  MODEL_PROVENANCES,
  PROVENANCES,
  TRUST_STATES,
  trustRank,
} from "../../../core/trust/states.ts";

Deno.test("trustRank() orders trust from verified (strongest) to untrusted", () => {
  const ranks = TRUST_STATES.map(trustRank);
  assert.deepEqual(ranks, [0, 1, 2, 3, 4]);
  assert.ok(trustRank("verified") < trustRank("claimed"));
});

Deno.test("isTrustState() and isProvenance() accept only the listed words", () => {
  for (const t of TRUST_STATES) assert.ok(isTrustState(t));
  for (const p of PROVENANCES) assert.ok(isProvenance(p));
  for (const bad of ["Verified", "", null, 1, "certain", "toString"]) {
    assert.ok(!isTrustState(bad));
    assert.ok(!isProvenance(bad));
  }
});

Deno.test("no provenance is both a model's and deterministic", () => {
  for (const p of MODEL_PROVENANCES) assert.ok(!DETERMINISTIC_PROVENANCES.has(p), p);
  const all = new Set([...MODEL_PROVENANCES, ...DETERMINISTIC_PROVENANCES]);
  assert.deepEqual([...all].sort(), [...PROVENANCES].sort());
});
