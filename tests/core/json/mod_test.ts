// Tests for core/json/mod.ts: the public surface is re-exported.

import assert from "node:assert/strict";
import * as json from "../../../core/json/mod.ts";

Deno.test("core/json/mod.ts re-exports the public surface", () => {
  assert.deepEqual(Object.keys(json).sort(), [
    "CANONICAL_JSON_MAX_DEPTH",
    "CanonicalJsonError",
    "STRICT_JSON_DEFAULTS",
    "STRICT_JSON_ERROR_KINDS",
    "StrictJsonError",
    "canonicalJson",
    "parseStrictJson",
  ]);
  assert.equal(json.canonicalJson(json.parseStrictJson('{"b":2,"a":1}')), '{"a":1,"b":2}');
});
