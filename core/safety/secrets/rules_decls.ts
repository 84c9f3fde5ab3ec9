/**
 * Secrets declared by languages and tools whose syntax the assignment rules
 * do not read: Visual Basic's `Dim apiKey As String = "..."`, CMake's
 * `set(API_KEY "...")`, Clojure's `(def api-key "...")`, an Objective-C setter's `@"..."` (`[config setApiKey:@"..."]`) and rclone's
 * `config create NAME TYPE key value ...`. The value is judged as under that name in code
 * ({@linkcode literalForName}); quotes may be JSON-escaped once or twice. Spread into the main table. Pure: data only.
 * @module
 */
import type { SecretRule } from "./rule.ts";
import { literalForName } from "./rules_code.ts";
import { quotedValue } from "./quoted.ts";

/** A quoted value as group `s` (raw, or its quotes escaped once to three times). */
const QUOTED = quotedValue("s", 4, 256);

/** A name as code writes it. */
const IDENT = String.raw`[A-Za-z_][A-Za-z0-9_]{0,63}`;

/** Not inside a name (a JSON escape such as `\n` may come right before). */
const START = String.raw`(?<![A-Za-z0-9_$.](?<!\\[A-Za-z0-9_]))`;

/** The ends of secret names these rules are keyed on (lower case). */
const NAME_ENDS = ["password", "passwd", "secret", "token", "key", "pwd", "pass"];

/** A name's value: the checks of code's literals, with `.` and `-` read as `_`. */
function valueFor(name: string, value: string): boolean {
  return literalForName(name.replace(/[.\-]/g, "_"), value);
}

/** Quotes before a value: raw, or escaped once or twice (and three backslashes). */
const QUOTE_FORMS = ['"', '\\"', '\\\\\\"'];

/** Secrets of rclone's backends given as `key value` pairs to `rclone config create|update`. */
const RCLONE_KEYS =
  "secret_access_key|client_secret|password2|password|pass|token|api_key|key|account_key|sas_url|session_token|app_key|application_key|access_token|bearer_token";

/** Of those, the keys that prose and other commands rarely write before a blank. */
const RCLONE_RARE_KEYS =
  "secret_access_key|client_secret|password2|account_key|sas_url|session_token|app_key|application_key|bearer_token";

/** An rclone value: quoted, or a bare word of six or more characters. */
const RCLONE_VALUE = String.raw`(?:${QUOTED}|(?<s>[^\s"'\\]{6,256}))`;

/** An rclone backend's secret: not an option or a reference, and a secret under its key's name. */
function rcloneValueValid(s: string, g: Readonly<Record<string, string | undefined>>): boolean {
  const key = g.name ?? "";
  const name = /pass/.test(key)
    ? "password"
    : /key$/.test(key) && !/access_key$/.test(key)
    ? "api_key"
    : key;
  return !s.startsWith("-") && !s.startsWith("$") && valueFor(name, s);
}

/** See the module comment. */
export const DECLARATION_RULES: readonly SecretRule[] = [
  {
    kind: "generic_secret",
    title: "Secret declared as a string in Visual Basic",
    description:
      '`Dim apiKey As String = "..."`, `Private Const API_SECRET As String = "..."` (Visual Basic, VBA): the literal given to a name that holds a password or another secret.',
    keywords: QUOTE_FORMS.flatMap((q) => [`as string = ${q}`, `as string=${q}`]),
    pattern: new RegExp(
      String
        .raw`${START}(?<name>${IDENT})[ \t]{1,4}As[ \t]{1,4}String[ \t]{0,4}=[ \t]{0,4}${QUOTED}`,
      "i",
    ),
    before: 80,
    after: 300,
    priority: 2,
    validate: (s, g) => valueFor(g.name ?? "", s),
  },
  {
    kind: "generic_secret",
    title: "Secret set by CMake's set()",
    description:
      '`set(API_KEY "...")`, `set(DB_PASSWORD "..." CACHE STRING "...")`, `set(ENV{API_TOKEN} ...)` (CMake): the value, quoted or bare, given to a name that holds a password or another secret.',
    keywords: ["set("],
    pattern: new RegExp(
      String
        .raw`${START}set\([ \t]{0,4}(?:ENV\{)?(?<name>${IDENT})\}?[ \t]{1,8}(?:${QUOTED}|(?<s>[^\s"'\\()$]{4,256})(?=[ \t]*(?:\)|[A-Z]{4})))`,
      "i",
    ),
    before: 4,
    after: 400,
    priority: 2,
    validate: (s, g) => valueFor(g.name ?? "", s),
  },
  {
    kind: "generic_secret",
    title: "Secret defined in Clojure",
    description:
      '`(def api-key "...")`, `(def ^:private db-password "...")`, `(defonce token "...")`: the literal given to a name that holds a password or another secret.',
    keywords: ["(def ", "(defonce "],
    pattern: new RegExp(
      String
        .raw`\(def(?:once)?[ \t]{1,4}(?:\^:?[\w-]{1,32}[ \t]{1,4}|\^\{[^}\r\n]{0,120}\}[ \t]{1,4})*(?<name>[A-Za-z_*][\w*+!?-]{0,63})[ \t]{1,8}${QUOTED}`,
    ),
    before: 2,
    after: 400,
    priority: 2,
    validate: (s, g) => valueFor(g.name ?? "", s),
  },
  {
    kind: "generic_secret",
    title: "Secret given to an Objective-C setter",
    description:
      '`[config setApiKey:@"..."]`, `[client setPassword:@"..."]`: the `@`-string given to a setter named for a password or another secret.',
    keywords: NAME_ENDS.flatMap((w) => QUOTE_FORMS.map((q) => `${w}:@${q}`)),
    pattern: new RegExp(
      String.raw`\bset(?<name>[A-Z][A-Za-z0-9_]{0,63}):[ \t]{0,4}@${QUOTED}`,
    ),
    before: 70,
    after: 300,
    priority: 2,
    validate: (s, g) => valueFor(g.name ?? "", s),
  },
  {
    kind: "generic_secret",
    title: "Secret given to rclone config create",
    description:
      "`rclone config create NAME TYPE secret_access_key VALUE`, `... client_secret VALUE`, `... pass VALUE` (also `update`): a backend's secret given as a key and value on rclone's command line (the first such pair after the command).",
    keywords: ["rclone config create", "rclone config update"],
    pattern: new RegExp(
      String
        .raw`rclone[ \t]+config[ \t]+(?:create|update)(?:[ \t]+(?!(?:${RCLONE_KEYS})[ \t])[^\s]{1,256}){0,40}[ \t]+(?<name>${RCLONE_KEYS})[ \t]+${RCLONE_VALUE}`,
    ),
    after: 1200,
    priority: 2,
    validate: rcloneValueValid,
  },
  {
    kind: "generic_secret",
    title: "Secret given to rclone config create after another pair",
    description:
      "The same with a key rare in prose (`secret_access_key`, `client_secret`, `account_key`...) anywhere on the command's line, after other pairs.",
    keywords: RCLONE_RARE_KEYS.split("|").map((k) => `${k} `),
    pattern: new RegExp(
      String
        .raw`(?<=rclone[ \t]+config[ \t]+(?:create|update)[ \t][^\r\n]{0,400}?[ \t])(?<name>${RCLONE_RARE_KEYS})[ \t]+${RCLONE_VALUE}`,
    ),
    before: 440,
    after: 300,
    priority: 2,
    validate: rcloneValueValid,
  },
];
