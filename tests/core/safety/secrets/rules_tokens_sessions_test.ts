// Tests for core/safety/secrets/rules_tokens_sessions.ts: a GitHub App's long refresh token, a
// 1Password CLI session, a Kaggle API key and a GitHub Copilot session token are redacted whole
// in the shapes a session prints them, raw and in a transcript's JSON; their look-alikes are
// kept. Every value is drawn at run time.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, CONTEXTS, HEX, p, Rng, URLSAFE } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

Deno.test("redact96: a long GitHub refresh token, a 1Password CLI session, a Kaggle key, a Copilot token, a Linear webhook secret and a JetBrains permanent token are redacted whole (see: #21)", () => {
  const rng = new Rng(9604);
  const ghr = p("gh", "r_", "Q7", rng.str(ALNUM, 74));
  const op = p("Zq7", rng.str(URLSAFE, 40));
  const kaggle = p("9c", rng.str(HEX, 30));
  const copilot = p(
    "tid=",
    rng.str(HEX, 32),
    ";exp=1737000000;sku=copilot_for_business_seat;proxy-ep=proxy.business.githubcopilot.com;st=dotcom;chat=1;8kp=1:",
    rng.str(HEX, 64),
  );
  const linear = p("lin_", "wh_", "Q7", rng.str(ALNUM, 38));
  const perm = p("perm:", "YWRtaW4=.Q0ktdG9rZW4=.Q7", rng.str(ALNUM, 28));
  const cases: [string, string, string][] = [
    [`LINEAR_WEBHOOK_SECRET=${linear}`, linear, "linear_webhook_secret"],
    [
      `curl -H "Authorization: Bearer ${perm}" https://yt.test/api/issues`,
      perm,
      "jetbrains_permanent_token",
    ],
    [`The refresh token is ${ghr}`, ghr, "github_refresh_token"],
    [`{"access_token":"x","refresh_token_value":"${ghr}"}`, ghr, "github_refresh_token"],
    [`export OP_SESSION_my="${op}"`, op, "onepassword_cli_session"],
    [`$env:OP_SESSION_acme_corp = "${op}"`, op, "onepassword_cli_session"],
    [`set OP_SESSION_my=${op}`, op, "onepassword_cli_session"],
    [
      `$ cat ~/.kaggle/kaggle.json\n{"username":"jdoe","key":"${kaggle}"}`,
      kaggle,
      "kaggle_api_key",
    ],
    [`{"username": "jdoe", "key": "${kaggle}"}`, kaggle, "kaggle_api_key"],
    [`{"token":"${copilot}","expires_at":1737000000}`, copilot, "github_copilot_token"],
    [`[debug] Copilot token: ${copilot}`, copilot, "github_copilot_token"],
  ];
  for (const [text, value, kind] of cases) {
    for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!, CONTEXTS.markdown_fence!]) {
      const r = redactText(engine, wrap(text));
      assert.ok(r.kinds.includes(kind), `${kind} not found: ${text} (${r.kinds.join(",")})`);
      for (const piece of [value.slice(0, 12), value.slice(-12)]) {
        assert.ok(!r.text.includes(piece), `left in: ${r.text}`);
      }
    }
  }
});

Deno.test("redact96: their look-alikes are kept (see: #21)", () => {
  const rng = new Rng(9605);
  for (
    const text of [
      // Letters alone, one case, or a short refresh token (the 36-character form has a checksum).
      p("gh", "r_", "x".repeat(76)),
      p("gh", "r_", rng.str("abcdefghijklmnopqrstuvwxyz", 76)),
      'export OP_SESSION_my="$(op signin --raw)"',
      "OP_SESSION_my=<session-token>",
      `OP_SESSION_my=${"a".repeat(43)}`,
      "the OP_SESSION_ variables hold a session",
      '{"username":"jdoe","key":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}',
      `{"username":"jdoe","key":"${rng.str(HEX, 40)}"}`,
      '{"username":"jdoe","key":"primary"}',
      `tid=${rng.str(HEX, 32)};exp=1737000000;sku=copilot_for_individual;st=dotcom`,
      "tid=<tracking id>;exp=<unix time>;...:<hmac>",
      `lin_wh_${"x".repeat(40)}`,
      "perm:<user>.<token name>.<secret>",
      `perm:YWRtaW4=.Q0ktdG9rZW4=.${"x".repeat(30)}`,
    ]
  ) {
    for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!]) {
      assert.deepEqual(redactText(engine, wrap(text)).kinds, [], text);
    }
  }
});

Deno.test("a JetBrains permanent token's names are base64 text: a property path of code after perm: is kept, tokens with padded and unpadded names are redacted", () => {
  const rng = new Rng(9806);
  for (
    const text of [
      "const o = {perm:this.props.getPermissionsV2ForUser};",
      "x={perm:self.state.hasOrganizationAdmin2Rights}",
      "{perm:user.roles.canEditDocumentsV2ForTeam}",
    ]
  ) {
    for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!]) {
      assert.deepEqual(redactText(engine, wrap(text)).kinds, [], text);
    }
  }
  // Controls: names padded and not (`amFuZS5kb2U=` is jane.doe, `NDMtMg` is 43-2).
  for (const names of ["amFuZS5kb2U=.NDMtMg==", "amFuZS5kb2U.NDMtMg", "YWRtaW4=.Q0ktdG9rZW4="]) {
    const perm = p("perm:", `${names}.Q7`, rng.str(ALNUM, 26));
    const r = redactText(engine, `YOUTRACK_TOKEN=${perm}`);
    assert.ok(r.kinds.length > 0 && !r.text.includes(perm.slice(-10)), r.text);
  }
});
