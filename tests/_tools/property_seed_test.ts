/**
 * Property tests draw the same cases on every run: the fast-check the suite
 * imports carries a fixed seed (tests/_helpers/property_seed.ts).
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { DEFAULT_PROPERTY_SEED } from "../_helpers/property_seed.ts";

Deno.test("the suite's fast-check draws from one fixed seed", () => {
  if (Deno.env.get("BATON_PROPERTY_SEED")) return; // a run that asked for another seed
  assert.equal(fc.readConfigureGlobal().seed, DEFAULT_PROPERTY_SEED);
  const first = fc.sample(fc.integer(), 20);
  const again = fc.sample(fc.integer(), 20);
  assert.deepEqual(again, first);
  // Control: another seed draws other cases, so the equality above is the seed's doing.
  const other = fc.sample(fc.integer(), { numRuns: 20, seed: DEFAULT_PROPERTY_SEED + 1 });
  assert.notDeepEqual(other, first);
});
