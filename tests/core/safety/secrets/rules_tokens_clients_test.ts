// Tests for core/safety/secrets/rules_tokens_clients.ts: OpenAI Realtime client secrets, MongoDB
// Atlas service account secrets, Unleash API tokens, Mattermost hooks and the tokens given to snyk's, Backblaze's and
// Codecov's login commands are found whole, raw and in every context (JSON-escaped once and twice
// too); placeholders, test values, git hooks folders and references are kept. Every value is drawn
// at run time.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { CLIENT_TOKEN_RULES } from "../../../../core/safety/secrets/rules_tokens_clients.ts";
import { CONTEXTS, lookAlikes, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";
import { assertFoundWhole, assertLookAlikesKept } from "../../../_helpers/vendor_token_checks.ts";

const engine = createEngine(SECRET_RULES);

/** The prefixed kinds of the file and the variable their vendor's documentation names. */
const VARIABLES: Record<string, string> = {
  openai_ephemeral_key: "OPENAI_CLIENT_SECRET",
  mongodb_atlas_service_account_secret: "ATLAS_CLIENT_SECRET",
  unleash_api_token: "UNLEASH_API_TOKEN",
};

/** Once and twice JSON-escaped, as a transcript holds a tool call and a tool result quoting it. */
const ESCAPES = [
  (x: string) => x,
  (x: string) => JSON.stringify(x).slice(1, -1),
  (x: string) => JSON.stringify(JSON.stringify(x)).slice(1, -1),
];

Deno.test("the client tokens' kinds each have a sample and look-alikes (see: #21)", () => {
  const all = lookAlikes(new Rng(9702));
  for (const kind of new Set(CLIENT_TOKEN_RULES.map((r) => r.kind))) {
    assert.ok(SAMPLES[kind] !== undefined, kind);
    assert.ok((all[kind]?.length ?? 0) >= 2, kind);
  }
});

Deno.test("an ek_, mdb_sa_sk_ or Unleash token is found and redacted whole in every shape and context (see: #21)", () => {
  assertFoundWhole(engine, VARIABLES, 9703);
});

Deno.test("each sample of the file is redacted whole, raw, in every context and escaped (see: #21)", () => {
  const rng = new Rng(9704);
  for (const kind of new Set(CLIENT_TOKEN_RULES.map((r) => r.kind))) {
    for (let i = 0; i < 12; i++) {
      const s = SAMPLES[kind]!(rng);
      for (const wrap of [(x: string) => x, ...Object.values(CONTEXTS)]) {
        for (const escape of ESCAPES) {
          const r = redactText(engine, escape(wrap(s.text)));
          assert.ok(r.kinds.includes(kind), `${kind}: ${s.text} (${r.kinds.join(",")})`);
          assert.ok(!r.text.includes(s.core), `${kind}: left in ${r.text}`);
          assert.ok(!r.text.includes(s.secret.slice(-8)), `${kind}: tail left in ${r.text}`);
        }
      }
    }
  }
});

Deno.test("the client tokens' look-alikes are kept, bare and under their vendor's variable (see: #21)", () => {
  assertLookAlikesKept(engine, VARIABLES, 9705);
  const all = lookAlikes(new Rng(9706));
  for (const kind of ["mattermost_webhook_url", "cli_login_token"]) {
    for (const v of all[kind]!) {
      for (const escape of ESCAPES) assert.deepEqual(redactText(engine, escape(v)).kinds, [], v);
    }
  }
});

Deno.test("a Realtime client secret in the reply that mints it is redacted (see: #21)", () => {
  const rng = new Rng(9707);
  const s = SAMPLES.openai_ephemeral_key!(rng).secret;
  const reply = JSON.stringify({ value: s, expires_at: 1756310470, session: { type: "realtime" } });
  for (const escape of ESCAPES) {
    const r = redactText(engine, escape(reply));
    assert.deepEqual(r.kinds, ["openai_ephemeral_key"]);
    assert.ok(r.text.includes("expires_at"));
  }
});
