// Tests for core/safety/secrets/rules_vendor.ts: the Discord id keywords are
// the base64 btoa gives for each three-digit id start (computed without btoa,
// which the module avoids on the load path), the common word starts left out; a Salesforce
// session id folded across its `!` is redacted whole.

import assert from "node:assert/strict";
import { discordIdKeywords, VENDOR_RULES } from "../../../../core/safety/secrets/rules_vendor.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, FOLD_CONTAINERS, foldLines, p, Rng } from "../../../_helpers/secret_fixtures.ts";

Deno.test("the Discord id keywords are btoa of each three-digit start, common starts left out", () => {
  const common = new Set(["nte", "ode", "ntu", "odu", "nde", "nti", "ody", "nda"]);
  const expected: string[] = [];
  for (let d = 100; d <= 999; d++) {
    const b = btoa(String(d));
    if (!common.has(b.slice(0, 3).toLowerCase())) expected.push(b);
  }
  const got = discordIdKeywords();
  assert.deepEqual(got, expected);
  // Control: the list is not trivially empty, and names the documented start.
  assert.ok(got.includes("NzA5"));
  assert.ok(got.length > 800 && got.length < 900);
});

Deno.test("the bare Discord token rule carries the id keywords", () => {
  const rule = VENDOR_RULES.find((r) => r.keywords.includes("NzA5"));
  assert.ok(rule !== undefined);
  assert.deepEqual(rule.keywords, discordIdKeywords());
});

Deno.test("a Salesforce session id folded before or after its `!` is redacted whole; a line of the org id alone is kept (see: #21)", () => {
  const engine = createEngine(SECRET_RULES);
  const rng = new Rng(6640);
  for (const width of [20, 40, 64, 80]) {
    for (const [name, container] of Object.entries(FOLD_CONTAINERS)) {
      const sid = p(
        "00D5g00000",
        rng.str(ALNUM, 5),
        "!AQ",
        rng.str(ALNUM, 4),
        ".",
        rng.str(ALNUM, 100),
      );
      const folded = foldLines(sid, width);
      const r = redactText(engine, container(`$ sf org display --json\n${folded}\nls -la`));
      assert.ok(r.kinds.includes("salesforce_access_token"), `${width} ${name}: ${r.kinds}`);
      for (const piece of folded.split("\n")) {
        assert.ok(!r.text.includes(piece), `${width} ${name}: ${piece} left in ${r.text}`);
      }
      assert.ok(r.text.includes("ls -la"), "the next command stays");
    }
  }
  // The org id alone at a line's end (an org listing) has no token after it: kept.
  const org = p("00D5g00000", rng.str(ALNUM, 5));
  for (const container of Object.values(FOLD_CONTAINERS)) {
    const text = container(`Org Id   ${org}\nInstance https://acme.my.salesforce.com`);
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});

Deno.test("a UUID under a name holding a service whose credentials are UUIDs is redacted whole; generic names, ids and placeholders keep theirs (redact100, #21)", () => {
  const engine = createEngine(SECRET_RULES);
  const rng = new Rng(10021);
  const uuid = () => [8, 4, 4, 4, 12].map((n) => rng.str("0123456789abcdef", n)).join("-");
  const hex = (n: number) => rng.str("0123456789abcdef", n);
  const shapes: ((name: string, value: string) => string)[] = [
    (n, v) => `${n}: ${v}`,
    (n, v) => `{"${n}": "${v}"}`,
    (n, v) => `${n} = "${v}"`,
    (n, v) => JSON.stringify({ content: `cat config.json\n{"${n}": "${v}"}\n` }),
  ];
  const found: [string, string][] = [
    ["postmark_token", uuid()],
    ["postmarkAccountToken", uuid()],
    ["POSTMARK_ACCOUNT_TOKEN", uuid()],
    ["splunk_hec_token", uuid()],
    ["hecToken", uuid()],
    ["HEC_TOKEN", uuid()],
    ["opsgenie_key", uuid()],
    ["sauce_access_key", uuid()],
    ["loggly_token", uuid()],
    ["logentries_token", uuid()],
    ["consul.token", uuid()],
    ["consulToken", uuid()],
    ["nomad_token", uuid()],
    // Already taken by the rules before (the brief's hex shapes): controls.
    ["HEROKU_API_KEY", uuid()],
    ["CYPRESS_RECORD_KEY", uuid()],
    ["DD_APP_KEY", hex(40)],
    ["ROLLBAR_ACCESS_TOKEN", hex(32)],
  ];
  for (const [name, value] of found) {
    for (const shape of shapes) {
      const text = shape(name, value);
      const r = redactText(engine, text);
      assert.ok(r.kinds.length === 1, `${text}: ${r.kinds}`);
      assert.ok(!r.text.includes(value.slice(0, 8)), r.text);
      assert.ok(r.text.includes(name), `the name stays: ${r.text}`);
    }
  }
  const kept = [
    `request_id: ${uuid()}`,
    `TOKEN_AUDIENCE=${uuid()}`,
    `JWT_TOKEN_AUD=${uuid()}`,
    `commit: ${hex(40)}`,
    `sha: ${hex(40)}`,
    `trace_id: ${hex(32)}`,
    `client_id: ${uuid()}`,
    `HEROKU_APP_ID=${uuid()}`,
    `{"token": "${uuid()}"}`,
    `postmark_message_id: ${uuid()}`,
    `postmark_token_id: ${uuid()}`,
    `consul_token_accessor: ${uuid()}`,
    `consul_accessor_token: ${uuid()}`,
    `nomad_job_key: ${uuid()}`,
    `consultant_key: ${uuid()}`,
    `nomadic_key: ${uuid()}`,
    `checktoken: ${uuid()}`,
    `sauce: ${uuid()}`,
    `sauce_session_id: ${uuid()}`,
    "postmark_token: 12345678-1234-1234-1234-123456789012",
    "postmark_token: 00000000-0000-0000-0000-000000000000",
    "postmark_token: xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx",
    "postmark_token: ${POSTMARK_TOKEN}",
  ];
  for (const text of kept) {
    for (const shape of [(x: string) => x, (x: string) => JSON.stringify({ content: x })]) {
      assert.deepEqual(redactText(engine, shape(text)).kinds, [], shape(text));
    }
  }
});

Deno.test("a run of A's after an E inside a Twitter bearer look-alike is not a Facebook token; Facebook tokens and the Twitter bearer keep their kinds (redact102)", () => {
  const engine = createEngine(SECRET_RULES);
  const rng = new Rng(10201);
  const As = (n: number) => "A".repeat(n);
  // Escaped raw, once and twice: the rule's look-behind reads `%2F`, `\n` as ends of escapes.
  const shapes = [
    (x: string) => x,
    (x: string) => JSON.stringify({ content: x }),
    (x: string) => JSON.stringify(JSON.stringify({ content: x })),
  ];
  // Too long for the Twitter rule (over 165 bytes), an `E` + 20 A's after `%2F` or `\n`.
  const lookAlikes = [
    p(As(21), "MLheAAAAAAA0%2FE", As(22), rng.str(ALNUM, 120)),
    p("bearer ", As(21), "%2FE", As(19), rng.str(ALNUM, 120)),
    p("x%2FE", As(26), rng.str(ALNUM, 120)),
    p(As(21), "\nE", As(20), rng.str(ALNUM, 110)),
  ];
  for (const text of lookAlikes) {
    for (const shape of shapes) {
      const kinds = redactText(engine, shape(text)).kinds;
      assert.ok(!kinds.includes("facebook_access_token"), `${shape(text)}: ${kinds}`);
    }
  }
  // Control: a Twitter bearer of the rule's length holding `%2FEAAAA…` is found as Twitter's.
  const bearer = p(As(21), "MLhe%2FE", As(20), rng.str(ALNUM, 100));
  for (const shape of shapes) {
    assert.deepEqual(redactText(engine, shape(`token: ${bearer}`)).kinds, ["twitter_bearer_token"]);
  }
  // Control: Facebook tokens (an app id's base64 after `EAA`, up to 4 zero bytes) stay found.
  for (const token of [p("EAAG", rng.str(ALNUM, 180)), p("EAAAAUa", rng.str(ALNUM, 150))]) {
    for (const shape of shapes) {
      const r = redactText(engine, shape(`fb_token ${token}`));
      assert.deepEqual(r.kinds, ["facebook_access_token"], shape(token));
      assert.ok(!r.text.includes(token.slice(10, 40)));
    }
  }
});
