// Tests for core/safety/secrets/rules_tokens_survey7.ts and the survey7 changes to rules.ts: a
// Mailgun legacy key of base 36 and a Mailgun private key near the word Mailgun are found
// whole, raw and JSON-escaped once and twice; a Shopify token of mixed case, an upper-case
// Databricks token and a Slack app token of 60 hex are redacted; their look-alikes and a URL
// login written as documentation (`https://username:mypassword@host`) are kept. Generated values
// are drawn at run time.

import assert from "node:assert/strict";
import { escaped, ESCAPES } from "../../../_helpers/redact_everywhere.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { SURVEY7_TOKEN_RULES } from "../../../../core/safety/secrets/rules_tokens_survey7.ts";
import { ALNUM, CONTEXTS, lookAlikes, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

const { assertRedacted, assertKept } = escaped(engine);

const HEX = "0123456789abcdef";
const LOWER_NUM = "abcdefghijklmnopqrstuvwxyz0123456789";

Deno.test("the survey7 kinds each have a sample and look-alikes (see: #21)", () => {
  const all = lookAlikes(new Rng(7701));
  for (const kind of new Set(SURVEY7_TOKEN_RULES.map((r) => r.kind))) {
    assert.ok(SAMPLES[kind] !== undefined, kind);
    assert.ok((all[kind]?.length ?? 0) >= 2, kind);
  }
});

Deno.test("a Mailgun private key near the word Mailgun is redacted, in every context and escaped (see: #21)", () => {
  const rng = new Rng(7702);
  for (let i = 0; i < 12; i++) {
    const s = SAMPLES.mailgun_private_key!(rng);
    for (const wrap of [(x: string) => x, ...Object.values(CONTEXTS)]) {
      assertRedacted(wrap(s.text), s.secret, "mailgun_private_key");
    }
    // trufflehog's shape: the word, then the key quoted after other words.
    assertRedacted(
      `mailgun '${rng.str(ALNUM, 20)}' pass '${s.secret}'`,
      s.secret,
      "mailgun_private_key",
    );
  }
});

Deno.test("a Mailgun legacy key of base 36 is redacted bare and under a name (see: #21)", () => {
  const rng = new Rng(7703);
  for (let i = 0; i < 20; i++) {
    const body = rng.str("ghijklmnopqrstuvwxyz", 4) + rng.str("0123456789", 3) +
      rng.str(LOWER_NUM, 25);
    for (
      const text of [
        `key-${body}`,
        `MAILGUN_API_KEY=key-${body}`,
        `mailgun 'x' key-${body} pass`,
      ]
    ) assertRedacted(text, body, "mailgun_api_key");
  }
});

Deno.test("a mixed-case Shopify token, an upper-case Databricks token and a 60-hex Slack app token are redacted (see: #21)", () => {
  const rng = new Rng(7704);
  for (let i = 0; i < 10; i++) {
    const shop = rng.str("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 6) + rng.str("0123456789", 4) +
      rng.str(ALNUM, 22);
    assertRedacted(`shopify token:\n    shpss_${shop}\n`, shop, "shopify_token");
    const dapi = rng.str("0123456789ABCDEF", 32);
    assertRedacted(`DATABRICKS_HOST=x\n  token: "dapi${dapi}-3"`, dapi, "databricks_token");
    const hex = rng.str(HEX, 60 + (i % 3) * 2);
    assertRedacted(
      `xapp-1-A0${rng.str("ABCDEFGHIJ0123456789", 9)}-${
        rng.str("0123456789", 13)
      }-${hex} is app tokens`,
      hex,
      "slack_app_token",
    );
  }
});

Deno.test("the survey7 look-alikes and a documentation URL login are kept; a real login still is not (see: #21)", () => {
  const all = lookAlikes(new Rng(7705));
  for (
    const kind of ["mailgun_private_key", "mailgun_api_key", "shopify_token", "url_credentials"]
  ) {
    for (const v of all[kind]!) assertKept(v);
  }
  assertKept("https://username:mypassword@test.com/endpoint");
  assertKept("git clone https://your_username:secretword@example.test/repo.git");
  // Controls: a real user, or a password holding a digit or a capital.
  assertRedacted("https://alice:mypassword@test.com/x", "mypassword", "url_credentials");
  assertRedacted("https://username:myPassw0rd@test.com/x", "myPassw0rd", "url_credentials");
});

Deno.test("redact101: under the user `username`, only a documentation word as the password is kept; other letters are a password", () => {
  assertRedacted(
    "https://username:hunterabc@gitlab.corp.example/x.git",
    "hunterabc",
    "url_credentials",
  );
  assertRedacted(
    "git clone https://username:walrusfox@git.example.org/r.git",
    "walrusfox",
    "url_credentials",
  );
  // Controls: documentation's own words stay kept.
  for (const pw of ["mypassword", "yourpassword", "password", "secret", "pass", "changeme"]) {
    assertKept(`https://username:${pw}@test.com/endpoint`);
  }
  assertKept("https://your_username:secretword@example.test/repo.git");
});

Deno.test("redact103: under the user `username`, a common word that names no password (letmein, welcome) is a password; documentation's own words stay kept", () => {
  for (const pw of ["letmein", "welcome", "sunshine", "iloveyou"]) {
    assertRedacted(`https://username:${pw}@git.example.org/r.git`, `:${pw}@`, "url_credentials");
    assertRedacted(
      `git clone https://myusername:${pw}@example.test/r.git`,
      `:${pw}@`,
      "url_credentials",
    );
  }
  // Controls: placeholders that name a password, and a login repeated as its password.
  for (const pw of ["mypassword", "yourpassword", "password", "secret", "pass", "changeme"]) {
    assertKept(`https://username:${pw}@test.com/endpoint`);
  }
  assertKept("https://your_username:secretword@example.test/repo.git");
  assertKept("mysql://root:root@localhost/db");
  assertKept("https://user:password@host/");
});

/** detect-secrets' keyword plugin's secret: a password of symbols whose braces only look like a template. */
const KEYWORD_VALUE = "{{h}o)p${e]nob(ody[finds>-_$#thisone}}";

Deno.test("redact103: detect-secrets' keyword plugin's positives with its symbol value are redacted; its negatives and real templates are kept", () => {
  for (
    const shape of [
      'apikey := "%V%"',
      "apikey:='%V%'",
      "apikey := %V%",
      "apikey:=%V%",
      '"theapikey": "%V%"',
      "apikey: '%V%'",
      "apikey: %V%",
      "theapikey:%V%",
      'apikey = "%V%"',
      'apikey = @"%V%"',
      'apikey[]="%V%"',
      'the_password= "%V%"\n',
      "my_password = %V%",
      "the_password=%V%\n",
    ]
  ) {
    // Whichever rule reads the shape (its kind), the value goes in every escape.
    for (const escape of ESCAPES) {
      const r = redactText(engine, escape(shape.replace("%V%", KEYWORD_VALUE)));
      assert.ok(r.kinds.length > 0 && !r.text.includes("nob(ody"), `${shape}: ${r.text}`);
    }
  }
  for (
    const text of [
      'theapikey := ""',
      'theapikey := "somefakekey"',
      "password: ${link}",
      'my_password = "fakesecret"',
      "my_password = foo(hey)you",
      "login(username=username, password=password)",
      'private_key "fake";',
      "apiKey: this.apiKey,",
      // Real templates (Jinja, Helm, Handlebars) stay kept.
      'password: "{{ vault_db_password }}"',
      "DB_PASSWORD={{.Values.db.password}}",
      'api_key: "{{{apiKey}}}"',
    ]
  ) {
    assertKept(text);
  }
});
