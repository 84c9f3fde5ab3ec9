// Tests for core/safety/secrets/redact.ts.

import assert from "node:assert/strict";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { redactBytes, redactText, scanBytes } from "../../../../core/safety/secrets/redact.ts";
import { Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

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

Deno.test("redaction is idempotent for a token used as URL userinfo: markers stay opaque", () => {
  const rng = new Rng(72);
  for (const kind of ["github_oauth_token", "github_pat", "gitlab_pat", "npm_token"]) {
    for (
      const wrap of [
        (s: string) => `git clone https://${s}@github.com/o/r`,
        (s: string) => `git clone https://x-access-token:${s}@github.com/o/r.git`,
        (s: string) => `{"cmd":"git remote add origin https://${s}@gitlab.test/g/p.git"}`,
      ]
    ) {
      const s = SAMPLES[kind]!(rng);
      const once = redactText(engine, wrap(s.text));
      assert.ok(once.text.includes(`[REDACTED:${kind}]`), `${kind}: marker missing`);
      assert.ok(!once.text.includes(s.core), `${kind}: secret survived`);
      const twice = redactText(engine, once.text);
      assert.deepEqual(twice, { text: once.text, kinds: [] }, once.text);
    }
  }
  // A marker beside a real URL password does not hide it.
  const r = redactText(engine, "[REDACTED:github_pat] https://u:Zq81mXw4Lp0vTr@h.test/");
  assert.equal(r.text, "[REDACTED:github_pat] https://u:[REDACTED:url_credentials]@h.test/");
});
