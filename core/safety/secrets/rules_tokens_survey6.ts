/**
 * Credentials of a seventh survey (survey6: noseyparker's rule examples,
 * ripsecrets' test files and gitleaks' Slack rule tests replayed through
 * baton; facts about formats only, no rule text) that a coding session prints
 * and no other rule read: a Slack bot token of the legacy form (`xoxb-` + one
 * numeric id + 18 to 26 letters and digits, before Slack added the second
 * id), a Code Climate test reporter id (`CC_TEST_REPORTER_ID` + 64 hex, the
 * token its coverage uploader sends), a ThingsBoard device access token in the
 * device API's URL (`/api/v1/<token>/telemetry`) and a secret an Android
 * build writes into its `BuildConfig` (`buildConfigField "String", "API_KEY",
 * "\"...\""`). Spread into the main table. Pure: data only.
 * @module
 */
import { isDocumentationValue, isRepeatedPlaceholder } from "./filters.ts";
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

/** A quote of the Gradle file, JSON-escaped up to three times (7 backslashes; the inner `\\"`, 15). */
const Q = String.raw`\\{0,7}["']`;

/** The rules of this file. */
export const SURVEY6_TOKEN_RULES: readonly SecretRule[] = [
  {
    ...prefixed({
      kind: "slack_bot_token",
      title: "Slack bot token (legacy form)",
      description:
        "`xoxb-` + one numeric id (8 to 14 digits) + `-` + 18 to 26 letters and digits of both cases with a digit: a bot token as Slack issued it before the form with two ids, still printed by old tutorials and bots' code. Placeholders (`xoxb-xxx...`, `xoxb-12345-abcd234`) are kept.",
      keywords: ["xoxb-"],
      body: "xoxb-[0-9]{8,14}-[A-Za-z0-9]{18,26}",
      max: 46,
      minEntropy: 3,
    }),
    validate: (s) => mixed(s.slice(s.lastIndexOf("-") + 1)),
  },
  {
    kind: "codeclimate_reporter_id",
    title: "Code Climate test reporter id",
    description:
      "`CC_TEST_REPORTER_ID` given 64 hex digits (`=`, `:` of a CI file's env map, quoted or bare): the token Code Climate's coverage reporter uploads with, which writes the repository's coverage. A reference (`${{ secrets.CC_TEST_REPORTER_ID }}`) is kept.",
    keywords: ["cc_test_reporter_id"],
    pattern: new RegExp(
      lookBehind("A-Za-z0-9_") +
        String
          .raw`CC_TEST_REPORTER_ID\\{0,3}["']?[ \t]{0,16}[:=][ \t]{0,16}\\{0,3}["']?(?<s>[0-9a-f]{64})(?![A-Za-z0-9_])`,
      "i",
    ),
    after: 110,
    priority: 3,
    minEntropy: 3,
    validate: lettersAndDigits,
  },
  {
    kind: "thingsboard_access_token",
    title: "ThingsBoard device access token",
    description:
      "The 20 letters and digits between `/api/v1/` and `/telemetry` or `/attributes` of ThingsBoard's device API (HTTP and CoAP, `thingsboard.cloud` or a server of one's own): anyone holding it posts the device's data. A placeholder (`$ACCESS_TOKEN`, `YOUR_TOKEN`) or a path word is kept.",
    keywords: ["/telemetry", "/attributes"],
    pattern: new RegExp(
      String
        .raw`\/api\/v1\/(?<s>[A-Za-z0-9]{20})\/(?:telemetry|attributes)(?![A-Za-z0-9_-])`,
    ),
    // The token comes before the keyword.
    before: 29,
    after: 12,
    priority: 3,
    minEntropy: 3,
    validate: lettersAndDigits,
  },
  {
    kind: "android_build_config_secret",
    title: "Secret in an Android BuildConfig field",
    description:
      '`buildConfigField "String", "<NAME>", "\\"<value>\\""` (Groovy or Kotlin DSL; in single quotes in Groovy the inner quotes go unescaped) where the name ends in KEY, TOKEN, SECRET or PASSWORD: the value is compiled into the app\'s `BuildConfig` class. A value read from a property or a template (`"\\"" + props[...] + "\\""`, `"\\"$key\\""`) and placeholders are kept.',
    keywords: ["buildconfigfield"],
    pattern: new RegExp(
      lookBehind("A-Za-z0-9_") +
        String
          .raw`buildConfigField[ \t]*\(?[ \t]*${Q}String${Q}[ \t]*,[ \t]*${Q}(?:[A-Za-z0-9]{1,30}_){0,6}(?:API_?KEY|KEY|TOKEN|SECRET|PASSWORD|PASSWD)${Q}[ \t]*,[ \t]*${Q}\\{0,15}"(?<s>[^"\\\s$]{8,200})\\{0,15}"`,
      "i",
    ),
    after: 400,
    priority: 2,
    minEntropy: 3,
    validate: (s) => lettersAndDigits(s) && !isDocumentationValue(s),
  },
];
