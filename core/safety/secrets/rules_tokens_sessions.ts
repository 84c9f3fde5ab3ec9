/**
 * Credentials of a fifth survey (redact96: gitleaks', trufflehog's,
 * secretlint's and detect-secrets' formats checked against baton; facts
 * about formats only) that a coding session prints and no other rule read:
 * a GitHub App's long refresh token (`ghr_` + 76 characters, the form
 * GitHub's refresh flow returns, where the 36-character form has a
 * checksum), a 1Password CLI session (`export OP_SESSION_<account>="..."`
 * as `op signin` prints it), a Kaggle API key (`~/.kaggle/kaggle.json`) and
 * a GitHub Copilot session token (`tid=...;exp=...;...:<64 hex>`, its
 * editor logs and `/copilot_internal/v2/token` replies), a Linear webhook's
 * signing secret (`lin_wh_`) and a JetBrains permanent token (`perm:...`,
 * YouTrack, Hub, Space). Spread into the main table. Pure: data only.
 * @module
 */
import { isRepeatedPlaceholder } from "./filters.ts";
import type { SecretRule } from "./rule.ts";
import { lookBehind, prefixed } from "./rules_vendor.ts";

/** A quote, possibly escaped once or more (a transcript's JSON string, a tool result inside one). */
const Q = String.raw`\\{0,3}"`;

/** Letters of both cases and a digit: a random draw, not a word or a name. */
function mixed(s: string): boolean {
  return /[0-9]/.test(s) && /[a-z]/.test(s) && /[A-Z]/.test(s) && !isRepeatedPlaceholder(s);
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A name a permanent token carries (its user's, its own) as base64: text once decoded, UTF-8
 * with no control character (`YWRtaW4=` is `admin`). A property path of code
 * (`perm:this.props.getPermissionsV2ForUser`) decodes to no text, or to none at all (`props`).
 */
function base64Name(segment: string): boolean {
  let bytes: string;
  try {
    bytes = atob(segment);
  } catch {
    return false;
  }
  try {
    const text = utf8.decode(Uint8Array.from(bytes, (c) => c.charCodeAt(0)));
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return false;
    }
    return text.length > 0;
  } catch {
    return false;
  }
}

/** The rules of this file. */
export const SESSION_TOKEN_RULES: readonly SecretRule[] = [
  {
    kind: "github_refresh_token",
    title: "GitHub refresh token (long form)",
    description:
      "`ghr_` + 76 letters and digits: the refresh token GitHub returns with an expiring user token of a GitHub App (the 36-character form is checked by its checksum).",
    keywords: ["ghr_"],
    pattern: new RegExp(`${lookBehind("A-Za-z0-9_")}ghr_[A-Za-z0-9]{76}(?![A-Za-z0-9])`),
    after: 88,
    priority: 3,
    minEntropy: 4,
    validate: (s) => mixed(s.slice(4)),
  },
  {
    kind: "onepassword_cli_session",
    title: "1Password CLI session token",
    description:
      '`OP_SESSION_<account>=` + 40 to 64 URL-safe characters with letters of both cases and a digit, as `op signin` prints it (`export OP_SESSION_my="..."`, PowerShell\'s `$env:OP_SESSION_my = "..."`, `set OP_SESSION_my=...`): the session unlocks the vault for 30 minutes.',
    keywords: ["op_session_"],
    pattern: new RegExp(
      String
        .raw`${
        lookBehind("A-Za-z0-9_")
      }OP_SESSION_[A-Za-z0-9_]{1,64}[ \t]{0,4}=[ \t]{0,4}(?:\\{0,3}["'])?(?<s>[A-Za-z0-9_-]{40,64})(?![A-Za-z0-9_-])`,
    ),
    after: 160,
    priority: 2,
    minEntropy: 3.5,
    validate: mixed,
  },
  {
    kind: "kaggle_api_key",
    title: "Kaggle API key",
    description:
      '`~/.kaggle/kaggle.json`: `{"username":"...","key":"<32 hex>"}` (also JSON-escaped inside a transcript): the key, 32 hex digits with letters and digits among them.',
    keywords: ['"username":"', '"username": "', '\\"username\\":\\"', '\\"username\\": \\"'],
    pattern: new RegExp(
      String
        .raw`${Q}username${Q}[ \t]{0,4}:[ \t]{0,4}${Q}[^"\\\s]{1,64}${Q}[ \t]{0,4},[ \t]{0,4}${Q}key${Q}[ \t]{0,4}:[ \t]{0,4}${Q}(?<s>[0-9a-f]{32})${Q}`,
    ),
    before: 3,
    after: 200,
    priority: 2,
    validate: (s) => /[a-f]/.test(s) && /[0-9]/.test(s) && !isRepeatedPlaceholder(s),
  },
  {
    kind: "github_copilot_token",
    title: "GitHub Copilot session token",
    description:
      "`tid=<32 hex>;exp=<time>;` then the token's other fields (`sku=`, `proxy-ep=`, `st=`, `chat=`...) and `:` + a 64-hex signature: the token an editor's Copilot exchanges its GitHub login for and sends as a bearer to the Copilot API (its logs and the exchange's reply hold it). The whole token is redacted.",
    keywords: ["tid="],
    pattern: new RegExp(
      String
        .raw`${
        lookBehind("A-Za-z0-9_")
      }tid=[0-9a-f]{32};exp=[0-9]{9,11};[^\s"'\\]{0,800}?:[0-9a-f]{64}(?![0-9a-f])`,
    ),
    after: 1000,
    priority: 3,
  },
  prefixed({
    kind: "linear_webhook_secret",
    title: "Linear webhook signing secret",
    description: "`lin_wh_` + 32 to 64 letters and digits.",
    keywords: ["lin_wh_"],
    body: "lin_wh_[A-Za-z0-9]{32,64}",
    max: 71,
    minEntropy: 3.5,
  }),
  {
    ...prefixed({
      kind: "jetbrains_permanent_token",
      title: "JetBrains permanent token",
      description:
        "`perm:` + the user's name in base64, `.`, the token's name in base64, `.` and 20 to 40 letters and digits (YouTrack, Hub and Space permanent tokens); each name decodes to text, unlike a property path of code (`perm:this.props.getPermissionsV2ForUser`).",
      keywords: ["perm:"],
      body: String
        .raw`perm:[A-Za-z0-9+/]{2,128}={0,2}\.[A-Za-z0-9+/]{2,128}={0,2}\.[A-Za-z0-9]{20,40}`,
      cls: String.raw`A-Za-z0-9_.:+/=\-`,
      max: 310,
      minEntropy: 3,
    }),
    validate: (s) => {
      const [user, name, secret] = s.slice("perm:".length).split(".");
      return mixed(secret!) && base64Name(user!) && base64Name(name!);
    },
  },
];
