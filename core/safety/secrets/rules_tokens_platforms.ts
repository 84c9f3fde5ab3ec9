/**
 * Prefixed tokens of a fifth survey of the public scanners' test material
 * (gitleaks' rules, trufflehog's detectors, detect-secrets' plugins; facts
 * about formats only): Cast AI, Chief Tools, Apify, Portainer, Appwrite,
 * WooCommerce, Statsig, ArcGIS, Instagram, OpenAI session keys, LlamaCloud, Twitch chat
 * tokens, `sk_` + 32-hex keys (Clearbit, IEX Cloud), Neptune's base64 JSON
 * token, TeamCity's `TCV2` token and a SoftLayer key inside its API URL, as
 * rows of the vendor table's prefixed shape ({@linkcode prefixed}). Spread
 * into the main table. Pure: data only.
 * @module
 */
import { decodeBase64Loose } from "./checks.ts";
import type { SecretRule } from "./rule.ts";
import { prefixed } from "./rules_vendor.ts";

/** True when the text after `skip` holds a digit, a lower-case and an upper-case letter. */
function mixedAfter(skip: number): (s: string) => boolean {
  return (s) => {
    const body = s.slice(skip);
    return /[0-9]/.test(body) && /[a-z]/.test(body) && /[A-Z]/.test(body);
  };
}

/** True when the text after `skip` holds a digit and a letter. */
function digitAndLetterAfter(skip: number): (s: string) => boolean {
  return (s) => /[0-9]/.test(s.slice(skip)) && /[A-Za-z]/.test(s.slice(skip));
}

/** True when base64 text decodes to a JSON object naming Neptune's API address and key. */
function isNeptuneToken(s: string): boolean {
  const text = decodeBase64Loose(s);
  if (text === null) return false;
  try {
    const o = JSON.parse(text) as Record<string, unknown>;
    return typeof o.api_address === "string" && typeof o.api_key === "string";
  } catch {
    return false;
  }
}

/**
 * The rows, in table order.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PLATFORM_TOKEN_RULES } from "./rules_tokens_platforms.ts";
 * assert.ok(PLATFORM_TOKEN_RULES.some((r) => r.kind === "woocommerce_api_key"));
 * ```
 */
export const PLATFORM_TOKEN_RULES: readonly SecretRule[] = [
  prefixed({
    kind: "castai_api_key",
    title: "Cast AI API key",
    description: "`castai_v1_` + 64 letters and digits, `_` and 8 more.",
    keywords: ["castai_v1_"],
    body: "castai_v1_[A-Za-z0-9]{64}_[A-Za-z0-9]{8}",
    tail: { blanks: 0, cls: "A-Za-z0-9", min: 64 },
    max: 83,
  }),
  {
    ...prefixed({
      kind: "chieftools_token",
      title: "Chief Tools personal access, access or refresh token",
      description:
        "`ctp_` (personal access), `cto_` (access) or `ctr_` (refresh) + 30 to 248 letters and digits of both cases with a digit.",
      keywords: ["ctp_", "cto_", "ctr_"],
      body: "ct[opr]_[A-Za-z0-9]{30,248}",
      tail: { blanks: 0, cls: "A-Za-z0-9", min: 30 },
      max: 252,
      minEntropy: 3.5,
    }),
    validate: mixedAfter(4),
  },
  {
    ...prefixed({
      kind: "apify_api_token",
      title: "Apify API token",
      description: "`apify_api_` + 36 letters and digits.",
      keywords: ["apify_api_"],
      body: "apify_api_[A-Za-z0-9]{36}",
      tail: { blanks: 0, cls: "A-Za-z0-9", min: 36 },
      max: 46,
    }),
    validate: digitAndLetterAfter(10),
  },
  {
    ...prefixed({
      kind: "portainer_access_token",
      title: "Portainer access token",
      description:
        "`ptr_` + the 44-character standard base64 of 32 random bytes (43 characters and `=`).",
      keywords: ["ptr_"],
      body: "ptr_[A-Za-z0-9+/]{43}=",
      cls: String.raw`A-Za-z0-9_+\/=\-`,
      tail: { blanks: 0, cls: "A-Za-z0-9+/", min: 43 },
      max: 48,
      minEntropy: 3.5,
    }),
    validate: mixedAfter(4),
  },
  prefixed({
    kind: "appwrite_api_key",
    title: "Appwrite API key",
    description: "`standard_` + 256 hex characters (a project's server API key).",
    // Not `standard_`: the keyword pass skips ahead past three bytes no keyword starts with, and
    // `sta` opens `status`, `start`, `state` everywhere; `dard_` sits 4 bytes into the token.
    keywords: ["dard_"],
    before: 4,
    body: "standard_[a-f0-9]{256}",
    tail: { blanks: 0, cls: "a-f0-9", min: 64 },
    max: 265,
  }),
  {
    ...prefixed({
      kind: "woocommerce_api_key",
      title: "WooCommerce REST API consumer key or secret",
      description:
        "`ck_` (consumer key) or `cs_` (consumer secret) + 40 hex characters: the pair a WooCommerce store's REST API takes as its Basic credentials.",
      keywords: ["ck_", "cs_"],
      body: "c[ks]_[a-f0-9]{40}",
      cls: "A-Za-z0-9_",
      tail: { blanks: 0, cls: "a-f0-9", min: 40 },
      max: 43,
    }),
    validate: digitAndLetterAfter(3),
  },
  {
    ...prefixed({
      kind: "statsig_server_secret",
      title: "Statsig server secret key",
      description:
        "`secret-` + 32 to 64 letters and digits of both cases with a digit (a project's server secret; its `client-` key is public).",
      // `secret`, not `secret-`: a keyword holding a separator gives a rule with a `tail`
      // folded-token heads, and every `...-secret-access-key` placeholder at a line's end was
      // judged as a folded token (642 in the 50 MB bench transcript, ~1.5 MiB of peak RSS).
      // The tail (the dash and 32 letters or digits) drops `secret_`, `secret-value` and the
      // rest in the keyword pass.
      keywords: ["secret"],
      body: "secret-[A-Za-z0-9]{32,64}",
      tail: { blanks: 0, cls: "A-Za-z0-9-", min: 33 },
      max: 71,
      minEntropy: 3.5,
    }),
    validate: mixedAfter(7),
  },
  {
    ...prefixed({
      kind: "arcgis_api_key",
      fold: { cls: "A-Za-z0-9_-", min: 80 },
      title: "ArcGIS (Esri) API key",
      description:
        "`AAPK` (legacy API key) or `AAPT` (API key credential) + 80 to 400 URL-safe characters of both cases with a digit.",
      keywords: ["aapk", "aapt"],
      body: "AAP[KT][A-Za-z0-9_-]{80,400}",
      tail: { blanks: 0, cls: "A-Za-z0-9_-", min: 80 },
      max: 404,
      minEntropy: 4,
    }),
    validate: mixedAfter(4),
  },
  {
    ...prefixed({
      kind: "instagram_access_token",
      fold: { cls: "A-Za-z0-9_-", min: 100 },
      title: "Instagram access token",
      description:
        "`IGQV` + 100 to 400 URL-safe characters of both cases with a digit (an Instagram Basic Display or Graph API user token).",
      keywords: ["igqv"],
      body: "IGQV[A-Za-z0-9_-]{100,400}",
      tail: { blanks: 0, cls: "A-Za-z0-9_-", min: 100 },
      max: 404,
      minEntropy: 4,
    }),
    validate: mixedAfter(4),
  },
  {
    ...prefixed({
      kind: "openai_session_key",
      title: "OpenAI session key",
      description:
        "`sess-` + 40 letters and digits of both cases with a digit (a ChatGPT or platform browser session, which acts for the account).",
      keywords: ["sess-"],
      body: "sess-[A-Za-z0-9]{40}",
      tail: { blanks: 0, cls: "A-Za-z0-9", min: 40 },
      max: 45,
      minEntropy: 3.5,
    }),
    validate: mixedAfter(5),
  },
  {
    ...prefixed({
      kind: "llamacloud_api_key",
      title: "LlamaCloud (LlamaIndex) API key",
      description: "`llx-` + 40 to 64 letters and digits of both cases with a digit.",
      keywords: ["llx-"],
      body: "llx-[A-Za-z0-9]{40,64}",
      tail: { blanks: 0, cls: "A-Za-z0-9", min: 40 },
      max: 68,
      minEntropy: 3.5,
    }),
    validate: mixedAfter(4),
  },
  {
    ...prefixed({
      kind: "twitch_oauth_token",
      title: "Twitch chat OAuth token",
      description:
        "`oauth:` + 30 lower-case letters and digits (the password an IRC client gives Twitch chat, `PASS oauth:...`).",
      // `auth:` one byte into the token: `aut` already opens a keyword (`authorization`), where
      // `oau` would be a new three-byte start for the keyword pass's skip.
      keywords: ["auth:"],
      before: 1,
      body: "oauth:[a-z0-9]{30}",
      cls: "A-Za-z0-9_",
      tail: { blanks: 0, cls: "a-z0-9", min: 30 },
      max: 36,
      minEntropy: 3.5,
    }),
    validate: digitAndLetterAfter(6),
  },
  {
    ...prefixed({
      kind: "clearbit_api_key",
      title: "Clearbit or IEX Cloud secret key",
      description:
        "`sk_` + exactly 32 hex characters (Clearbit's API key, IEX Cloud's secret token; ElevenLabs' 48-hex key is its own row).",
      keywords: ["sk_"],
      body: "sk_[a-f0-9]{32}",
      cls: "A-Za-z0-9_",
      tail: { blanks: 0, cls: "a-f0-9", min: 32 },
      max: 35,
      minEntropy: 3.2,
    }),
    validate: digitAndLetterAfter(3),
  },
  {
    ...prefixed({
      kind: "neptune_api_token",
      title: "Neptune.ai API token",
      description:
        'The base64 JSON `{"api_address": ..., "api_url": ..., "api_key": ...}` that `NEPTUNE_API_TOKEN` holds (`eyJhcGlfYWRkcmVzcyI6...`).',
      // The base64 of `{"api_address":`.
      keywords: ["eyjhcglfywrkcmvzcyi6"],
      body: "eyJhcGlfYWRkcmVzcyI6[A-Za-z0-9+/]{40,1000}={0,2}",
      cls: String.raw`A-Za-z0-9+\/=`,
      max: 1024,
    }),
    validate: isNeptuneToken,
  },
  prefixed({
    kind: "teamcity_access_token",
    fold: { cls: "A-Za-z0-9_.-", min: 30 },
    title: "TeamCity access token",
    description:
      'The base64 header `{"typ": "TCV2"}` (`eyJ0eXAiOiAiVENWMiJ9`), `.`, the token id and `.` its secret: a TeamCity personal access token (no JOSE `alg`, so not a JWT).',
    keywords: ["eyj0exaioiaivenwmij9."],
    body: String.raw`eyJ0eXAiOiAiVENWMiJ9\.[A-Za-z0-9_-]{8,200}\.[A-Za-z0-9_-]{20,300}`,
    cls: String.raw`A-Za-z0-9_.\-`,
    max: 522,
  }),
  {
    kind: "softlayer_api_key",
    title: "SoftLayer (IBM Cloud classic) API key in an API URL",
    description:
      "The 64-hex API key a SoftLayer SOAP URL carries (`api.softlayer.com/soap/v3/<key>`, also `v3.1`).",
    keywords: ["api.softlayer.com/soap/v3"],
    pattern: /api\.softlayer\.com\/soap\/v3(?:\.1)?\/(?<s>[a-f0-9]{64})(?![A-Za-z0-9])/,
    after: 100,
    priority: 3,
    minEntropy: 3,
  },
];
