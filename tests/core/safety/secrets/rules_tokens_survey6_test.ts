// Tests for core/safety/secrets/rules_tokens_survey6.ts and the survey6 changes to rules.ts: a
// legacy one-id Slack bot token, a Code Climate reporter id, a ThingsBoard device token in its
// API URL and an Android BuildConfig secret are found whole, raw and JSON-escaped once and
// twice; their look-alikes, a Slack configuration-token placeholder, a Rails route after `=>`
// and a Ruby interpolation in an ODBC string are kept; curl's `-u user:password` on an
// unindented continuation line is redacted. Generated values are drawn at run time.

import assert from "node:assert/strict";
import { escaped, ESCAPES } from "../../../_helpers/redact_everywhere.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { SURVEY6_TOKEN_RULES } from "../../../../core/safety/secrets/rules_tokens_survey6.ts";
import { ALNUM, CONTEXTS, lookAlikes, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

const { assertRedacted, assertKept } = escaped(engine);

Deno.test("the survey6 kinds each have a sample and look-alikes (see: #21)", () => {
  const all = lookAlikes(new Rng(6601));
  for (const kind of new Set(SURVEY6_TOKEN_RULES.map((r) => r.kind))) {
    assert.ok(SAMPLES[kind] !== undefined, kind);
    assert.ok((all[kind]?.length ?? 0) >= 2, kind);
  }
});

Deno.test("each survey6 sample is redacted whole, raw, in every context and escaped (see: #21)", () => {
  const rng = new Rng(6602);
  for (
    const kind of [
      "codeclimate_reporter_id",
      "thingsboard_access_token",
      "android_build_config_secret",
    ]
  ) {
    for (let i = 0; i < 12; i++) {
      const s = SAMPLES[kind]!(rng);
      for (const wrap of [(x: string) => x, ...Object.values(CONTEXTS)]) {
        assertRedacted(wrap(s.text), s.secret, kind);
      }
    }
  }
});

Deno.test("a legacy Slack bot token with one id is redacted bare, in code and under a name (see: #21)", () => {
  const rng = new Rng(6603);
  for (let i = 0; i < 20; i++) {
    const body = rng.str("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 4) + rng.str("0123456789", 3) +
      rng.str("abcdefghijklmnopqrstuvwxyz", 4) + rng.str(ALNUM, 8 + (i % 8));
    const token = `xoxb-${rng.str("123456789", 1)}${rng.str("0123456789", 10 + (i % 3))}-${body}`;
    for (
      const text of [
        token,
        `slack = Slacker("${token}")`,
        `SLACK_BOT_TOKEN=${token}`,
        `Here is the bot token ${token} from the app page`,
      ]
    ) assertRedacted(text, body, "slack_bot_token");
  }
});

Deno.test("the survey6 look-alikes are kept (see: #21)", () => {
  const all = lookAlikes(new Rng(6604));
  for (
    const kind of [
      ...new Set(SURVEY6_TOKEN_RULES.map((r) => r.kind)),
      "slack_token",
    ]
  ) {
    for (const v of all[kind]!) assertKept(v);
  }
  // A two-id bot token is still the other rule's; its placeholder stays kept.
  assertKept("xoxb-xxxxxxxxx-xxxxxxxxxx-xxxxxxxxxxxx");
});

Deno.test("a Rails route or a Ruby interpolation is no password; a password beside them still is (see: #21)", () => {
  assertKept("put '/forgot-password' => \"cms/sites/passwords#update\", as: 'update_password'");
  assertKept("get 'password' => \"passwords#edit\"");
  assertKept("uid=#{u};pwd=#{datastore['DBPASSWORD']}");
  // Controls: a password that holds a `#` or a slash, after `=>` or in a connection string.
  assertRedacted("'password' => 'Xk2#9LpQm7R'", "Xk2#9LpQm7R", "password_assignment");
  const r = redactText(engine, "'password' => 'db/Xk29Lp#m7R'");
  assert.ok(r.kinds.length === 1 && !r.text.includes("Xk29Lp#m7R"), r.text);
  assertRedacted("Server=db;UID=app;PWD=#gets0m3Xq;", "#gets0m3Xq", "password_assignment");
});

Deno.test("curl's -u user:password on a continuation line with no indent is redacted (see: #21)", () => {
  const rng = new Rng(6605);
  for (let i = 0; i < 10; i++) {
    const pw = rng.str(ALNUM, 24) + "9a";
    assertRedacted(
      `curl -X POST https://fra1.example.test/oauth2/token \\\n-u oa2-client-id_${
        rng.str(ALNUM, 16)
      }:${pw}`,
      pw,
      "curl_user_password",
    );
    assertRedacted(
      `curl -s https://api.example.test/v1 \\\n-u admin:${pw} -d x=1`,
      pw,
      "curl_user_password",
    );
  }
  // Control: the next line's option, not a user:password, stays kept.
  assertKept('curl -s https://api.example.test/v1 \\\n-u "$USER_CREDS"');
});

Deno.test("redact101: a route's target is read as such only under a route's path; a password of the same shape in a hash or an array is redacted", () => {
  // survey6's route filter kept any `word/word#word` after `=>`, under any name.
  assertRedacted("'db_password' => 'correct#horse'", "correct#horse", "password_assignment");
  assertRedacted("'password' => 'admin/users#update'", "admin/users#update", "password_assignment");
  assertRedacted(":password => 'admin/users#update'", "admin/users#update", "password_assignment");
  // The same, double-quoted, raw and escaped once (twice-escaped, a `#` in a double-quoted value
  // was never read: not this rule's change).
  for (const text of ['"db_password" => "correct#horse"', '"password" => "admin/users#update"']) {
    for (const escape of ESCAPES.slice(0, 2)) {
      const r = redactText(engine, escape(text));
      assert.deepEqual(r.kinds, ["password_assignment"], escape(text));
    }
  }
  // Controls: routes, the path after a `/` or a verb.
  assertKept("put '/forgot-password' => \"cms/sites/passwords#update\"");
  assertKept("get '/reset-password' => 'users/passwords#edit'");
  assertKept('post "password" => "passwords#create"');
});
