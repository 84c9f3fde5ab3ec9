/**
 * Prefixed tokens of a third survey of the common scanners' formats:
 * Infisical service tokens, Mandrill (Mailchimp Transactional) keys,
 * Databricks OAuth secrets, Checkout.com secret keys, Adyen API keys,
 * Asana's legacy personal access tokens, New Relic license keys (the
 * `NRAL` suffix), Convex deploy keys and Cloudflare Tunnel tokens, mostly as rows of the vendor
 * table's prefixed shape ({@linkcode prefixed}); and a Twilio auth token
 * written right after its Account SID, and a raw `0x` + 64-hex wallet private
 * key given to a key-taking call or under a `*_PK` name. Spread into the main
 * table. Pure: data only.
 * @module
 */
import { decodeBase64Loose } from "./checks.ts";
import type { SecretRule } from "./rule.ts";
import { lookBehind, prefixed, UUID } from "./rules_vendor.ts";

/** Not preceded by a word character (escapes aside). */
const LB_WORD = lookBehind("A-Za-z0-9_");

const HEX_DIGITS = [..."0123456789abcdef"];

/** One character of Adyen's 16-character key suffix: printable ASCII save blanks, quotes, backslash and backtick. */
const ADYEN_TAIL = String.raw`[!#-&(-\[\]-_a-~]`;

/** True when base64 text decodes to a JSON object holding the tunnel token's `a`, `t` and `s`. */
function isTunnelToken(s: string): boolean {
  const text = decodeBase64Loose(s);
  if (text === null) return false;
  try {
    const o = JSON.parse(text) as Record<string, unknown>;
    return typeof o.a === "string" && typeof o.t === "string" && typeof o.s === "string";
  } catch {
    return false;
  }
}

/**
 * The rows, in table order.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MORE_TOKEN_RULES } from "./rules_tokens_more.ts";
 * assert.ok(MORE_TOKEN_RULES.some((r) => r.kind === "adyen_api_key"));
 * ```
 */
export const MORE_TOKEN_RULES: readonly SecretRule[] = [
  prefixed({
    kind: "infisical_service_token",
    title: "Infisical service token",
    description: "`st.` + a 24-hex token id, `.`, 32 hex, `.` and 32 hex (the key that decrypts).",
    // `st.` and the first hex character; the tail check rejects every other `st.` at once.
    keywords: HEX_DIGITS.map((c) => `st.${c}`),
    body: String.raw`st\.[a-f0-9]{24}\.[a-f0-9]{32}\.[a-f0-9]{32}`,
    cls: "A-Za-z0-9_.",
    tail: { blanks: 0, cls: "a-f0-9", min: 23 },
    max: 95,
  }),
  {
    ...prefixed({
      kind: "mandrill_api_key",
      title: "Mandrill (Mailchimp Transactional) API key",
      description:
        "`md-` + 22 URL-safe characters of both cases (a `md-` CSS class name is one case).",
      keywords: ["md-"],
      body: "md-[A-Za-z0-9_-]{22}",
      tail: { blanks: 0, cls: "A-Za-z0-9_-", min: 22 },
      max: 25,
      minEntropy: 3.5,
    }),
    validate: (s) => /[a-z]/.test(s.slice(3)) && /[A-Z]/.test(s.slice(3)),
  },
  prefixed({
    kind: "databricks_oauth_secret",
    title: "Databricks OAuth client secret",
    description: "`dose` + 32 hex characters (a service principal's OAuth secret).",
    // `dose` and the first hex character: the word (dose, doses) never reaches the pattern.
    keywords: HEX_DIGITS.map((c) => `dose${c}`),
    body: "dose[a-f0-9]{32}",
    cls: "A-Za-z0-9_",
    tail: { blanks: 0, cls: "a-f0-9", min: 31 },
    max: 36,
  }),
  {
    ...prefixed({
      kind: "checkout_secret_key",
      title: "Checkout.com secret key",
      description:
        "`sk_` or `sk_sbox_` + 27 base32 characters with a digit, or the older `sk_` / `sk_test_` + a UUID (a `pk_` key is public).",
      keywords: ["sk_"],
      body: `sk_(?:(?:sbox_)?[a-z2-7]{26}[a-z2-7*#$=]|(?:test_)?${UUID})`,
      cls: String.raw`A-Za-z0-9_\-`,
      tail: { blanks: 0, cls: "a-z0-9_-", min: 27 },
      max: 44,
      minEntropy: 3.3,
    }),
    validate: (s) => /[0-9]/.test(s.slice(3).replace(/^(?:sbox|test)_/, "")),
  },
  prefixed({
    kind: "adyen_api_key",
    title: "Adyen API key",
    description:
      "`AQE` + base64, `-`, a 43-character base64 hash and `=`, optionally `-` and 16 more characters.",
    keywords: ["aqe"],
    body:
      `AQE[A-Za-z0-9+/]{50,250}={0,2}-[A-Za-z0-9+/]{43}=(?:-${ADYEN_TAIL}{16}(?![A-Za-z0-9+/=]))?`,
    cls: "A-Za-z0-9+/=",
    tail: { blanks: 0, cls: "A-Za-z0-9+/", min: 50 },
    max: 320,
    minEntropy: 4,
  }),
  prefixed({
    kind: "asana_pat",
    title: "Asana personal access token (legacy)",
    description: "`0/` + 32 hex (the oldest Asana token shape).",
    // `0/` and the first hex character; the tail check rejects dates and paths at once.
    keywords: HEX_DIGITS.map((c) => `0/${c}`),
    body: "0/[0-9a-f]{32}",
    cls: "A-Za-z0-9_/",
    tail: { blanks: 0, cls: "0-9a-f", min: 31 },
    max: 34,
  }),
  {
    kind: "newrelic_license_key",
    title: "New Relic license (ingest) key",
    description:
      "40 characters ending in `NRAL`: 36 hex, or a region prefix such as `eu01xx` and 30 hex (the license key the APM agents and the ingest APIs take).",
    // `NRAL` (upper case in the pattern); the name check reads the hex run before it.
    keywords: ["nral"],
    pattern: new RegExp(
      lookBehind("A-Za-z0-9") +
        String.raw`(?:[a-z]{2}[0-9]{2}xx[0-9a-f]{30}|[0-9a-f]{36})NRAL(?![A-Za-z0-9])`,
    ),
    lead: "a-z0-9",
    before: 36,
    after: 12,
    priority: 3,
    minEntropy: 3,
  },
  {
    kind: "convex_deploy_key",
    title: "Convex deploy key",
    description:
      "`prod:`, `dev:`, `preview:` or `project:` + a deployment name (or a team's and a project's, `preview:team:project`, as a preview or project deploy key names them), `|` and a base64 JSON token (`eyJ...`), as `CONVEX_DEPLOY_KEY` holds it; a shell reads the `|` as a pipe, so name/value rules stopped there and printed the token.",
    // `|eyJ`: the token's opening, rare elsewhere; the name check reads the deployment before it.
    keywords: ["|eyj"],
    tail: { blanks: 0, cls: String.raw`A-Za-z0-9+\/_\-`, min: 20 },
    pattern: new RegExp(
      lookBehind("A-Za-z0-9_:-") +
        String
          .raw`(?:prod|dev|preview|project):[a-z0-9][a-z0-9-]{2,63}(?::[a-z0-9][a-z0-9-]{0,63}){0,2}\|eyJ[A-Za-z0-9+\/_-]{20,400}={0,2}(?![A-Za-z0-9+\/=_-])`,
    ),
    lead: "A-Za-z0-9:-",
    before: 200,
    after: 420,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "cloudflare_tunnel_token",
    title: "Cloudflare Tunnel token",
    description:
      'The base64 JSON `{"a": account, "t": tunnel id, "s": secret}` that `cloudflared tunnel run --token` and `cloudflared service install` take: `eyJhIjoi` and 100 or more base64 characters decoding to an object with `a`, `t` and `s`.',
    // `eyJhIjoi` is `{"a":"` in base64; the tail check wants the long body at once.
    keywords: ["eyjhijoi"],
    tail: { blanks: 0, cls: "A-Za-z0-9+/", min: 100 },
    pattern: new RegExp(
      lookBehind("A-Za-z0-9+/") +
        String.raw`eyJhIjoi[A-Za-z0-9+\/]{100,600}={0,2}(?![A-Za-z0-9+\/=])`,
    ),
    after: 620,
    priority: 3,
    minEntropy: 4,
    validate: isTunnelToken,
  },
  {
    kind: "twilio_auth_token",
    title: "Twilio auth token beside its Account SID",
    description:
      "32 hex right after an Account SID (`AC` + 32 hex) and a `:` or `,`, quoted or not: the pair a client constructor or `-u` takes.",
    // `AC` and the first hex character (upper case in the pattern); the tail check rejects
    // every `acc`, `ace` of prose at once.
    keywords: HEX_DIGITS.map((c) => `ac${c}`),
    tail: { blanks: 0, cls: "0-9a-f", min: 31 },
    pattern: new RegExp(
      lookBehind("A-Za-z0-9") +
        String
          .raw`AC[0-9a-f]{32}(?:\\?["'])?[ \t]{0,4}[,:][ \t]{0,4}(?:\\?["'])?(?<s>[0-9a-f]{32})(?![A-Za-z0-9])`,
    ),
    after: 90,
    priority: 3,
    minEntropy: 3,
  },
  {
    kind: "wallet_private_key",
    title: "Raw wallet private key (0x + 64 hex)",
    description:
      "`0x` + 64 hex quoted in a call that takes a private key (`new Wallet(`, `SigningKey(`, `privateKeyToAccount(`, `Account.from_key(`), or assigned to a `PK` or `*_PK` name; a hash of the same shape elsewhere is kept.",
    keywords: ["wallet(", "signingkey(", "privatekeytoaccount(", "from_key(", "_pk", "pk=0x"],
    pattern: new RegExp(
      String
        .raw`(?:${LB_WORD}(?:Wallet|SigningKey|privateKeyToAccount|from_key)\([ \t]*\\?["'\x60]` +
        String.raw`|(?:_|${LB_WORD})PK(?:\\?["'])?[ \t]{0,8}[=:][ \t]{0,8}(?:\\?["'])?)` +
        String.raw`(?<s>0x[0-9a-fA-F]{64})(?![0-9A-Za-z_])`,
      "i",
    ),
    after: 120,
    priority: 3,
    minEntropy: 3,
  },
];
