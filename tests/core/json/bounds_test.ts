// Tests for core/json/bounds.ts.

import assert from "node:assert/strict";
import { STRICT_JSON_DEFAULTS } from "../../../core/json/bounds.ts";

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
