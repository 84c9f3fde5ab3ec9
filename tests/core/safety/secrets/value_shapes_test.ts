// Tests for value shapes under a credential name (core/safety/secrets/rules.ts):
// keys of random letters alone, passwords of digits alone or of dotted
// words ending in digits, and a credential as the last field of a URL
// query. Each with its look-alikes kept (see: #21).

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, CONTEXTS, p, Rng, uuidV4 } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);
const wrappers = [(x: string) => x, CONTEXTS.json_transcript!];
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Redacts `text` in each wrapper and checks `secret` is gone and a finding is made. */
function assertRedacted(text: string, secret: string): void {
  for (const wrap of wrappers) {
    const r = redactText(engine, wrap(text));
    assert.ok(r.kinds.length > 0, `nothing found in ${text}`);
    assert.ok(!r.text.includes(secret), `${secret} survived in ${r.text}`);
  }
}

Deno.test("a key of 24 or more random letters under a credential name is redacted; words in camel case are kept", () => {
  const rng = new Rng(2141);
  let found = 0;
  const n = 200;
  for (let i = 0; i < n; i++) {
    const v = rng.str(LETTERS, 24 + (i % 20));
    const text = [
      `"api_key": "${v}"`,
      `secret_key: "${v}"`,
      `apiKey = '${v}'`,
      `stripeKey := "${v}"`,
      `clientSecret: "${v}"`,
    ][i % 5]!;
    if (!redactText(engine, text).text.includes(v)) found++;
  }
  // About 94 % of random draws change case as a random draw does (the rest hold long word-like runs).
  assert.ok(found >= 0.85 * n, `${found}/${n}`);
  const kept = [
    'api_key: "ThisIsMyApiKeyForTheServiceHere"',
    '"client_secret": "XMLHttpRequestAPIClientFactory"',
    'accessToken = "AWSSecretsManagerClientBuilder"',
    // Not a credential's name.
    `"message": "${rng.str(LETTERS, 30)}"`,
    `sort_key: "${rng.str(LETTERS, 30)}"`,
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("a password of digits alone or of dotted words ending in digits is redacted under a password name", () => {
  const rng = new Rng(2142);
  const digits = () => p("7", rng.str("0123456789", 5), "3", rng.str("0123456789", 2));
  const dotted = () => p("Admin.Secure", rng.str("0123456789", 4));
  const cases: [(s: string) => string, () => string][] = [
    [(s) => `DB_PASSWORD=${s}`, digits],
    [(s) => `password: ${s}`, digits],
    [(s) => `"password": ${s},`, digits],
    [(s) => `db_password = "${s}"`, digits],
    [(s) => `MYSQL_ROOT_PASSWORD="${s}"`, dotted],
    [(s) => `MYSQL_ROOT_PASSWORD=${s}`, dotted],
    [(s) => `db_password: ${s}`, () => p("Welcome.Home", rng.str("0123456789", 2))],
  ];
  for (const [wrap, make] of cases) {
    const s = make();
    assertRedacted(wrap(s), s);
  }
  const kept = [
    "DB_PASSWORD=123456",
    "password: 12345678",
    "PASSWORD_MIN_LENGTH=12",
    '"max_password_length": 128000',
    "password: config.db.password",
    "password: Settings.Default.DbPassword",
    "password: form.password12",
    // Digits under a name that is not a password's.
    `request_id: ${digits()}`,
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("a credential as the last field of a URL query is redacted up to the URL's end", () => {
  const rng = new Rng(2143);
  const v = () => p("Zk2", rng.str(ALNUM, 6 + rng.int(6)));
  const shapes = [
    (s: string) => `curl "https://api.example.test/v1/items?limit=10&api_key=${s}"`,
    (s: string) => `https://api.example.test/v1/items?api_key=${s}`,
    (s: string) => `fetch('https://maps.example.test/geo?q=paris&token=${s}')`,
    (s: string) => `<a href="https://x.test/cb?access_token=${s}">`,
    (s: string) => `GET /oauth/cb?client_secret=${s} HTTP/1.1`,
    (s: string) => `[link](https://x.test/cb?auth_token=${s})`,
  ];
  for (const shape of shapes) {
    const s = v();
    const text = shape(s);
    assertRedacted(text, s);
    // Control: only the value is taken, what closes the URL stays.
    const r = redactText(engine, text);
    assert.ok(r.text.endsWith(text.slice(text.indexOf(s) + s.length)), r.text);
  }
  const kept = [
    "https://x.test/cb?access_token=YOUR_TOKEN",
    "https://x.test/cb?token_type=bearer",
    "https://x.test/cb?sort_key=Q7abc123",
    "https://x.test/cb?page_token=Q7abc123xyz",
    "https://x.test/cb?api_key=${API_KEY}",
    "see ?api_key=abc12 for details",
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("a secret in a Postman key/value pair or a CloudFormation parameter is redacted; other keys are kept", () => {
  const rng = new Rng(2144);
  const tk = p("Q7", rng.str(ALNUM, 20));
  const pw = p("Xk7", rng.str(ALNUM, 9));
  const found: [string, string][] = [
    [`{"values": [{"key": "api_key", "value": "${tk}", "enabled": true}]}`, tk],
    [`[{"ParameterKey": "DBPassword", "ParameterValue": "${pw}"}]`, pw],
  ];
  for (const [text, secret] of found) assertRedacted(text, secret);
  const kept = [
    `{"key": "sort_order", "value": "${tk}"}`,
    `{"key": "cache_key", "value": "${tk}"}`,
    `{"key": "monkey", "value": "${tk}"}`,
    '{"key": "api_key", "value": "{{api_key}}"}',
    `[{"ParameterKey": "InstanceType", "ParameterValue": "${pw}"}]`,
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("a quoted value of letters and many symbols under a secret's name is redacted; regular expressions and templates are kept", () => {
  const rng = new Rng(2145);
  // Not `<`, `>` or `%`: a `<...>` pair or a `%s` in a value marks a placeholder.
  const SYMBOLS = "{}()[]$#!?*&^@~+=|";
  for (let i = 0; i < 40; i++) {
    let v = "";
    for (let k = 0; k < 24; k++) {
      v += k % 3 === 1 ? rng.str(SYMBOLS, 1) : rng.str("abcdefghijklmnopqrstuvwxyz", 1);
    }
    for (const text of [`password = "${v}"`, `apikey := "${v}"`, `"api_key": "${v}"`]) {
      // A value that opens like a call (`f(...`) is a call look-alike; `${`/`{{` open templates.
      if (v.includes("${") || v.includes("{{") || /^[a-z]+\(/.test(v)) continue;
      assertRedacted(text, v);
    }
  }
  for (
    const text of [
      'password = "q{{w}e)r$t]yui(op[as>-_$#dfgh}}"',
      'apikey := "q{{w}e)r$t]yui(op[as>-_$#dfgh}}"',
    ]
  ) assertRedacted(text, "q{{w}e)r$t]yui(op[as>-_$#dfgh}}");
  const kept = [
    'secret_regex = "(?i)secret[=:]"',
    'TOKEN_RE = "[A-Za-z_]+(?:bar)"',
    'token_pattern: "^[a-z]+$"',
    'api_key: "{{ .Values.apiKey }}"',
    'secret: "${{ secrets.API_KEY }}"',
    'auth_token = "(none)"',
    "token: `dead-${crypto.randomUUID()}`,",
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("a bare value whose brackets cross (a `)` closing a `{`) under a secret's name is redacted whole; code that nests its brackets is kept", () => {
  const rng = new Rng(2147);
  const LOWER = "abcdefghijklmnopqrstuvwxyz";
  for (let i = 0; i < 30; i++) {
    // Letters and symbols around one crossed pair: an opener, then a closer of another kind
    // (a symbol before the opener: `abc(` opens like a call, which the filters keep).
    const [o, c] = [["{", ")"], ["(", "]"], ["[", "}"], ["{", "]"]][i % 4]!;
    const v = rng.str(LOWER, 3) + rng.str("@!~", 1) + o + rng.str(LOWER, 2) +
      rng.str("$#!@~^*", 2) + c +
      rng.str(LOWER, 4) + rng.str("])#!@", 2) + rng.str(LOWER, 3);
    for (
      const text of [
        `my_password = ${v}`,
        `password: ${v}`,
        `apikey := ${v}`,
        `theapikey:${v}`,
        `the_password=${v}\n`,
      ]
    ) assertRedacted(text, v);
  }
  const kept = [
    "password = foo(hey)you",
    "password = getpass(prompt)[0]",
    "login(username=username, password=password)",
    "apiKey: this.apiKey,",
    "token:e.token||t(n)}",
    "secret_key = settings[KEY](opts){x}",
    "password = hope]nobody[finds>-_$#thisone",
    "token: map[string]interface{}",
    "api_key: {{h}o)p}",
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("a long name of words joined by _ before a value of letters is judged in linear time (the prefixed-credential test backtracked exponentially)", () => {
  // A 42-character name of this shape took 14 s before; 96 characters (the longest name a
  // rule reads) would not have ended. Each is judged now, and judged as before.
  const rng = new Rng(2148);
  for (let i = 0; i < 20; i++) {
    const words = Array.from({ length: 12 }, () => rng.str(LETTERS, 3 + (i % 5)));
    // A secret word inside (the name check passes) and a last word that is none.
    const name = `${words.slice(0, 3).join("_")}_ACCESS_KEY_${words.slice(3).join("_")}`
      .slice(0, 90) + "_N";
    assert.deepEqual(redactText(engine, `${name}=ez_s_SECRET??`).kinds, [], name);
  }
  // Controls: a prefixed credential name still takes a hex key, a name ending otherwise does not.
  const hex = rng.str("0123456789abcdef", 40);
  assertRedacted(`stripe_prod_secret_key: "${hex}"`, hex);
  assertRedacted(`"DatadogApiKey": "${hex}"`, hex);
  assert.deepEqual(redactText(engine, `"datadog_api_key_id": "${hex}"`).kinds, []);
});

Deno.test("a long form value of letters after a password name is judged in linear time (the camel-case test backtracked exponentially)", () => {
  // 44 lower-case letters and a capital never ended before: each lower-case run was split in
  // every way. Each such value is judged (and redacted) at once.
  const rng = new Rng(2149);
  for (let i = 0; i < 10; i++) {
    const v = rng.str("abcdefghijklmnopqrstuvwxyz", 40 + i * 6) + "B";
    assertRedacted(`https://x.test/login?password=${v}&user=bob`, v);
  }
  // Control: a value whose only capital opens a word is still judged and redacted.
  assertRedacted("https://x.test/login?password=qzwxkvbnmplo&user=bob", "qzwxkvbnmplo");
});

Deno.test("a secret given with Make's ?= is redacted; a TypeScript optional member is not an assignment", () => {
  const rng = new Rng(2146);
  const tk = p("Q7", rng.str(ALNUM, 20));
  for (const text of [`API_KEY ?= ${tk}`, `export SECRET_KEY ?= ${tk}`, `db_password ?= "${tk}"`]) {
    assertRedacted(text, tk);
  }
  for (
    const text of ["  password?: string;", "api_key ?= $(shell cat .key)", "TOKEN ?= ${TOKEN}"]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});

Deno.test("a long camel-case name under a value of letters is judged in one pass: prefixed credential names still match", () => {
  // The prefixed-credential name check split a run of letters every way before it failed: a
  // 33-character name took half a minute and each further letter doubled it, so this test did
  // not finish on the old pattern (a stranger's source file held baton up). Names as long as the
  // rule reads (96 with the Token) are judged here; the verdicts are the same as for short names.
  const words = ["gateway", "Client", "Secret", "Response", "Schema", "Realtime", "Session"];
  let name = "";
  for (let i = 0; name.length < 90; i++) name += words[i % words.length];
  const hex = "9f86d081884c7d659a2feaa0c55ad015";
  for (const n of [name.slice(0, 33), name.slice(0, 60), name.slice(0, 85)]) {
    // Kept: letters alone under a name that is no credential's (a schema, a call's result).
    const kept = `const ${n} = lazySchemaFactory;`;
    assert.equal(redactText(engine, kept).text, kept, n);
    // Control: the same name ending in Token is a credential's, its hex value a key.
    assertRedacted(`${n}Token = "${hex}"`, hex);
  }
});

Deno.test("a hex or UUID value joined to a token option by =, under a service's secret or a user_auth name is redacted (see: #21)", () => {
  const rng = new Rng(9721);
  const HEXCHARS = "0123456789abcdef";
  for (let i = 0; i < 20; i++) {
    const hex = p("7a", rng.str(HEXCHARS, 38));
    const uuid = uuidV4(rng);
    assertRedacted(`linode-cli --token=${hex} linodes list`, hex);
    assertRedacted(`tool deploy --api-token=${uuid} --verbose`, uuid);
    assertRedacted(`public const string ApiSecret = "${uuid}";`, uuid);
    assertRedacted(`app.jwt.secret=${uuid}`, uuid);
    assertRedacted(`  webhook_secret: "${uuid}"`, uuid);
    assertRedacted(`user_auth=${hex}`, hex);
  }
  // A bare token or secret with one is as often a digest or a request's id; names and
  // versions of a secret label it (a Vault `secret_id` is one: its own rule's); an option that names no credential takes any value.
  const hex = p("7a", rng.str(HEXCHARS, 38));
  const uuid = "7a1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
  for (
    const text of [
      `"secret": "${uuid}"`,
      `secret_name: ${uuid}`,
      `secret_version: ${uuid}`,
      `tool --cache-key=${hex}`,
      `git log --format=%H --since=${hex}`,
      `tool --token=$API_TOKEN`,
      `tool --token=<token>`,
    ]
  ) {
    for (const wrap of wrappers) assert.deepEqual(redactText(engine, wrap(text)).kinds, [], text);
  }
});

Deno.test("a value given to a secret's name with R's <- is redacted; a call, a Go channel's receive and Haskell's bind are kept (see: #21)", () => {
  const rng = new Rng(9722);
  for (let i = 0; i < 20; i++) {
    const v = p("Q7", rng.str(ALNUM, 18));
    assertRedacted(`api_key <- "${v}"`, v);
    assertRedacted(`github_token <- '${v}'`, v);
    assertRedacted(`  client_secret<-"${v}"`, v);
  }
  for (
    const text of [
      'api_key <- Sys.getenv("OPENAI_API_KEY")',
      "token <- tokenizer.NextTokenValue()",
      'password <- readline(prompt = "Password: ")',
      'apiKey <- getEnv "API_KEY"',
      "secret <- ch",
    ]
  ) {
    for (const wrap of wrappers) assert.deepEqual(redactText(engine, wrap(text)).kinds, [], text);
  }
});
