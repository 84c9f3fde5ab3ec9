// Tests for a credential in a query string or form body that ends at `&`
// (core/safety/secrets/rules.ts FORM_VALUE): values of 8 to 15 characters
// the build before bdf3d7e redacted (the `&next=value` tail made them long
// enough) are judged in their form context, up to the `&` and no further.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, CONTEXTS, p, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);
const wrappers = [(x: string) => x, CONTEXTS.json_transcript!];

Deno.test("a secret query or form value before &next= is still redacted (redacted before values ended at &)", () => {
  const cases: [string, string][] = [
    ["https://api.example.com/v1/items?access_token=A3V59aS8gcK&user=bob", "A3V59aS8gcK"],
    ["https://api.example.com/v1/items?api_key=Zq8.Wm3*Rt&format=json", "Zq8.Wm3*Rt"],
    [
      "https://api.example.com/t?client_secret=5BCv5HwG+QV&grant_type=client_credentials",
      "5BCv5HwG+QV",
    ],
    ["curl -d 'pwd=UDSSNUwntAAVjjh&user=bob'", "UDSSNUwntAAVjjh"],
  ];
  for (const [text, secret] of cases) {
    for (const wrap of wrappers) {
      const r = redactText(engine, wrap(text));
      assert.ok(!r.text.includes(secret), `${secret} survived in ${r.text}`);
      // Control: the redaction stops at the `&`; the next field is kept.
      const next = text.slice(text.indexOf(secret) + secret.length).replace(/'$/, "");
      assert.ok(r.text.includes(`]${next}`), r.text);
    }
  }
});

Deno.test("a random value of 10 to 15 characters under a credential name in a query or form is redacted up to the &", () => {
  const rng = new Rng(1311);
  const names = ["access_token", "api_key", "client_secret", "auth_token", "password", "pwd"];
  for (let i = 0; i < 48; i++) {
    const name = names[i % names.length]!;
    const value = p("Q7", rng.str(ALNUM, 8 + (i % 6)));
    const kept = p("k", rng.str(ALNUM, 9));
    for (
      const text of [
        `GET https://api.example.test/v2/list?${name}=${value}&page=${kept}`,
        `curl -d '${name}=${value}&user=${kept}' https://api.example.test/login`,
      ]
    ) {
      for (const wrap of wrappers) {
        const r = redactText(engine, wrap(text));
        assert.ok(!r.text.includes(value), `${value} survived in ${r.text}`);
        assert.ok(r.text.includes(kept), `the next field was taken in ${r.text}`);
      }
    }
  }
});

Deno.test("placeholders, words and empty values in a query or form are kept (positive control: a random value)", () => {
  const kept = [
    "https://api.example.test/v1?token=&x=1",
    "https://api.example.test/v1?api_key=YOUR_KEY&format=json",
    "curl -d 'password=changeme&user=bob'",
    "https://api.example.test/v1?access_token=${TOKEN}&x=1",
    "https://auth.example.test/cb?token_type=bearer&expires_in=3600",
    // A password name with a lower-case word: not random enough without a digit or symbol.
    "curl -d 'pwd=abcdefghij&user=bob'",
    // Words joined in camel case under a password name: a setting, not a random password.
    "https://api.example.test/v1?pass=ThroughPut&x=1",
    // Eight characters that repeat a pattern (2 bits per character): not a random value.
    "https://api.example.test/v1?api_key=ab12ab12&x=1",
    // A name that is not a credential's.
    "https://api.example.test/v1?sort_key=Q7abc123&x=1",
  ];
  for (const text of kept) {
    for (const wrap of wrappers) {
      assert.deepEqual(redactText(engine, wrap(text)).kinds, [], text);
    }
  }
  // Positive control: the same shapes with a random value are redacted.
  const r = redactText(engine, "https://api.example.test/v1?api_key=Q7fk29Lm&format=json");
  assert.equal(r.text, "https://api.example.test/v1?api_key=[REDACTED:generic_secret]&format=json");
});

Deno.test("key material under a key name in a query ends at the & before the next field", () => {
  for (const wrap of wrappers) {
    const r = redactText(engine, wrap("GET /v1/list?api_key=Q7fk29LmVb7Nc1qR4t&page=2&sort=name"));
    assert.ok(!r.text.includes("Q7fk29LmVb7Nc1qR4t"), r.text);
    assert.ok(r.text.includes("]&page=2&sort=name"), r.text);
  }
});

Deno.test("an upper-case query name is the env rule's and its short value is still redacted up to the &", () => {
  for (const text of ["?API_KEY=Q7fk29Lm&format=json", "?APIKEY=Zq8.Wm3*Rt&format=json"]) {
    const r = redactText(engine, text);
    assert.deepEqual(r.kinds, ["env_secret"], r.text);
    assert.ok(r.text.endsWith("]&format=json"), r.text);
  }
});
