/**
 * Prefixed tokens of a fifth survey (the formats left open by the fourth):
 * Xata, Zuplo, Lichess, MailerSend, Modal, Polar, Unkey, Volcengine,
 * Authress, Telnyx, Axiom, OneSignal, Kaggle and Ory credentials. Each shape is
 * stated from a public fact about the format (the vendor's generator,
 * validator, documentation or published scanning rule, or the keys printed
 * in public code): prefix, alphabet and length, never another scanner's rule
 * text. Mostly rows of the vendor table's prefixed shape
 * ({@linkcode prefixed}); every keyword is a prefix of four or more bytes with
 * its separator, save Modal's, whose token has no longer one. Spread into the
 * main table. Pure: data only.
 * @module
 */
import { decodeBase64Loose, isCamelWords } from "./checks.ts";
import type { SecretRule } from "./rule.ts";
import { lookBehind, prefixed, UUID } from "./rules_vendor.ts";

/** The Bitcoin base58 alphabet, as a RegExp class body (no `0`, `O`, `I`, `l`). */
const B58 = "1-9A-HJ-NP-Za-km-z";

/** How many of the classes upper case, lower case and digit a text holds. */
function classes(s: string): number {
  return Number(/[A-Z]/.test(s)) + Number(/[a-z]/.test(s)) + Number(/[0-9]/.test(s));
}

/**
 * The rule, with a body (after `prefix` characters) holding at least two of
 * upper case, lower case and digits, and not words in camel case (a name in
 * code: `ak-ButtonPrimaryLargeIcon`).
 */
function mixedBody(rule: SecretRule, prefix: number): SecretRule {
  return {
    ...rule,
    validate: (s) => classes(s.slice(prefix)) >= 2 && !isCamelWords(s.slice(prefix)),
  };
}

/** True when the text after `AKLT` is base64 of 32 hex digits (Volcengine's key id encoding). */
function isVolcengineKeyId(s: string): boolean {
  const text = decodeBase64Loose(s.slice(4).replace(/=+$/, ""));
  return text !== null && /^[0-9a-f]{32}$/.test(text);
}

/**
 * The rows, in table order.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { APP_TOKEN_RULES } from "./rules_tokens_apps.ts";
 * assert.ok(APP_TOKEN_RULES.some((r) => r.kind === "polar_access_token"));
 * ```
 */
export const APP_TOKEN_RULES: readonly SecretRule[] = [
  {
    ...prefixed({
      kind: "xata_api_key",
      title: "Xata API key",
      description:
        "`xau_` (user) or `xao_` (organization) + 32 to 36 base62 characters (20 random bytes and a CRC-32, as Xata's key generator encodes them).",
      keywords: ["xau_", "xao_"],
      body: "xa[uo]_[A-Za-z0-9]{32,36}",
      tail: { blanks: 0, cls: "A-Za-z0-9", min: 32 },
      max: 40,
      minEntropy: 3.5,
    }),
    // Base62 of random bytes holds both cases (a lower-case word run does not).
    validate: (s) => /[a-z]/.test(s.slice(4)) && /[A-Z]/.test(s.slice(4)),
  },
  prefixed({
    kind: "zuplo_api_key",
    title: "Zuplo API key",
    description: "`zpka_` + 32 lower-case letters and digits, `_` and an 8-hex checksum.",
    keywords: ["zpka_"],
    body: "zpka_[a-z0-9]{32}_[a-f0-9]{8}",
    tail: { blanks: 0, cls: "a-z0-9", min: 32 },
    max: 46,
  }),
  mixedBody(
    prefixed({
      kind: "lichess_token",
      title: "Lichess API access token",
      description:
        "`lip_` + 20 alphanumerics (a personal access token) or `lio_` + 32 (an OAuth access token), as Lichess generates them.",
      keywords: ["lip_", "lio_"],
      body: "li(?:p_[A-Za-z0-9]{20}|o_[A-Za-z0-9]{32})",
      tail: { blanks: 0, cls: "A-Za-z0-9", min: 20 },
      max: 36,
      minEntropy: 3.5,
    }),
    4,
  ),
  prefixed({
    kind: "mailersend_api_token",
    title: "MailerSend API token",
    description: "`mlsn.` + 64 hex characters.",
    keywords: ["mlsn."],
    body: String.raw`mlsn\.[a-f0-9]{64}`,
    cls: "A-Za-z0-9_",
    tail: { blanks: 0, cls: "a-f0-9", min: 64 },
    max: 69,
  }),
  mixedBody(
    prefixed({
      kind: "modal_token",
      title: "Modal token id or secret",
      description:
        "`as-` + 22 alphanumerics (the token secret, `MODAL_TOKEN_SECRET`) or `ak-` + 22 (its token id, `MODAL_TOKEN_ID`), with at least two of upper case, lower case and digits, and not words in camel case.",
      keywords: ["as-", "ak-"],
      body: "a[sk]-[A-Za-z0-9]{22}",
      tail: { blanks: 0, cls: "A-Za-z0-9", min: 22 },
      max: 25,
      minEntropy: 3.6,
    }),
    3,
  ),
  mixedBody(
    prefixed({
      kind: "polar_access_token",
      title: "Polar access token",
      description:
        "`polar_oat_` (organization access token) + 43 alphanumerics, or `polar_pat_`, `polar_at_u_`, `polar_at_o_`, `polar_rt_u_`, `polar_rt_o_`, `polar_cs_` or `polar_crt_` + 43 URL-safe characters (the public `polar_ci_` client id is not flagged).",
      keywords: ["polar_"],
      body: "polar_(?:oat_[A-Za-z0-9]{43}|(?:pat|at_[uo]|rt_[uo]|cs|crt)_[A-Za-z0-9_-]{43})",
      tail: { blanks: 0, cls: "A-Za-z0-9_-", min: 46 },
      max: 54,
      minEntropy: 3.5,
    }),
    -43,
  ),
  prefixed({
    kind: "unkey_root_key",
    title: "Unkey root key",
    description:
      "`unkey_` + 8 base58 characters, `unkeyv1` and 42 more (the current format, its last six a checksum), or `unkey_3Z` + 22 base58 characters (the dashboard's).",
    // `nkey_`, not `unkey_`: every `chunk` of code would enter the keyword pass's automaton.
    keywords: ["nkey_"],
    before: 1,
    body: `unkey_(?:[${B58}]{8}unkeyv1[${B58}]{42}|3Z[${B58}]{22})`,
    tail: { blanks: 0, cls: B58, min: 24 },
    max: 63,
    minEntropy: 3.5,
  }),
  {
    ...prefixed({
      kind: "volcengine_access_key_id",
      title: "Volcengine (BytePlus) AccessKey ID",
      description:
        "`AKLT` + 43 base64 characters that decode to 32 hex digits (the id of a Volcengine API key pair, as AWS's `AKIA` ids are flagged).",
      keywords: ["aklt"],
      body: "AKLT[A-Za-z0-9+/]{43}=?",
      cls: "A-Za-z0-9+/",
      tail: { blanks: 0, cls: "A-Za-z0-9+/", min: 43 },
      max: 48,
      minEntropy: 3.3,
    }),
    validate: isVolcengineKeyId,
  },
  {
    kind: "authress_access_key",
    title: "Authress service client access key",
    description:
      "`sc_`, `ext_`, `scauth_` or `authress_` + a client id, `.`, a key id, `.acc_` (or `.acc-`) + the account id, `.` and the base64 private key, as Authress documents for secret scanning.",
    // `.acc_` / `.acc-`: the account part's opening, rare elsewhere; the name check reads the ids before it.
    keywords: [".acc_", ".acc-"],
    pattern: new RegExp(
      lookBehind("A-Za-z0-9_.") +
        String
          .raw`(?:sc|ext|scauth|authress)_[A-Za-z0-9]{5,30}\.[A-Za-z0-9]{4,6}\.acc[_-][A-Za-z0-9-]{10,32}\.[A-Za-z0-9+\/_=-]{30,120}(?![A-Za-z0-9+\/_=-])`,
    ),
    lead: "A-Za-z0-9_.",
    before: 48,
    tail: { blanks: 0, cls: "A-Za-z0-9-", min: 10 },
    after: 170,
    priority: 3,
    minEntropy: 3.5,
  },
  prefixed({
    kind: "telnyx_api_key",
    title: "Telnyx API key (v2)",
    description:
      "`KEY` + 32 upper-case hex (the key id, a ULID in hex: `KEY01...`), `_` and the 22-character secret.",
    // `EY01` of `KEY01`: the id's ULID timestamp begins `01` (dates 2020 to 2039). Not `key01`:
    // every `key` of code and prose would enter the keyword pass's automaton.
    keywords: ["ey01"],
    before: 1,
    body: "KEY01[0-9A-F]{30}_[A-Za-z0-9_-]{22}",
    tail: { blanks: 0, cls: "0-9A-F", min: 30 },
    max: 58,
    minEntropy: 3.3,
  }),
  prefixed({
    kind: "axiom_token",
    title: "Axiom API or personal token",
    description: "`xaat-` (API token) or `xapt-` (personal access token) + a lower-case UUID.",
    keywords: ["xaat-", "xapt-"],
    body: `xa[ap]t-${UUID}`,
    tail: { blanks: 0, cls: "0-9a-f-", min: 36 },
    max: 41,
  }),
  prefixed({
    kind: "onesignal_api_key",
    title: "OneSignal app or organization API key",
    description:
      "`os_v2_app_` or `os_v2_org_` + 40 or more lower-case letters and digits (a rich authentication key).",
    keywords: ["os_v2_"],
    body: "os_v2_(?:app|org)_[a-z0-9]{40,200}",
    tail: { blanks: 0, cls: "a-z0-9_", min: 44 },
    max: 210,
    minEntropy: 3.5,
  }),
  mixedBody(
    prefixed({
      kind: "ory_token",
      title: "Ory session or OAuth2 token",
      description:
        "`ory_st_` + 32 alphanumerics (a Kratos session token), or `ory_at_`, `ory_rt_` or `ory_ac_` + 43 or more URL-safe characters, `.` and a 43-character signature (a Hydra access or refresh token or authorization code; a JWT carries no prefix).",
      // `y_st_`..., not `ory_st_`: every `memory`, `directory`, `history` of code would enter
      // the keyword pass's automaton.
      keywords: ["y_st_", "y_at_", "y_rt_", "y_ac_"],
      before: 2,
      body: String
        .raw`ory_(?:st_[A-Za-z0-9]{32}|(?:at|rt|ac)_[A-Za-z0-9_-]{43,200}\.[A-Za-z0-9_-]{43}(?!\.[A-Za-z0-9_-]))`,
      tail: { blanks: 0, cls: "A-Za-z0-9_-", min: 32 },
      max: 295,
      minEntropy: 3.5,
    }),
    7,
  ),
  prefixed({
    kind: "kaggle_api_token",
    title: "Kaggle API token",
    description: "`KGAT_` + 32 hex characters (the newer Kaggle API token).",
    keywords: ["kgat_"],
    body: "KGAT_[0-9a-f]{32}",
    tail: { blanks: 0, cls: "0-9a-f", min: 32 },
    max: 37,
  }),
];
