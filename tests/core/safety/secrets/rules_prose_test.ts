// Tests for core/safety/secrets/rules_prose.ts: a password, token or key
// told in a sentence is redacted; sentences about them, and identifiers told
// the same way, are kept (see: #21).

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

Deno.test("a token or key told in a sentence is redacted in every context; at the start of a JSON-escaped line too", () => {
  const rng = new Rng(2911);
  const says = [
    (v: string) => `your API key is: ${v}`,
    (v: string) => `The access token is ${v}.`,
    (v: string) => `the client secret was "${v}", rotate it`,
    (v: string) => `Your key is \`${v}\``,
  ];
  for (const say of says) {
    for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
      const v = p("Q7", rng.str(ALNUM, 22));
      const r = redactText(engine, wrap(say(v)));
      assert.deepEqual(r.kinds, ["told_token"], `${say("V")} / ${ctx}`);
      assert.ok(!r.text.includes(v), r.text);
    }
  }
  // A line of its own in a transcript: the JSON escape's `n` is right before the sentence.
  for (const line of ["token is", "password is"]) {
    const v = p("Q7", rng.str(ALNUM, 22), "!");
    const r = redactText(engine, JSON.stringify({ content: `done\n${line} ${v}` }));
    assert.ok(!r.text.includes(v.slice(0, 12)), r.text);
  }
});

Deno.test("a camel-case identifier, a path or a word told as a token is kept; 200 random tokens are not", () => {
  const kept = [
    "the secret is k8sSecretNameForProd01",
    "the token is expired",
    "the key is customer_id_12345678",
    "your API key is: /etc/keys/api.key",
    "the token is https://auth.example.test/token",
    "the secret is ${{ secrets.DEPLOY_KEY }}",
    "the key is getApiKeyFromVault2024",
    "the token is stored in settings.json",
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
  const rng = new Rng(2912);
  let found = 0;
  for (let i = 0; i < 200; i++) {
    const v = rng.str(ALNUM, 24);
    if (!/[0-9]/.test(v) || !/[A-Za-z]{2}/.test(v)) continue;
    const r = redactText(engine, `the secret is ${v}`);
    if (r.kinds.includes("told_token") && !r.text.includes(v)) found++;
    else assert.fail(`missed ${v}`);
  }
  assert.ok(found > 190, `${found}`);
});
