// Tests for core/safety/secrets/sanitize_value.ts.

import assert from "node:assert/strict";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { sanitizeValue } from "../../../../core/safety/secrets/sanitize_value.ts";
import { Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

Deno.test("sanitizeValue() redacts nested strings and records JSON paths", () => {
  const rng = new Rng(81);
  const gh = SAMPLES.github_pat!(rng);
  const jwt = SAMPLES.jwt!(rng);
  const value = {
    completed: [{ text: "ok" }, { text: "ok" }, { text: `pushed with ${gh.text}` }],
    "odd key": [null, 3, true, jwt.text],
  };
  const r = sanitizeValue(engine, value, { path: "meaning" });
  assert.deepEqual(r.redactions, [
    { field: "meaning.completed[2].text", kind: "github_pat" },
    { field: 'meaning["odd key"][3]', kind: "jwt" },
  ]);
  assert.equal(r.value.completed[2]!.text, "pushed with [REDACTED:github_pat]");
  assert.deepEqual(r.value["odd key"], [null, 3, true, "[REDACTED:jwt]"]);
  assert.equal(value.completed[2]!.text, `pushed with ${gh.text}`, "the input is not changed");
});

Deno.test("sanitizeValue() refuses values past the depth bound", () => {
  let deep: unknown = "x";
  for (let i = 0; i < 100; i++) deep = [deep];
  assert.throws(() => sanitizeValue(engine, deep), RangeError);
  let ok: unknown = "x";
  for (let i = 0; i < 10; i++) ok = [ok];
  assert.deepEqual(sanitizeValue(engine, ok).redactions, []);
});

Deno.test("sanitizeValue() keeps a __proto__ key as an own property", () => {
  const value = JSON.parse('{"__proto__": "DB_PASSWORD=Xk2mQ9rT4wLp"}');
  const r = sanitizeValue(engine, value);
  assert.ok(Object.hasOwn(r.value, "__proto__"));
  assert.deepEqual(r.redactions, [{ field: "__proto__", kind: "env_secret" }]);
});

Deno.test("sanitizeValue() records a value redacted before it, by its marker, and nothing in a clean string", () => {
  // Meaning carried from an earlier capsule, an evidence record's command: already redacted.
  const value = {
    now: "deploy --password [REDACTED:cli_secret_option] and [REDACTED:aws_access_key]",
    clean: "REDACTED is a word; [REDACTED:Not A Kind] is no marker",
  };
  const r = sanitizeValue(engine, value, { path: "meaning" });
  // Under a kind of their own: a marker's kind is the writer's text.
  assert.deepEqual(r.redactions, [
    { field: "meaning.now", kind: "already_redacted" },
    { field: "meaning.now", kind: "already_redacted" },
  ]);
  assert.deepEqual(r.value, value, "a marker is never redacted again");
});
