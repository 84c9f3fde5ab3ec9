// Tests for core/safety/secrets/mod.ts: the public surface and the shared engine.

import assert from "node:assert/strict";
import * as secrets from "../../../../core/safety/secrets/mod.ts";

Deno.test("core/safety/secrets/mod.ts re-exports the public surface", () => {
  assert.deepEqual(Object.keys(secrets).sort(), [
    "SECRET_RULES",
    "createEngine",
    "defaultEngine",
    "findSecrets",
    "redactBytes",
    "redactText",
    "redactionMarker",
    "sanitizeValue",
    "scanBytes",
    "scanStream",
  ]);
});

Deno.test("defaultEngine() is built once per prefilter kind", () => {
  assert.equal(secrets.defaultEngine(), secrets.defaultEngine("wasm"));
  assert.notEqual(secrets.defaultEngine("ts"), secrets.defaultEngine("wasm"));
  assert.equal(secrets.defaultEngine("ts").prefilter, "ts");
  assert.equal(secrets.redactionMarker("jwt"), "[REDACTED:jwt]");
});
