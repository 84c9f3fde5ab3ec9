/**
 * Prefixed tokens of a second survey of the common scanners' formats: Deno
 * Deploy, Brevo SMTP, K3s join tokens, BIP32 extended private keys, Nostr
 * private keys, PubNub secret keys, Trello tokens, base64-encoded JWTs,
 * Astra DB, Stytch, Paddle and Aiven. Written as rows of the vendor table's
 * prefixed shape ({@linkcode prefixed}); spread into the main table. Pure:
 * data only.
 * @module
 */
import { decodeBase64Loose, hasBech32Checksum, hasJoseHeader } from "./checks.ts";
import type { SecretRule } from "./rule.ts";
import { prefixed } from "./rules_vendor.ts";

/** The base58 alphabet (no 0, O, I or l). */
const BASE58 = "1-9A-HJ-NP-Za-km-z";

/** True when base64 text decodes to a compact JWT whose header is a JOSE header (has `alg`). */
function isBase64Jwt(text: string): boolean {
  const decoded = decodeBase64Loose(text);
  return decoded !== null &&
    /^eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\s*$/.test(decoded) &&
    hasJoseHeader(decoded);
}

/**
 * The rows, in table order.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TOKEN_RULES } from "./rules_tokens.ts";
 * assert.ok(TOKEN_RULES.some((r) => r.kind === "nostr_private_key"));
 * ```
 */
export const TOKEN_RULES: readonly SecretRule[] = [
  prefixed({
    kind: "deno_deploy_token",
    title: "Deno Deploy access token",
    description: "`ddp_` (personal) or `ddw_` (organization) + 36 alphanumerics.",
    keywords: ["ddp_", "ddw_"],
    body: "dd[pw]_[A-Za-z0-9]{36}",
    tail: { blanks: 0, cls: "A-Za-z0-9", min: 36 },
    max: 40,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "brevo_smtp_key",
    title: "Brevo (Sendinblue) SMTP key",
    description: "`xsmtpsib-` + 64 hex, `-`, 16 alphanumerics.",
    keywords: ["xsmtpsib-"],
    body: "xsmtpsib-[a-f0-9]{64}-[A-Za-z0-9]{16}",
    tail: { blanks: 0, cls: "a-f0-9", min: 64 },
    max: 90,
  }),
  prefixed({
    kind: "k3s_join_token",
    title: "K3s join token",
    description:
      "`K10` + the 64-hex hash of the cluster CA, `::`, a user and `:` and its password (`K10...::server:...`), what joins a node to a cluster.",
    keywords: ["k10"],
    body: "K10[0-9a-f]{64}::[A-Za-z0-9_.-]{1,64}:[A-Za-z0-9_.-]{6,128}",
    tail: { blanks: 0, cls: "0-9a-f", min: 64 },
    max: 270,
  }),
  prefixed({
    kind: "bip32_private_key",
    fold: { cls: "1-9A-HJ-NP-Za-km-z", min: 107 },
    title: "BIP32 extended private key",
    description:
      "`xprv`, `tprv`, `yprv` or `zprv` + 107 base58 characters: a wallet's extended private key (its `xpub` is public).",
    keywords: ["xprv", "tprv", "yprv", "zprv"],
    body: `[xtyz]prv[${BASE58}]{107,108}`,
    cls: "A-Za-z0-9",
    tail: { blanks: 0, cls: BASE58, min: 107 },
    max: 112,
    minEntropy: 4,
  }),
  {
    ...prefixed({
      kind: "nostr_private_key",
      title: "Nostr private key",
      description: "`nsec1` + 58 bech32 characters with a valid checksum (its `npub1` is public).",
      keywords: ["nsec1"],
      body: "nsec1[02-9ac-hj-np-z]{58}",
      cls: "A-Za-z0-9",
      tail: { blanks: 0, cls: "02-9ac-hj-np-z", min: 58 },
      max: 63,
    }),
    validate: hasBech32Checksum,
  },
  prefixed({
    kind: "pubnub_secret_key",
    title: "PubNub secret key",
    description:
      "`sec-c-` + 40 or more base64 characters (the secret key; `pub-c-` and `sub-c-` keys are public).",
    keywords: ["sec-c-"],
    body: "sec-c-[A-Za-z0-9+/]{40,88}={0,2}",
    cls: String.raw`A-Za-z0-9+/=\-`,
    tail: { blanks: 0, cls: "A-Za-z0-9+/", min: 40 },
    max: 96,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "trello_token",
    fold: { cls: "a-fA-F0-9", min: 64 },
    title: "Trello API token",
    description: "`ATTA` + 64 to 72 hex (an `ATTACHMENT_...` name is not one).",
    keywords: ["atta"],
    body: "ATTA[a-fA-F0-9]{64,72}",
    cls: "A-Za-z0-9_",
    tail: { blanks: 0, cls: "a-fA-F0-9", min: 64 },
    max: 76,
  }),
  {
    ...prefixed({
      kind: "jwt_base64",
      title: "JSON Web Token, base64-encoded",
      description:
        "`ZXlK` (base64 of `eyJ`) + base64 that decodes to a JWT whose header is a JOSE header (has `alg`), as a Kubernetes Secret or a config stores it.",
      keywords: ["zxlk"],
      body: "ZXlK[A-Za-z0-9+/]{60,4096}={0,2}",
      cls: "A-Za-z0-9+/=",
      tail: { blanks: 0, cls: "A-Za-z0-9+/", min: 60 },
      max: 4104,
      minEntropy: 3.5,
    }),
    validate: isBase64Jwt,
  },
  prefixed({
    kind: "astra_db_token",
    title: "DataStax Astra DB application token",
    description: "`AstraCS:` + 24 letters, `:` and 64 hex.",
    keywords: ["astracs:"],
    body: "AstraCS:[A-Za-z0-9]{24}:[a-f0-9]{64}",
    cls: "A-Za-z0-9:",
    tail: { blanks: 0, cls: "A-Za-z0-9", min: 24 },
    max: 97,
  }),
  {
    ...prefixed({
      kind: "stytch_secret",
      title: "Stytch project secret",
      description:
        "`secret-live-` or `secret-test-` + 30 to 60 base64 characters with a letter and a digit.",
      keywords: ["secret-live-", "secret-test-"],
      body: "secret-(?:live|test)-[A-Za-z0-9_=-]{30,60}",
      cls: String.raw`A-Za-z0-9_=\-`,
      tail: { blanks: 0, cls: "A-Za-z0-9_=-", min: 30 },
      max: 72,
      minEntropy: 3.5,
    }),
    validate: (s) => /[0-9]/.test(s.slice(12)) && /[A-Za-z]/.test(s.slice(12)),
  },
  prefixed({
    kind: "paddle_api_key",
    title: "Paddle API key",
    description:
      "`pdl_live_apikey_` or `pdl_sdbx_apikey_` + a 26-character id, `_` and 20 or more alphanumerics.",
    keywords: ["pdl_live_apikey_", "pdl_sdbx_apikey_"],
    body: "pdl_(?:live|sdbx)_apikey_[a-z0-9]{26}_[A-Za-z0-9_]{20,64}",
    tail: { blanks: 0, cls: "a-z0-9", min: 26 },
    max: 110,
  }),
  {
    ...prefixed({
      kind: "aiven_service_password",
      title: "Aiven service password",
      description:
        "`AVNS_` + 16 to 40 token characters with a lower-case letter (an `AVNS_DEFAULT_...` constant has none).",
      keywords: ["avns_"],
      body: "AVNS_[A-Za-z0-9_-]{16,40}",
      tail: { blanks: 0, cls: "A-Za-z0-9_-", min: 16 },
      max: 45,
      minEntropy: 3.5,
    }),
    validate: (s) => /[a-z]/.test(s) && /[A-Z0-9]/.test(s.slice(5)),
  },
];
