// Tests for core/safety/secrets/redact.ts.

import assert from "node:assert/strict";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { redactBytes, redactText, scanBytes } from "../../../../core/safety/secrets/redact.ts";
import { Rng, SAMPLES } from "./_fixtures.ts";

const engine = createEngine(SECRET_RULES);
const encoder = new TextEncoder();

Deno.test("redactText() replaces every occurrence whole, leaving no tail, and is idempotent", () => {
  const rng = new Rng(71);
  const a = SAMPLES.openai_api_key!(rng);
  const b = SAMPLES.private_key_openssh!(rng);
  const text = `first ${a.text}, again ${a.text}\n${b.text}\nend`;
  const r = redactText(engine, text);
  assert.deepEqual(r.kinds, ["openai_api_key", "openai_api_key", "private_key_openssh"]);
  assert.equal(
    r.text,
    "first [REDACTED:openai_api_key], again [REDACTED:openai_api_key]\n[REDACTED:private_key_openssh]\nend",
  );
  assert.ok(!r.text.includes(a.core) && !r.text.includes("-----"));
  assert.deepEqual(redactText(engine, r.text), { text: r.text, kinds: [] });
});

Deno.test("redactBytes() returns the very input when nothing is found", () => {
  const bytes = new Uint8Array([0xff, 0x00, 0x41, 0xc3, 0x28]);
  const r = redactBytes(engine, bytes);
  assert.equal(r.bytes, bytes);
  assert.deepEqual(r.findings, []);
  // Positive control through the same function.
  const s = SAMPLES.npm_token!(new Rng(72));
  const withSecret = redactBytes(engine, encoder.encode(`\xff ${s.text}`));
  assert.equal(withSecret.findings.length, 1);
  assert.ok(new TextDecoder().decode(withSecret.bytes).endsWith("[REDACTED:npm_token]"));
});

Deno.test("scanBytes() never carries the secret or a hash of it", () => {
  const s = SAMPLES.github_pat!(new Rng(73));
  const json = JSON.stringify(scanBytes(engine, encoder.encode(s.text)));
  assert.ok(!json.includes(s.core));
  assert.deepEqual(Object.keys(JSON.parse(json)[0]).sort(), [
    "column",
    "end",
    "kind",
    "line",
    "start",
  ]);
});
