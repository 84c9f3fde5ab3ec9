// Tests for core/safety/secrets/rules_tokens_more.ts: the prefixed tokens of
// the third survey (Infisical, Mandrill, Databricks OAuth secrets,
// Checkout.com, Adyen, Asana's legacy tokens, a Twilio auth token after its
// Account SID) are found in every context with their own kind, and their
// public halves and look-alikes (pk_ keys, md- CSS classes, the word dose,
// Streamlit's st., a lone Account SID) are kept; also a raw 0x wallet key
// given to a key-taking call or a *_PK name, while hashes of its shape stay.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { MORE_TOKEN_RULES } from "../../../../core/safety/secrets/rules_tokens_more.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { CONTEXTS, HEX, lookAlikes, p, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

Deno.test("each prefixed token of the third survey is found in every context under its own kind", () => {
  const rng = new Rng(1501);
  for (const rule of MORE_TOKEN_RULES) {
    for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
      for (let i = 0; i < 4; i++) {
        const s = SAMPLES[rule.kind]!(rng);
        const r = redactText(engine, wrap(s.text));
        assert.deepEqual(r.kinds, [rule.kind], `${rule.kind}/${ctx}`);
        assert.ok(!r.text.includes(s.core), `${rule.kind}/${ctx}: ${r.text}`);
        assert.ok(!r.text.includes(s.secret), `${rule.kind}/${ctx}: ${r.text}`);
      }
    }
  }
});

Deno.test("public halves and look-alikes of the third survey's tokens are kept", () => {
  const all = lookAlikes(new Rng(1502));
  for (const kind of MORE_TOKEN_RULES.map((r) => r.kind)) {
    for (const v of all[kind] ?? []) {
      for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!, CONTEXTS.dotenv!]) {
        assert.deepEqual(redactText(engine, wrap(v)).kinds, [], `${kind}: ${v}`);
      }
    }
  }
  const without = MORE_TOKEN_RULES.map((r) => r.kind).filter((k) => all[k] === undefined);
  // The Twilio pair's look-alikes (a lone SID, two SIDs) are in its own test below.
  assert.deepEqual(without, ["twilio_auth_token"]);
});

Deno.test("an Adyen key's 16-character suffix is redacted with it, and a closing quote is not swallowed", () => {
  const rng = new Rng(1503);
  const key = p("AQ", "E", rng.str(HEX + "XYZ+/", 90), "==-", rng.str(HEX + "QRS", 43), "=");
  const suffix = "-W+t7NF;s4}%=kUSD";
  const r = redactText(
    engine,
    `curl -H "X-API-Key: ${key}${suffix}" https://checkout-test.adyen.com`,
  );
  assert.equal(
    r.text,
    'curl -H "X-API-Key: [REDACTED:adyen_api_key]" https://checkout-test.adyen.com',
  );
  // Without the suffix the key ends at its `=`; the quote and what follows stay.
  const bare = redactText(engine, `{"key": "${key}", "merchant": "Shop"}`);
  assert.equal(bare.text, '{"key": "[REDACTED:adyen_api_key]", "merchant": "Shop"}');
});

Deno.test("Asana tokens: the legacy 0/ shape and the one-id 1/ shape are found, dates and paths kept", () => {
  const rng = new Rng(1504);
  const legacy = p("0", "/", rng.str(HEX, 32));
  const oneId = p("1", "/", "1204567890123", ":", rng.str(HEX, 32));
  for (const t of [legacy, oneId]) {
    const r = redactText(engine, `asana: ${t} ok`);
    assert.deepEqual(r.kinds, ["asana_pat"], t);
    assert.equal(r.text, "asana: [REDACTED:asana_pat] ok");
  }
  for (const v of ["due 10/12/2024, 0/0 done", `see a/0/${rng.str(HEX, 32)}`, "0/deadbeef"]) {
    assert.deepEqual(redactText(engine, v).kinds, [], v);
  }
});

Deno.test("a Checkout.com live key needs a digit; an all-letter identifier after sk_ is kept", () => {
  const rng = new Rng(1505);
  const live = p("sk", "_", "7q", rng.str("abcdefghijklmnopqrstuvwxyz234567", 25));
  assert.deepEqual(redactText(engine, `secret_key("${live}")`).kinds, ["checkout_secret_key"]);
  assert.deepEqual(redactText(engine, "sk_abcdefghijklmnopqrstuvwxyza").kinds, []);
});

Deno.test("a Twilio auth token right after its Account SID is found in every context; the SID alone is kept", () => {
  const rng = new Rng(1506);
  for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
    const sid = p("A", "C", rng.str(HEX, 32));
    const token = rng.str(HEX, 32);
    for (const text of [`client = Client("${sid}", "${token}")`, `creds ${sid}:${token} ok`]) {
      const r = redactText(engine, wrap(text));
      assert.deepEqual(r.kinds, ["twilio_auth_token"], `${ctx}: ${text}`);
      assert.ok(!r.text.includes(token), `${ctx}: ${r.text}`);
      // The SID is an id, not the secret: it stays.
      assert.ok(r.text.includes(sid), `${ctx}: ${r.text}`);
    }
  }
  const sid = p("A", "C", rng.str(HEX, 32));
  for (
    const v of [
      `account ${sid}, then the next step`,
      `sids: ${sid}, ${p("A", "C", rng.str(HEX, 32))}`,
      `${sid}:${"0".repeat(32)}`,
      // Lower-case "ac" + hex is a digest run, not a SID.
      `ac${rng.str(HEX, 32)}:${rng.str(HEX, 32)}`,
    ]
  ) {
    assert.deepEqual(redactText(engine, v).kinds, [], v);
  }
  // A SID under a *_SID name is an id, not a session cookie; the token beside it is still found,
  // and a real session cookie still is one.
  for (const wrap of [CONTEXTS.dotenv!, CONTEXTS.json_transcript!, CONTEXTS.shell_history!]) {
    assert.deepEqual(redactText(engine, wrap(`TWILIO_ACCOUNT_SID=${sid}`)).kinds, []);
  }
  const env = `TWILIO_ACCOUNT_SID=${sid}\nTWILIO_AUTH_TOKEN=${rng.str(HEX, 32)}`;
  assert.deepEqual(redactText(engine, env).kinds, ["twilio_auth_token"]);
  const cookie = `Cookie: PHPSESSID=${rng.str("0123456789abcdefghijklmnopqrstuv", 26)}`;
  assert.deepEqual(redactText(engine, cookie).kinds, ["session_cookie"]);
});

Deno.test("a raw 0x wallet key in a key-taking call or under a PK name is found in every context; hashes stay", () => {
  const rng = new Rng(1507);
  for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
    for (let i = 0; i < 6; i++) {
      const s = SAMPLES.wallet_private_key!(rng);
      const r = redactText(engine, wrap(s.text));
      assert.deepEqual(r.kinds, ["wallet_private_key"], `${ctx}: ${s.text}`);
      assert.ok(!r.text.includes(s.secret), `${ctx}: ${r.text}`);
    }
  }
  const k = p("0", "x", rng.str(HEX, 64));
  for (const text of [`acct = Account.from_key("${k}")`, `PK=${k}`]) {
    assert.deepEqual(redactText(engine, text).kinds, ["wallet_private_key"], text);
  }
  for (const v of lookAlikes(rng).wallet_private_key!) {
    assert.deepEqual(redactText(engine, v).kinds, [], v);
  }
});

Deno.test("a Convex preview or project deploy key naming a team and a project is redacted whole (see: #21)", () => {
  const rng = new Rng(9711);
  for (
    const prefix of [
      "preview:acme-team:shop-app",
      "project:acme-team:shop-app",
      "prod:happy-otter-123",
    ]
  ) {
    const token = p("ey", "J2MiI6I", rng.str(HEX + "ABCDEFGHIJKLMNOPQRSTUVWXYZ", 48), "In0=");
    const key = `${prefix}|${token}`;
    for (
      const text of [
        `CONVEX_DEPLOY_KEY='${key}' npx convex deploy`,
        key,
        JSON.stringify({ env: key }),
      ]
    ) {
      const r = redactText(engine, text);
      assert.deepEqual(r.kinds, ["convex_deploy_key"], text);
      assert.ok(!r.text.includes(token.slice(8, 30)) && !r.text.includes(prefix), r.text);
    }
  }
});
