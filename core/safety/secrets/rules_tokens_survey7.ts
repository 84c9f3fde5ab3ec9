/**
 * Credentials of an eighth survey (survey7: trufflehog's detector tests,
 * secretlint's rule fixtures, gitleaks' curl and database rule tests and
 * detect-secrets' plugin tests replayed through baton; facts about formats
 * only, no rule text) that a coding session prints and no other rule read:
 * Mailgun's legacy API key (`key-` + 32 lower-case letters and digits, not
 * only hex) and Mailgun's private API key of the current form (32 hex, `-`,
 * 8 hex, `-`, 8 hex) near the word Mailgun (the official JavaScript client's
 * `mailgun.client({ username: "api", key: "..." })`). Spread into the main
 * table. Pure: data only.
 * @module
 */
import { isRepeatedPlaceholder } from "./filters.ts";
import type { SecretRule } from "./rule.ts";
import { lookBehind } from "./rules_vendor.ts";

/** Letters and digits both: a random draw, not a word or a counter. */
function lettersAndDigits(s: string): boolean {
  return /[0-9]/.test(s) && /[a-z]/i.test(s) && !isRepeatedPlaceholder(s);
}

/** The rules of this file. */
export const SURVEY7_TOKEN_RULES: readonly SecretRule[] = [
  {
    kind: "mailgun_api_key",
    title: "Mailgun API key (legacy, base 36)",
    description:
      "`key-` + 32 lower-case letters and digits (both): Mailgun's legacy API key, whose body is base 36 and not only hex (`key-3ax6xnjp29jd6fds4gc373sgvjxteol0`). Words (`key-value-store...`) and placeholders are kept.",
    keywords: ["key-"],
    pattern: new RegExp(lookBehind("A-Za-z0-9_-") + String.raw`key-[0-9a-z]{32}(?![A-Za-z0-9_-])`),
    after: 40,
    priority: 3,
    minEntropy: 3.5,
    validate: (s) => lettersAndDigits(s.slice(4)),
  },
  {
    kind: "mailgun_private_key",
    title: "Mailgun private API key",
    description:
      "32 hex, `-`, 8 hex, `-`, 8 hex within 300 bytes of the word Mailgun: the private API key Mailgun issues since it left the `key-` form (given to `mailgun.client({ username: 'api', key })`, a `MAILGUN_*` setting, a config map). The same shape far from the word is kept.",
    keywords: ["mailgun"],
    anchor: "near",
    pattern: new RegExp(
      lookBehind("A-Za-z0-9_-") + String.raw`[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}(?![A-Za-z0-9_-])`,
    ),
    before: 300,
    after: 300,
    priority: 3,
    minEntropy: 3,
    validate: lettersAndDigits,
  },
];
