// Tests for core/safety/secrets/rules_tokens_survey11.ts and the survey11 change to
// rules_pairs.ts (detect-secrets' test data and plugin tests and ggshield's unit-test secrets
// replayed through baton; facts about formats only): an Azure Functions key (56 characters,
// `AzFu` after the first 44) is redacted in a function URL, in every context and JSON-escaped
// once and twice; an Azure storage account key under `account_key`, `storage_account_key`,
// `AccountKey:` or a quoted `AccountKey=` is redacted; their look-alikes are kept. Generated
// values are drawn at run time.

import assert from "node:assert/strict";
import { escaped } from "../../../_helpers/redact_everywhere.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { SURVEY11_TOKEN_RULES } from "../../../../core/safety/secrets/rules_tokens_survey11.ts";
import { B64, CONTEXTS, lookAlikes, p, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

const { assertRedacted, assertKept } = escaped(engine);

Deno.test("the survey11 kinds each have a sample and look-alikes (see: #21)", () => {
  const all = lookAlikes(new Rng(11001));
  for (const kind of new Set(SURVEY11_TOKEN_RULES.map((r) => r.kind))) {
    assert.ok(SAMPLES[kind] !== undefined, kind);
    assert.ok((all[kind]?.length ?? 0) >= 2, kind);
  }
  assert.ok((all.azure_storage_account_key ?? []).some((l) => l.startsWith("PublicKey: ")));
});

Deno.test("an Azure Functions key is redacted in its URL, in every context and escaped (see: #21)", () => {
  const rng = new Rng(11002);
  for (let i = 0; i < 12; i++) {
    const s = SAMPLES.azure_function_key!(rng);
    for (const wrap of [(x: string) => x, ...Object.values(CONTEXTS)]) {
      assertRedacted(wrap(s.text), s.secret, "azure_function_key");
    }
    // Percent-encoded padding before another parameter; a header; a config value.
    const bare = s.secret.slice(0, -2);
    assertRedacted(
      `GET https://fn-app.azurewebsites.net/api/orders?code=${bare}%3D%3D&name=x`,
      bare,
      "azure_function_key",
    );
    assertRedacted(`x-functions-key: ${s.secret}`, s.secret.slice(0, 50), "azure_function_key");
    assertRedacted(`API_URL: '${s.text.slice(6, -1)}'`, s.secret, "azure_function_key");
  }
});

Deno.test("an Azure Functions key's look-alikes are kept (see: #21)", () => {
  for (const text of lookAlikes(new Rng(11003)).azure_function_key ?? []) assertKept(text);
  // The signature's letters inside identifiers and prose.
  assertKept("namespace PasswordExpiration.AzFunction");
  assertKept("the azfunc-demo app was deployed with func azure functionapp publish azfunc-demo");
});

Deno.test("an Azure storage key under an account key's name is redacted (see: #21)", () => {
  const rng = new Rng(11004);
  for (let i = 0; i < 12; i++) {
    const k = p("Q7a", rng.str(B64, 83), "==");
    for (
      const text of [
        // The Python SDK's credential map; Terraform or INI; YAML; JSON; a quoted value.
        `credential={"account_name": "acct", "account_key": "${k}"}`,
        `storage_account_key = "${k}"`,
        `AccountKey: ${k}`,
        `{"AccountKey": "${k}"}`,
        `AccountKey='${k}'`,
        `AccountKey="${k}"`,
      ]
    ) {
      assertRedacted(text, k, "azure_storage_account_key");
    }
  }
  for (const text of lookAlikes(new Rng(11005)).azure_storage_account_key ?? []) {
    assertKept(text);
  }
});
