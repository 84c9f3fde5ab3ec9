// Tests for the two key-name changes of survey9 (trufflehog's detector unit tests replayed
// through baton) in core/safety/secrets/rules.ts: a key under a credential's word glued to a
// lower-case `key` (`azureFunctionkey`, `masterkey`) and random lower-case letters and digits
// under a key name (an Azure DevOps PAT under `azure_key`) are redacted raw and JSON-escaped
// once and twice; their look-alikes (glued words that are not a credential's, an ordinary
// key, words run together with a number) are kept. Generated values are drawn at run time.

import assert from "node:assert/strict";
import { escaped } from "../../../_helpers/redact_everywhere.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { ALNUM, lookAlikes, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

const { assertRedacted, assertKept } = escaped(engine);

const BASE32_LOWER = "abcdefghijklmnopqrstuvwxyz234567";

Deno.test("the survey9 look-alikes are in the labelled key_secret table (see: #21)", () => {
  const table = lookAlikes(new Rng(9901)).key_secret ?? [];
  for (const text of ["turnkey: ", "hostkey: ", "foo_key: thisisavery", "cache_key: "]) {
    assert.ok(table.some((l) => l.startsWith(text)), text);
  }
});

Deno.test("a key under a credential's word glued to key is redacted (see: #21)", () => {
  const rng = new Rng(9903);
  for (let i = 0; i < 12; i++) {
    const key = "Q" + rng.str(ALNUM, 10) + "7k" + rng.str(ALNUM, 20);
    for (
      const text of [
        `azure:\n  azureURL: https://app.azurewebsites.net/api/run\n  azureFunctionkey: ${key}\n`,
        `masterkey: "${key}"`,
        `{"subscriptionkey": "${key}"}`,
        `licensekey=${key}`,
      ]
    ) assertRedacted(text, key, "key_secret");
  }
});

Deno.test("random lower-case letters and digits under a key name are redacted (see: #21)", () => {
  const rng = new Rng(9904);
  for (let i = 0; i < 12; i++) {
    // An Azure DevOps PAT's shape: 52 lower-case base32 characters, digits among the letters.
    const pat = "k7" + rng.str(BASE32_LOWER, 20) + "3q" + rng.str(BASE32_LOWER, 10) + "5x" +
      rng.str(BASE32_LOWER, 10) + "2m4";
    for (
      const text of [
        `azure:\n  azure_key: ${pat}\n  azure_org_id: acme\n`,
        `devops_key = "${pat}"`,
        `{"ado-key": "${pat}"}`,
      ]
    ) assertRedacted(text, pat, "key_secret");
  }
});

Deno.test("the survey9 key-name look-alikes are kept (see: #21)", () => {
  const rng = new Rng(9905);
  // Glued keys: words that end in key, an ordinary key, a key that is a word.
  const key = "Q" + rng.str(ALNUM, 10) + "7k" + rng.str(ALNUM, 20);
  assertKept(`turnkey: ${key}`);
  assertKept(`hostkey: ${key}`);
  assertKept(`monkey: ${key}`);
  assertKept("masterkey: ContentTypeHeaderName");
  // Lower-case runs: words with a number, an ordinary key's value, a repeated draw, short.
  assertKept("foo_key: thisisaverylongidentifiername2024ab");
  assertKept("message_key: user1profile2settings3page4header");
  assertKept(`cache_key: ${rng.str(BASE32_LOWER, 52)}`);
  assertKept(`azure_key: ${"ab12".repeat(13)}`);
  assertKept(`azure_key: ${rng.str(BASE32_LOWER, 20)}`);
});
