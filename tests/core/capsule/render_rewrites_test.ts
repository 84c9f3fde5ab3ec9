import assert from "node:assert/strict";
import { LISTED_REWRITES, renderRewrites } from "../../../core/capsule/render_rewrites.ts";
import type { Downgrade } from "../../../core/capsule/types.ts";

const one = (i: number): Downgrade => ({
  field: `verified_facts[${i}]`,
  what: "trust",
  from: "verified",
  to: "claimed",
  why: "no evidence cited",
});

Deno.test("renderRewrites() lists each rewrite with its reason, and counts the rest", () => {
  assert.deepEqual(renderRewrites([]), []);
  const many = Array.from({ length: LISTED_REWRITES + 2 }, (_, i) => one(i));
  const lines = renderRewrites(many);
  assert.equal(lines.length, LISTED_REWRITES + 1);
  assert.equal(lines[0], "  verified_facts[0]: trust verified -> claimed (no evidence cited)");
  assert.match(lines.at(-1)!, /and 2 more/);
});
