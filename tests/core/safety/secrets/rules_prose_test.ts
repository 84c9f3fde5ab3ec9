// Tests for core/safety/secrets/rules_prose.ts: a password told in a
// sentence is redacted; sentences about passwords are kept (see: #21).

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { PROSE_RULES } from "../../../../core/safety/secrets/rules_prose.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, CONTEXTS, p, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

Deno.test("the prose rule is in the main table", () => {
  for (const r of PROSE_RULES) assert.ok(SECRET_RULES.includes(r), r.title);
});

Deno.test("a password told in a sentence is redacted whole, in a transcript too", () => {
  const rng = new Rng(2904);
  const pw = () => p("Xk2", rng.str(ALNUM, 6), "!", rng.str(ALNUM, 3));
  const cases: ((s: string) => string)[] = [
    (s) => `the password is ${s}`,
    (s) => `The admin password is: ${s}.`,
    (s) => `my passphrase was "${s}", please rotate it`,
    (s) => `ok, password is \`${s}\``,
  ];
  for (const wrap of cases) {
    const s = pw();
    for (const ctx of [(x: string) => x, CONTEXTS.json_transcript!]) {
      const text = ctx(wrap(s));
      const r = redactText(engine, text);
      assert.deepEqual(r.kinds, ["password_assignment"], text);
      assert.ok(!r.text.includes(s.slice(0, 6)) && !r.text.includes(s.slice(-4)), r.text);
    }
  }
});

Deno.test("sentences about a password, references, paths and algorithm names are kept", () => {
  for (
    const text of [
      "The password is stored in the vault",
      "password is required",
      "password was changed",
      "Your password reset link expired",
      "password is sha256-hashed",
      "password is SHA-256.",
      "password is argon2id",
      "the password is in secrets.env",
      "the password is $DB_PASSWORD",
      "password is ${DB_PASSWORD}",
      "password is https://vault.test/x1",
      "password is 12345678",
      "the password is at least 12 characters",
    ]
  ) assert.deepEqual(redactText(engine, text).kinds, [], text);
  // Positive control: the same sentence shape with a password is redacted.
  assert.deepEqual(redactText(engine, "the password is Zq7Rt4wP").kinds, ["password_assignment"]);
});
