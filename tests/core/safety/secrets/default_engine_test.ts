// Tests for core/safety/secrets/default_engine.ts: the shared engine.

import assert from "node:assert/strict";
import { defaultEngine } from "../../../../core/safety/secrets/default_engine.ts";
import { redactionMarker } from "../../../../core/safety/secrets/stream.ts";

Deno.test("defaultEngine() is built once per prefilter kind", () => {
  assert.equal(defaultEngine(), defaultEngine("wasm"));
  assert.notEqual(defaultEngine("ts"), defaultEngine("wasm"));
  assert.equal(defaultEngine("ts").prefilter, "ts");
  assert.equal(redactionMarker("jwt"), "[REDACTED:jwt]");
});
