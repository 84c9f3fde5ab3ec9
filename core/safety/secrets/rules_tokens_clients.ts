/**
 * Credentials of a sixth survey (redact97: gitleaks', trufflehog's,
 * secretlint's and detect-secrets' formats checked against baton; facts
 * about formats only, from the vendors' own documentation and the keys
 * printed in public code) that a coding session prints and no other rule
 * read: an OpenAI Realtime client secret (`ek_` + 32 hex, the ephemeral key a
 * server mints for a browser), a MongoDB Atlas service account's client
 * secret (`mdb_sa_sk_`), a Mattermost incoming webhook
 * (`https://<host>/hooks/<26 characters>`), and the token given to a CLI's
 * login command that names it no other way: `snyk auth <token>`, Backblaze's
 * `b2 authorize-account <key id> <key>` (`b2 account authorize` in the newer
 * CLI) and Codecov's uploader `-t <token>`; and an Unleash API token
 * (`<project>:<environment>.<hex>`, `*:*.<hex>` for an admin token) and an
 * Ably API key given to its client in code (`<app>.<key>:<secret>`).
 * Spread into the main table. Pure: data only.
 * @module
 */
import { isRepeatedPlaceholder } from "./filters.ts";
import type { SecretRule } from "./rule.ts";
import { lookBehind, prefixed } from "./rules_vendor.ts";

/** Letters and digits both: a random draw, not a word or a counter. */
function lettersAndDigits(s: string): boolean {
  return /[0-9]/.test(s) && /[A-Za-z]/.test(s) && !isRepeatedPlaceholder(s);
}

/** Letters of both cases and a digit: a random draw, not a word or a name. */
function mixed(s: string): boolean {
  return /[0-9]/.test(s) && /[a-z]/.test(s) && /[A-Z]/.test(s) && !isRepeatedPlaceholder(s);
}

/** Between a login command's words and its token: blanks, an option or two with their values. */
const OPTIONS = String.raw`(?:[ \t]+--?[A-Za-z][A-Za-z0-9-]{0,30}(?:=[^\s"'\\]{1,100})?)*`;

/** The rules of this file. */
export const CLIENT_TOKEN_RULES: readonly SecretRule[] = [
  {
    ...prefixed({
      kind: "openai_ephemeral_key",
      title: "OpenAI Realtime client secret",
      description:
        '`ek_` + 32 hex digits: the ephemeral key `POST /v1/realtime/client_secrets` returns (`"value": "ek_..."`) for a browser or phone to open a Realtime session as the account, for up to two hours.',
      keywords: ["ek_"],
      body: "ek_[0-9a-f]{32}",
      max: 35,
      minEntropy: 3,
    }),
    validate: (s) => lettersAndDigits(s.slice(3)),
  },
  {
    ...prefixed({
      kind: "mongodb_atlas_service_account_secret",
      title: "MongoDB Atlas service account secret",
      description:
        "`mdb_sa_sk_` + 32 to 64 letters, digits, `_` and `-`: the client secret of an Atlas service account (its client id is `mdb_sa_id_` + 24 hex, not a secret), exchanged for Admin API access tokens.",
      keywords: ["mdb_sa_sk_"],
      body: "mdb_sa_sk_[A-Za-z0-9_-]{32,64}",
      max: 74,
      minEntropy: 3.5,
    }),
    validate: (s) => mixed(s.slice("mdb_sa_sk_".length)),
  },
  {
    kind: "mattermost_webhook_url",
    title: "Mattermost incoming webhook URL",
    description:
      "`https://<host>/hooks/` + the hook's 26-character id (lower-case letters and digits): anyone holding the URL posts to its channel. A repository's `.git/hooks/` or a source folder named `hooks` is no URL and is kept.",
    keywords: ["/hooks/"],
    pattern: new RegExp(
      String
        .raw`(?<=https?:\/\/[A-Za-z0-9.-]{1,253}(?::[0-9]{1,5})?(?:\/[A-Za-z0-9._~-]{1,64}){0,3})\/hooks\/(?<s>[a-z0-9]{26})(?![A-Za-z0-9_-])`,
    ),
    after: 40,
    priority: 3,
    minEntropy: 3,
    validate: lettersAndDigits,
  },
  {
    kind: "unleash_api_token",
    title: "Unleash API token",
    description:
      "`<project>:<environment>.` + 32 to 64 hex digits (`*` for all projects or environments, `[]` for a list of projects): a backend, frontend or admin token of the Unleash feature-flag server, read where its environment is one Unleash creates (`development`, `production`, `default`) or a common one (`staging`, `test`), or `*` (an admin token). The published development tokens (`*:*.unleash-insecure-api-token`) are no hex and are kept, and so is exactly 40 hex, a git commit (`acme/api:production.<commit>`, an image tag).",
    keywords: [":development.", ":production.", ":default.", ":staging.", ":test.", ":*."],
    pattern: new RegExp(
      lookBehind(String.raw`A-Za-z0-9_*\[\]-`) +
        String
          .raw`(?:\*|\[\]|[A-Za-z0-9][A-Za-z0-9_-]{0,99}):(?:development|production|default|staging|test|\*)\.[0-9a-f]{32,64}(?![A-Za-z0-9_-])`,
    ),
    lead: String.raw`A-Za-z0-9_*\[\]-`,
    // The project's name comes before the keyword.
    before: 101,
    after: 90,
    priority: 3,
    minEntropy: 3,
    // Exactly 40 hex is a git commit: an image tagged `<env>.<commit>` (`acme/api:production.<sha>`,
    // a common CI scheme) has the token's shape. Unleash draws 56 (28 random bytes); its
    // documentation shows 32.
    validate: (s) => {
      const hex = s.slice(s.lastIndexOf(".") + 1);
      return hex.length !== 40 && lettersAndDigits(hex);
    },
  },
  {
    kind: "ably_api_key",
    title: "Ably API key",
    description:
      "`<app id>.<key id>:<key secret>` (6, 6 and 43 URL-safe characters; 5 to 8 and 40 to 46 read) given to an Ably client in code (`new Ably.Realtime('...')`, `new Ably.Rest({ key: '...' })`, `Ably::Rest.new(key: '...')`, `AblyRest(\"...\")`): the key signs any request as the app; a client's token, a placeholder or a reference is kept.",
    keywords: ["ably.re", "ably::re", "ablyre"],
    pattern: new RegExp(
      lookBehind("A-Za-z0-9_") +
        String
          .raw`(?:Ably(?:\.|::)(?:Realtime|Rest)|AblyRe(?:st|altime))[^\r\n]{0,200}?(?<![A-Za-z0-9_-])(?<s>[A-Za-z0-9_-]{5,8}\.[A-Za-z0-9_-]{5,8}:[A-Za-z0-9_-]{40,46})(?![A-Za-z0-9_-])`,
    ),
    after: 320,
    priority: 3,
    minEntropy: 3,
    validate: (s) => mixed(s.slice(s.indexOf(":") + 1)),
  },
  {
    kind: "cli_login_token",
    title: "Token given to a CLI's login command",
    description:
      "`snyk auth <token>` (a UUID or a `snyk_` token), Backblaze's `b2 authorize-account <key id> <application key>` and `b2 account authorize ...`, and Codecov's uploader `codecov -t <token>` / `codecovcli ... -t <token>` / `--token`: the token is the command's argument, under no name a secret rule reads. References, options and placeholders are kept.",
    keywords: ["snyk auth", "authorize-account", "account authorize", "codecov"],
    pattern: new RegExp(
      lookBehind("A-Za-z0-9_-") +
        String
          .raw`(?:snyk[ \t]+auth${OPTIONS}[ \t]+\\{0,3}["']?(?<s>[A-Za-z0-9_-]{20,128})|b2(?:v[0-9])?[ \t]+(?:authorize-account|account[ \t]+authorize)${OPTIONS}[ \t]+\\{0,3}["']?[0-9a-f]{12,32}\\{0,3}["']?[ \t]+\\{0,3}["']?(?<s>[A-Za-z0-9+\/]{31,40})|codecov(?:cli)?(?:[ \t]+(?!-t[ \t])[^\s|;&]{1,100}){0,8}?[ \t]+(?:-t|--token)(?:[ \t]+|=)\\{0,3}["']?(?<s>[A-Za-z0-9_-]{20,128}))(?![A-Za-z0-9_+\/-])`,
    ),
    // `b2 account authorize`: the keyword comes after the program's name.
    before: 12,
    after: 600,
    priority: 2,
    minEntropy: 3,
    validate: lettersAndDigits,
  },
];
