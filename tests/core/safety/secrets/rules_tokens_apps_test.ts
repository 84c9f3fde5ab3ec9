// Tests for core/safety/secrets/rules_tokens_apps.ts: the fifth survey's
// formats (Xata, Zuplo, Lichess, MailerSend, Modal, Polar, Unkey, Volcengine,
// Authress, Telnyx, Axiom, OneSignal, Kaggle, Ory) are found bare, under their
// vendor's variable, quoted, in a transcript's JSON and in a bearer header,
// redacted whole; placeholders, documentation examples and the prefixes in
// code and prose are kept. Every value is drawn at run time.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { APP_TOKEN_RULES } from "../../../../core/safety/secrets/rules_tokens_apps.ts";
import { ALNUM, p, Rng } from "../../../_helpers/secret_fixtures.ts";
import { assertFoundWhole, assertLookAlikesKept } from "../../../_helpers/vendor_token_checks.ts";

const engine = createEngine(SECRET_RULES);

/** Each new kind and the variable its vendor's documentation names. */
const VARIABLES: Record<string, string> = {
  xata_api_key: "XATA_API_KEY",
  zuplo_api_key: "ZUPLO_API_KEY",
  lichess_token: "LICHESS_TOKEN",
  mailersend_api_token: "MAILERSEND_API_TOKEN",
  modal_token: "MODAL_TOKEN_SECRET",
  polar_access_token: "POLAR_ACCESS_TOKEN",
  unkey_root_key: "UNKEY_ROOT_KEY",
  volcengine_access_key_id: "VOLC_ACCESSKEY",
  authress_access_key: "AUTHRESS_KEY",
  telnyx_api_key: "TELNYX_API_KEY",
  axiom_token: "AXIOM_TOKEN",
  onesignal_api_key: "ONESIGNAL_API_KEY",
  kaggle_api_token: "KAGGLE_API_TOKEN",
  ory_token: "ORY_ACCESS_TOKEN",
};

Deno.test("the fifth survey's kinds each have a rule here and a variable in this test (see: #21)", () => {
  const kinds = [...new Set(APP_TOKEN_RULES.map((r) => r.kind))].sort();
  assert.deepEqual(kinds, Object.keys(VARIABLES).sort());
});

Deno.test("each new format is found and redacted whole in every shape and context (see: #21)", () => {
  assertFoundWhole(engine, VARIABLES, 2201);
});

Deno.test("each new format's look-alikes are kept under their vendor's variable too (see: #21)", () => {
  assertLookAlikesKept(engine, VARIABLES, 2202);
  // A prefix and a value that fails the format's check, under the vendor's own name:
  // not this kind (the name rules may still judge the value on their own).
  for (
    const [kind, text] of [
      ["volcengine_access_key_id", p("VOLC_ACCESSKEY=AK", "LT", "Zq7", new Rng(1).str(ALNUM, 40))],
      ["xata_api_key", p("XATA_API_KEY=xa", "u_", "yourapikeyhereyourapikeyhere12345")],
      ["polar_access_token", p("POLAR_CLIENT_ID=pol", "ar_ci_", new Rng(2).str(ALNUM, 43))],
    ] as const
  ) {
    assert.ok(!redactText(engine, text).kinds.includes(kind), text);
  }
});

Deno.test("a value one character too long or short is not taken for the format (see: #21)", () => {
  const rng = new Rng(2203);
  for (
    const [kind, make] of [
      ["lichess_token", (n: number) => p("li", "p_Q7z", rng.str(ALNUM, n - 3))],
      ["mailersend_api_token", (n: number) => p("ml", "sn.", rng.str("0123456789abcdef", n))],
      ["kaggle_api_token", (n: number) => p("KG", "AT_", rng.str("0123456789abcdef", n))],
      ["modal_token", (n: number) => p("a", "s-Q7z", rng.str(ALNUM, n - 3))],
    ] as const
  ) {
    const exact =
      { lichess_token: 20, mailersend_api_token: 64, kaggle_api_token: 32, modal_token: 22 }[kind];
    assert.ok(redactText(engine, make(exact)).kinds.includes(kind), `${kind}: control`);
    for (const n of [exact - 1, exact + 1]) {
      assert.ok(!redactText(engine, make(n)).kinds.includes(kind), `${kind}: length ${n}`);
    }
  }
});
