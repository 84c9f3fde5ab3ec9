// Tests for core/bounds.ts.

import assert from "node:assert/strict";
import { SCAN_BOUNDS, STRICT_JSON_DEFAULTS } from "../../core/bounds.ts";

Deno.test("STRICT_JSON_DEFAULTS documents the default bounds", () => {
  assert.deepEqual({ ...STRICT_JSON_DEFAULTS }, {
    maxBytes: 8 * 1024 * 1024,
    maxDepth: 64,
    maxStringBytes: 1024 * 1024,
    maxItems: 100_000,
  });
});

Deno.test("STRICT_JSON_DEFAULTS cannot be changed at run time", () => {
  assert.ok(Object.isFrozen(STRICT_JSON_DEFAULTS));
  assert.throws(() => {
    (STRICT_JSON_DEFAULTS as { maxDepth: number }).maxDepth = 1_000_000;
  }, TypeError);
});

Deno.test("SCAN_BOUNDS keeps the overlap larger than the longest secret", () => {
  assert.ok(Object.isFrozen(SCAN_BOUNDS));
  assert.ok(SCAN_BOUNDS.overlapBytes >= SCAN_BOUNDS.maxSecretBytes + 1024);
  assert.ok(SCAN_BOUNDS.chunkBytes > SCAN_BOUNDS.overlapBytes);
  assert.equal(SCAN_BOUNDS.maxDepth, STRICT_JSON_DEFAULTS.maxDepth);
  assert.equal(SCAN_BOUNDS.maxItems, STRICT_JSON_DEFAULTS.maxItems);
});
