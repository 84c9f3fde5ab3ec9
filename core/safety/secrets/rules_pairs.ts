/**
 * Secrets known by what stands beside them rather than by a prefix of their
 * own: an AWS secret access key written right after its access key id (an
 * SDK constructor, `id:secret`, the console's credentials CSV, a table row)
 * or after "Secret Access Key" in words (the `aws configure` prompt),
 * an Azure storage account key (86 base64 + `==`) given to the flag or name
 * that takes one or listed by `az storage account keys list`, and the
 * private members of a JSON Web Key (`d`, `p`, `q`, `dp`, `dq`, `qi`, and
 * `k` of a symmetric key) in an object that has a `kty`, and the value of
 * an `X-Honeycomb-Team` header, the Heroku token the CLI prints after
 * `heroku auth:token`, and the password of a Go MySQL DSN
 * (`user:password@tcp(host)/db`). Spread into the
 * main table. Pure: data only.
 * @module
 */
import type { SecretRule } from "./rule.ts";
import { NL } from "./armor.ts";
import { lookBehind, UUID } from "./rules_vendor.ts";
import { opensWithTemplate } from "./filters.ts";

/** An optional quote, escaped up to three times (JSON inside JSON). */
const Q = String.raw`(?:\\{0,3}["'\x60])?`;

/** A quote that must be there, escaped up to three times. */
const QQ = String.raw`\\{0,3}"`;

/** An Azure storage account key: 64 bytes in base64. */
const AZURE_STORAGE_KEY = String.raw`[A-Za-z0-9+\/]{86}==(?![A-Za-z0-9+\/=])`;

/** Not the same character class all through (a run of one class is a placeholder or a digest). */
function hasMixedClasses(s: string): boolean {
  return /[a-z]/.test(s) && /[A-Z]/.test(s) && /[0-9+\/]/.test(s);
}

/**
 * The rules, in table order.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PAIR_RULES } from "./rules_pairs.ts";
 * assert.ok(PAIR_RULES.some((r) => r.kind === "jwk_private_key"));
 * ```
 */
export const PAIR_RULES: readonly SecretRule[] = [
  {
    kind: "aws_secret_access_key",
    title: "AWS secret access key after its key id",
    description:
      '40 base64 characters right after an access key id (`AKIA`/`ASIA`/`ABIA` + 16 base32) and a `,`, `:`, `|`, `;` or blanks, quoted or not: `NewStaticCredentials("AKIA...", "...")`, `AKIA...:...`, the console\'s credentials CSV, a table row. AWS\'s documented `...EXAMPLE` id is kept.',
    keywords: ["akia", "asia", "abia"],
    tail: { blanks: 0, cls: "A-Z2-7", min: 16 },
    pattern: new RegExp(
      lookBehind("A-Za-z0-9") +
        String
          .raw`(?<id>(?:AKIA|ASIA|ABIA)[A-Z2-7]{16})${Q}(?:[ \t]{0,4}[,:|;][ \t]{0,4}|[ \t]{1,4})${Q}(?<s>[A-Za-z0-9\/+]{40})(?![A-Za-z0-9\/+=])`,
    ),
    after: 90,
    priority: 3,
    minEntropy: 3.5,
    validate: (s, g) => hasMixedClasses(s) && !(g.id ?? "").endsWith("EXAMPLE"),
  },
  {
    kind: "aws_secret_access_key",
    title: "AWS secret access key named in words",
    description:
      "40 base64 characters after `Secret Access Key` written as words (the `aws configure` prompt with its `[None]` or `[****...]`, a table or a note), then `:` or `=`.",
    keywords: ["secret access key"],
    pattern: new RegExp(
      String
        .raw`secret access key(?:[ \t]{1,4}\[[^\]\r\n]{0,40}\])?[ \t]{0,8}[:=][ \t]{0,8}${Q}(?<s>[A-Za-z0-9\/+]{40})(?![A-Za-z0-9\/+=])`,
      "i",
    ),
    after: 120,
    priority: 3,
    minEntropy: 3.5,
    validate: hasMixedClasses,
  },
  {
    kind: "azure_storage_account_key",
    title: "Azure storage account key under its flag or name",
    description:
      "86 base64 characters + `==` given to `--account-key` (az), `-StorageAccountKey` (PowerShell) or a name such as `AZURE_STORAGE_KEY`, `storage_access_key`, `primary_access_key` (Terraform), `account_key` (the Python SDK's credential map), `AccountKey` (YAML, JSON, a quoted value), `=`, `:` or blanks between.",
    keywords: [
      "account-key",
      "accountkey",
      "account_key",
      "storage_key",
      "storage-key",
      "storagekey",
      "storage_access_key",
      "primary_access_key",
      "secondary_access_key",
    ],
    pattern: new RegExp(
      // The lead run may open the name (`AZURE_STORAGE_KEY`, `-StorageAccountKey`).
      String
        .raw`[A-Za-z0-9_-]{0,40}?(?:--account-key|account[_-]?key|storage[_-]?(?:account[_-]?)?(?:access[_-]?)?key|(?:primary|secondary)[_-]?access[_-]?key)${Q}[ \t]{0,16}(?:[=:][ \t]{0,16}|[ \t])${Q}(?<s>${AZURE_STORAGE_KEY})`,
      "i",
    ),
    lead: "A-Za-z0-9_-",
    before: 40,
    after: 150,
    priority: 3,
    minEntropy: 4,
    validate: hasMixedClasses,
  },
  {
    kind: "azure_storage_account_key",
    title: "Azure storage account key listed by az",
    description:
      '`az storage account keys list` output: the `"value"` of an object whose `"keyName"` is `key1`, `key2`, `kerb1` or `kerb2`.',
    keywords: ['keyname"', 'keyname\\"'],
    needs: "value",
    pattern: new RegExp(
      String
        .raw`keyName${QQ}[ \t]{0,4}:[ \t]{0,4}${QQ}(?:key|kerb)[12]${QQ}[^{}]{0,300}?${QQ}value${QQ}[ \t]{0,4}:[ \t]{0,4}${QQ}(?<s>${AZURE_STORAGE_KEY})`,
    ),
    after: 420,
    priority: 3,
    minEntropy: 4,
    validate: hasMixedClasses,
  },
  {
    kind: "honeycomb_api_key",
    title: "Honeycomb key in its team header",
    description:
      "The value of an `X-Honeycomb-Team` header (curl `-H`, an OpenTelemetry `OTEL_EXPORTER_OTLP_HEADERS=x-honeycomb-team=...`, a collector's `headers:` map): a 22-character configuration key or a 32-hex classic key; the header's name says what it is.",
    keywords: ["honeycomb-team"],
    pattern: new RegExp(
      String
        .raw`honeycomb-team${Q}[ \t]{0,8}[:=,][ \t]{0,8}${Q}(?<s>[A-Za-z0-9_-]{20,64})(?![A-Za-z0-9_-])`,
      "i",
    ),
    after: 120,
    priority: 3,
    minEntropy: 3,
    validate: (s) => /[0-9]/.test(s) && /[A-Za-z]/.test(s),
  },
  {
    kind: "heroku_api_key",
    title: "Heroku token printed by the CLI",
    description:
      "The UUID that `heroku auth:token` prints on a line of its own, or after `Token:` in `heroku authorizations:create` / `authorizations:info` output, within eight lines of the command (its warnings between).",
    keywords: ["heroku auth:token", "heroku authorizations:"],
    pattern: new RegExp(
      String
        .raw`heroku[ \t]+(?:auth:token|authorizations:(?:create|info|rotate))(?:[^\r\n\\]|\\(?![nr])){0,200}(?:${NL}(?:[^\r\n\\]|\\(?![nr])){0,200}?){0,8}?${NL}[ \t]{0,8}(?:Token:[ \t]{1,16})?(?<s>${UUID})[ \t]{0,8}(?=${NL}|$|\\?")`,
    ),
    after: 2200,
    priority: 3,
    minEntropy: 3,
  },
  {
    kind: "database_url",
    title: "Go MySQL DSN with a password",
    description:
      "`user:password@tcp(host:port)/db` (also `@unix(`, `@tcp6(`), the data source name Go's MySQL driver takes: no scheme, so the URL rules never read it; the password is redacted.",
    keywords: ["@tcp(", "@tcp6(", "@unix("],
    pattern: new RegExp(
      lookBehind(String.raw`A-Za-z0-9_.\-`) +
        String.raw`(?<user>[A-Za-z0-9_.\-]{1,64}):(?<s>[^\s"'\x60@\/\\]{1,128})@(?:tcp6?|unix)\(`,
    ),
    // The user and password run back from the `@` (no lead: a password may hold `=` or `,`,
    // which also open a name's value); `@tcp(` is rare, so the attempts cost little.
    before: 200,
    after: 12,
    priority: 2,
    validate: (s, g) => s !== g.user && !(/^\$|^%[A-Za-z_]+%$/.test(s) || opensWithTemplate(s)),
  },
  {
    kind: "jwk_private_key",
    title: "JSON Web Key private member",
    description:
      'A private member of a JWK (`"d"`, `"p"`, `"q"`, `"dp"`, `"dq"`, `"qi"`, or `"k"` of a symmetric key): 20 or more base64url characters, in an object that has a `"kty"` (before or after, within 4,000 bytes and no brace between); the public `n`, `e`, `x`, `y` are kept.',
    keywords: [
      '"d"',
      '"p"',
      '"q"',
      '"dp"',
      '"dq"',
      '"qi"',
      '"k"',
      '"d\\',
      '"p\\',
      '"q\\',
      '"dp\\',
      '"dq\\',
      '"qi\\',
      '"k\\',
    ],
    follows: {
      quote: true,
      escapes: 1,
      blanks: 4,
      operators: ":",
      value: { blanks: 4, min: 20, cls: "A-Za-z0-9_-" },
    },
    pattern: new RegExp(
      String
        .raw`"(?:d|p|q|dp|dq|qi|k)${QQ}[ \t]{0,4}:[ \t]{0,4}${QQ}(?<s>[A-Za-z0-9_-]{20,1400})(?=${QQ})(?:(?<=kty${QQ}[^{}]{0,4000})|(?=[^{}]{0,4000}kty${QQ}))`,
    ),
    after: 1420,
    priority: 3,
    minEntropy: 3.5,
  },
];
