/**
 * Prefixed tokens of a fourth survey of the public rule sets (trufflehog's
 * detectors; facts about formats only): Onfido API tokens (`api_live.`,
 * with a region, `api_live_us.`), Rootly API keys (`rootly_` + 64 hex) and
 * Azure Data Factory's self-hosted integration runtime keys (`IR@<id>@...`),
 * as rows of the vendor table's prefixed shape ({@linkcode prefixed}).
 * Spread into the main table. Pure: data only.
 * @module
 */
import type { SecretRule } from "./rule.ts";
import { prefixed } from "./rules_vendor.ts";

/** The rules of this file. */
export const OPS_TOKEN_RULES: readonly SecretRule[] = [
  {
    ...prefixed({
      kind: "onfido_api_token",
      title: "Onfido API token",
      description:
        "`api_live.` (or with a region: `api_live_us.`, `api_live_ca.`) + 11 URL-safe characters, `.`, 32 URL-safe characters.",
      keywords: ["api_live.", "api_live_"],
      body: String.raw`api_live(?:_[a-z]{2})?\.[A-Za-z0-9_-]{11}\.[A-Za-z0-9_-]{32}`,
      cls: String.raw`A-Za-z0-9_.\-`,
      max: 56,
      minEntropy: 3.5,
    }),
    // The 32-character part holds letters and digits (a dotted name of words holds none).
    validate: (s) => /[0-9]/.test(s.slice(-32)) && /[A-Za-z]/.test(s.slice(-32)),
  },
  prefixed({
    kind: "rootly_api_key",
    title: "Rootly API key",
    description: "`rootly_` + 64 hex.",
    keywords: ["rootly_"],
    body: "rootly_[a-f0-9]{64}",
    tail: { blanks: 0, cls: "a-f0-9", min: 64 },
    max: 71,
  }),
  {
    ...prefixed({
      kind: "azure_data_factory_shir_key",
      title: "Azure Data Factory self-hosted integration runtime key",
      description:
        "`IR@` + the runtime's 36-character id, `@` the factory's name, `@` its region, `@` and 44 characters of base64 (the authentication key a self-hosted integration runtime registers with).",
      keywords: ["ir@"],
      body: String
        .raw`IR@[0-9A-Za-z-]{36}@[A-Za-z0-9_.-]{1,90}@[A-Za-z0-9-]{1,40}@[A-Za-z0-9+/]{43}=`,
      cls: String.raw`A-Za-z0-9_\-`,
      tail: { blanks: 0, cls: "0-9A-Za-z-", min: 36 },
      max: 220,
    }),
    // Folded inside its body (review66): the head and its wrap run over the `@` between the
    // runtime id, the factory, the region and the key, which the token alphabet leaves out.
    fold: { cls: "0-9A-Za-z@_.+/=-", min: 36 },
  },
];
