/**
 * Credentials of secret stores and package registries as their tools print
 * and store them: Vault's AppRole secret ids, the tables `vault read` and
 * `vault write` print, its unseal keys; Bitwarden's session keys and
 * Secrets Manager access tokens; a registry's base64 `auth` entry, a
 * whole docker config in base64 (a Kubernetes `.dockerconfigjson`) and
 * yarn's `npmAuthIdent`. Spread into the main table
 * ({@linkcode SECRET_RULES}). Pure: data only.
 * @module
 */
import { NL } from "./armor.ts";
import { decodeBase64Loose, isBase64UserPass } from "./checks.ts";
import { isNotSecret } from "./filters.ts";
import type { SecretRule } from "./rule.ts";

/**
 * True when base64 text decodes to a docker config JSON (`{"auths": {...}}`) one of whose
 * registries holds a credential: a base64 `user:password` `auth`, a `password` or an
 * `identitytoken` (a config whose registries defer to a credential store holds none).
 */
function isDockerConfigWithAuth(s: string): boolean {
  const text = decodeBase64Loose(s);
  if (text === null) return false;
  try {
    const auths = (JSON.parse(text) as { auths?: unknown }).auths;
    if (typeof auths !== "object" || auths === null) return false;
    return Object.values(auths as Record<string, unknown>).some((entry) => {
      if (typeof entry !== "object" || entry === null) return false;
      const e = entry as Record<string, unknown>;
      return (typeof e.auth === "string" && isBase64UserPass(e.auth)) ||
        [e.password, e.identitytoken].some((v) => typeof v === "string" && v.length >= 4);
    });
  } catch {
    return false;
  }
}

const UUID = String
  .raw`[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}`;

/** An optional quote, bare or escaped up to three times. */
const Q = String.raw`(?:\\{0,3}["'])?`;

/** The `Key Value` line of a `vault` table and the `---` of the rule under it. */
const VAULT_HEADER = String.raw`Key[ \t]{4,64}Value[ \t]{0,16}${NL}[ \t]{0,16}---[ \t]{0,60}`;
/** The key of a row of a `vault` table (indented). */
const VAULT_KEY = String.raw`[ \t]{0,16}[^\s\\"]{1,100}`;
/** A value of a `vault` table row: the rest of its line (at most 512 bytes). */
const VAULT_VALUE = String.raw`[^\s\\][^\r\n\\]{0,511}`;
/** Where a `vault` table ends: a line break before a line that is not a row. */
const VAULT_TABLE_END = new RegExp(
  String.raw`${NL}(?!${VAULT_KEY}[ \t]{2,64}[^\s\\])`,
);

/**
 * Keys of a `vault read`/`vault write` table whose value is a credential:
 * dynamic database and cloud credentials (`password`, `secret_key`,
 * `security_token`), AppRole (`secret_id`), tokens (`client_token`,
 * `wrapping_token`), issued keys (`private_key`).
 */
const VAULT_SECRET_KEY = String
  .raw`[a-z0-9_]{0,40}?(?:password|secret_key|secret_id|client_secret|security_token|session_token|token|private_key|api_key)`;

/** A Bundler credential: `user:password`, or a token alone. */
const BUNDLE_VALUE = String.raw`[^\s"'\\:\/]{1,128}(?::[^\s"'\\]{1,256})?`;

/** A `user:password` text or its base64 (yarn's `npmAuthIdent` takes either). */
function isUserPass(value: string): boolean {
  const colon = value.indexOf(":");
  if (colon > 0) {
    const pass = value.slice(colon + 1);
    return pass.length >= 4 && !pass.startsWith("$") && !isNotSecret(pass);
  }
  return isBase64UserPass(value);
}

/**
 * The store and registry rules.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { STORE_RULES } from "./rules_stores.ts";
 * assert.ok(STORE_RULES.some((r) => r.kind === "vault_approle_secret_id"));
 * ```
 */
export const STORE_RULES: readonly SecretRule[] = [
  {
    kind: "vault_approle_secret_id",
    title: "Vault AppRole secret ID",
    description:
      "A UUID given to `secret_id` / `secret-id` / `SecretID`, also numbered (`secret_id2`) (`vault write auth/approle/login ... secret_id=...`, `VAULT_SECRET_ID=`, JSON, a `vault write` table, `--secret-id`); the `secret_id_accessor` is not a secret.",
    keywords: ["secret_id", "secret-id", "secretid"],
    pattern: new RegExp(
      String
        .raw`secret[_-]?id(?:[_-]?[0-9]{1,2})?${Q}(?:[ \t]{0,16}[:=][ \t]{0,16}|[ \t]{1,64})${Q}(?<s>${UUID})(?![0-9A-Za-z-])`,
      "i",
    ),
    after: 140,
    priority: 3,
  },
  {
    kind: "vault_kv_data",
    title: "Vault read/write output table: credential rows",
    description:
      "In a `Key Value` table that `vault read` / `vault write` prints, the value of each row whose key names a credential (`password`, `secret_key`, `secret_id`, `security_token`, `client_token`, `private_key`...): dynamic database and cloud credentials, AppRole secret ids, wrapped tokens.",
    // The header's rule ends with a blank and `-----`: four blanks as the keyword
    // stopped the keyword pass's skip at every run of indentation.
    keywords: [" -----"],
    anchor: "near",
    section: {
      marker: new RegExp(String.raw`(?<=${VAULT_HEADER})[ \t]{4}-----`),
      cut: VAULT_TABLE_END,
      opens: new RegExp(String.raw`${NL}[ \t]{0,16}${VAULT_SECRET_KEY}[ \t]{2}`),
      before: 0,
      after: 16 * 1024,
    },
    pattern: new RegExp(
      String
        .raw`${NL}[ \t]{0,16}${VAULT_SECRET_KEY}[ \t]{2,64}(?<s>${VAULT_VALUE})`,
    ),
    before: 0,
    after: 17 * 1024,
    priority: 2,
    validate: (s) => s.length >= 2,
  },
  {
    kind: "vault_kv_data",
    title: "Vault KV version 1 read output",
    description:
      "The values of the rows `vault read` prints for a KV version 1 secret: in a `Key Value` table whose first row is `refresh_interval`, every row after it.",
    keywords: ["refresh_interval"],
    anchor: "near",
    section: {
      marker: new RegExp(
        String.raw`(?<=-----[ \t]{0,16}${NL}[ \t]{0,16})refresh_interval[ \t]{2,64}[0-9]`,
      ),
      cut: VAULT_TABLE_END,
      opens: new RegExp(NL),
      before: 0,
      after: 16 * 1024,
    },
    pattern: new RegExp(String.raw`${NL}${VAULT_KEY}[ \t]{2,64}(?<s>${VAULT_VALUE})`),
    before: 0,
    after: 17 * 1024,
    priority: 2,
    validate: (s) => s.length >= 2,
  },
  {
    kind: "vault_unseal_key",
    title: "Vault unseal or recovery key",
    description:
      "The base64 keys `vault operator init` prints (`Unseal Key 1: ...`, `Recovery Key 1: ...`), the key given to `vault operator unseal`, and the `unseal_keys_b64` / `recovery_keys_b64` lists of its JSON output.",
    keywords: ["unseal key ", "recovery key ", "operator unseal", "keys_b64"],
    pattern: new RegExp(
      String
        .raw`(?:Unseal|Recovery)[ \t]Key[ \t]\d{1,2}:[ \t]{1,16}(?<s>[A-Za-z0-9+\/]{20,200}={0,2})(?![A-Za-z0-9+\/=])|operator[ \t]+unseal(?:[ \t]+-[A-Za-z-]{1,20})*[ \t]+${Q}(?<s>[A-Za-z0-9+\/]{20,200}={0,2})(?![A-Za-z0-9+\/=])|keys_b64\\{0,3}"[ \t]{0,16}:[ \t]{0,16}\[(?<s>(?:[ \t]|${NL}){0,32}\\{0,3}"[A-Za-z0-9+\/]{20,200}={0,2}\\{0,3}"(?:[ \t]{0,16},(?:[ \t]|${NL}){0,32}\\{0,3}"[A-Za-z0-9+\/]{20,200}={0,2}\\{0,3}"){0,15})`,
      "i",
    ),
    before: 12,
    after: 16 * 260 + 200,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "bitwarden_session_key",
    title: "Bitwarden CLI session key",
    description:
      "The base64 key `bw unlock` prints, assigned to `BW_SESSION` or given to `--session`.",
    keywords: ["bw_session", "--session"],
    pattern: new RegExp(
      String
        .raw`(?:BW_SESSION${Q}[ \t]{0,16}[:=]|--session(?:=|[ \t]{1,16}))[ \t]{0,16}${Q}(?<s>[A-Za-z0-9+\/]{40,200}={0,2})(?![A-Za-z0-9+\/=])`,
      "i",
    ),
    after: 240,
    priority: 3,
    minEntropy: 4,
  },
  {
    kind: "bitwarden_access_token",
    title: "Bitwarden Secrets Manager access token",
    description:
      "`0.` + the service account's UUID + `.` + a client secret + `:` + a base64 encryption key, near `bws ` (the CLI), `BWS_` (its variables) or the word `bitwarden`.",
    keywords: ["bws ", "bws_", "bitwarden"],
    anchor: "near",
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9.])0\.${UUID}\.[A-Za-z0-9]{20,64}:[A-Za-z0-9+\/]{20,64}={0,2}(?![A-Za-z0-9+\/=])`,
    ),
    before: 400,
    after: 400,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "registry_auth",
    title: "Registry auth credential",
    description:
      "Base64 `user:password` under an `auth` or `_auth` key (YAML, TOML, INI, `.npmrc`, a Helm or Compose registry entry).",
    keywords: ["auth:", "auth=", "auth ="],
    // Blanks, an optional quote and eight base64 characters: `auth: true` costs a byte test.
    tail: { blanks: 16, cls: String.raw`A-Za-z0-9+\/"'\\`, min: 8 },
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9](?<!\\[A-Za-z0-9]))_?auth[ \t]{0,16}[:=][ \t]{0,16}${Q}(?<s>[A-Za-z0-9+\/]{8,1024}={0,2})(?![A-Za-z0-9+\/=:])`,
      "i",
    ),
    before: 1,
    after: 1100,
    priority: 2,
    validate: isBase64UserPass,
  },
  {
    kind: "docker_config_auth",
    title: "Docker config JSON in base64",
    description:
      'A whole docker `config.json` in base64 (`eyJhdXRocyI6...`: `{"auths":` compact or indented), as `kubectl get secret -o jsonpath` prints a Kubernetes `.dockerconfigjson` or a CI variable holds it; found when a registry in it holds an `auth`, `password` or `identitytoken`.',
    // The base64 of `{"auths":`, `{\n  "auths":`, `{\n\t"auths` and `{\n    "auths`: it opens the value.
    keywords: ["eyjhdxrocyi6", "ewogicjhdxrocyi6", "ewojimf1dghz", "ewogicagimf1dghz"],
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9+\/](?<!\\[A-Za-z0-9+\/]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?:eyJhdXRocyI6|ewogICJhdXRocyI6|ewoJImF1dGhz|ewogICAgImF1dGhz)[A-Za-z0-9+\/]{16,8000}={0,2}(?![A-Za-z0-9+\/=])`,
    ),
    after: 8030,
    priority: 3,
    validate: isDockerConfigWithAuth,
  },
  {
    kind: "registry_auth",
    title: "yarn npmAuthIdent",
    description:
      "yarn's `npmAuthIdent` (`.yarnrc.yml`, `YARN_NPM_AUTH_IDENT`): `user:password` or its base64.",
    keywords: ["npmauthident", "npm_auth_ident"],
    pattern: new RegExp(
      String
        .raw`npm_?Auth_?Ident${Q}[ \t]{0,16}[:=][ \t]{0,16}${Q}(?<s>[^\s"':\\]{1,128}:[^\s"'\\]{4,256}|[A-Za-z0-9+\/]{8,1024}={0,2}(?![A-Za-z0-9+\/=:]))`,
      "i",
    ),
    after: 420,
    priority: 2,
    validate: isUserPass,
  },
  {
    kind: "bundler_credentials",
    title: "Bundler source credentials",
    description:
      "Credentials for a gem source: `BUNDLE_<HOST>=user:password` (the host's dots written `__`, as Bundler reads them from the environment) and `bundle config [set] [--global|--local] <host> user:password`; a bare token value counts too.",
    keywords: ["bundle_", "bundle config"],
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]))BUNDLE_(?!BUILD__|MIRROR__)(?<host>[A-Z0-9_]{0,100}?[A-Z0-9]__[A-Z0-9][A-Z0-9_]{0,100})${Q}[ \t]{0,16}[:=][ \t]{0,16}${Q}(?<s>${BUNDLE_VALUE})|bundle[ \t]+config(?:[ \t]+set)?(?:[ \t]+--(?:global|local))?[ \t]+(?<host>[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,8}|https?:\/\/[^\s"'\\]{4,200})[ \t]+${Q}(?<s>${BUNDLE_VALUE})`,
    ),
    after: 700,
    priority: 2,
    validate: (s) => {
      const colon = s.indexOf(":");
      const pass = colon >= 0 ? s.slice(colon + 1) : s;
      return !pass.startsWith("$") && !isNotSecret(pass) &&
        (colon > 0 ? pass.length >= 4 : s.length >= 16 && /[0-9]/.test(s) && /[A-Za-z]/.test(s));
    },
  },
];
