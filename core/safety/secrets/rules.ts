/**
 * The rule table: every credential kind baton recognises, with its
 * prefilter keywords, its anchored confirming pattern and its checks. A flat
 * registry of uniform entries (house style 15); the table of kinds in docs/safety.md is
 * generated from it.
 *
 * Patterns are written for text in the wild: raw files, shell history,
 * YAML, .env, Markdown, HTTP dumps and JSON transcript lines where quotes
 * arrive as `\"` and newlines as a literal `\n`. Pure: data only.
 * @module
 */
import { NL } from "./armor.ts";
import { isCodeOrProseValue, isTestVerdict, repeatsName } from "./code_values.ts";
import { isCodeShape, isPamControl, isProseOrStyle, isSecretReference } from "./code_shapes.ts";
import {
  hasJoseHeader,
  hasValidTokenChecksum,
  isBase64PrivateKey,
  isBase64UserPass,
  isCamelWords,
  shannonEntropy,
} from "./checks.ts";
import {
  isDocumentationValue,
  isExcludedName,
  isLookAlikeValue,
  isNotSecret,
  isPredictable,
  isRepeatedPlaceholder,
} from "./filters.ts";
import type { NameFollows, SecretRule } from "./rule.ts";
import { encodedVariants } from "./rules_encoded.ts";
import {
  isActionCaption,
  isOptionLetterPassword,
  isOwnerPassLetters,
  isOwnerPassName,
  isOwnerPwName,
  isPassStepValue,
  isPasswordCaption,
  isProgramCommandWord,
  isPromptSwitchLine,
} from "./letter_passwords.ts";
import { LAYOUT_RULES } from "./rules_layouts.ts";
import { OWNER_PASS_NAME, rejectAssignmentName, SECRET_NAME_RE } from "./secret_names.ts";
import { STORE_RULES } from "./rules_stores.ts";
import { CODE_RULES } from "./rules_code.ts";
import { DECLARATION_RULES } from "./rules_decls.ts";
import { PROSE_RULES } from "./rules_prose.ts";
import { GITLAB_ROUTABLE_TAIL, VENDOR_RULES } from "./rules_vendor.ts";
import { TOKEN_RULES } from "./rules_tokens.ts";
import { MORE_TOKEN_RULES } from "./rules_tokens_more.ts";
import { OPS_TOKEN_RULES } from "./rules_tokens_ops.ts";
import { SESSION_TOKEN_RULES } from "./rules_tokens_sessions.ts";
import { CLIENT_TOKEN_RULES } from "./rules_tokens_clients.ts";
import { SURVEY6_TOKEN_RULES } from "./rules_tokens_survey6.ts";
import { SURVEY7_TOKEN_RULES } from "./rules_tokens_survey7.ts";
import { SURVEY8_TOKEN_RULES } from "./rules_tokens_survey8.ts";
import { SURVEY11_TOKEN_RULES } from "./rules_tokens_survey11.ts";
import { PLATFORM_TOKEN_RULES } from "./rules_tokens_platforms.ts";
import { SERVICE_URL_RULES } from "./rules_service_urls.ts";
import { APP_TOKEN_RULES } from "./rules_tokens_apps.ts";
import { TOOL_TOKEN_RULES } from "./rules_tokens_tools.ts";
import { PAIR_RULES } from "./rules_pairs.ts";
import { CLI_RULES } from "./rules_cli.ts";
import { CONTINUED, FLAG_RULES, JOINED_CONTINUED } from "./rules_cli_flags.ts";
import { powershellEnvRule, printedVariableRule } from "./rules_printed.ts";
import { WIFI_RULES } from "./rules_wifi.ts";
import { fullWidthOperatorRule, typographicQuoteRule } from "./rules_typographic.ts";
import { CONFIG_RULES, XML_CDATA } from "./rules_config.ts";
import { typedDeclarationRule } from "./rules_typed.ts";
import { XML_ATTR_RULES } from "./rules_xml_attrs.ts";
import { escapedQuotedRun, quotedRun, quotedValue } from "./quoted.ts";

/** Between a name and its value: optional (escaped) quote, an assignment operator (Make's `?=` too), optional quote. */
const SEP = String.raw`(?:\\?["'])?[ \t]{0,16}(?::=|=>|\?=|=|:)[ \t]{0,16}(?:\\?["'\x60])?`;

/**
 * Between a vendor key's name and its value, every way a setting is written:
 * {@linkcode SEP}'s operators, Make's `::=`, `:::=` and `+=`, PHP's `.=`, a
 * CSV cell's comma, a Go type (`string =`) and a YAML block scalar's `|` or
 * `>` with the value on the next line.
 */
const HEROKU_OPERATOR = String
  .raw`(?:\\{0,3}["'])?(?:[ \t]{1,4}string)?[ \t]{0,16}(?::{1,3}=|[+.?]?=|=>|:|,)[ \t]{0,16}(?:[|>][-+]?[ \t]{0,4}(?:\r?\n|\\n)[ \t]{0,16})?(?:\\{0,3}["'\x60])?`;
/** What follows a name in SEP up to its operator (a rule's `follows`). */
const ASSIGNMENT_OPERATOR: NameFollows = { quote: true, escapes: 1, blanks: 16, operators: "?:=" };
/** SEP without its trailing quote, for values read by {@linkcode assignedValue}. */
const SEP_OPEN = String.raw`(?:\\?["'])?[ \t]{0,16}(?::=|=>|\?=|=|:)[ \t]{0,16}`;

/** SEP_OPEN with the blanks after its operator as group `gap` (none: `secret:A4B*` of an ARN). */
const SEP_OPEN_GAP = String.raw`(?:\\?["'])?[ \t]{0,16}(?::=|=>|\?=|=|:)(?<gap>[ \t]{0,16})`;

/** SEP_OPEN with its operator and the blanks before it as group `op`. */
const SEP_OPEN_OP = String.raw`(?:\\?["'])?(?<op>[ \t]{0,16}(?::=|=>|\?=|=|:))[ \t]{0,16}`;

/** Longest assigned value a pattern reads; a longer bare value goes on through the rule's `extend`. */
const VALUE_MAX = 8192;

/**
 * An assigned value as group `s`: the whole of a double-quoted (also
 * JSON-escaped `\"...\"`), single-quoted or backquoted value, spaces
 * included, so no tail is left; otherwise a bare run of `bare` characters
 * (after an opening quote that never closes within the bound) plus base64
 * padding. `bare` excludes `=`, so `a=b=c` chains stay cheap to reject; an
 * accepted bare value takes its inner `=` and the rest of its run through
 * {@linkcode bareTail}. A bare value also sets the empty group `unq`, so a
 * check can tell it from a quoted one (a `#` or `;` that opens a bare value
 * is a comment or a statement's end; inside quotes it is the value's).
 */
function assignedValue(
  min: number,
  bare: string,
  esc = String.raw`\\?`,
  crossed = false,
): string {
  const escaped = esc === String.raw`\\?` ? String.raw`\\` : String.raw`\\{1,3}`;
  // Tried only where the bare run stops short of `min` at a bracket: see {@linkcode crossedBare}.
  const wide = crossed ? `|${crossedBare(min)}` : "";
  return String
    .raw`(?:"(?<s>${quotedRun('"', min, VALUE_MAX)})"|${escaped}"(?<s>${
    escapedQuotedRun(min, VALUE_MAX)
  })${escaped}"|'(?<s>${
    quotedRun("'", min, VALUE_MAX)
  })'|\x60(?<s>[^\x60\r\n]{${min},${VALUE_MAX}})\x60|(?:\\?["'\x60])?(?<unq>)(?<s>${
    bareRun(bare, min, VALUE_MAX)
  }={0,3})(?=(?<next>\(|>|[ \t]+[A-Za-z]|[ \t]+[-+*/%|&^][ \t]|\x7f|))(?=(?<close>[,)])?)(?=(?<assigned>[ \t]{1,4}=(?![=>~]))?)${wide})`;
}

/**
 * A run of `min` to `max` bare value characters (`bare`, a class without
 * `=`) whose inner `=` stays in it when a value character follows
 * (`ab=cd9Kq7Lm`, `Xk9=q2Lm7pQ8`): the run opens with a value character
 * and each further step is one value character or a run of `=` before one,
 * so the keyword pass's value test (the first character not `=`, the rest
 * value characters or `=`) holds wherever it matches. Base64 padding at the
 * end is the caller's (`={0,3}`).
 */
function bareRun(bare: string, min: number, max: number): string {
  return String.raw`${bare}(?:${bare}|=+(?=${bare})){${Math.max(min - 1, 0)},${max - 1}}`;
}

/**
 * A bare value that runs through brackets (`m{{h}o)p${e]nob(ody[x>-_$#y}}`)
 * as the group `s` with the empty group `crossed`: no blank, quote, `,`,
 * `;`, `=` or backslash, at most 256 characters. The bare classes end a
 * value at a bracket (a call or a subscript follows a name in code); this
 * run is a value only when {@linkcode hasCrossedBrackets} says no code
 * wrote it.
 */
function crossedBare(min: number): string {
  return String.raw`(?<crossed>)(?<s>[^\s"'\x60,;\\=]{${
    Math.max(min, 12)
  },256})(?![^\s"'\x60,;\\=])`;
}

/**
 * The rest of a bare value after what the pattern read: more of its
 * characters and any `=` inside it (`abc=def==`), however long. Quoted
 * values end at their quote, which is not in the class, so this adds nothing.
 */
function bareTail(bare: string): RegExp {
  const cls = bare.replace(/=\]$/, "]");
  return new RegExp(`(?:${cls}|=)*`);
}

/**
 * The name of the next setting after a value's `;` or `&`: `Server=`, a
 * form's `&amp;next=`, a connection string's `Initial Catalog=` or `User ID=`
 * (words joined by single blanks).
 */
const NEXT_NAME = String
  .raw`(?:amp;)?[A-Za-z_][A-Za-z0-9_.\-\[\]]{0,64}(?: [A-Za-z][A-Za-z0-9_]{0,30}){0,2}=`;

/**
 * The rest of a quoted value that a tool wrapped onto the next lines
 * (`"api_key": "Q7hf...` + line break + `...k29"`): line breaks, raw or
 * JSON-escaped, each followed by a run of token characters, the last one
 * closed by the quote and a delimiter. A line that is not such a run (the
 * next setting, a quoted word) stops it. A rule's `wrapped`: the engine tries
 * it only after a value that opened with a quote, so a bare value ending a
 * JSON string's line (`"content":"API_TOKEN=Q7...\nDone"`) is not taken on
 * to that string's quote (wraps.ts follows a bare value over its wrapped lines).
 */
const WRAPPED_TAIL = new RegExp(
  String
    .raw`(?:(?:\r?\n|\\{1,3}n)[ \t]{0,16}[A-Za-z0-9+/_.\-]{1,4096}={0,3}){1,8}(?=\\{0,3}["'](?:[\s,;})\]]|\\{1,3}[nrt]|$))`,
);

/**
 * A bare shell or .env value: a run without blanks, quotes, backslashes or
 * `=`, where `;`, `&`, `|` and `#` stay inside the value when another value
 * character follows them (`Xy7;kL9!`, `p&ss#1` of a .env line) and end it
 * before a blank, the end, another operator, or a `name=` of the next
 * setting (`A=x;B=y`, a form's `&next=`). A shell ends an unquoted value at
 * `; `; a .env file does not, and reading on only ever redacts more.
 */
const ENV_BARE = String
  .raw`(?:[^\s"'\x60;&|#\\=\x00-\x08\x0e-\x1f\x7f]|[;&|#](?![\s"'\x60;&|#\\=\x00-\x08\x0e-\x1f\x7f]|$|${NEXT_NAME}))`;
/**
 * A token character a JSON writer escaped inside a bare value: `\/` (PHP's
 * json_encode), `\u002b`, `\u002f`, `\u003d` (`+`, `/`, `=` of base64 by
 * writers that escape them) followed by more of the value. The patterns'
 * bare classes stop at a backslash, so the rest of the value
 * (`AbC\u002bxYz`, `Ab\/Cd`) was printed.
 */
const JSON_ESCAPED_VALUE_CHAR = String
  .raw`\\{1,4}(?:\/|u00(?:2[bBfF]|3[dD]))(?=[A-Za-z0-9+\/=_\-]|\\{1,4}(?:\/|u00(?:2[bBfF]|3[dD])))`;

/**
 * A bare value character of an assignment outside the shell (`excluded`:
 * the class body of characters that end it, `=` among them): `&` stays
 * inside the value unless a blank, the end, another `&` or the `name=` of a
 * form or query field follows it (`password=X&grant_type=...` ends at `&`,
 * `pa&ss9` does not); so do the `inner` characters (excluded ones that a
 * value may hold: `;` and `#` of `db_password: Xy7;kL9#m`, not of `Password=x;Server=y`).
 */
function formBare(excluded: string, inner = ""): string {
  return String
    .raw`(?:[^${excluded}&]|[&${inner}](?![${excluded}&]|$|${NEXT_NAME}))`;
}

/**
 * The rest of a {@linkcode formBare} value after what the pattern read,
 * inner `=` included (its wrapped lines are {@linkcode WRAPPED_TAIL}'s).
 */
function formTail(excluded: string, inner = ""): RegExp {
  return new RegExp(`(?:${formBare(excluded, inner)}|=|${JSON_ESCAPED_VALUE_CHAR})*`);
}

/** The rest of an {@linkcode ENV_BARE} value after what the pattern read, inner `=` included. */
const ENV_BARE_TAIL = new RegExp(`(?:${ENV_BARE}|=|${JSON_ESCAPED_VALUE_CHAR})*`);

/**
 * Not preceded by a token character, unless that character ends an escape:
 * `\n` (JSON-escaped line break), `\u201c` (JSON `\uXXXX`, written by
 * Python's and Go's encoders) or `%3D` (URL percent-encoding). Every prefix
 * rule uses this shape with its own character class.
 */
const LB = String.raw`(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))`;
/**
 * A JSON string's opening after its member's colon (`"output": "`, the
 * quote escaped in JSON inside JSON): where a tool result's first line
 * opens, so a line-start directive may follow it as it follows a line break.
 */
const JSON_STRING_OPENS = String.raw`:[ \t]{0,2}\\{0,3}"`;

/**
 * The body of an unterminated key block: optional `Name: value` header
 * lines, then base64 lines; it runs to the end of the base64.
 */
const PEM_BODY = String
  .raw`${NL}(?:[A-Za-z-]{1,40}: [^\r\n\\]{0,200}${NL}){0,8}${NL}?[ \t]{0,16}[A-Za-z0-9+/=]{40,4096}(?:${NL}[ \t]{0,16}[A-Za-z0-9+/=]{1,128}){0,300}`;

/** The labels of a private key block's END line (`-----END <label>-----`). */
const KEY_END_LABELS = [
  "PRIVATE KEY",
  "RSA PRIVATE KEY",
  "EC PRIVATE KEY",
  "DSA PRIVATE KEY",
  "ENCRYPTED PRIVATE KEY",
  "ED25519 PRIVATE KEY",
  "OPENSSH PRIVATE KEY",
  "PGP PRIVATE KEY BLOCK",
];

/**
 * A key block holds real key material: a base64 run of 40 or more
 * characters. (Block bodies may not contain another `-----BEGIN `, which
 * also keeps a run of repeated headers from costing a full window each.)
 */
function hasKeyBody(secret: string): boolean {
  return /[A-Za-z0-9+/]{40}/.test(secret);
}

const UUID = String
  .raw`[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}`;

function stripeKey(prefix: string, kind: string, title: string, note: string): SecretRule {
  return {
    kind,
    title,
    description:
      `\`${prefix}_live_\`, \`${prefix}_test_\` or \`${prefix}_prod_\` + at least 24 alphanumerics; ${note}`,
    keywords: [`${prefix}_live_`, `${prefix}_test_`, `${prefix}_prod_`],
    pattern: new RegExp(`${LB}${prefix}_(?:live|test|prod)_[0-9A-Za-z]{24,247}(?![A-Za-z0-9])`),
    after: 260,
    // `_` and `-` too: Checkout.com's `sk_test_<UUID>` shares the keyword, and the wrap of a
    // head is followed in its alphabet (the rules judge the joined value).
    fold: { cls: "0-9A-Za-z_-", min: 24 },
    priority: 3,
    minEntropy: 3.5,
  };
}

function githubToken(prefix: string, kind: string, title: string, what: string): SecretRule {
  return {
    kind,
    title,
    description:
      `${what}: \`${prefix}\` + 36 base62 characters whose last six are a CRC-32 checksum (verified).`,
    keywords: [prefix],
    pattern: new RegExp(`${LB}${prefix}[A-Za-z0-9]{36}(?![A-Za-z0-9])`),
    after: 48,
    fold: { cls: "A-Za-z0-9", min: 36 },
    priority: 3,
    validate: hasValidTokenChecksum,
  };
}

/**
 * An optional escape before a quote: none, once (`\"`, a JSON string) or
 * twice (`\\\"`, a tool result quoted inside a transcript line).
 */
/**
 * A pattern source for a run of `min` to `max` token characters (`cls`, a
 * character-class body) that may hold a `!`, `$` or `*` between two of them:
 * a Salesforce session id's `<org id>!<token>` and a Microsoft account
 * token's `!` and `$` sit outside RFC 6750's alphabet, and a match that
 * stopped there printed the rest. A mark is never first or last.
 */
function markedRun(cls: string, min: number, max: number): string {
  return String.raw`[${cls}](?:[${cls}]|[!$*](?=[${cls}])){${min - 1},${max - 1}}`;
}

const ESC_QUOTE = String.raw`\\{0,3}`;

/** A command-line value as group `s`: double-quoted (also JSON-escaped), single-quoted or bare (never holding an ESC: a coloured line's code ends it). */
const CLI_VALUE = `(?:${quotedValue("s", 1, 256)}|${String
  .raw`(?<s>[^\s"'\\;&|<>()\x60\x1b]{1,256}))`}`;

/**
 * A URL login whose password is the user name (`postgres:postgres@`,
 * `guest:guest@`, `root:root@`) is a well-known default of a local service,
 * as documented in every quick start, not a secret.
 */
function isNotDefaultLogin(
  secret: string,
  groups: Readonly<Record<string, string | undefined>>,
): boolean {
  return secret.toLowerCase() !== (groups.user ?? "").toLowerCase();
}

/**
 * A URL login written as documentation: the user is the word `username`
 * (`user_name`, `myusername`, `your_username`) and the password lower-case
 * documentation words alone that name a password (`https://username:mypassword@host`,
 * secretlint's fixtures; `secret`, `changeme`, `secretword`). A real user with such a
 * password, or that user with any other password (`hunterabc`, one holding a
 * digit, a capital or a symbol, or common words that name no password: `letmein`,
 * `welcome`, `sunshine` are passwords people choose), is still read.
 */
function isDocumentationLogin(
  secret: string,
  groups: Readonly<Record<string, string | undefined>>,
): boolean {
  return /^(?:my|your)?[_-]?user[_-]?name$/i.test(groups.user ?? "") && /^[a-z]+$/.test(secret) &&
    ((isDocumentationValue(secret) && /pass|secret|pwd|changeme|credential/.test(secret)) ||
      /^(?:my|your)?(?:secret|pass)(?:word|phrase)$/.test(secret));
}

/** A shell variable, `%VAR%` or PowerShell `$env:X`: a reference, not a value. */
function isReference(value: string): boolean {
  return /^\$|^%[A-Za-z_]+%$/.test(value);
}

/**
 * What follows `://` in a URL with credentials: a user of at most 128
 * characters, `:`, a password of at most 256 (which may hold `:` and `@`),
 * `@`, none of them a blank or a URL delimiter.
 */
const URL_USERINFO = {
  cls: String.raw`^\s\/?#"'<>\\\[\]`,
  max: 128 + 1 + 256 + 1,
  sep: ":",
  end: "@",
} as const;

/**
 * {@linkcode URL_USERINFO} whose password may also hold `#`: a database URL
 * written by hand in a `.env` (`mysql://root:Zx9#kq2@db/app`), which a URL
 * parser would cut at the `#` but the file and the transcript hold whole.
 */
const DB_URL_USERINFO = { ...URL_USERINFO, cls: String.raw`^\s\/?"'<>\\\[\]` };

/** Between a flag and its value on a command line: blanks, or the value alone on the next line ({@linkcode CONTINUED}). */
const BLANK_SEP = `(?:${CONTINUED}|${String.raw`[ \t]{1,16}`})`;
/**
 * Between a flag and its value on a command line: `=` (a line continuation may follow it,
 * {@linkcode JOINED_CONTINUED}) or {@linkcode BLANK_SEP}.
 */
const FLAG_SEP = `(?:=(?:${JOINED_CONTINUED})?|${BLANK_SEP})`;

/**
 * One character of a bare command-line word: no blank, and no line break written as JSON
 * escapes it (`\n`), so a word never runs on into the next line of a tool's output.
 */
const CLI_WORD = String.raw`(?:[^\s\\]|\\(?![nrt]))`;

/**
 * The checks shared by the assignment rules. Their patterns take any name
 * (one run of name characters, so an attempt costs one pass instead of a
 * backtracking search); the engine tries them only where the run holds the
 * keyword, and this re-checks that the name holds a secret word.
 */
/** A value Maven encrypted: `{base64}`, its closing brace possibly escaped (a backslash, more in JSON). */
const MAVEN_ENCRYPTED = /^\{[A-Za-z0-9+/]{16,}={0,2}\\{0,3}\}$/;

/**
 * A line break, raw or JSON-escaped, with the indentation around it: an XML
 * element whose value sits on its own line (`<password>` + line break +
 * `  value` + line break + `</password>`), as formatters write long values.
 */
const XML_LINE = String
  .raw`(?:[ \t]{0,16}(?:\r?\n|\\{1,3}r\\{1,3}n|\\{1,3}n)(?:[ \t]|\\{1,3}t){0,64})?`;

/**
 * A `value` attribute after blanks, its `=` possibly spaced, double-quoted
 * (the quotes possibly JSON-escaped): the value as group `s`.
 */
const XML_VALUE_ATTR = String
  .raw`[ \t]{1,16}value[ \t]{0,4}=[ \t]{0,4}\\{0,3}"(?<s>[^"\\\r\n]{1,256})\\{0,3}"`;

/** Keywords of the assignment rules: the secret words a name may contain. */
const ASSIGNMENT_KEYWORDS = [
  "password",
  "passwd",
  "passphrase",
  "secret",
  "token",
  "api_key",
  "apikey",
  // A property's `api.key` (`System.setProperty("api.key", ...)`, a .properties file).
  "api.key",
  "access_key",
  "private_key",
  "private-key",
  "privatekey",
  "credential",
  "creds",
  "_auth",
  "-auth",
  // `_pwd`, and `_pw` names (`LDAP_BIND_PW`), an owner's only.
  "_pw",
];

/**
 * Keywords of a personal access token's name (`GITHUB_PAT`, `ado_pat`,
 * `azure-devops-pat`) with the byte after it: `_pat` alone would hit every `_path`.
 */
const PAT_KEYWORDS = ["_", "-"].flatMap((sep) =>
  ["=", ":", " ", '"', "'", "\\"].map((after) => `${sep}pat${after}`)
);

/**
 * The rule again, reached by a `_pat` name's keywords: the engine's
 * operator shortcut (`valueAfterOperator`) is left to the base rule.
 */
function patVariant(rule: SecretRule): SecretRule {
  const { valueAfterOperator: _shortcut, ...rest } = rule;
  return {
    ...rest,
    title: `${rule.title}, under a personal access token's name`,
    description:
      `As ${rule.title.toLowerCase()}, under a name ending in \`_pat\` or \`-pat\` (\`GITHUB_PAT\`, \`ado-pat\`), with a value of 20 or more token characters.`,
    keywords: PAT_KEYWORDS,
  };
}

/**
 * Names whose value is a credential even when it looks like a digest or a
 * UUID: keys and passwords by name (`X-Api-Key: <uuid>`, `private_key:
 * <64 hex>` of a secp256k1 key, `client_secret`, `auth_token`, Rails'
 * `secret_key_base` (128 hex), an API, server or service token
 * (`SNYK_API_TOKEN`, Postmark's `serverToken`, `apiToken`: often a UUID), an `X-...-Token`
 * header such as `X-Consul-Token`, a `user_auth`). A bare
 * `token` or `secret` is left out: `"token": "<uuid>"` is as often a request
 * or session id.
 */
const CREDENTIAL_NAME =
  /(?:api[_.-]?key|apikey|app[_.-]?key|access[_.-]?key|secret[_.-]?key|private[_.-]?key|privatekey|signing[_.-]?key|encryption[_.-]?key|master[_.-]?key|auth[_.-]?(?:key|token)|access[_.-]?token|(?:api|server|service)[_.-]?token|client[_.-]?secret|password|passwd|creds|credentials?|secret[_.-]?key[_.-]?base|user[_.-]?auth|[_.-]pat)$|^x-[a-z0-9-]*-token$/i;

/** A personal access token's name (`GITHUB_PAT`, `ado_pat`, `AZURE_DEVOPS_PAT`). */
const PAT_NAME = /[_.-]pat$/i;

/**
 * A credential name with a prefix: `DD_API_KEY`, `github-token`,
 * `StripeSecret`. Values given to one are credentials even when they look
 * like a hex digest (Datadog, Mailgun and many others issue hex keys); a bare
 * `token` or `secret` with a hex value stays a digest look-alike.
 */
const PREFIXED_CREDENTIAL_NAME = {
  // Two linear tests, not one pattern: `^[A-Za-z0-9]+(?:[_.-]?[A-Za-z0-9]+)*?` before the
  // suffix split each run of letters in every way before failing, exponential in the name's
  // length (a 42-character name took 14 s, a 96-character one would never end).
  test: (name: string) => WELL_FORMED_NAME.test(name) && CREDENTIAL_SUFFIX.test(name),
};
/** Runs of letters and digits joined by single `_`, `.` or `-`. */
const WELL_FORMED_NAME = /^[A-Za-z0-9]+(?:[_.-][A-Za-z0-9]+)*$/;
/** A credential word ending a name, after a separator or a letter or digit. */
const CREDENTIAL_SUFFIX =
  /(?:[_.-]|(?<=[a-z0-9]))(?:api[_-]?key|apikey|app(?:lication)?[_-]?key|access[_-]?key|auth[_-]?key|secret(?:[_-]?key)?|token)$/i;

/** {@linkcode PREFIXED_CREDENTIAL_NAME} ending in secret: `ApiSecret`, `app.jwt.secret`. */
const PREFIXED_SECRET_NAME = {
  test: (name: string) =>
    WELL_FORMED_NAME.test(name) && /(?:[_.-]|(?<=[a-z0-9]))secret$/i.test(name),
};

/** Hex of 32 characters or more, or base64 of 32 or more with both cases and a digit. */
function isLongKeyMaterial(value: string): boolean {
  return /^[0-9a-fA-F]{32,}$/.test(value) ||
    (/^[A-Za-z0-9+/_-]{32,}={0,2}$/.test(value) && /[0-9]/.test(value) && /[a-z]/.test(value) &&
      /[A-Z]/.test(value));
}

/**
 * A key of letters alone (some vendors issue them): 24 or more letters of
 * both cases that change case as a random draw does, not as words joined
 * in camel case (`ThisIsMyApiKeyForTheService`, `XMLHttpRequestClient`)
 * do: lower-case runs of under 3 letters on average (a random draw's are
 * 2), two or more capitals right after a capital, entropy of 3.5 bits per
 * character or more. About 94 % of random 24 to 43 letter draws pass.
 * Taken under a credential name only.
 */
function isRandomLetters(value: string): boolean {
  if (!/^[A-Za-z]{24,}$/.test(value)) return false;
  const lower = value.match(/[a-z]+/g) ?? [];
  const lowerLetters = lower.reduce((n, r) => n + r.length, 0);
  return lowerLetters >= 3 && lowerLetters < 3 * lower.length &&
    (value.match(/[A-Z](?=[A-Z])/g)?.length ?? 0) >= 2 && shannonEntropy(value) >= 3.5;
}

/**
 * 32 or more lower-case letters and digits, the digits in four or more separate runs, with
 * an entropy of 4 bits a character or more: random key material (an Azure DevOps PAT, 52
 * base32 characters), not words run together with a number (`thisisaverylongname2024`).
 */
function isRandomLowerAlnum(value: string): boolean {
  return /^[a-z0-9]{32,}$/.test(value) && (value.match(/[0-9]+/g)?.length ?? 0) >= 4 &&
    shannonEntropy(value) >= 4;
}

/**
 * A password that the look-alike filters take for something else: six or
 * more digits that are not typed in a row (`84736291`, a number elsewhere),
 * or words joined by dots ending in two or more digits with a capital
 * somewhere (`Admin.Secure2024`, `Welcome.Home99`, a member chain
 * elsewhere). Taken under a password name only ({@linkcode PASSWORD_NAME}).
 */
function isPasswordLookAlike(value: string): boolean {
  if (/^[0-9]{6,64}$/.test(value)) return !isPredictable(value) && !isRepeatedPlaceholder(value);
  return /^(?:[A-Za-z]{2,}\.)+[A-Za-z]{2,}[0-9]{2,}[!?#$%&*@]?$/.test(value) && /[A-Z]/.test(value);
}

/**
 * A digest's hex (32 to 128 digits, letters among them) given to a name that is or ends in
 * password, passwd, pwd or pass: the value is the password itself (SoftLayer's `sl_pass`, a
 * generated database password). The name decides: a digest's own names (`password_hash`,
 * `sha256`, `checksum`) end in no password word, so they never reach this rule.
 */
function isHexPassword(value: string): boolean {
  return /^[0-9a-fA-F]{32,128}$/.test(value) && /[a-fA-F]/.test(value) &&
    !isRepeatedPlaceholder(value);
}

/** A UUID, the whole value. */
const UUID_RE = new RegExp(`^${UUID}$`);
/** A key id (a UUID) and its secret (32 to 64 hex) joined by `:`, as one value. */
const KEY_ID_AND_SECRET = new RegExp(`^${UUID}:[0-9a-fA-F]{32,64}$`);
/** An upper-case environment variable that ends in `_KEY` (`CYPRESS_RECORD_KEY`, `SOME_SERVICE_KEY`). */
const ENV_KEY_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_KEY$/;
/**
 * Keys whose UUID value names a record, message or request rather than
 * granting access (`REQUEST_KEY`, `CORRELATION_KEY`, `TENANT_KEY`).
 */
const ID_KEY_NAME =
  /(?:request|correlation|trace|message|msg|event|job|task|item|node|device|instance|entity|resource|tenant|project|workspace|user|customer|order|product|session[_-]?id|client[_-]?id|app[_-]?id)_KEY$/i;
/**
 * A name that is or ends in key (`Key`, `stripeKey`, `MASTER_KEY`, `license-key`), or
 * a credential's word joined to a lower-case key (`masterkey`, `functionkey`,
 * `azureFunctionkey`: a config's key glued with no separator or case change; other glued
 * `key`s are words, `monkey`, `hockey`).
 */
const KEY_NAME = {
  test: (n: string) =>
    /^key$|[_.-]key$/i.test(n) || /[a-z0-9]Key$/.test(n) || GLUED_KEY_NAME.test(n),
};
/** A credential's word joined to a lower-case `key` (`masterkey`, `azureFunctionkey`). */
const GLUED_KEY_NAME =
  /(?:^|[_.-]|[a-z0-9](?=[A-Z]))(?:master|function|account|admin|auth|service|encryption|license|licence|app|client|subscription|access|secret|private|signing|webhook|deploy)key$/i;
/** Names of keys that are not secrets: database, cache, map, UI and public keys. */
const ORDINARY_KEY_NAME =
  /(?:primary|foreign|sort|partition|hash|range|cache|idempotency|dedup(?:e|lication)?|lookup|map|row|join|composite|unique|index|object|bucket|s3|storage|translation|i18n|locale|label|shortcut|hot|react|list|dict|group|route|query|cursor|field|attr(?:ibute)?|column|table|registry|public|pub|host|ssh|gpg|pgp|kms|cert|tls|ssl|file|path|sign(?:ing)?[_.-]?pub|dns|ds|primary|monkey|turkey|whiskey|hockey|jockey|donkey)[_.-]?key$|^(?:key|Key|KEY)[_.-]?(?:id|name|path|file|type)$/i;
/**
 * A name that is or ends in password or passwd (`adminPassword`,
 * `dbpassword`), or in pwd or pass after a separator or a case change
 * (`db_pass`, `smtpPass`) or joined to whose it is (`userpass`, `dbpass`),
 * not inside a word (`bypass`, `compass`).
 */
const PASSWORD_NAME = {
  test: (n: string) =>
    /(?:password|passwd)$|^(?:pwd|pass)$|[_.-](?:pwd|pass)$/i.test(n) ||
    /[a-z0-9](?:Pwd|Pass|PWD|PASS)$/.test(n) || OWNER_PASS_NAME.test(n) || isOwnerPwName(n),
};
/** Type names and keywords that follow `password:` in code, not values. */
const TYPE_WORD =
  /^(?:string|str|text|bool|boolean|bytes|int|integer|number|secret|password|passwd|optional|required|varchar(?:\(\d+\))?|char|any|object|none|nil|null|undefined|true|false|sensitive|secure|masked|hidden|redacted|prompt|input|env|vault|file|plain|plaintext|cleartext|hash|hashed|bcrypt|argon2|encrypted|nullable|readonly|writeonly|obscured|incomplete)$/i;

/**
 * A name that ends in password or passwd: a word of 6 or more letters given to
 * it is a password people choose (`password: walrus`), where a name ending in
 * pass or pwd (also words of code and prose) takes letters alone from 8 on (a
 * command-line option from 10: `--password followed by` is prose).
 */
const EXPLICIT_PASSWORD_NAME = /(?:password|passwd)$/i;

/**
 * Words prose and logs write after `password:` that say what became of one
 * (`password: follows`, `Password: accepted`), not a password.
 */
const PASSWORD_STATE_WORD =
  /^(?:follows?|below|above|invalid|incorrect|correct|wrong|missing|expired|unknown|blank|empty|ignored|omitted|changed|updated|removed|stored|saved|cleared|reset|accepted|rejected|provided|supplied|entered|given|unset|unchanged|verified|confirmed|generated|rotated|revoked|disabled|enabled|locked|unlocked)$/i;

/**
 * A word of 6 or 7 letters people choose as a password is written in lower
 * case (`walrus`, `lobster`). One with a capital is a label, a translation or
 * a type in code: `"password": "Parola"` of a locale file, `password:
 * Option<String>` of a Rust struct, `password: Buffer;` of TypeScript.
 */
function isShortLetterPassword(s: string): boolean {
  return /^[a-z]{6,7}$/.test(s);
}

/**
 * One word of a language written with letters beyond ASCII, in lower case
 * or with one capital (`Hasło`, `Jelszó`, `Oublié`): the translation of a
 * locale file (`"password": "Hasło"`), not a password. The ASCII letter test
 * counted its accented letter as a symbol, so any such word was one. The
 * engine reads every byte of 0x80 or more as DEL (engine.ts maskHighTs), so
 * the letter beyond ASCII is a run of DEL here.
 */
function isLanguageWord(s: string): boolean {
  return s.includes("\x7f") && /^[A-Z]?[a-z\x7f]+$/.test(s) && /[a-z]/.test(s);
}

/**
 * A password of letters alone under a password name: 8 or more letters, or
 * 6 or 7 in lower case under a name ending in password or passwd, quoted or
 * bare after an operator with no blank before it (`password: walrus`,
 * `password="kitten"`; a bare word after ` = ` is code's identifier,
 * `password = getpass`, and so is one before `,` or `)`, a keyword argument:
 * `connect(user=user, password=secret)`); never a word that says what
 * became of one.
 */
function letterPasswordValid(
  s: string,
  g: Readonly<Record<string, string | undefined>>,
): boolean {
  if (PASSWORD_STATE_WORD.test(s)) return false;
  if (s.length >= 8) return true;
  // Not after Go's `:=`: `user, password := "deploy", "..."` gives the word to the name before.
  const name = g.name ?? "";
  return (EXPLICIT_PASSWORD_NAME.test(name) || isOwnerPassName(name)) && !/:=$/.test(g.op ?? "") &&
    isShortLetterPassword(s) &&
    (g.unq === undefined || (!/^[ \t]/.test(g.op ?? "") && g.close === undefined));
}

/** A hex string of 32 or more (a key, or a digest), or a UUID. */
function isHexOrUuid(value: string): boolean {
  return /^(?:0x)?[0-9a-fA-F]{32,}$/.test(value) || new RegExp(`^${UUID}$`).test(value);
}

/**
 * @param minLength Shortest value.
 * @param upperEnv The name is an upper-case environment variable
 * (`TOKEN=<40 hex>`): any secret name takes a hex or UUID value there.
 */
function assignmentValid(minLength: number, upperEnv = false) {
  return (secret: string, groups: Readonly<Record<string, string | undefined>>): boolean => {
    const name = groups.name ?? "";
    if (secret.length < minLength || !SECRET_NAME_RE.test(name) || isExcludedName(name)) {
      return false;
    }
    // A `_pat` name is also a pattern's (`url_pat`, `glob_pat`): a token is one run of token characters.
    if (PAT_NAME.test(name) && !/^[A-Za-z0-9_-]{20,}$/.test(secret)) return false;
    if (!isLookAlikeValue(secret)) return true;
    if (PASSWORD_NAME.test(name) && isPasswordLookAlike(secret)) return true;
    if (PREFIXED_CREDENTIAL_NAME.test(name) && isLongKeyMaterial(secret)) return true;
    // A service's secret (`ApiSecret`, `app.jwt.secret`, `webhook_secret`) is often a UUID; a
    // bare `secret` with one is as often a request's id.
    if (PREFIXED_SECRET_NAME.test(name) && UUID_RE.test(secret)) return true;
    // A credential name overrides the digest and UUID look-alikes; a name that labels a key
    // (`API_KEY_ID`, `SECRET_VERSION`) does not, after `NAME=` either.
    return isHexOrUuid(secret) &&
      ((upperEnv || ENV_NAME.test(name)) && !ID_NAME.test(name) || CREDENTIAL_NAME.test(name));
  };
}

/**
 * An environment variable's name (`RAILWAY_TOKEN`, `SNYK_TOKEN`): upper case
 * whatever syntax assigns it, as `env` prints it and as a compose file's
 * `environment:` map, `docker inspect`'s and `doppler secrets download`'s
 * JSON, or a JSON string's `NAME\u003dvalue` hold it. Under such a secret
 * name a hex or UUID value is the token, as it is after `NAME=`.
 */
const ENV_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/**
 * An upper-case name that labels a key rather than holding it: its id, its
 * version or a reference to it (`SIGNING_KEY_ID`, `API_KEY_ID`,
 * `SECRET_VERSION` of AWS Secrets Manager, `TOKEN_NONCE`), or the audience or issuer a token
 * is minted for (`TOKEN_AUDIENCE`, an app's client id: a UUID in Azure AD). A UUID or hex
 * under it is that label, so {@linkcode ENV_NAME} does not take it.
 */
const ID_NAME = /_(?:IDS?|UUID|GUID|VERSION|REF|NONCE|AUDIENCE|AUD|ISSUER)$/;

/**
 * A name ending in `_PASS` (`DB_PASS`, `SMTP_PASS`) is also a compiler or
 * test pass (`SECOND_PASS=enabled`): its value must hold a character other
 * than a letter.
 */
function shortPassValueValid(
  value: string,
  groups: Readonly<Record<string, string | undefined>>,
): boolean {
  return !/[_.-]pass$/i.test(groups.name ?? "") || /[^A-Za-z]/.test(value) ||
    isOwnerPassLetters(groups.name ?? "", value);
}

/** Short words written where a password goes that are none: metasyntactic names, states, scopes. */
const SHORT_NON_PASSWORD =
  /^(?:foo|bar|baz|qux|quux|n\/?a|set|unset|any|all|new|old|same|ask|env|var|tmp|temp|dev|prod|auto|ok|okay)$/i;

/**
 * The value of an upper-case environment variable with a secret name: 5 or
 * more characters, or 3 or more under a password name (`DB_PASSWORD=Xy7;`
 * ends at the `;` of a shell line, and what is left is still the password)
 * when they hold a letter or digit and are not one repeated character or a
 * type word.
 */
function envValueValid(
  value: string,
  groups: Readonly<Record<string, string | undefined>>,
): boolean {
  if (isRepeatedPlaceholder(value) || !shortPassValueValid(value, groups)) return false;
  if (value.length >= 5) return assignmentValid(5, true)(value, groups);
  return PASSWORD_NAME.test(groups.name ?? "") && /[A-Za-z0-9]/.test(value) &&
    !/^(.)\1*$/.test(value) && !TYPE_WORD.test(value) && !/^[<{\[%]/.test(value) &&
    !SHORT_NON_PASSWORD.test(value) &&
    assignmentValid(3, true)(value, groups);
}

/** Service signatures of Azure's identifiable keys (storage, messaging, cache, functions, search...). */
const AZURE_KEY_SIGNATURES = [
  "+ASt",
  "+ASb",
  "+AEh",
  "+ARm",
  "+ABa",
  "AzFu",
  "AzCa",
  "ACDb",
  "AzSe",
  "+AMC",
  "+ACR",
  "+SQL",
  "AIoT",
  "APIM",
  "AZEG",
];
const AZURE_SIGNATURE = AZURE_KEY_SIGNATURES.map((x) => x.replace("+", String.raw`\+`)).join("|");

/**
 * A cookie name that marks a session: `sessionid`, `session`, `connect.sid`,
 * `PHPSESSID`, `JSESSIONID`, `laravel_session`, `_gitlab_session`,
 * `next-auth.session-token`.
 */
const SESSION_COOKIE_NAME =
  /^(?:[A-Za-z0-9_.-]*[_.-])?(?:sess(?:ion)?(?:[_.-]?(?:id|token|key))?|sid)$|^[A-Za-z]{0,8}sess(?:ion)?id$/i;

/**
 * A command-line option that carries a secret: its name ends in password,
 * pass, pwd, token, secret or a compound key word (`--api-key`, `--client-secret`,
 * `-storepass`, `--oauth2-bearer`, `-passin`); `--token-file` and
 * `--password-stdin` end otherwise.
 */
const SECRET_OPTION =
  /^--?(?:[A-Za-z0-9]+[-_])*(?:password|passwd|passphrase|pass|pwd|passin|passout|storepass|keypass|srcstorepass|deststorepass|srckeypass|destkeypass|tlspassword|requirepass|masterauth|token|secret|api-?key|apikey|secret-?key|access-?key|private-?key|auth-?key|license-?key|master-?key|bearer)$/i;
/**
 * Of those, a switch that asks for the secret or goes without it, and so takes no value:
 * Ansible's `--ask-pass`, `--ask-become-pass`, `--ask-vault-pass`, rclone's `--ask-password`,
 * PostgreSQL's `--no-password`, `--prompt-password`, `--skip-password`. The word after one
 * is the command's next argument (`--ask-vault-pass site.yml`), on its line or the next.
 */
const SECRET_SWITCH = /^--?(?:ask|prompt|no|skip|without)[-_]/i;
/** Of those, the ones that take a password (any value that is not a placeholder). */
const PASSWORD_OPTION =
  /(?:password|passwd|passphrase|pass|pwd|passin|passout|storepass|keypass|masterauth)$/i;

/** A value that names where a secret is rather than being one (`env:VAR`, `file:path`, a path). */
function isSecretSource(value: string): boolean {
  return /^(?:env:|file:|fd:|stdin$|@)/i.test(value) || /^[~.]{0,2}\//.test(value);
}

/** A command-line secret value: not a reference, option, path or placeholder. */
function optionValueValid(name: string, raw: string): boolean {
  // OpenSSL's `-passin pass:SECRET`: the secret is what follows `pass:`.
  const value = raw.replace(/^pass:/, "");
  if (isReference(value) || value.startsWith("-") || isSecretSource(value)) return false;
  // A URL is the command's next argument (`curl --tlspassword https://host` lacks its value).
  if (/^[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\//.test(value)) return false;
  if (isRepeatedPlaceholder(value) || TYPE_WORD.test(value)) return false;
  if (PASSWORD_OPTION.test(name) || PASSWORD_NAME.test(name)) {
    // A quoted passphrase may hold blanks; prose ("Enter your password") has no digit or symbol.
    if (/\s/.test(value.trim())) {
      return value.trim().length >= 8 && value.trim().split(/\s+/).length <= 6 &&
        /[A-Za-z]/.test(value) && /[^A-Za-z\s]/.test(value);
    }
    return value.length >= 6 && /[A-Za-z]/.test(value) &&
      (/[^A-Za-z]/.test(value) || value.length >= 10);
  }
  return value.length >= 16 && /[0-9]/.test(value) && /[A-Za-z]/.test(value) &&
    !isOptionList(value);
}

/**
 * A list of `name=value` settings (`id=npmrc,src=$HOME/.npmrc` of
 * `docker build --secret`, `type=env,name=X`): lower-case setting names,
 * not a credential that holds `=` or `,` (`kR4t9Lm2=Vb7Nc1`, `abc,def`).
 */
function isOptionList(value: string): boolean {
  return /^[a-z][a-z_-]{0,20}=[^,]*(?:,[a-z][a-z_-]{0,20}=[^,]*)*$/.test(value);
}

/** A value given beside its name in a JSON name/value object. */
function nameValueValid(value: string, groups: Readonly<Record<string, string | undefined>>) {
  const name = groups.name ?? "";
  if (!SECRET_NAME_RE.test(name) || isExcludedName(name)) return false;
  if (isReference(value) || isRepeatedPlaceholder(value) || /\s/.test(value)) return false;
  if (PASSWORD_NAME.test(name) || /pass(?:word|wd|phrase)/i.test(name)) {
    return /[A-Za-z]/.test(value) && /[^A-Za-z]/.test(value) && value.length >= 6 &&
      !TYPE_WORD.test(value);
  }
  return value.length >= 12 && /[0-9]/.test(value) && /[A-Za-z]/.test(value) &&
    (!isLookAlikeValue(value) || isHexOrUuid(value));
}

/** A quoted value beside its quoted name in code (`define('DB_PASSWORD', '...')`). */
/**
 * A bare value that is a random token, not an identifier or words joined
 * (`d['secret'] = Zq7kP2...`, not `= generatedTokenValue1`): 16 or more
 * characters with upper case, lower case and a digit, 3.5 bits per
 * character, and the class (upper, lower, digit, other) changing at 35 % or
 * more of its characters, as a random draw does (camel-case words change
 * at one in five or so).
 */
function isRandomToken(value: string): boolean {
  if (value.length < 16 || !/[a-z]/.test(value) || !/[A-Z]/.test(value) || !/[0-9]/.test(value)) {
    return false;
  }
  const cls = (c: string) => /[a-z]/.test(c) ? 0 : /[A-Z]/.test(c) ? 1 : /[0-9]/.test(c) ? 2 : 3;
  let changes = 0;
  for (let i = 1; i < value.length; i++) if (cls(value[i]!) !== cls(value[i - 1]!)) changes++;
  return changes >= 0.35 * (value.length - 1) && shannonEntropy(value) >= 3.5;
}

function pairValueValid(value: string, groups: Readonly<Record<string, string | undefined>>) {
  const name = groups.name ?? "";
  if (/\s/.test(value) || isReference(value) || isRepeatedPlaceholder(value)) return false;
  // A list of names (`["API_KEY", "DB_PASSWORD"]`), not a name and its value.
  if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(value)) return false;
  // An identifier naming a credential (`OAuth2UserTokenExchange`, `k8s_env_secret`) is a name too.
  if (/^[A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)*$/.test(value) && SECRET_NAME_RE.test(value)) {
    return false;
  }
  if (PASSWORD_NAME.test(name)) {
    return /[A-Za-z]/.test(value) && /[^A-Za-z]/.test(value) && !TYPE_WORD.test(value) &&
      assignmentValid(6)(value, groups);
  }
  return /[0-9]/.test(value) && /[A-Za-z]/.test(value) && assignmentValid(12)(value, groups);
}

/** An XML element or key name that holds a token or a credential key (not a bare `key`). */
const XML_TOKEN_NAME =
  /(?:token|(?:api|access|private|secret|auth|license|master|subscription)[_.-]?key)$/i;

/** Commands that store a secret read from standard input. */
const STDIN_SECRET_SINK = String
  .raw`wrangler[ \t]+secret[ \t]+put|vercel[ \t]+env[ \t]+add|gh[ \t]+secret[ \t]+set|docker[ \t]+secret[ \t]+create|gcloud[ \t]+secrets[ \t]+(?:create|versions[ \t]+add)|firebase[ \t]+functions:secrets:set|pass[ \t]+insert|passwd[ \t]+--stdin`;

/** `sudo -S` / `sudo --stdin`: sudo reads the user's password from standard input. */
const SUDO_STDIN = String.raw`sudo[ \t]+(?:-S|--stdin)(?=[ \t]|$)`;

/** A JSON quote, bare or escaped once to three times (a JSON string inside a transcript). */
const JQ = String.raw`\\{0,3}"`;
/** JSON blanks, raw or escaped (`\n` inside a transcript line). */
const JWS = String.raw`(?:[ \t\r\n]|\\{1,3}[nrt]){0,64}`;
/**
 * Comment lines a hand-written manifest puts inside a data map (`# base64 of ...`), quotes
 * in them escaped when the manifest is a JSON string (`# echo -n \"pw\" | base64`, survey10).
 */
const K8S_COMMENTS = String.raw`(?:${NL}[ \t]{0,16}#(?:[^\r\n\\]|\\{1,3}["']){0,400})*`;
/** A JSON-escaped quote around a YAML value (a manifest inside a transcript line). */
const K8S_ESC_QUOTE = String.raw`(?:\\{1,3}")?`;
/**
 * A value of a Secret's data map in YAML: on the key's line, or a block
 * scalar (`|`, `>`, with chomping and indentation indicators) whose lines sit
 * deeper than the key (`ind`, the map's indentation).
 */
const K8S_VALUE = String
  .raw`(?:[|>][-+]?[1-9]?[-+]?[ \t]*(?:${NL}\k<ind>[ \t]{1,16}[^\s\\][^\r\n\\]{0,4096}){1,256}|[^\s\\|>][^\r\n\\]{0,4096})`;
/** `"kind": "Secret"` in JSON. */
const K8S_JSON_KIND = String.raw`${JQ}kind${JQ}${JWS}:${JWS}${JQ}Secret${JQ}`;
/** Where one Kubernetes object ends and the next begins (kubectl prints apiVersion first). */
const K8S_JSON_CUT = String.raw`${JQ}(?:kind|apiVersion)${JQ}`;
/** A key of a Secret's data map and what leads to its value. */
const K8S_JSON_KEY = String.raw`${JQ}[A-Za-z0-9_.-]{1,253}${JQ}${JWS}:${JWS}${JQ}`;
/** A value of a Secret's data map (base64 under data, any text under stringData). */
const K8S_JSON_VALUE = String.raw`[^"\\\r\n]{1,4096}`;
/** `"kind": "Secret"` as pretty and compact JSON print it, bare and escaped. */
const K8S_JSON_SECRET_KEYWORDS = [
  '"kind": "secret"',
  '"kind":"secret"',
  '\\"kind\\": \\"secret\\"',
  '\\"kind\\":\\"secret\\"',
];

/** A secret word's end, then `||` or `??` (a fallback value follows): rare byte strings. */
const FALLBACK_KEYWORDS = ["key", "token", "secret", "password", "passwd", "pwd"].flatMap((w) =>
  [" ||", " ??", "||", "??", "'] ||", '"] ||'].map((op) => w + op)
);

/** What ends a bare value of the generic assignment rule (a class body; control characters too: a terminal's colour code after a value is not part of it). */
const GENERIC_EXCLUDED = String.raw`\s"'\x60,;\\<>()\[\]{}=\x00-\x08\x0e-\x1f\x7f`;
/** What ends a bare password in a configuration file (a class body). */
const PASSWORD_EXCLUDED = String.raw`\s"'\x60,;\\<>()\[\]{}=#\x00-\x08\x0e-\x1f\x7f`;

/**
 * The rest of a bare password or key that a bracket, `<`, `>` or `,` cut, when it
 * runs to the end of its line: a generated password drawn from symbols
 * (`db_password: Xk9m2Q<pL,z8}Wq`) is the whole rest of its YAML or INI
 * line, where the pattern stops at the first such character (code's
 * brackets and lists end there) and the rest was printed. Tried after an
 * accepted match only, so it widens a finding and never adds one. Not taken:
 * a blank before the line's end (`pw1, # note`, `{password: pw, user}`), no
 * letter or digit after the mark (`pw9);`), or the next `name=` after it
 * (`password=pw9,user=bob`). A line comment after blanks (` # prod`, INI's
 * and YAML's) ends the line for it and stays. At most 256 characters, so a streamed scan,
 * whose overlap is longer, sees the line's end as the whole input does.
 */
const SYMBOL_CUT_TAIL = String
  .raw`(?:[,<>{}()\[\]](?![A-Za-z_][A-Za-z0-9_.\-]{0,64}=)(?=[^\s"'\x60\\]{0,255}?[A-Za-z0-9])[^\s"'\x60\\]{0,255}(?=\r?\n|\\[nr]|"|$|(?:[ \t]|\\t)+#(?:[ \t]|\\[tnr]|\r?\n|"|$)))?`;

/** `name: value`, `name = "value"`, `"name": "value"` under a secret-like name. */
const GENERIC_ASSIGNMENT: SecretRule = {
  kind: "generic_secret",
  title: "High-entropy value assigned to a secret-like name",
  description:
    '`name: value`, `name = "value"` or `"name": "value"` where the name contains password, secret, token, api_key and the like and the value has at least 12 characters, letters and digits, and entropy of 3 bits per character or more. A bare value keeps an inner `;` followed by more of it (not a statement word, member chain or the next `name=`), and runs through brackets that cross (`m{{h}o)p...`: code nests its brackets).',
  keywords: [
    ...ASSIGNMENT_KEYWORDS,
    "api-key",
    "accesskey",
    "auth_key",
    "signing_key",
    "encryption_key",
  ],
  pattern: new RegExp(
    String
      .raw`(?<![A-Za-z0-9_.\-](?<!\\[A-Za-z0-9_.\-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?=(?<name>[A-Za-z0-9_.\-]{3,96}))\k<name>${SEP_OPEN_GAP}${
      assignedValue(12, formBare(GENERIC_EXCLUDED, ";"), undefined, true)
    }`,
    "i",
  ),
  lead: "A-Za-z0-9_.\\-",
  rejectName: rejectAssignmentName,
  follows: { ...ASSIGNMENT_OPERATOR, value: { blanks: 16, min: 12 } },
  valueAfterOperator: true,
  before: 64,
  after: VALUE_MAX + 140,
  priority: 1,
  extend: new RegExp(formTail(GENERIC_EXCLUDED, ";").source + SYMBOL_CUT_TAIL),
  wrapped: WRAPPED_TAIL,
  minEntropy: 3,
  validate: (s, g) =>
    (/[0-9]/.test(s)
      ? /[A-Za-z]/.test(s)
      : isRandomLettersUnderKeyName(s, g.name ?? "") || (g.unq === undefined && isSymbolRich(s))) &&
    assignmentValid(12)(s, g) &&
    (g.unq === undefined || !isCodeOrProseValue(s, g.next)) &&
    // A sentence or a style under a token's name (a passphrase is a password's, and kept).
    (g.unq === undefined
      ? !isProseOrStyle(s) || PASSPHRASE_NAME.test(g.name ?? "")
      : !isCodeShape(s, g)) &&
    !isSecretReference(s) &&
    !repeatsName(s, g.name ?? "") &&
    // A `;` before a bare value ends a statement (inside quotes it is the value's); after one,
    // the head alone must be a value too.
    (g.unq === undefined || !s.startsWith(";")) &&
    (!s.includes(";") || statementsInValueValid(s)) &&
    (g.crossed === undefined || hasCrossedBrackets(s)),
};

/** A name whose value may be words: a password's, a passphrase's or a wallet's seed words. */
const PASSPHRASE_NAME = /pass|pwd|phrase|mnemonic|seed|words/i;

/** The last words of a name the operator and cell rules read (lower case). */
const SHAPE_NAME_WORDS = ["password", "passwd", "secret", "token", "key", "pwd", "credentials"];

/**
 * Make's `::=`, `:::=` and `+=`, PHP's `.=` and R's `<-`, each keyword a secret word
 * ending a name and the operator after it, so code's many `+=` and `.=` cost
 * nothing: `API_TOKEN ::= Xy7...`, `$apiKey .= '...'`, `api_key <- "..."`.
 */
const OPERATOR_KEYWORDS = SHAPE_NAME_WORDS.flatMap((w) =>
  ["::=", ":::=", "+=", ".=", "<-"].flatMap((op) => [`${w}${op}`, `${w} ${op}`])
);

/** A value's first characters as the keyword pass tests them (quotes and escapes included). */
const VALUE_START = String.raw`A-Za-z0-9_\-+/=.~!@#$%^&*"'\x60\\`;

/**
 * The generic assignment with Make's, PHP's and R's other assignment operators
 * (`::=`, `:::=`, `+=`, `.=`, `<-`): the same name and value checks.
 */
const OPERATOR_ASSIGNMENT: SecretRule = {
  kind: "generic_secret",
  title: "High-entropy value given to a secret-like name with Make's, PHP's or R's operators",
  description:
    "`API_TOKEN ::= value`, `SECRET :::= value`, `PASSWORD += value` (Make), `$apiKey .= '...'` (PHP) and `api_key <- \"...\"` (R), with the generic assignment's checks on the name and the value.",
  keywords: OPERATOR_KEYWORDS,
  pattern: new RegExp(
    String
      .raw`(?<![A-Za-z0-9_.\-](?<!\\[A-Za-z0-9_.\-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?=(?<name>[A-Za-z0-9_.\-]{3,96}))\k<name>[ \t]{0,16}(?::::?=|\+=|\.=|<-)[ \t]{0,16}${
      assignedValue(12, formBare(GENERIC_EXCLUDED, ";"))
    }`,
    "i",
  ),
  lead: "A-Za-z0-9_.\\-",
  rejectName: rejectAssignmentName,
  // Twelve value characters right after the operator: `token += ch;` of a lexer is dropped in the
  // keyword pass.
  tail: { blanks: 16, cls: VALUE_START, min: 12 },
  before: 64,
  after: VALUE_MAX + 140,
  priority: 1,
  extend: formTail(GENERIC_EXCLUDED, ";"),
  wrapped: WRAPPED_TAIL,
  minEntropy: 3,
  validate: GENERIC_ASSIGNMENT.validate!,
};

/** The credential words a spaced name ends in (`Datadog token`, `Abstract API key`). */
const SPACED_NAME_WORDS = [
  "token",
  "secret",
  "api key",
  "api_key",
  "api-key",
  "apikey",
  "access key",
  "secret key",
];

/**
 * Words before a credential word that name no service (`the token = ...`,
 * `your api key: ...`, `example token - '...'`): articles, pronouns, states.
 */
const SPACED_NAME_NOT_OWNER =
  /^(?:the|a|an|this|that|these|those|my|your|our|their|its|his|her|no|new|old|same|next|prev(?:ious)?|each|every|any|some|one|valid|invalid|empty|null|none|nil|fake|dummy|example|sample|placeholder|bad|wrong|expired|revoked|current|default|is|was|and|or|of|for|with|as|to|in|on|by|set|get|if|let|var|const|def|my_|return|print|echo|export)$/i;

/**
 * `<service> token = '...'`, `<service> api key: ...`, `<service> token - '...'`:
 * a credential named in words, the service first. Its name says whose
 * credential the value is, so a hex key or a UUID (the shape of many
 * services' keys) counts here as it does under `DATADOG_TOKEN`.
 */
const SPACED_NAME_ASSIGNMENT: SecretRule = {
  kind: "generic_secret",
  title: "Value given to a credential named in words",
  description:
    "`<service> token = '...'`, `<service> api key: ...` or `<service> token - '...'` (the dash form quoted only): a service's name, a blank and token, secret or API key before the operator, and a value of 16 or more characters that is hex, a UUID or passes the generic assignment's checks. Articles, pronouns and words such as example or expired before the credential word name no service.",
  keywords: SPACED_NAME_WORDS.flatMap((w) => [`${w}=`, `${w} =`, `${w}:`, `${w} -`]),
  // Not `-`, which is an operator here: the name is the credential word (`api-key` keeps its `-`).
  lead: "A-Za-z0-9_.",
  // Sixteen value characters after the operator: `token - which` and `token: str` are dropped.
  follows: {
    quote: false,
    escapes: 0,
    blanks: 4,
    operators: "=:\\-",
    value: { blanks: 4, min: 16 },
  },
  valueAfterOperator: true,
  pattern: new RegExp(
    String
      .raw`(?<=(?:^|[^A-Za-z0-9_.\-\\]|\\[nrt])(?<vendor>[A-Za-z][A-Za-z0-9_.\-]{1,40})[ \t]{1,4})(?<word>token|secret|api[ _-]?key|apikey|access[ _]key|secret[ _]key)[ \t]{0,4}(?:-[ \t]{0,4}${
      quotedValue("s", 16, 1024, 1)
    }|[=:][ \t]{0,4}(?:${
      quotedValue("s", 16, 1024, 1)
    }|(?<unq>)(?<s>[A-Za-z0-9+\/_.~=-]{16,1024})(?![A-Za-z0-9+\/_.~=-])))`,
    "i",
  ),
  after: 1100,
  priority: 1,
  minEntropy: 3,
  validate: (s, g) => {
    const name = `${g.vendor ?? ""}_${(g.word ?? "").replace(/[ \t]/g, "_")}`;
    if (SPACED_NAME_NOT_OWNER.test(g.vendor ?? "") || isExcludedName(name)) return false;
    if (
      ORDINARY_KEY_NAME.test(name) || /\s/.test(s) || isReference(s) || isRepeatedPlaceholder(s)
    ) {
      return false;
    }
    return isHexOrUuid(s) || GENERIC_ASSIGNMENT.validate!(s, { ...g, name });
  },
};

/**
 * A name and its value as the two cells of a CSV line (`password,Xy7...`,
 * `api_key;...`, the value possibly quoted): the line
 * holds just the two cells, or a third after another separator.
 */
const CELL_ASSIGNMENT: SecretRule = {
  kind: "generic_secret",
  title: "Secret name and value as two CSV cells",
  description:
    '`password,value`, `api_key;value` or `password,"value"` at the start of a line (or echoed into a file): a name holding a secret word and a value with the generic assignment\'s checks (12 or more characters, letters and digits, 3 bits per character).',
  // Not a bare `key,` (every `(key, value)` of code): a compound key name.
  keywords: [
    ...SHAPE_NAME_WORDS.filter((w) => w !== "key"),
    "api_key",
    "apikey",
    "access_key",
    "private_key",
  ]
    .flatMap((w) => [",", ";"].map((sep) => `${w}${sep}`)),
  pattern: new RegExp(
    String
      .raw`(?<=(?:^|[\r\n]|\\n)[ \t]{0,16}(?:(?:echo|printf)[ \t]{1,4})?(?:\\{0,3}["'])?)(?=(?<name>[A-Za-z0-9_.\-]{3,96}))\k<name>(?:\\{0,3}")?(?<sep>[,;\t])(?:${
      quotedValue("s", 12, 1024)
    }|(?<s>[^\s"',;\\]{12,1024}))(?=$|[\r\n]|\\[nr]|\k<sep>|\\{0,3}"?[\r\n]|\\{0,3}"$)`,
    "i",
  ),
  lead: "A-Za-z0-9_.\\-",
  rejectName: rejectAssignmentName,
  tail: { blanks: 0, cls: VALUE_START, min: 12 },
  before: 64,
  after: 1200,
  priority: 1,
  minEntropy: 3,
  validate: (s, g) =>
    /[0-9]/.test(s) && /[A-Za-z]/.test(s) && !/\s/.test(s) && assignmentValid(12)(s, g),
};

/** {@linkcode isRandomLetters} given to a credential's name (`api_key`, `clientSecret`, `authToken`). */
function isRandomLettersUnderKeyName(value: string, name: string): boolean {
  return (CREDENTIAL_NAME.test(name) || PREFIXED_CREDENTIAL_NAME.test(name) ||
    /^(?:token|secret)$/i.test(name)) && !isExcludedName(name) && isRandomLetters(value);
}

/**
 * A quoted value drawn from letters and many symbols (`q{{w}e)r$t]yu(op[as>-_$#df}}`):
 * 12 or more characters, no blank, four letters, two or more distinct
 * symbols other than the separators of names and paths (`-_./:`), and not a
 * regular expression (a range such as `[a-z`, `(?`, a backslash class, a
 * `{n,m}` count or `^...$` anchors). Under a secret's name, a value without
 * a digit can be one.
 */
function isSymbolRich(value: string): boolean {
  return value.length >= 12 && !/\s/.test(value) &&
    (value.match(/[A-Za-z]/g)?.length ?? 0) >= 4 &&
    new Set(value.match(/[!@#$%^&*()[\]{}<>?~+=|;,]/g) ?? []).size >= 2 &&
    !/\[[A-Za-z0-9]-[A-Za-z0-9]|\(\?|\\[dDwWsSbB]|\{\d+(?:,\d*)?\}|^\^|\$$/.test(value);
}

/**
 * A closing bracket meets an open bracket of another kind (`{{h}o)`: the
 * `)` closes a `{`). Code nests its brackets (`foo(hey)you`, `f(x)[0]`,
 * `{a:[1]}`), and a run cut from a longer expression leaves brackets open
 * or closes ones opened before it (`password)`), never crosses them; a
 * generated password drawn from symbols does.
 */
function hasCrossedBrackets(value: string): boolean {
  const open: string[] = [];
  for (const c of value) {
    if (c === "(" || c === "[" || c === "{") open.push(c);
    else if (c === ")" || c === "]" || c === "}") {
      if (open.length === 0) continue;
      if (open.pop() !== { ")": "(", "]": "[", "}": "{" }[c]) return true;
    }
  }
  return false;
}

/** `NAME=value` under an upper-case secret name (.env files, `export`, shell history). */
const ENV_ASSIGNMENT: SecretRule = {
  kind: "env_secret",
  title: ".env / shell secret assignment",
  description:
    "`NAME=value` where NAME is upper-case and contains PASSWORD, SECRET, TOKEN, API_KEY and the like (.env files, `export`, shell history); any value that is not a placeholder or reference, 3 characters or more under a password name (letters alone under a `_PASS` or `_PWD` name only when one of its words says whose pass it is: `DB_PASS`, `RABBITMQ_DEFAULT_PASS`, not `SECOND_PASS` or `APP_RENDER_PASS`); a `_PW` name or a pass joined to its owner (`LDAP_BIND_PW`, `SSHPASS`, `DBPASS`) only with such a word. A bare value keeps an inner `;`, `&`, `|` or `#` followed by more of it and ends before a blank or the next `NAME=`.",
  // `pass=` reads a pass joined to its owner (`DBPASS=`, `SSHPASS=`, sshpass's variable).
  keywords: [...ASSIGNMENT_KEYWORDS, "_pass", "pass="],
  pattern: new RegExp(
    String
      .raw`(?<![A-Za-z0-9_$.\-](?<!\\[A-Za-z0-9_$.\-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?=(?<name>[A-Z][A-Z0-9_]{2,96}))\k<name>=${
      assignedValue(3, ENV_BARE)
    }`,
  ),
  // The pattern's name is upper case, and a lower-case letter just before it
  // fails its look-behind: the name is a run of upper case, and a keyword
  // written in lower case (`token_type=Bearer`, 5.5k of the bench
  // transcript's 34k confirmations) is dropped by the keyword pass's name
  // check, since no operator follows the empty run.
  lead: "A-Z0-9_",
  rejectName: rejectAssignmentName,
  follows: { quote: false, escapes: 0, blanks: 0, operators: "=", value: { blanks: 0, min: 3 } },
  valueAfterOperator: true,
  before: 64,
  after: VALUE_MAX + 100,
  priority: 1,
  extend: ENV_BARE_TAIL,
  wrapped: WRAPPED_TAIL,
  validate: envValueValid,
};

/**
 * A part of a bare env value after a `;`, `&`, `|` or `#` that ends it: a
 * reference or placeholder standing alone (`${X}`, `$X`, `<x>`), a command
 * word given a shell's blank substitute (`cat${IFS}x`), or the next
 * setting's `NAME=`.
 */
const ENV_VALUE_STOP = String
  .raw`(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|<[^\s>]*>)(?=[\s"'\x60;&|#\\]|$)|[a-z]{2,16}\$\{?IFS\b|${NEXT_NAME}`;

/**
 * The head of a bare env value, up to the first inner `;`, `&`, `|` or `#`
 * that opens a stop ({@linkcode ENV_VALUE_STOP}), when the whole value reads
 * as a placeholder only because of what follows (`API_TOKEN=Xy7kL9mQ2z;echo${IFS}<x>`:
 * the shell ends the value at the `;`, and the command after it holds `${`).
 * The whole value is {@linkcode ENV_ASSIGNMENT}'s; this rule judges the
 * head before the first separator alone, and takes every part up to the
 * stop (`DB_PASSWORD=Xy7;kL9;${IFS}mQ2z` of a generated password is taken
 * whole: no part of it is a stop).
 */
const { extend: _envTail, wrapped: _envWrapped, ...ENV_ASSIGNMENT_HEAD } = ENV_ASSIGNMENT;
const ENV_HEAD: SecretRule = {
  ...ENV_ASSIGNMENT_HEAD,
  title: ".env / shell secret assignment, before a command that looks like a placeholder",
  description:
    "`NAME=value;...`, `NAME=value|...`, `NAME=value#...` where the bare value runs on past the `;`, `|`, `&` or `#` into text that reads as a placeholder (`${IFS}`, `<x>`): the part before the first such character is judged alone, and the value is taken up to a part that is a reference or placeholder on its own (`${X}`, `<x>`), a command given `${IFS}`, or the next `NAME=`.",
  pattern: new RegExp(
    String
      .raw`(?<![A-Za-z0-9_$.\-](?<!\\[A-Za-z0-9_$.\-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?=(?<name>[A-Z][A-Z0-9_]{2,96}))\k<name>=(?<s>[^\s"'\x60;&|#\\=\x00-\x08\x0e-\x1f\x7f]{3,${VALUE_MAX}})(?=(?<rest>[;&|#](?:${ENV_BARE}|=){1,${VALUE_MAX}}))`,
  ),
  // The parts after the head up to a stop. (Listed before ENV_ASSIGNMENT, whose `extend`
  // is the one a stream carries into its next read for the kind.)
  extend: new RegExp(String.raw`(?:[;&|#](?!${ENV_VALUE_STOP})[^\s"'\x60;&|#\\]+)*`),
  validate: (s, g) => isNotSecret(s + (g.rest ?? "")) && envValueValid(s, g),
};

/**
 * A character of a query-string or form value (`?api_key=...&`, a
 * `curl -d 'pwd=...&user=...'` body): no blank, quote, `&`, `=`, `#` or the
 * brackets and separators that end a generic value. The rules read it with
 * {@linkcode bareRun}, so an inner `=` before more of it stays in the value.
 */
const FORM_VALUE_CHAR = String.raw`[^\s"'\x60,;\\<>()\[\]{}=&#]`;

/**
 * A credential in a query string or form body: `name=value` followed by
 * `&next=`, the value of 8 or more characters (shorter than the generic
 * rule's 12, which the form context makes up for). A value under a password
 * name holds a letter and a non-letter, or is 10 or more letters of both
 * cases that are not camel-case words; any other holds a letter and a
 * digit. Placeholders (`YOUR_KEY`, `changeme`), references, type words and
 * look-alikes are kept.
 */
const FORM_VALUE: SecretRule = {
  kind: "generic_secret",
  title: "Credential in a query string or form field",
  description:
    "`name=value&next=...` of a URL query or a form body where the name (not all upper case: that is the env rule's) contains password, pwd, secret, token, api_key and the like and the value has 8 or more characters: a letter and a digit (a letter and a non-letter, or 10 or more letters of both cases that are not camel-case words, under a password name), entropy of 3 bits per character or more (down to 2.5 for shorter values, which a random one reaches); redacted up to the `&`.",
  keywords: [...ASSIGNMENT_KEYWORDS, "api-key", "accesskey", "auth_key", "pwd=", "pass="],
  pattern: new RegExp(
    String
      .raw`(?<![A-Za-z0-9_.\-](?<!\\[A-Za-z0-9_.\-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?=(?<name>[A-Za-z0-9_.\-]{3,96}))\k<name>=(?<unq>)(?<s>${
      bareRun(FORM_VALUE_CHAR, 8, 1024)
    })(?=&${NEXT_NAME})`,
    "i",
  ),
  lead: "A-Za-z0-9_.\\-",
  // An upper-case name (`API_KEY=...&`) is the env rule's, whose bar is lower: its many
  // `NAME=` lines of shell and .env text cost a cached name test here.
  rejectName: (n) => !/[a-z]/.test(n) || (rejectAssignmentName(n) && !PASSWORD_NAME.test(n)),
  follows: { quote: false, escapes: 0, blanks: 0, operators: "=", value: { blanks: 0, min: 8 } },
  valueAfterOperator: true,
  // Text with no `&` (a .env file, most prose) never runs the pattern.
  needs: "&",
  before: 64,
  after: 1024 + 200,
  priority: 1,
  validate: formValueValid,
};

/**
 * A credential as the last (or only) field of a URL query: `?api_key=...`
 * or `&token=...` at the end of the URL (a blank, a quote, a bracket, a
 * fragment's `#` or the end of the line after it), judged as
 * {@linkcode FORM_VALUE} judges a field before `&next=`.
 */
const { needs: _formNeeds, ...FORM_VALUE_ANY_END } = FORM_VALUE;
const QUERY_LAST_VALUE: SecretRule = {
  ...FORM_VALUE_ANY_END,
  title: "Credential as the last field of a URL query",
  // The secret words with the `=` right after the name: the rule has no `&` to look for, and
  // each plain word (`token` of every transcript line) would cost a name test. Not the
  // password words: a password name's last field is the password rule's.
  keywords: [...ASSIGNMENT_KEYWORDS, "api-key", "accesskey", "auth_key"]
    .filter((k) => !/pass|pwd/.test(k)).map((k) => `${k}=`),
  description:
    "`?name=value` or `&name=value` ending a URL (before a blank, a quote, a bracket, `#` or the line's end) where the name (not all upper case: that is the env rule's; not a password's, which is the password rule's) contains secret, token, api_key and the like, the value judged as a field before `&next=` is.",
  pattern: new RegExp(
    String
      .raw`(?<=[?&](?:amp;)?)(?=(?<name>[A-Za-z0-9_.\-]{3,96}))\k<name>=(?<unq>)(?<s>${
      bareRun(FORM_VALUE_CHAR, 8, 1024)
    })(?=[\s"'\x60<>)\]#|,;]|\\|$)`,
    "i",
  ),
  // A password name's last field is the password rule's (same span, its kind).
  rejectName: (n) => !/[a-z]/.test(n) || rejectAssignmentName(n) || PASSWORD_NAME.test(n),
};

/**
 * Words joined in camel case (`ThroughPut`, `someValueHere`): a lower-case
 * word of two or more letters, then capitalised words. Written so each
 * capital opens the next word: `(?:[A-Z]?[a-z]{2,})+` split each lower-case
 * run in every way before failing, exponential in the value's length (45
 * letters and a capital never ended).
 */
const CAMEL_CASE_WORDS = /^(?=[A-Za-z])(?:[a-z]{2,})?(?:[A-Z][a-z]{2,})*$/;

/** See {@linkcode FORM_VALUE}. */
function formValueValid(
  s: string,
  g: Readonly<Record<string, string | undefined>>,
): boolean {
  const name = g.name ?? "";
  if (
    !/[a-z]/.test(name) || !/[A-Za-z]/.test(s) || !formValueRandom(s) || isReference(s) ||
    TYPE_WORD.test(s) ||
    isRepeatedPlaceholder(s)
  ) {
    return false;
  }
  if (PASSWORD_NAME.test(name) && !isExcludedName(name)) {
    // Letters alone: 10 or more of both cases, not words joined in camel case (`ThroughPut`);
    // under a password or passwd name, a word of 6 or more (`&password=walrus`).
    return !isLookAlikeValue(s) &&
      (/[^A-Za-z]/.test(s) ||
        (EXPLICIT_PASSWORD_NAME.test(name) && (s.length >= 8 || isShortLetterPassword(s))) ||
        (s.length >= 10 && /[a-z]/.test(s) && /[A-Z]/.test(s) &&
          !CAMEL_CASE_WORDS.test(s)));
  }
  return (/[0-9]/.test(s) || isRandomLettersUnderKeyName(s, name)) && assignmentValid(8)(s, g);
}

/**
 * Entropy nearly every random value of this length reaches: 3 bits per
 * character from 14 characters on (the generic rule's bar), log2(length)
 * minus 0.8 below that, never under 2.5 (a fixed 3 misses 38% of random
 * 8-character values, which hold a repeat; this bar, under 2%).
 */
function formValueRandom(s: string): boolean {
  return shannonEntropy(s) >= Math.max(2.5, Math.min(3, Math.log2(s.length) - 0.8));
}

/**
 * What comes right before a name that is a route's path (group `path` of the password rule):
 * a `/` (`'/forgot-password'`), or the quote opening the path a route's verb takes
 * (`get 'password' => ...`, the quote escaped in a JSON string).
 */
const ROUTE_NAME_LEAD = String
  .raw`(?:\/|\b(?:get|post|put|patch|delete|match)[ \t]{1,8}\\{0,7}["'])`;

/**
 * After `=>`, a Rails route's target (`put '/forgot-password' => "passwords#update"`):
 * a controller path, `#` and an action, lower-case words alone; no password. Only under a name
 * that is the route's path (a `/` or a verb before it: group `path`); `'db_password' =>
 * 'correct#horse'` of a PHP array or a Ruby hash holds a password of the same shape.
 */
function isRouteTarget(op: string | undefined, value: string): boolean {
  return (op ?? "").trim() === "=>" && /^[a-z_]+(?:\/[a-z_]+)*#[a-z_]+$/.test(value);
}

/**
 * Not a later name of Go's multiple short declaration (`user, pass := "admin", "..."`): there
 * the first literal after `:=` is the first name's, and the multiple assignment rule
 * (rules_code.ts) reads each name's own. Only Go writes `:=` after a list of names.
 */
const GO_LATER_NAME = String.raw`(?!(?<=,[ \t]{0,16})[A-Za-z0-9_]{1,96}[ \t]{0,16}:=)`;

/** `password = "..."` and the like in configuration files and code. */
const PASSWORD_CONFIG: SecretRule = {
  kind: "password_assignment",
  title: "Password in a configuration file",
  description:
    '`password = "..."` (HCL, TOML, INI), `password: ...` (YAML), `pass := "..."`: a name that is or ends in password, passwd, pwd or pass (or pw after a word naming whose it is: `ldap_bind_pw`) with a value of 6 or more characters that is not a type name, reference, call or placeholder; a bare value runs through brackets that cross when it is drawn from symbols.',
  // `pass` alone would hit every `passed` of a test log: a bare `pass` name is read by
  // the byte after it (`pass: ...` of nodemailer's auth, `pass = "..."`, `"pass": ...`).
  keywords: [
    "password",
    "passwd",
    "pwd",
    // An owner's `_pw` (`ldap_bind_pw`, `db.root.pw`): the name check wants the owner.
    "_pw",
    ".pw",
    "_pass",
    "-pass",
    ".pass",
    "pass:",
    "pass=",
    "pass =",
    // Go's spaced short declaration (`AdminPass := "..."`, `dbPass := "..."`, as gofmt writes).
    "pass :=",
    'pass"',
    "pass'",
    "pass\\",
  ],
  pattern: new RegExp(
    String
      .raw`(?<![A-Za-z0-9_.\-](?<!\\[A-Za-z0-9_.\-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))${GO_LATER_NAME}(?:(?<=${ROUTE_NAME_LEAD})(?<path>)|(?<!${ROUTE_NAME_LEAD}))(?=(?<name>[A-Za-z0-9_.\-]{3,96}))\k<name>${SEP_OPEN_OP}${
      assignedValue(6, formBare(PASSWORD_EXCLUDED, ";#"), undefined, true)
    }`,
    "i",
  ),
  lead: "A-Za-z0-9_.\\-",
  rejectName: (n) => !PASSWORD_NAME.test(n) || isExcludedName(n),
  follows: { ...ASSIGNMENT_OPERATOR, value: { blanks: 16, min: 6 } },
  valueAfterOperator: true,
  before: 64,
  after: VALUE_MAX + 140,
  priority: 1,
  extend: new RegExp(formTail(PASSWORD_EXCLUDED, ";#").source + SYMBOL_CUT_TAIL),
  wrapped: WRAPPED_TAIL,
  // Cheapest first: a hostile `password: password: ...` costs a character test a hit, and
  // the name's checks come before any reading of the value.
  validate: (s, g) =>
    PASSWORD_NAME.test(g.name ?? "") && !isExcludedName(g.name ?? "") &&
    // An upper-case NAME=value is the env rule's (same span, its kind); `NAME: value` of a
    // Compose environment map and `NAME = "value"` of code are this rule's.
    (/[a-z]/.test(g.name ?? "") || g.op !== "=") &&
    (g.crossed === undefined || (hasCrossedBrackets(s) && isSymbolRich(s))) &&
    (g.unq === undefined || !isCodeOrProseValue(s, g.next) ||
      isPipedPassword(g.name ?? "", g.next)) &&
    (g.unq === undefined || !isCodeShape(s, g)) && !isSecretReference(s, false) &&
    !repeatsName(s, g.name ?? "") &&
    !isTestVerdict(g.name ?? "", g.op?.trim(), s) &&
    !s.endsWith(":") && (/[A-Za-z]/.test(s) || isPasswordLookAlike(s)) &&
    (/[^A-Za-z]/.test(s) || letterPasswordValid(s, g)) && !isLanguageWord(s) &&
    // `pass` and `pwd` are also words of prose (`pass: followed by`) and code (`renderPass =
    // nextPass`): a value given to a name ending in them holds a non-letter.
    (!/(?:pass|pwd)$/i.test(g.name ?? "") || /[^A-Za-z]/.test(s) ||
      isOwnerPassLetters(g.name ?? "", s)) &&
    // A compiler's or a renderer's pass names a step or a file (`firstPass := "step-1"`).
    !isPassStepValue(g.name ?? "", s) &&
    !isActionCaption(g.name ?? "", s) && !isPasswordCaption(s) &&
    !(g.path !== undefined && isRouteTarget(g.op, s)) &&
    !/\s/.test(s.trim()) && !TYPE_WORD.test(s) && !isReference(s) &&
    (!isLookAlikeValue(s) || isPasswordLookAlike(s) || isHexPassword(s)) &&
    // A `#` or `;` opens a bare value's comment or ends its statement (inside quotes it is the
    // value's, unless `#{` opens an interpolation: Ruby, CoffeeScript); after one, the head
    // alone must be a value too (`t.pw;this.x` of minified code is a member and a statement).
    (g.unq === undefined ? !s.startsWith("#{") : !/^[;#]/.test(s)) &&
    (!/[;#]/.test(s) || passwordHeadValid(s.split(/[;#]/)[0]!)) &&
    // After Go's `:=` a bare identifier is a variable (`password := followed`), not a value.
    (g.unq === undefined || !/:=$/.test(g.op ?? "") || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(s)),
};

/**
 * A bare value given to a name that is a password's (or says whose pass it is) and piped to a
 * command (`echo ldap_bind_pass: ezpjen | ./configure --stdin`): a shell's `|`, not code's
 * `a | b`, so the word before it is not read as an operand. The value's own checks still judge it
 * (a type word, a setting or a short word is kept).
 */
function isPipedPassword(name: string, next: string | undefined): boolean {
  return /^[ \t]+\|[ \t]/.test(next ?? "") &&
    (EXPLICIT_PASSWORD_NAME.test(name) || isOwnerPassName(name) || isOwnerPwName(name));
}

/** The part of a password before its first `;` or `#` is no type word, reference or look-alike. */
function passwordHeadValid(head: string): boolean {
  return !TYPE_WORD.test(head) && !isReference(head) && !isLookAlikeValue(head);
}

/** A word that opens a statement of code or shell after a `;`. */
const STATEMENT_WORD =
  /^(?:var|let|const|return|if|else|for|while|do|function|this|new|delete|typeof|void|throw|try|break|continue|switch|case|export|import|async|await|yield|echo|cd|then|fi|done|exit|set|unset|local|source)$/;

/**
 * A bare value holding `;` is one value, not a statement and what follows it:
 * the head is a value of its own (no type word, reference or look-alike) and
 * no part after a `;` is a statement word or a member chain of code
 * (`tokenValue1;console.log`, `accessToken2;var`).
 */
function statementsInValueValid(s: string): boolean {
  const [head, ...rest] = s.split(";");
  return passwordHeadValid(head!) &&
    rest.every((x) =>
      !STATEMENT_WORD.test(x) && !/^(?:[A-Za-z_$][\w$]*\.)+[A-Za-z_$][\w$]*$/.test(x)
    );
}

/** The last words of the names the generic rule takes, for its encoded variants. */
const GENERIC_LAST_WORDS = [
  "password",
  "passwd",
  "passphrase",
  "pwd",
  "secret",
  "token",
  "key",
  "credential",
  "credentials",
  "creds",
  "auth",
];

/** `postgres://user:password@host` and the other database schemes. */
const DATABASE_URL: SecretRule = {
  kind: "database_url",
  title: "Database URL with a password",
  description:
    "`postgres://`, `mysql://`, `mongodb+srv://`, `redis://`, `amqp://` and similar URLs carrying `user:password@`; the password is redacted (also one holding `#`, as a hand-written `.env` URL may).",
  keywords: ["://"],
  // `user:password@` ends within the window.
  needs: "@",
  // ... right after the `://`: the keyword pass drops URLs without it.
  reach: DB_URL_USERINFO,
  pattern:
    /(?<![A-Za-z0-9+.-](?<!\\[A-Za-z0-9+.-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?:jdbc:)?(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|rediss?|amqps?|mssql|sqlserver|cockroachdb|clickhouse|couchdb|neo4j(?:\+s)?|cassandra)(?:\+[a-z0-9]{1,20})?:\/\/(?<user>[^\s:@\/?#"'<>\\\[\]]{0,128}):(?<s>[^\s\/?#"'<>\\\[\]][^\s\/?"'<>\\\[\]]{0,255})@(?=[A-Za-z0-9\[_.-])/i,
  lead: "A-Za-z0-9+.\\-",
  before: 40,
  after: 420,
  priority: 2,
  docWords: false,
  // A port before a `#` (`redis://host:6379#note@x`) is a host's, not a password.
  validate: (s, g) => !/^\d{1,5}#/.test(s) && isNotDefaultLogin(s, g),
};

/** Any `scheme://user:password@host` URL. */
const URL_CREDENTIALS: SecretRule = {
  kind: "url_credentials",
  title: "URL with user:password",
  description:
    "Any `scheme://user:password@host` URL (https, ftp, git, ...); the password is redacted. A password of one to three letters or digits alone is documentation's (`https://a:b@`, `http://abc:xyz@`, `https://abc:123@` of a URL parser's examples), not read.",
  keywords: ["://"],
  // `user:password@` ends within the window.
  needs: "@",
  // ... right after the `://`: the keyword pass drops URLs without it.
  reach: URL_USERINFO,
  pattern:
    /(?<![A-Za-z0-9+.-](?<!\\[A-Za-z0-9+.-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\/(?<user>[^\s:@\/?#"'<>\\\[\]]{1,128}):(?<s>[^\s\/?#"'<>\\\[\]]{1,256})@(?=[A-Za-z0-9\[_.-])/,
  lead: "A-Za-z0-9+.\\-",
  before: 40,
  after: 420,
  priority: 1,
  docWords: false,
  validate: (s, g) =>
    !/^(?:[A-Za-z]{1,3}|[0-9]{1,3})$/.test(s) && isNotDefaultLogin(s, g) &&
    !isDocumentationLogin(s, g),
};

/**
 * The rule again for its URL written with JSON's escaped slashes
 * (`postgres:\/\/app:pw@db`: PHP's json_encode and other writers escape
 * `/`), which the `://` keyword never meets. Same checks; the keyword pass's
 * reach is the base rule's, for `://` only.
 */
function escapedSlashVariant(base: SecretRule): SecretRule {
  const { reach: _reach, ...rest } = base;
  // One to four backslashes: `\/` as the writer printed it, `\\/` once a transcript's JSON
  // holds that (Claude Code, Gemini), four in a Codex rollout's output (JSON inside JSON).
  const source = base.pattern.source.replace(":\\/\\/", ":\\\\{1,4}\\/\\\\{1,4}\\/");
  if (source === base.pattern.source) {
    throw new Error(`Cannot build the escaped-slash variant of ${base.title}: no :// in it`);
  }
  return {
    ...rest,
    title: `${base.title}, slashes escaped`,
    description:
      `As ${base.title.toLowerCase()}, with JSON's escaped slashes (\`:\\/\\/\`, the backslash escaped again inside a transcript's JSON).`,
    keywords: [1, 2, 3, 4].map((n) => `:${"\\".repeat(n)}/${"\\".repeat(n)}/`),
    pattern: new RegExp(source, base.pattern.flags),
  };
}

/**
 * A quoted value as group `s` (as {@linkcode quotedValue}), except that a
 * quote escaped 1 to 3 times closes only with as many backslashes before
 * it: inside a Codex rollout's output (`(\\\"password\\\")\",\"metadata`) the
 * escaped value's own closing quote is not read as an escape inside it, so
 * the value never runs on to the container's next quote.
 */
function parenthesisedQuoted(min: number): string {
  return String.raw`(?:"(?<s>${
    quotedRun('"', min, VALUE_MAX)
  })"|(?<pq>\\{1,3})"(?<s>[^"\\\r\n]{${min},${VALUE_MAX}})\k<pq>"|'(?<s>${
    quotedRun("'", min, VALUE_MAX)
  })')`;
}

/**
 * The rule again for a quoted value inside parentheses after `=`: Python's
 * `api_key = ("...")`, a one-item tuple `SECRET = ('...',)` and the
 * parenthesised form code uses to wrap a long string over lines
 * (`TOKEN = (` + line break + `"..."`). The base rule's name and value
 * checks; only a quoted value, as a bare one inside parentheses is code
 * (`token = (a + b)`). Its keywords are a name's last word with the `=` and
 * the parenthesis, so other parentheses cost nothing.
 */
function parenthesisedVariant(
  base: SecretRule,
  words: readonly string[],
  min: number,
): SecretRule {
  const check = base.validate ?? (() => true);
  const rule: SecretRule = {
    kind: base.kind,
    title: `${base.title}, in parentheses`,
    description:
      `As ${base.title.toLowerCase()}, with the quoted value inside parentheses after \`=\` (\`api_key = ("...")\`, a one-item tuple, a string wrapped over lines).`,
    keywords: words.flatMap((w) => ["=(", "= (", " =(", " = ("].map((op) => w + op)),
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_.\-](?<!\\[A-Za-z0-9_.\-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?=(?<name>[A-Za-z0-9_.\-]{3,96}))\k<name>[ \t]{0,16}=[ \t]{0,16}\((?:\s|\\{1,3}[nrt]){0,40}${
        parenthesisedQuoted(min)
      }`,
      "i",
    ),
    lead: "A-Za-z0-9_.\\-",
    before: 64,
    after: VALUE_MAX + 140,
    priority: base.priority,
    // The base rule's checks, as after its own `=` (an upper-case name's `=` is the env rule's
    // there; no env rule reads a parenthesis).
    validate: (s, g) => check(s, { ...g, op: " =" }),
  };
  if (base.rejectName !== undefined) rule.rejectName = base.rejectName;
  if (base.minEntropy !== undefined) rule.minEntropy = base.minEntropy;
  return rule;
}

/** `Key = "..."`, `stripeKey: ...`, `MASTER_KEY=...`: key material under a name that is or ends in key. */
const KEY_ASSIGNMENT: SecretRule = {
  kind: "key_secret",
  title: "Key material assigned to a key name",
  description:
    '`Key = "..."`, `key := "..."` (Go), `stripeKey: ...`, `MASTER_KEY=...`, `masterkey: ...`: a name that is or ends in key (or a credential\'s word glued to a lower-case key: `azureFunctionkey`), given a value that looks like key material (16 or more characters of mixed case and digits, 32 or more random lower-case letters and digits such as an Azure DevOps PAT, 32 or more hex, or a key id and secret joined by `:`: a UUID and 32 to 64 hex, as fal.ai\'s `FAL_KEY`), or a UUID given to an upper-case `SERVICE_KEY` environment variable (`CYPRESS_RECORD_KEY`); names of ordinary keys (primary, sort, cache, public...) are skipped.',
  // The name's end and what follows it (an operator, a closing quote, a
  // blank before the operator), so the many other `key`s cost nothing.
  keywords: ["key=", "key:", 'key"', "key'", "key ", "key\\"],
  pattern: new RegExp(
    String
      .raw`(?<![A-Za-z0-9_.\-](?<!\\[A-Za-z0-9_.\-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?=(?<name>[A-Za-z0-9_.\-]{3,96}))\k<name>${SEP_OPEN}${
      assignedValue(16, formBare(GENERIC_EXCLUDED))
    }`,
    "i",
  ),
  lead: "A-Za-z0-9_.\\-",
  rejectName: (n) => !KEY_NAME.test(n) || ORDINARY_KEY_NAME.test(n) || isExcludedName(n),
  follows: { ...ASSIGNMENT_OPERATOR, value: { blanks: 16, min: 16 } },
  valueAfterOperator: true,
  before: 64,
  after: VALUE_MAX + 140,
  priority: 1,
  minEntropy: 3.3,
  // A query or form value ends at the `&` before the next field (`api_key=...&page=2`).
  extend: new RegExp(`(?:${formBare(GENERIC_EXCLUDED)}|=)*`),
  validate: (s, g) => {
    const name = g.name ?? "";
    if (!KEY_NAME.test(name) || ORDINARY_KEY_NAME.test(name) || isExcludedName(name)) {
      return false;
    }
    // A bare `key` with hex is as often a digest or a cache key.
    if (/^(?:0x)?[0-9a-fA-F]{32,}$/.test(s)) return !/^key$/i.test(name);
    // A key id and its secret joined by `:` (fal.ai's `FAL_KEY`: a UUID and 32 hex).
    if (KEY_ID_AND_SECRET.test(s)) return true;
    // A service's key in an environment variable (`CYPRESS_RECORD_KEY`) is often a UUID.
    if (UUID_RE.test(s)) return ENV_KEY_NAME.test(name) && !ID_KEY_NAME.test(name);
    if (isRandomLetters(s)) return true;
    // Lower-case letters and digits drawn at random (an Azure DevOps PAT's 52 base32
    // characters under `azure_key`): long, mixed letters and digits, high entropy.
    if (isRandomLowerAlnum(s)) return true;
    return !isLookAlikeValue(s) && /[0-9]/.test(s) && /[a-z]/.test(s) && /[A-Z]/.test(s) &&
      !/[/.:@]/.test(s) && !/^[a-z]{2,}[-_.][a-z]/i.test(s) &&
      // Words joined in camel case name a field or a header (`{"key": "ContentTypeHeader1"}`).
      !isCamelWords(s) && (g.unq === undefined || !isCodeShape(s, g)) &&
      // A PEM block in base64 (a certificate, a public key) is the key-block rules' to judge.
      !s.startsWith("LS0tLS1");
  },
};

/**
 * `"sensitive": true` as Terraform prints it, on one line or pretty, JSON-escaped in a
 * transcript, and escaped again where a transcript holds a tool's JSON output as a string
 * (a Codex rollout's `function_call_output`: `\\\"sensitive\\\":true`).
 */
const TERRAFORM_SENSITIVE_KEYWORDS = [
  '"sensitive": true',
  '"sensitive":true',
  '\\"sensitive\\": true',
  '\\"sensitive\\":true',
  '\\\\\\"sensitive\\\\\\": true',
  '\\\\\\"sensitive\\\\\\":true',
];

/**
 * Every rule, in table order.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SECRET_RULES } from "./rules.ts";
 * assert.ok(new Set(SECRET_RULES.map((r) => r.kind)).size >= 45);
 * ```
 */
export const SECRET_RULES: readonly SecretRule[] = [
  githubToken("ghp_", "github_pat", "GitHub personal access token (classic)", "GitHub classic PAT"),
  githubToken("gho_", "github_oauth_token", "GitHub OAuth access token", "GitHub OAuth app token"),
  githubToken("ghu_", "github_user_token", "GitHub user-to-server token", "GitHub App user token"),
  {
    ...githubToken(
      "ghs_",
      "github_app_token",
      "GitHub server-to-server token",
      "GitHub App installation token",
    ),
    description:
      "GitHub App installation token: `ghs_` + 36 base62 characters whose last six are a CRC-32 checksum (verified), or the stateless form `ghs_<app id>_<JWT>` (two dots, about 520 characters).",
    pattern: new RegExp(
      `${LB}ghs_(?:[A-Za-z0-9]{36}|[0-9]{1,20}_[A-Za-z0-9_-]{8,2048}\\.[A-Za-z0-9_-]{8,4096}\\.[A-Za-z0-9_-]{8,1024})(?![A-Za-z0-9_.-])`,
    ),
    after: 7200,
    validate: (s) => s.includes(".") || hasValidTokenChecksum(s),
  },
  githubToken("ghr_", "github_refresh_token", "GitHub refresh token", "GitHub App refresh token"),
  {
    kind: "github_fine_grained_pat",
    title: "GitHub fine-grained personal access token",
    description: "`github_pat_` + 22 base62 characters, `_`, 59 base62 characters.",
    keywords: ["github_pat_"],
    pattern:
      /(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}(?![A-Za-z0-9])/,
    after: 100,
    fold: { cls: "A-Za-z0-9_", min: 82 },
    priority: 3,
    minEntropy: 4,
  },
  {
    kind: "gitlab_pat",
    title: "GitLab personal/project/group access token",
    description:
      "`glpat-` + at least 20 URL-safe characters, with a routable token's tail (`.` + length and CRC, or `.01.` + them) included.",
    keywords: ["glpat-"],
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))glpat-[A-Za-z0-9_-]{20,300}${GITLAB_ROUTABLE_TAIL}(?![A-Za-z0-9_-])`,
    ),
    after: 330,
    fold: { cls: "A-Za-z0-9_.-", min: 20 },
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "gitlab_pipeline_trigger_token",
    title: "GitLab pipeline trigger token",
    description: "`glptt-` + 40 hex characters.",
    keywords: ["glptt-"],
    pattern:
      /(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))glptt-[0-9a-f]{40}(?![A-Za-z0-9])/,
    after: 50,
    priority: 3,
  },
  {
    kind: "gitlab_deploy_token",
    title: "GitLab deploy token",
    description: "`gldt-` + at least 20 URL-safe characters (with a routable token's `.` tail).",
    keywords: ["gldt-"],
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))gldt-[A-Za-z0-9_-]{20,300}${GITLAB_ROUTABLE_TAIL}(?![A-Za-z0-9_-])`,
    ),
    after: 330,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "aws_access_key_id",
    title: "AWS access key id",
    description:
      "`AKIA`/`ASIA`/`ABIA`/`ACCA` + 16 base32 characters (AWS's documented `...EXAMPLE` ids are kept).",
    keywords: ["akia", "asia", "abia", "acca"],
    pattern:
      /(?<![A-Za-z0-9](?<!\\[A-Za-z0-9]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}(?![A-Za-z0-9])/,
    after: 24,
    fold: { cls: "A-Z2-7", min: 16 },
    priority: 3,
    minEntropy: 2.5,
  },
  {
    kind: "aws_secret_access_key",
    title: "AWS secret access key",
    description:
      "40 base64 characters assigned to `aws_secret_access_key`, `SecretAccessKey` or similar (config files, env, JSON credential blobs).",
    keywords: ["secret_access_key", "secretaccesskey", "aws_secret_key", "aws_secret"],
    pattern: new RegExp(
      String.raw`(?:aws_?)?secret_?(?:access_?)?key${SEP}(?<s>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])`,
      "i",
    ),
    before: 8,
    after: 120,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "aws_session_token",
    title: "AWS STS session token",
    description:
      "A long base64 value assigned to `aws_session_token`, `SessionToken` or `aws_security_token`.",
    keywords: ["session_token", "sessiontoken", "security_token"],
    pattern: new RegExp(
      String
        .raw`(?:aws_?)?(?:session|security)_?token${SEP}(?=(?<s>[A-Za-z0-9/+=]{100,4096}))\k<s>(?![A-Za-z0-9/+=])`,
      "i",
    ),
    before: 8,
    after: 4200,
    priority: 3,
    minEntropy: 4,
  },
  {
    kind: "google_api_key",
    title: "Google API key",
    description: "`AIza` + 35 URL-safe characters.",
    keywords: ["aiza"],
    pattern:
      /(?<![A-Za-z0-9_-](?<!\\[A-Za-z0-9_-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))AIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/,
    after: 40,
    fold: { cls: "A-Za-z0-9_-", min: 35 },
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "google_oauth_access_token",
    title: "Google OAuth access token",
    description:
      "`ya29.` + at least 30 URL-safe characters; a service account's token has a one-letter segment first (`ya29.c.`).",
    keywords: ["ya29."],
    pattern:
      /(?<![A-Za-z0-9_-](?<!\\[A-Za-z0-9_-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))ya29\.(?:[a-z]\.)?[0-9A-Za-z_-]{30,2048}(?![0-9A-Za-z_-])/,
    after: 2100,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "google_oauth_refresh_token",
    title: "Google OAuth refresh token",
    description: "`1//0` + at least 40 URL-safe characters.",
    keywords: ["1//0"],
    pattern:
      /(?<![A-Za-z0-9_\/:-](?<!\\[A-Za-z0-9_\/:-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))1\/\/0[0-9A-Za-z_-]{40,512}(?![0-9A-Za-z_-])/,
    after: 520,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "google_oauth_client_secret",
    title: "Google OAuth client secret",
    description: "`GOCSPX-` + 28 URL-safe characters.",
    keywords: ["gocspx-"],
    pattern:
      /(?<![A-Za-z0-9_-](?<!\\[A-Za-z0-9_-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))GOCSPX-[0-9A-Za-z_-]{28}(?![0-9A-Za-z_-])/,
    after: 40,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "gcp_service_account_key",
    title: "GCP service-account private key",
    description:
      "The `private_key` member of a service-account JSON key file: a PEM PKCS#8 block with JSON-escaped newlines (also doubly escaped inside a transcript line).",
    keywords: ['private_key\\"', 'private_key"'],
    pattern:
      /private_key\\?"[ \t]{0,16}:[ \t]{0,16}\\?"(?<s>-----BEGIN PRIVATE KEY-----(?:\\{1,4}n|[A-Za-z0-9+\/=]){64,12000}?-----END PRIVATE KEY-----(?:\\{1,4}n)?)/,
    after: 12 * 1024,
    priority: 3,
  },
  {
    kind: "azure_storage_account_key",
    title: "Azure storage account key",
    description: "`AccountKey=` + 88 base64 characters in a storage connection string.",
    keywords: ["accountkey="],
    pattern: /AccountKey=(?<s>[A-Za-z0-9+\/]{86}==)/i,
    after: 110,
    priority: 3,
    minEntropy: 4,
  },
  {
    kind: "azure_shared_access_key",
    title: "Azure Service Bus / Event Hubs shared access key",
    description: "`SharedAccessKey=` + 44 base64 characters in a connection string.",
    keywords: ["sharedaccesskey="],
    pattern: /SharedAccessKey=(?<s>[A-Za-z0-9+\/]{43}=)/i,
    after: 70,
    priority: 3,
    minEntropy: 4,
  },
  {
    kind: "azure_sas_signature",
    title: "Azure shared access signature",
    description:
      "The `sig=` parameter of a SAS URL or token that also carries `sv=` (signed version).",
    keywords: ["sv="],
    pattern:
      /(?<![A-Za-z0-9](?<!\\[A-Za-z0-9]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))sv=\d{4}-\d\d-\d\d[^\s"'<>]{0,400}?[?&;]sig=(?<s>[A-Za-z0-9%+\/]{30,256}(?:%3D|=){0,2})/i,
    after: 700,
    priority: 3,
  },
  {
    kind: "azure_sas_signature",
    title: "Azure Service Bus / Event Hubs shared access signature",
    description:
      "The `sig=` of a `SharedAccessSignature sr=...&sig=...&se=...&skn=...` token (Service Bus, Event Hubs, IoT Hub), in any parameter order.",
    keywords: ["sharedaccesssignature sr="],
    pattern:
      /SharedAccessSignature[ \t]+(?:[a-z]{2,3}=[^\s&"'\\;]{1,400}&){1,3}sig=(?<s>[A-Za-z0-9%+\/]{30,256}(?:%3D|=){0,2})/i,
    after: 1800,
    priority: 3,
  },
  {
    kind: "azure_ad_client_secret",
    title: "Azure AD (Entra ID) client secret",
    description: "Three characters, a digit, `Q~`, then 31-34 characters from `[A-Za-z0-9_~.-]`.",
    // Keywords are at least three bytes (the prefilter's skip needs it): the digit before Q~.
    keywords: ["0q~", "1q~", "2q~", "3q~", "4q~", "5q~", "6q~", "7q~", "8q~", "9q~"],
    tail: { blanks: 0, cls: String.raw`A-Za-z0-9_~.\-`, min: 31 },
    pattern:
      /(?<![A-Za-z0-9_~.-](?<!\\[A-Za-z0-9_~.-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/,
    lead: "A-Za-z0-9_~.\\-",
    before: 3,
    after: 40,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "slack_bot_token",
    title: "Slack bot token",
    description: "`xoxb-` + numeric team and bot ids + 24 alphanumerics.",
    keywords: ["xoxb-"],
    pattern:
      /(?<![A-Za-z0-9](?<!\\[A-Za-z0-9]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))xoxb-\d{8,13}-\d{8,13}-[A-Za-z0-9]{24}(?![A-Za-z0-9])/,
    after: 64,
    fold: { cls: "A-Za-z0-9-", min: 42 },
    priority: 3,
  },
  {
    kind: "slack_user_token",
    title: "Slack user token",
    description: "`xoxp-` + three numeric ids + 32 hex characters.",
    keywords: ["xoxp-"],
    pattern:
      /(?<![A-Za-z0-9](?<!\\[A-Za-z0-9]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))xoxp-\d{8,13}-\d{8,13}-\d{8,13}-[a-f0-9]{32}(?![A-Za-z0-9])/,
    after: 90,
    fold: { cls: "a-f0-9-", min: 59 },
    priority: 3,
  },
  {
    kind: "slack_token",
    title: "Slack legacy, refresh or configuration token",
    description:
      "`xoxa-`, `xoxr-`, `xoxs-`, `xoxe-` or `xoxe.xoxp-` + at least 20 characters; a browser session's `xoxc-` client token (three numeric ids and 64 hex) and its `xoxd-` cookie.",
    keywords: ["xoxa-", "xoxr-", "xoxs-", "xoxe-", "xoxe.", "xoxc-", "xoxd-"],
    pattern:
      /(?<![A-Za-z0-9](?<!\\[A-Za-z0-9]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?:xox(?:a|r|s|e(?:\.xox[bp])?)-[0-9]-?[A-Za-z0-9-]{20,250}(?![A-Za-z0-9-])|xoxc-[0-9]{6,15}-[0-9]{6,15}-[0-9]{6,15}-[0-9a-f]{64}(?![A-Za-z0-9])|xoxd-[A-Za-z0-9%+\/_-]{40,400}(?![A-Za-z0-9%+\/_-]))/,
    after: 420,
    priority: 3,
    minEntropy: 3,
    // A configuration token is 160 or more characters of base64; a short one of words is a
    // placeholder (`xoxe.xoxp-1-SlackAppConfigurationAccessTokenHere`, gitleaks' examples).
    validate: (s) => !/^xoxe\.xox[bp]-/i.test(s) || s.length >= 100,
  },
  {
    kind: "slack_app_token",
    fold: { cls: "A-Za-z0-9-", min: 70 },
    title: "Slack app-level token",
    description:
      "`xapp-` + a digit, an app id, a number and 64 hex characters (60 read: a token cut or edited by hand in a fixture still is one).",
    keywords: ["xapp-"],
    pattern:
      /(?<![A-Za-z0-9](?<!\\[A-Za-z0-9]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))xapp-\d-[A-Z0-9]{9,12}-\d{10,13}-[a-f0-9]{60,64}(?![A-Za-z0-9])/,
    after: 110,
    priority: 3,
  },
  {
    kind: "slack_webhook_url",
    title: "Slack incoming webhook URL",
    description:
      "`hooks.slack.com/services/T…/B…/…` (and workflow/trigger URLs); the whole path is the secret.",
    keywords: ["hooks.slack.com/"],
    pattern:
      /hooks\.slack\.com\/(?<s>(?:services\/T[A-Z0-9]{6,12}\/B[A-Z0-9]{6,12}\/[A-Za-z0-9]{20,32}|(?:workflows|triggers)\/T[A-Z0-9]{6,12}\/[A-Za-z0-9\/]{20,120}))(?![A-Za-z0-9])/,
    after: 180,
    priority: 3,
  },
  stripeKey(
    "sk",
    "stripe_secret_key",
    "Stripe secret key (live or test mode)",
    "test-mode keys are credentials too. Publishable `pk_` keys are not flagged.",
  ),
  stripeKey("rk", "stripe_restricted_key", "Stripe restricted key", "live or test mode."),
  {
    kind: "stripe_webhook_secret",
    title: "Stripe webhook signing secret",
    description: "`whsec_` + at least 32 base64 characters.",
    keywords: ["whsec_"],
    pattern:
      /(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))whsec_[0-9A-Za-z+\/=]{32,128}(?![A-Za-z0-9+\/=])/,
    after: 140,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "openai_api_key",
    title: "OpenAI API key",
    description:
      "`sk-proj-`, `sk-svcacct-`, `sk-admin-` or `sk-None-` (a user key outside a project) + at least 40 URL-safe characters, or a legacy `sk-` key with the `T3BlbkFJ` marker.",
    keywords: ["sk-proj-", "sk-svcacct-", "sk-admin-", "sk-none-", "t3blbkfj"],
    pattern:
      /(?<![A-Za-z0-9_-](?<!\\[A-Za-z0-9_-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))sk-(?:(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{40,300}|(?:[A-Za-z0-9_-]{0,40}-)?[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9_-]{20,200})(?![A-Za-z0-9_-])/,
    lead: "A-Za-z0-9_\\-",
    before: 64,
    after: 320,
    fold: { cls: "A-Za-z0-9_-", min: 20 },
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "anthropic_api_key",
    title: "Anthropic API or admin key",
    description:
      "`sk-ant-` + a key type and version (`api03`, `admin01`, ...) + at least 32 URL-safe characters.",
    keywords: ["sk-ant-"],
    pattern:
      /(?<![A-Za-z0-9_-](?<!\\[A-Za-z0-9_-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))sk-ant-[a-z]{3,6}\d{2}-[A-Za-z0-9_-]{32,200}(?![A-Za-z0-9_-])/,
    after: 220,
    fold: { cls: "A-Za-z0-9_-", min: 38 },
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "huggingface_token",
    title: "Hugging Face access token",
    description:
      "`hf_` + 34 to 40 alphanumerics, letters of both cases among them (a token is drawn from both; one case only is an identifier: `hf_servingcellpriorityparametersdescription`).",
    keywords: ["hf_"],
    pattern:
      /(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))hf_[A-Za-z0-9]{34,40}(?![A-Za-z0-9])/,
    after: 48,
    priority: 3,
    minEntropy: 3.5,
    // survey10: gitleaks' look-alike `&hf_servingcellpriorityparametersdescription_h_prio`
    // (a C identifier) was taken; a token's 34 letters of both cases never draw one case only.
    validate: (s) => /[A-Z]/.test(s.slice(3)) && /[a-z]/.test(s.slice(3)),
  },
  {
    kind: "npm_token",
    title: "npm access token",
    description: "`npm_` + 36 base62 characters whose last six are a CRC-32 checksum (verified).",
    keywords: ["npm_"],
    pattern:
      /(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/,
    after: 48,
    fold: { cls: "A-Za-z0-9", min: 36 },
    priority: 3,
    validate: hasValidTokenChecksum,
  },
  {
    kind: "pypi_token",
    fold: { cls: "A-Za-z0-9_-", min: 50 },
    title: "PyPI API token",
    description:
      "`pypi-` + the base64 macaroon header for pypi.org or test.pypi.org + at least 50 characters.",
    keywords: ["pypi-ageichlwas5vcmc", "pypi-agendgvzdc5wexbplm9yzw"],
    pattern:
      /(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))pypi-Ag(?:EIcHlwaS5vcmc|ENdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]{50,400}(?![A-Za-z0-9_-])/,
    after: 440,
    priority: 3,
  },
  {
    kind: "twilio_api_key",
    title: "Twilio API key SID",
    description: "`SK` + 32 lower-case hex characters (letters and digits both), anywhere.",
    // `SK` and the first hex character: three bytes for the prefilter.
    keywords: [..."0123456789abcdef"].map((c) => `sk${c}`),
    tail: { blanks: 0, cls: "0-9a-f", min: 31 },
    pattern:
      /(?<![A-Za-z0-9](?<!\\[A-Za-z0-9]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))SK[0-9a-f]{32}(?![A-Za-z0-9])/,
    after: 40,
    priority: 3,
    validate: (s) => /[a-f]/.test(s.slice(2)) && /[0-9]/.test(s.slice(2)),
  },
  {
    kind: "twilio_auth_token",
    title: "Twilio auth token",
    description: "32 hex characters assigned to an auth token name near the word Twilio.",
    keywords: ["twilio"],
    anchor: "near",
    pattern: new RegExp(String.raw`auth_?token${SEP}(?<s>[0-9a-f]{32})(?![0-9a-f])`, "i"),
    before: 300,
    after: 300,
    priority: 3,
  },
  {
    kind: "sendgrid_api_key",
    fold: { cls: "A-Za-z0-9_.-", min: 66 },
    title: "SendGrid API key",
    description: "`SG.` + 22 and 43 URL-safe characters separated by a dot.",
    keywords: ["sg."],
    pattern:
      /(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/,
    after: 72,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "mailgun_api_key",
    title: "Mailgun API key",
    description: "`key-` + 32 hex characters.",
    keywords: ["key-"],
    pattern:
      /(?<![A-Za-z0-9_-](?<!\\[A-Za-z0-9_-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))key-[0-9a-f]{32}(?![A-Za-z0-9])/,
    after: 40,
    priority: 3,
    minEntropy: 3,
  },
  {
    kind: "discord_bot_token",
    title: "Discord bot token",
    description:
      "Three dot-separated URL-safe parts (base64 user id, timestamp, HMAC) near the word Discord.",
    keywords: ["discord"],
    anchor: "near",
    pattern:
      /(?<![A-Za-z0-9_-](?<!\\[A-Za-z0-9_-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}(?![A-Za-z0-9_-])/,
    before: 300,
    after: 300,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "discord_webhook_url",
    title: "Discord webhook URL",
    description: "`discord.com/api/webhooks/<id>/<token>`; the token is the secret.",
    keywords: ["discord.com/api/webhooks/", "discordapp.com/api/webhooks/"],
    pattern:
      /discord(?:app)?\.com\/api\/webhooks\/\d{16,20}\/(?<s>[A-Za-z0-9_-]{60,72})(?![A-Za-z0-9_-])/,
    after: 140,
    priority: 3,
  },
  {
    kind: "telegram_bot_token",
    title: "Telegram bot token",
    description:
      "A numeric bot id, `:AA`, and 33 URL-safe characters (also inside a Bot API URL, `/bot<id>:AA...`).",
    keywords: [":aa"],
    pattern:
      /(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}|\/bot))\d{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])/,
    lead: "0-9",
    before: 10,
    after: 40,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "shopify_token",
    title: "Shopify access token or shared secret",
    description:
      "`shpat_`, `shpca_`, `shppa_` or `shpss_` + 32 hex characters (letters and digits of both cases read too: the prefix alone marks the token).",
    keywords: ["shpat_", "shpca_", "shppa_", "shpss_"],
    pattern:
      /(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))shp(?:at|ca|pa|ss)_[A-Za-z0-9]{32}(?![A-Za-z0-9])/,
    after: 40,
    priority: 3,
    minEntropy: 3,
  },
  {
    kind: "digitalocean_token",
    fold: { cls: "a-f0-9", min: 64 },
    title: "DigitalOcean token",
    description: "`dop_v1_`, `doo_v1_` or `dor_v1_` + 64 hex characters.",
    keywords: ["dop_v1_", "doo_v1_", "dor_v1_"],
    pattern:
      /(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))do[por]_v1_[a-f0-9]{64}(?![A-Za-z0-9])/,
    after: 72,
    priority: 3,
  },
  {
    kind: "doppler_token",
    title: "Doppler token",
    description:
      "`dp.pt.`, `dp.st.`, `dp.ct.`, `dp.sa.`, `dp.scim.` or `dp.audit.` + 40-44 alphanumerics.",
    keywords: ["dp.pt.", "dp.st.", "dp.ct.", "dp.sa.", "dp.scim.", "dp.audit."],
    pattern:
      /(?<![A-Za-z0-9_.](?<!\\[A-Za-z0-9_.]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))dp\.(?:pt|st|ct|sa|scim|audit)\.(?:[a-z0-9_-]{2,35}\.)?[A-Za-z0-9]{40,44}(?![A-Za-z0-9])/,
    after: 90,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "vault_token",
    title: "HashiCorp Vault token",
    description: "`hvs.`, `hvb.` or `hvr.` + at least 24 URL-safe characters.",
    keywords: ["hvs.", "hvb.", "hvr."],
    pattern:
      /(?<![A-Za-z0-9_.](?<!\\[A-Za-z0-9_.]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))hv[sbr]\.[A-Za-z0-9_-]{24,400}(?![A-Za-z0-9_-])/,
    after: 410,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "databricks_token",
    title: "Databricks personal access token",
    description:
      "`dapi` + 32 hex characters (one case: printed upper-case in docs and fixtures), optionally `-` and a digit.",
    keywords: ["dapi"],
    pattern:
      /(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))dapi(?:[a-f0-9]{32}|[A-F0-9]{32})(?:-\d)?(?![A-Za-z0-9])/,
    after: 40,
    priority: 3,
    minEntropy: 3,
  },
  {
    kind: "linear_api_key",
    title: "Linear API key",
    description: "`lin_api_` + 40 alphanumerics.",
    keywords: ["lin_api_"],
    pattern:
      /(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))lin_api_[A-Za-z0-9]{40}(?![A-Za-z0-9])/,
    after: 50,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "dockerhub_token",
    title: "Docker Hub personal or organisation access token",
    description: "`dckr_pat_` or `dckr_oat_` + 27 or more URL-safe characters.",
    keywords: ["dckr_pat_", "dckr_oat_"],
    pattern:
      /(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))dckr_[po]at_[A-Za-z0-9_-]{27,64}(?![A-Za-z0-9_-])/,
    after: 80,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "grafana_cloud_token",
    title: "Grafana Cloud access policy token",
    description: "`glc_` + at least 32 base64 characters.",
    keywords: ["glc_"],
    pattern:
      /(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))glc_[A-Za-z0-9+\/]{32,400}={0,2}(?![A-Za-z0-9+\/=])/,
    after: 410,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "grafana_service_account_token",
    title: "Grafana service account token",
    description: "`glsa_` + 32 alphanumerics, `_`, 8 hex characters.",
    keywords: ["glsa_"],
    pattern:
      /(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}(?![A-Za-z0-9])/,
    after: 50,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "age_secret_key",
    fold: { cls: "A-Z0-9", min: 58 },
    title: "age secret key",
    description: "`AGE-SECRET-KEY-1` + 58 bech32 characters.",
    keywords: ["age-secret-key-1"],
    pattern: /AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}(?![A-Za-z0-9])/,
    after: 80,
    priority: 3,
  },
  {
    kind: "wireguard_private_key",
    title: "WireGuard private or preshared key",
    description:
      "A 44-character base64 key (32 bytes) assigned to `PrivateKey` or `PresharedKey` (wg-quick config, `wg showconf`) or `private_key` / `preshared_key`: the Curve25519 private key and the peers' shared symmetric key.",
    keywords: ["privatekey", "private_key", "presharedkey", "preshared_key"],
    pattern: new RegExp(
      String
        .raw`(?:private|preshared)_?key${SEP}(?<s>[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=)(?![A-Za-z0-9+/=])`,
      "i",
    ),
    after: 80,
    priority: 3,
  },
  {
    kind: "heroku_api_key",
    title: "Heroku API key",
    description:
      "`HRKU-AA` + 58 URL-safe characters, or a UUID assigned to a Heroku key, token or secret name (underscores may pad the name: `HEROKU_KEY____ =`) by any operator a setting is written with (`=`, `:`, `:=`, `::=`, `+=`, `.=`, `=>`, a CSV comma, a Go `string =`, a YAML block).",
    keywords: ["hrku-", "heroku"],
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))HRKU-AA[0-9A-Za-z_-]{58}(?![0-9A-Za-z_-])|heroku[A-Za-z0-9_.-]{0,20}(?:key|token|secret)_{0,16}${HEROKU_OPERATOR}(?<s>${UUID})(?![0-9A-Za-z-])`,
      "i",
    ),
    after: 100,
    priority: 3,
  },
  {
    kind: "sentry_auth_token",
    title: "Sentry auth token",
    description: "`sntrys_` + a base64 JSON organisation token, or `sntryu_` + 64 hex characters.",
    keywords: ["sntrys_", "sntryu_"],
    pattern:
      /(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?:sntrys_eyJ[A-Za-z0-9+\/=_-]{60,400}|sntryu_[a-f0-9]{64})(?![A-Za-z0-9+\/=_-])/,
    after: 420,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "terraform_cloud_token",
    fold: { cls: "A-Za-z0-9_=-", min: 60 },
    title: "Terraform Cloud / Enterprise API token",
    description: "14 characters, `.atlasv1.`, then 60-70 URL-safe characters.",
    keywords: [".atlasv1."],
    pattern:
      /(?<![A-Za-z0-9](?<!\\[A-Za-z0-9]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}(?![A-Za-z0-9_=-])/,
    lead: "A-Za-z0-9",
    before: 14,
    after: 80,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "newrelic_api_key",
    title: "New Relic API or ingest key",
    description: "`NRAK-` + 27 characters, `NRAA-`/`NRJS-` + hex, or `NRII-` + 32 characters.",
    keywords: ["nrak-", "nraa-", "nrjs-", "nrii-"],
    pattern:
      /(?<![A-Za-z0-9](?<!\\[A-Za-z0-9]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))NR(?:AK-[A-Z0-9]{27}|AA-[a-f0-9]{27}|JS-[a-f0-9]{19}|II-[A-Za-z0-9_-]{32})(?![A-Za-z0-9_-])/,
    after: 40,
    priority: 3,
    minEntropy: 3,
  },
  {
    kind: "mapbox_secret_token",
    title: "Mapbox secret token",
    description:
      "`sk.eyJ` + a base64url payload, a dot and a signature. Public `pk.` tokens are not flagged.",
    keywords: ["sk.eyj"],
    pattern:
      /(?<![A-Za-z0-9_.](?<!\\[A-Za-z0-9_.]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))sk\.eyJ[A-Za-z0-9_-]{20,200}\.[A-Za-z0-9_-]{20,64}(?![A-Za-z0-9_-])/,
    after: 280,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "supabase_token",
    title: "Supabase access token or secret key",
    description:
      "`sbp_` + 40 hex characters (management API), or `sb_secret_` + at least 31 characters.",
    keywords: ["sbp_", "sb_secret_"],
    pattern:
      /(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?:sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_-]{31,64})(?![A-Za-z0-9_-])/,
    after: 80,
    priority: 3,
    minEntropy: 3,
  },
  {
    kind: "planetscale_token",
    title: "PlanetScale token or password",
    description: "`pscale_tkn_`, `pscale_pw_` or `pscale_oauth_` + 32-64 characters.",
    keywords: ["pscale_tkn_", "pscale_pw_", "pscale_oauth_"],
    pattern:
      /(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]{32,64}(?![A-Za-z0-9_.-])/,
    after: 80,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "replicate_api_token",
    title: "Replicate API token",
    description: "`r8_` + 37 alphanumerics.",
    keywords: ["r8_"],
    pattern:
      /(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))r8_[A-Za-z0-9]{37}(?![A-Za-z0-9])/,
    after: 44,
    priority: 3,
    minEntropy: 3.5,
  },
  {
    kind: "groq_api_key",
    title: "Groq API key",
    description: "`gsk_` + 52 alphanumerics.",
    keywords: ["gsk_"],
    pattern:
      /(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))gsk_[A-Za-z0-9]{52}(?![A-Za-z0-9])/,
    after: 60,
    priority: 3,
    minEntropy: 3.5,
  },
  ...VENDOR_RULES,
  ...TOKEN_RULES,
  ...MORE_TOKEN_RULES,
  ...OPS_TOKEN_RULES,
  ...SESSION_TOKEN_RULES,
  ...CLIENT_TOKEN_RULES,
  ...SURVEY6_TOKEN_RULES,
  ...SURVEY7_TOKEN_RULES,
  ...SURVEY8_TOKEN_RULES,
  ...SURVEY11_TOKEN_RULES,
  ...PLATFORM_TOKEN_RULES,
  ...SERVICE_URL_RULES,
  ...APP_TOKEN_RULES,
  ...TOOL_TOKEN_RULES,
  ...PAIR_RULES,
  ...LAYOUT_RULES,
  ...STORE_RULES,
  ...CODE_RULES,
  ...DECLARATION_RULES,
  typedDeclarationRule(() => SECRET_RULES),
  typedDeclarationRule(() => SECRET_RULES, true),
  ...PROSE_RULES,
  ...CLI_RULES,
  ...FLAG_RULES,
  printedVariableRule(rejectAssignmentName, envValueValid),
  powershellEnvRule(rejectAssignmentName, envValueValid),
  ...WIFI_RULES,
  typographicQuoteRule(ASSIGNMENT_KEYWORDS, rejectAssignmentName, assignmentValid(6)),
  fullWidthOperatorRule(ASSIGNMENT_KEYWORDS, rejectAssignmentName, assignmentValid(6)),
  ...CONFIG_RULES,
  ...XML_ATTR_RULES,
  {
    kind: "jwt",
    title: "JSON Web Token",
    description:
      "Three base64url parts starting `eyJ` whose first part decodes to a JOSE header with `alg` (the jwt.io sample is kept), whatever the length of its claims (a token carrying many groups or roles runs past 8 KiB).",
    keywords: ["eyj"],
    // A payload longer than the pattern reads (8 KiB) is matched up to that bound
    // and taken on to the end of the token by `extend`.
    pattern:
      /(?<![A-Za-z0-9_.-](?<!\\[A-Za-z0-9_.-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))eyJ[A-Za-z0-9_-]{8,2048}\.eyJ(?:[A-Za-z0-9_-]{4,8192}\.[A-Za-z0-9_-]{0,1024}(?![A-Za-z0-9_.-])|[A-Za-z0-9_-]{8192}(?=[A-Za-z0-9_-]))/,
    extend: /[A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]*)?/,
    after: 11 * 1024,
    fold: { cls: "A-Za-z0-9_.-", min: 17 },
    priority: 2,
    validate: hasJoseHeader,
  },
  {
    kind: "private_key_pem",
    title: "PEM private key block",
    description:
      "`-----BEGIN [RSA |EC |DSA |ENCRYPTED |ED25519 ]PRIVATE KEY-----` (also cosign's `ENCRYPTED SIGSTORE` / `ENCRYPTED COSIGN` keys) through its END line, with real or JSON-escaped newlines; an unterminated block is redacted through the end of its base64 body.",
    keywords: ["-----begin "],
    pattern: new RegExp(
      String
        .raw`-----BEGIN (?<t>(?:RSA |EC |DSA |ENCRYPTED |ED25519 |(?:ENCRYPTED )?(?:SIGSTORE|COSIGN) )?)PRIVATE KEY-----(?:(?:(?!-----BEGIN )[\s\S]){16,20000}?-----END \k<t>PRIVATE KEY-----|${PEM_BODY})`,
    ),
    after: 20 * 1024,
    priority: 2,
    validate: hasKeyBody,
    armored: true,
  },
  {
    kind: "private_key_openssh",
    title: "OpenSSH private key block",
    description:
      "`-----BEGIN OPENSSH PRIVATE KEY-----` through its END line (real or escaped newlines).",
    keywords: ["-----begin openssh"],
    pattern: new RegExp(
      String
        .raw`-----BEGIN OPENSSH PRIVATE KEY-----(?:(?:(?!-----BEGIN )[\s\S]){16,20000}?-----END OPENSSH PRIVATE KEY-----|${PEM_BODY})`,
    ),
    after: 20 * 1024,
    priority: 2,
    validate: hasKeyBody,
    armored: true,
  },
  {
    kind: "private_key_pgp",
    title: "PGP private key block",
    description:
      "`-----BEGIN PGP PRIVATE KEY BLOCK-----` through its END line (real or escaped newlines).",
    keywords: ["-----begin pgp private"],
    pattern: new RegExp(
      String
        .raw`-----BEGIN PGP PRIVATE KEY BLOCK-----(?:(?:(?!-----BEGIN )[\s\S]){16,22000}?-----END PGP PRIVATE KEY BLOCK-----|${PEM_BODY})`,
    ),
    after: 22 * 1024,
    priority: 2,
    validate: hasKeyBody,
    armored: true,
  },
  {
    kind: "private_key_base64",
    title: "Base64-encoded PEM private key",
    description:
      "The base64 form of a PEM private key block (`LS0tLS1CRUdJTi...`, as in a Kubernetes Secret's `data:` or a CI variable); it must decode to `-----BEGIN ... PRIVATE KEY` (a PGP secret key's `... PRIVATE KEY BLOCK` too, as `gpg --export-secret-keys --armor | base64` stores one for CI signing).",
    keywords: ["ls0tls1crudjti"],
    pattern:
      /(?<![A-Za-z0-9+\/](?<!\\[A-Za-z0-9+\/]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))LS0tLS1CRUdJTi[A-Za-z0-9+\/]{60,16384}={0,2}(?![A-Za-z0-9+\/=])/,
    after: 16 * 1024 + 32,
    priority: 2,
    validate: isBase64PrivateKey,
  },
  {
    kind: "private_key_ssh2",
    title: "SSH2 (RFC 4716 / ssh.com) private key block",
    description:
      "`---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----` (four or five dashes) through its END line, headers included.",
    keywords: ["begin ssh2 encrypted private key", "begin ssh2 private key"],
    pattern: new RegExp(
      String
        .raw`-{4,5} ?BEGIN SSH2 (?:ENCRYPTED )?PRIVATE KEY ?-{4,5}(?:(?:(?!-{4,5} ?BEGIN )[\s\S]){16,20000}?-{4,5} ?END SSH2 (?:ENCRYPTED )?PRIVATE KEY ?-{4,5}|${PEM_BODY})`,
    ),
    before: 6,
    after: 20 * 1024,
    priority: 2,
    validate: hasKeyBody,
    armored: true,
  },
  {
    kind: "private_key_tail",
    title: "Private key block printed without its BEGIN line",
    description:
      "The base64 lines that end at a private key's END line (`-----END [RSA |EC |DSA |ENCRYPTED |ED25519 |OPENSSH ]PRIVATE KEY-----`, `-----END PGP PRIVATE KEY BLOCK-----`) when the block's start is not printed (`tail key.pem`, `sed -n '5,$p'`): two lines or more, each opening its line (indented or not), one of them a base64 run of 40 or more; the END line itself is kept.",
    keywords: KEY_END_LABELS.map((label) => `-----end ${label.toLowerCase()}-----`),
    // The match is the END line; the lines before it are read behind it (group `s`), so one
    // attempt at the keyword reads each line once, however many END lines the text holds. No
    // BEGIN line may come before them in the same block (no `-----` between): a block printed
    // with its start is the whole-block rules' to judge, and one they keep as a placeholder is
    // not redacted from a later line on. Up to 400 lines: the longest keys' bodies. The BEGIN
    // marker must end its line: a sentence naming it (`... as its first line.`) starts no block,
    // and one 11 KB before a real tail hid the tail when the whole buffer was read (not in a
    // window of it; review66).
    pattern: new RegExp(
      String
        .raw`(?<=(?<=(?:^|[\r\n]|\\{1,4}n|${JSON_STRING_OPENS})[ \t]{0,16})(?<s>[A-Za-z0-9+/=]{16,128}(?:${NL}[ \t]{0,16}[A-Za-z0-9+/=]{1,128}){1,400})${NL}[ \t]{0,16})(?<!-----BEGIN [A-Z0-9 ]{1,40}-----[ \t]{0,16}(?:\r?\n|\\{1,4}[rn])(?:(?!-----)[\s\S]){16,27648})-----END (?:${
        KEY_END_LABELS.join("|")
      })-----`,
    ),
    after: 48,
    // Below the whole blocks' rules: a block printed whole is theirs.
    priority: 1,
    validate: hasKeyBody,
  },
  {
    kind: "putty_private_key",
    title: "PuTTY private key (.ppk)",
    description: "The base64 lines after `Private-Lines: N` in a PuTTY `.ppk` key file.",
    keywords: ["private-lines:"],
    pattern: new RegExp(
      String
        .raw`Private-Lines:[ \t]{0,4}\d{1,3}[ \t]{0,4}${NL}[ \t]{0,16}(?<s>[A-Za-z0-9+/=]{16,128}(?:${NL}[ \t]{0,16}[A-Za-z0-9+/=]{1,128}(?![A-Za-z0-9+/=:-])){0,200})`,
    ),
    after: 28 * 1024,
    priority: 2,
    minEntropy: 3.5,
  },
  {
    kind: "cli_password",
    title: "Password given on a command line",
    description:
      "`mysql -pSECRET` / `--password=SECRET` (`--password=\\` then SECRET on the next line too; also mysqldump, mysqladmin, mysqlshow, mysqlsh and the other MySQL clients, mariadb and its `mariadb-*` clients), `sshpass -p SECRET`, `docker login -p SECRET` / `--password SECRET` and `htpasswd -b FILE USER SECRET` (`-nb USER SECRET` without a file); references such as `$PW` are kept.",
    keywords: ["mysql", "mariadb", "sshpass", "docker login", "htpasswd"],
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_-](?<!\\[A-Za-z0-9_-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?:(?:mysql(?:dump|admin|import|check|show|sh|pump|slap|binlog|upgrade)?|mariadb(?:-[a-z]{2,12})?)(?:[ \t](?:[^\n|;&]|(?<=\\)\r?\n){0,300}?)??[ \t](?:-p(?!assword)|--password=(?:${JOINED_CONTINUED}(?<joined>))?)${CLI_VALUE}|sshpass(?:[ \t](?:[^\n|;&]|(?<=\\)\r?\n){0,100}?)??[ \t]-p[ \t]{0,16}${CLI_VALUE}|docker[ \t]+login(?:[ \t](?:[^\n|;&]|(?<=\\)\r?\n){0,300}?)??[ \t](?:-p|--password)${FLAG_SEP}${CLI_VALUE}|htpasswd(?=(?<hflags>(?:[ \t]+-[A-Za-z]{1,8}){1,5}))\k<hflags>(?<=[ \t]-[A-Za-z]{0,7}b[A-Za-z]{0,7}(?:[ \t]+-[A-Za-z]{1,8}){0,4})(?:(?<=[ \t]-[A-Za-z]{0,7}n[A-Za-z]{0,7}(?:[ \t]+-[A-Za-z]{1,8}){0,4})|[ \t]+(?!-)${CLI_WORD}{1,255})[ \t]+(?!-)${CLI_WORD}{1,128}[ \t]+${CLI_VALUE})`,
    ),
    after: 800,
    priority: 2,
    // After `--password=\` and a line break, an option or a placeholder is no password.
    validate: (s, g) => !isReference(s) && (g.joined === undefined || !/^-|^<[^>]*>$/.test(s)),
  },
  {
    kind: "onepassword_concealed_field",
    title: "1Password concealed field",
    description:
      'The `"value"` of a field whose `"type"` is `"CONCEALED"` in 1Password\'s JSON (`op item get --format json`, `op item list`\'s details): a password, API key or other concealed field, whatever its label; the value comes later in the same field object.',
    // Also escaped twice and more: a Codex rollout holds a tool's JSON output as a string.
    keywords: ['concealed"', 'concealed\\"', 'concealed\\\\\\"'],
    pattern: new RegExp(
      String
        .raw`(?<="type\\{0,3}":[ \t]{0,4}\\{0,3}")CONCEALED\\{0,3}"[^{}]{0,400}?\\{0,3}"value\\{0,3}":[ \t]{0,4}\\{0,3}"(?<s>[^"\\\r\n]{1,4096})\\{0,3}"`,
    ),
    after: 4600,
    priority: 2,
    validate: (s) => !isReference(s),
  },
  {
    kind: "terraform_sensitive_output",
    title: "Terraform sensitive output",
    description:
      'A string output Terraform marks sensitive, as `terraform output -json` prints it in clear: `"sensitive": true`, its `"type"` and its `"value": "..."` (pretty-printed or on one line, JSON-escaped in a transcript), whatever the output\'s name.',
    keywords: TERRAFORM_SENSITIVE_KEYWORDS,
    pattern: new RegExp(
      String
        .raw`\\{0,3}"sensitive\\{0,3}":[ \t]{0,4}true,(?:\s|\\{1,3}[nrt]){0,40}\\{0,3}"type\\{0,3}":[ \t]{0,4}\\{0,3}"[a-z]{1,16}\\{0,3}",(?:\s|\\{1,3}[nrt]){0,40}\\{0,3}"value\\{0,3}":[ \t]{0,4}\\{0,3}"(?<s>[^"\\\r\n]{1,4096})\\{0,3}"`,
    ),
    // The escaped keyword's backslashes (JSON inside JSON) may come before it.
    before: 3,
    after: 4300,
    priority: 2,
    validate: (s) => !isReference(s),
  },
  {
    kind: "terraform_sensitive_output",
    title: "Terraform sensitive output in a state file",
    description:
      'A string output Terraform marks sensitive, as a state file (`terraform.tfstate`, `terraform state pull`) holds it in clear: `"value": "..."`, its `"type"`, then `"sensitive": true` (pretty-printed or on one line, JSON-escaped in a transcript), whatever the output\'s name.',
    keywords: TERRAFORM_SENSITIVE_KEYWORDS,
    pattern: new RegExp(
      String
        .raw`\\{0,3}"value\\{0,3}":[ \t]{0,4}\\{0,3}"(?<s>[^"\\\r\n]{1,1024})\\{0,3}",(?:\s|\\{1,3}[nrt]){0,40}\\{0,3}"type\\{0,3}":[ \t]{0,4}\\{0,3}"[a-z]{1,16}\\{0,3}",(?:\s|\\{1,3}[nrt]){0,40}\\{0,3}"sensitive\\{0,3}":[ \t]{0,4}true`,
    ),
    // The value (up to 1 KiB), its type and the blanks between come before the keyword.
    before: 1300,
    after: 40,
    priority: 2,
    validate: (s) => !isReference(s),
  },
  {
    kind: "netrc_password",
    title: ".netrc password",
    description:
      "The `password` of a `.netrc` / `_netrc` `machine <host>` entry (one line or several; the host has a dot or is localhost, so prose about machines is not read as one) or of its `default login <user> ... password` entry (any host not named).",
    keywords: ["machine ", "default login"],
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_-](?<!\\[A-Za-z0-9_-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?:machine[ \t]+(?:[A-Za-z0-9_-]{1,63}(?:\.[A-Za-z0-9_-]{1,63}){1,8}|localhost)(?::\d{1,5})?|(?<fallback>default)(?=[ \t]+login[ \t]))(?:(?:[ \t]|${NL}){1,32}(?:login|account|port)[ \t]+[^\s\\]{1,256}){0,3}(?:[ \t]|${NL}){1,32}password[ \t]+(?<s>[^\s\\]{1,256})`,
    ),
    after: 1200,
    priority: 2,
    // The default entry's password: anonymous FTP's e-mail address, a placeholder and prose
    // (`a default login and password to avoid a prompt`) are kept.
    validate: (s, g) =>
      !isReference(s) &&
      (g.fallback === undefined ||
        (s.length >= 6 && /^[^{<"'\x60\\]/.test(s) && /[^A-Za-z]/.test(s) &&
          !/^[^@\s]+@[^@\s]+$/.test(s))),
  },
  {
    kind: "xml_password",
    title: "Password in XML or .NET config",
    description:
      '`<password>...</password>` (any element whose name holds password, passwd or secret; blanks around the text or in the tag allowed; and Maven settings-security.xml\'s `<master>{...}</master>`, an encrypted master password any Maven install can decrypt), `name="password" value="..."` / `key="DbPassword" value="..."` attribute pairs (their `=` possibly spaced), the text of an element after such a name (`<entry key="db.password">...</entry>` of Java\'s XML properties; a letter and a non-letter) and `<password value="..."/>`.',
    // The keyword sits at the end of the name: `password>` (element) or
    // `password"` (attribute), so text merely about passwords costs nothing.
    keywords: [
      "password>",
      "passwd>",
      "secret>",
      "password >",
      "passwd >",
      "secret >",
      'password"',
      'passwd"',
      'secret"',
      "password\\",
      "secret\\",
      "password value",
      "passwd value",
      "secret value",
      // Maven's settings-security.xml: the master password, encrypted with a fixed key.
      "master>",
    ],
    pattern: new RegExp(
      String
        .raw`(?<=<[ \t]{0,4})(?<tag>[A-Za-z_][\w.:-]{0,60})[ \t]{0,4}>${XML_LINE}[ \t]{0,16}(?:${XML_CDATA}|(?<s>[^<\s](?:[^<\r\n]{0,254}?[^<\s])?))[ \t]{0,16}${XML_LINE}<\/\k<tag>[ \t]{0,4}>|(?<=(?:name|key)[ \t]{0,4}=[ \t]{0,4}\\{0,3}")(?<name>[\w.:-]{1,80})\\{0,3}"(?:${XML_VALUE_ATTR}|[ \t]{0,16}>(?<content>)(?<s>[^<\s]{1,256})<\/)|(?<=<[ \t]{0,4})(?<tag>[A-Za-z_][\w.:-]{0,60})${XML_VALUE_ATTR}`,
      "i",
    ),
    lead: "\\w.:\\-",
    // What every match holds after the name: `>` (the element, blanks
    // before it), its closing quote then ` value` or `>` (an attribute), or
    // blanks then `value` (`<password value=`); after the `value` that ends
    // the keyword `password value`, its `=`. Prose (`invalid password\n`)
    // and JSON keys (`"password_policy":`) fail it in the keyword pass.
    follows: { quote: true, escapes: 3, blanks: 16, operators: ">=vV" },
    before: 80,
    after: 400,
    priority: 2,
    validate: (s, g) => {
      const name = g.tag ?? g.name ?? "";
      // Maven's `<master>{...}</master>` decrypts with a key every Maven install holds.
      if (g.tag !== undefined && /^master$/i.test(name)) return MAVEN_ENCRYPTED.test(s);
      return /pass(?:word|wd)|secret/i.test(name) && !isExcludedName(name) && !isReference(s) &&
        !isLookAlikeValue(s) &&
        // The text of an element named by its name attribute is also a form's or a page's
        // (`<label name="password">Show</label>`): a password holds a letter and a non-letter.
        (g.content === undefined || (s.length >= 6 && /[A-Za-z]/.test(s) && /[^A-Za-z]/.test(s)));
    },
  },
  {
    kind: "xml_password",
    title: "Password in XML, its value attribute before its name",
    description:
      '`<entry value="..." name="password"/>`: a `value` attribute followed by the `name` or `key` attribute that holds password, passwd or secret, the tag closing after it.',
    // The name attribute's end and the tag's: text about passwords holds none of these.
    keywords: ["password", "passwd", "secret"].flatMap((w) =>
      ['"/>', '" />', '">', '\\"/>', '\\" />', '\\">'].map((end) => `${w}${end}`)
    ),
    pattern: new RegExp(
      String
        .raw`(?<![\w.:-])value[ \t]{0,4}=[ \t]{0,4}\\{0,3}"(?<s>[^"\\\r\n]{1,256})\\{0,3}"[ \t]{1,16}(?:name|key)[ \t]{0,4}=[ \t]{0,4}\\{0,3}"(?<name>[\w.:-]{1,80})\\{0,3}"[ \t]{0,4}\/?>`,
      "i",
    ),
    before: 360,
    after: 8,
    priority: 2,
    validate: (s, g) => {
      const name = g.name ?? "";
      return /pass(?:word|wd)|secret/i.test(name) && !isExcludedName(name) && !isReference(s) &&
        !isLookAlikeValue(s);
    },
  },
  {
    kind: "xml_token",
    title: "Token or API key in XML or .NET config",
    description:
      '`<apiKey>...</apiKey>`, `<token>...</token>` (an element whose name ends in token or a credential key word: api, access, private, secret, auth, license, master or subscription key) and `key="ApiKey" value="..."` attribute pairs, with a value of 12 or more characters with letters and digits.',
    // The element's end, or the attribute name's end and the value that follows.
    keywords: [
      "token>",
      "key>",
      'token" value=',
      'key" value=',
      'token\\" value=',
      'key\\" value=',
    ],
    pattern: new RegExp(
      String
        .raw`(?<=<)(?<tag>[A-Za-z_][\w.:-]{0,60})>${XML_LINE}(?:${XML_CDATA}|(?<s>[^<>\s]{12,1024}))${XML_LINE}<\/\k<tag>>|(?<=(?:name|key)=\\{0,3}")(?<name>[\w.:-]{1,80})\\{0,3}"[ \t]{1,16}value=\\{0,3}"(?<s>[^"\\\r\n]{12,1024})\\{0,3}"`,
      "i",
    ),
    lead: "\\w.:\\-",
    before: 80,
    after: 1200,
    priority: 2,
    minEntropy: 3,
    validate: (s, g) => {
      const name = g.tag ?? g.name ?? "";
      return XML_TOKEN_NAME.test(name) && !isExcludedName(name) && !isReference(s) &&
        /[0-9]/.test(s) && /[A-Za-z]/.test(s) && (!isLookAlikeValue(s) || isHexOrUuid(s));
    },
  },
  {
    kind: "k8s_env_secret",
    title: "Secret in a YAML env list",
    description:
      "`- name: API_TOKEN` followed by `value: ...` (Kubernetes, Compose, CI env lists) where the name holds a secret word; `valueFrom` references are not values.",
    keywords: ["name:"],
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_.-])name:[ \t]{1,16}(?:\\{0,3}["'])?(?=(?<name>[A-Za-z0-9_.\-]{3,96}))\k<name>(?:\\{0,3}["'])?[ \t]{0,16}${NL}[ \t]{0,32}(?:-[ \t]{1,8})?value:[ \t]{1,16}${
        assignedValue(1, String.raw`[^\s"'\x60#\\]`, ESC_QUOTE)
      }`,
    ),
    after: VALUE_MAX + 400,
    priority: 2,
    extend: bareTail(String.raw`[^\s"'\x60#\\]`),
    validate: (s, g) => !isReference(s) && assignmentValid(1)(s, g),
  },
  {
    kind: "authorization_token",
    title: "HTTP Authorization token scheme",
    description:
      "`Authorization: token X` / `Token X` (GitHub, Django REST and others) with at least 16 token characters.",
    keywords: ["authorization"],
    // The keyword pass drops `headers.authorization?.…` and other schemes (`Bearer`).
    follows: {
      quote: true,
      escapes: 1,
      blanks: 4,
      // `Authorization: ...` in a header; `"Authorization", "..."` in a call that sets one.
      operators: ":,",
      value: { blanks: 16, min: 5, cls: "TtOoKkEeNn" },
    },
    pattern: new RegExp(
      String
        .raw`Authorization(?:\\?["'])?[ \t]{0,4}[:,][ \t]{0,16}(?:\\?["'])?token[ \t]{1,16}(?<s>${
        markedRun(String.raw`A-Za-z0-9._~+\/-`, 16, 4096)
      }={0,2})(?![A-Za-z0-9._~+\/=-]|[!$*][A-Za-z0-9._~+\/-])`,
      "i",
    ),
    after: 4200,
    priority: 2,
    minEntropy: 3,
    validate: (s) => /[0-9]/.test(s) || (/[a-z]/.test(s) && /[A-Z]/.test(s)),
  },
  {
    kind: "powershell_secure_string",
    title: "PowerShell plain-text SecureString",
    description:
      'The quoted string of `ConvertTo-SecureString "..." -AsPlainText` (variables are kept).',
    keywords: ["convertto-securestring"],
    pattern: new RegExp(
      String
        .raw`ConvertTo-SecureString[ \t]{1,16}(?:-String[ \t]{1,16})?${
        quotedValue("s", 1, 256)
      }(?=[^\r\n]{0,200}-AsPlainText)`,
      "i",
    ),
    after: 700,
    priority: 2,
    validate: (s) => !isReference(s),
  },
  {
    kind: "npmrc_auth_token",
    title: ".npmrc legacy auth token",
    description:
      "A UUID assigned to `_authToken` in `.npmrc` (npm's older token format; current `npm_` tokens have their own rule).",
    keywords: ["_authtoken"],
    pattern: new RegExp(
      String.raw`_authToken[ \t]{0,16}=[ \t]{0,16}(?:\\?["'])?(?<s>${UUID})(?![0-9A-Za-z-])`,
      "i",
    ),
    after: 80,
    priority: 3,
  },
  DATABASE_URL,
  escapedSlashVariant(DATABASE_URL),
  {
    kind: "database_url",
    title: "Oracle thin JDBC URL with a password",
    description:
      "`jdbc:oracle:thin:user/password@host...`: the password between the user's `/` and the `@`.",
    keywords: ["oracle:thin:"],
    pattern:
      /oracle:thin:(?<user>[A-Za-z][A-Za-z0-9_$#]{0,127})\/(?<s>[^\s@\/"'\\]{1,128})@(?=[A-Za-z0-9\[_.\/-])/i,
    after: 300,
    priority: 2,
    docWords: false,
    validate: (s, g) => !isReference(s) && isNotDefaultLogin(s, g),
  },
  {
    kind: "password_assignment",
    title: "Password in an ODBC connection string",
    description:
      "`...;UID=user;PWD=secret;` or `...;User ID=user;Password=secret;` of an ODBC or ADO connection string (after a `;`, so the shell's `PWD=/path` is not read; a value opening with `#` is a password there, not a comment).",
    keywords: [";pwd=", ";password"],
    pattern: new RegExp(
      String
        .raw`;[ \t]{0,8}(?:PWD|Password)=(?:\{(?<s>[^}\r\n]{1,256})\}|(?<s>[^;\s"'\\{\x60][^;\s"'\\\x60]{0,255}))`,
      "i",
    ),
    after: 280,
    priority: 2,
    validate: (s) =>
      !isReference(s) && !isLookAlikeValue(s) && s.length >= 4 && /[A-Za-z0-9]/.test(s) &&
      // `#{` opens a Ruby or CoffeeScript interpolation (`pwd=#{datastore['DBPASSWORD']}`).
      !s.startsWith("#{"),
  },
  {
    kind: "url_credentials",
    title: "Token as the user of a git host URL",
    description:
      "`https://TOKEN@github.com/...` (also gitlab.com, bitbucket.org, dev.azure.com, and a GitHub Enterprise or self-managed GitLab host, `github.<company>.<tld>`, `gitlab.<company>.<tld>`): a git host reads a lone userinfo of 20 or more token characters, with a digit and mixed case, 40 hex digits or an Azure DevOps token's 52 lower-case base32 characters, as an access token.",
    keywords: ["@github.", "@gitlab.", "@bitbucket.org", "@dev.azure.com"],
    // `git config -l` prints the URL inside a key (`url.https://TOKEN@github.com/.insteadof=`,
    // `credential.https://...`, `http.https://...`): the section's `.` may precede the scheme.
    pattern:
      /(?<![A-Za-z0-9+.-](?<!\\[A-Za-z0-9+.-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}|(?:^|[^A-Za-z0-9_]|\\[nrt])(?:url|http|credential)\.))(?:https?|git\+https):\/\/(?<s>[A-Za-z0-9_\-]{20,255})@(?:git(?:hub|lab)\.(?:com|[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,8})|bitbucket\.org|dev\.azure\.com)(?![A-Za-z0-9.\-])/i,
    before: 280,
    after: 20,
    priority: 1,
    minEntropy: 3,
    validate: (s) =>
      /[0-9]/.test(s) &&
      (/[a-z]/.test(s) && /[A-Z]/.test(s) || /^[0-9a-f]{40}$/i.test(s) || /^[a-z2-7]{52}$/.test(s)),
  },
  URL_CREDENTIALS,
  escapedSlashVariant(URL_CREDENTIALS),
  {
    kind: "basic_auth",
    title: "HTTP Basic credentials",
    description:
      "`Basic` + base64 that decodes to printable `user:password` (Authorization headers, HTTP dumps); as an `Authorization` header's value, any base64 of 8 or more characters.",
    keywords: ["basic "],
    pattern:
      /(?<![A-Za-z0-9_-](?<!\\[A-Za-z0-9_-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?<=(?<header>Authorization\\{0,3}["']?[ \t]{0,4}[:=,][ \t]{0,8}\\{0,3}["']?)?)Basic[ \t]{1,16}(?<s>[A-Za-z0-9+\/]{6,1024}={0,2})(?![A-Za-z0-9+\/=])/i,
    after: 1040,
    priority: 2,
    // As an Authorization header's value, any base64 run of 8 or more with letters is the
    // credential (a user with an empty password, a token the server decodes its own way).
    validate: (s, g) =>
      isBase64UserPass(s) ||
      (g.header !== undefined && s.length >= 8 && /[A-Za-z]/.test(s) && !isNotSecret(s) &&
        shannonEntropy(s) >= 2.5),
  },
  {
    kind: "bearer_token",
    title: "HTTP Bearer token",
    description:
      "`Bearer` + at least 20 token characters with enough entropy (Authorization headers, HTTP dumps, curl lines), however long, with any `!`, `$` or `*` between them; a shorter one of 12 or more with letters of both cases and a digit.",
    keywords: ["bearer "],
    tail: { blanks: 15, cls: String.raw`A-Za-z0-9._~+\/-`, min: 12 },
    // A token longer than the pattern reads (4 KiB) is judged on that much and taken
    // on to its end by `extend`, and so is the rest after a `!`, `$` or `*` between token
    // characters (`markedRun`; in `extend`, not the pattern: the pattern's plain run is what
    // the ~29k Bearer lines of a long transcript cost).
    pattern:
      /(?<![A-Za-z0-9_-](?<!\\[A-Za-z0-9_-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))Bearer[ \t]{1,16}(?<s>[A-Za-z0-9._~+\/-]{12,4096}={0,2}(?![A-Za-z0-9._~+\/=-])|[A-Za-z0-9._~+\/-]{4096}(?=[A-Za-z0-9._~+\/=-]))/i,
    extend: /[A-Za-z0-9._~+\/-]*(?:[!$*][A-Za-z0-9._~+\/-]+)*={0,2}/,
    after: 4120,
    priority: 1,
    minEntropy: 3.2,
    validate: (s) =>
      s.length >= 20
        ? /[0-9]/.test(s) || (/[a-z]/.test(s) && /[A-Z]/.test(s))
        // A short token (RFC 6750's own example is 15 characters) is random: both cases and a
        // digit, no capitalised word or counting digits (`Token1234567`, `AccessToken123`).
        : /[0-9]/.test(s) && /[a-z]/.test(s) && /[A-Z]/.test(s) && !isLookAlikeValue(s) &&
          !/[A-Z][a-z]{4,}|0123|1234|2345|3456|4567|5678|6789/.test(s),
  },
  {
    kind: "curl_user_password",
    title: "curl -u user:password",
    description:
      "The password of `curl -u user:password` / `--user user:password` / `--proxy-user user:password`, also on a continuation line (`\\` + newline; `-u \\` then `user:password`, and `-u user:\\` then the password) and quoted (the quotes escaped up to three times, as a Codex rollout holds a command); the user may be empty (`-u :TOKEN`, Azure DevOps and other token APIs).",
    keywords: ["curl "],
    // The options before `-u` stop at the next `curl ` (the keyword: an attempt opens there): text
    // full of `curl -u` (2 MiB) was read 400 bytes per curl, ~1 MB/s.
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_-](?<!\\[A-Za-z0-9_-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))curl(?:[ \t](?:(?!(?<![A-Za-z0-9_-])curl )[^\n|;&\\]|\\{1,3}(?:\r?\n|n)|\\){0,400}?)?(?:[ \t]|(?<=\\{1,3}(?:\r?\n|n)))(?:-u|--user|--proxy-user)(?:${CONTINUED}|[ \t]{1,16}|=)?(?:\\{0,3}"(?<user>[^\s:"\\]{0,128}):(?<s>[^"\\\r\n]{1,256})\\{0,3}"|'(?<user>[^\s:']{0,128}):(?<s>[^'\r\n]{1,256})'|\\{0,3}"(?<user>[^"\\\r\n]{0,128})\\{0,3}":\\{0,3}"(?<s>[^"\\\r\n]{1,256})\\{0,3}"|'(?<user>[^'\r\n]{0,128})':'(?<s>[^'\r\n]{1,256})'|(?<user>[^\s:"'\\]{0,128}):(?:\\{0,3}"(?<s>[^"\\\r\n]{1,256})\\{0,3}"|'(?<s>[^'\r\n]{1,256})')|(?<keyuser>)(?:\\{0,3}"(?<s>[^\s:"'\\]{10,256}):\\{0,3}"|'(?<s>[^\s:'"]{10,256}):'|(?<s>[^\s:"'\\]{10,256}):(?=[\s;|&)]|$))|(?<user>[^\s:"'\\]{0,128}):(?<s>[^\s"'\\]{1,256})|(?<user>[^\s:"'\\]{0,128}):${JOINED_CONTINUED}(?<joined>)(?<s>[^\s"'\\]{1,256}))`,
    ),
    // Every match holds `-u` (`--user` too): most curl lines have none.
    needs: "-u",
    after: 800,
    priority: 2,
    // A shell variable (`-u ":$AZURE_DEVOPS_EXT_PAT"`, `"$1:$2"`) is a reference, not a value;
    // `xxx:yyy` is a placeholder. With an empty password (`-u KEY:`) the user is the API key
    // (Stripe, Mailgun and other token APIs): random enough to be one, not a name or an address.
    validate: (s, g) =>
      !/^\$(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#]|\{[^}]*\})$/.test(s) && !/^(.)\1{2,}$/.test(s) &&
      // After `user:\` and a line break, the next line may be the command's next argument
      // instead (an option, the URL, a placeholder): the password is missing there.
      (g.joined === undefined ||
        !/^[-<$]|^[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\//.test(s) && !isRepeatedPlaceholder(s)) &&
      (g.keyuser === undefined ||
        (/[0-9]/.test(s) && /[A-Za-z]/.test(s) && !/[@$]/.test(s) && !isLookAlikeValue(s) &&
          shannonEntropy(s) >= 3)),
  },
  {
    kind: "http_header_secret",
    title: "Secret-named header given on the command line",
    description:
      "The value of a header whose name is a credential's (`Token`, `Api-Token`, `apikey`, `X-Octopus-ApiKey`, `X-Auth-Token`, `Private-Token`) given with `-H` / `--header` (curl, HTTPie's and wget's `--header`): 8 or more characters, hex and UUIDs included, with a digit or both cases; csrf, idempotency, public and other ordinary keys, references and placeholders are kept.",
    keywords: ['-h "', "-h '", '-h \\"', '--header "', "--header '", '--header \\"', '--header="'],
    pattern: new RegExp(
      String
        .raw`(?:-H|--header)(?:[ \t]{1,8}|=)\\?["'](?<name>[A-Za-z0-9_-]{0,48}?(?:token|api[_-]?key|apikey|secret|access[_-]?key|auth[_-]?key))[ \t]{0,4}:[ \t]{0,8}(?<s>[A-Za-z0-9._~+\/=-]{8,4096})(?=[ \t]{0,8}\\?["'])`,
      "i",
    ),
    after: 4200,
    priority: 1,
    minEntropy: 2.5,
    validate: (s, g) => {
      const name = (g.name ?? "").replace(/-/g, "_");
      return !isExcludedName(name) && !ORDINARY_KEY_NAME.test(name) && !isRepeatedPlaceholder(s) &&
        (/[0-9]/.test(s) || (/[a-z]/.test(s) && /[A-Z]/.test(s))) && !isNotSecret(s);
    },
  },
  {
    kind: "docker_config_auth",
    title: "Docker config auth entry",
    description:
      "The base64 `auth` value of a docker `config.json` `auths` entry (decodes to `user:password`).",
    keywords: ['"auth"', 'auth\\"'],
    pattern: /\\?"auth\\?"[ \t]{0,16}:[ \t]{0,16}\\?"(?<s>[A-Za-z0-9+\/]{8,1024}={0,2})\\?"/,
    before: 2,
    after: 1060,
    priority: 2,
    validate: (s) => isBase64UserPass(s),
  },
  ENV_HEAD,
  patVariant(ENV_ASSIGNMENT),
  ENV_ASSIGNMENT,
  GENERIC_ASSIGNMENT,
  FORM_VALUE,
  QUERY_LAST_VALUE,
  patVariant(GENERIC_ASSIGNMENT),
  OPERATOR_ASSIGNMENT,
  SPACED_NAME_ASSIGNMENT,
  CELL_ASSIGNMENT,
  ...encodedVariants(GENERIC_ASSIGNMENT, GENERIC_LAST_WORDS, 12),
  parenthesisedVariant(GENERIC_ASSIGNMENT, GENERIC_LAST_WORDS, 12),
  {
    kind: "authorization_value",
    title: "HTTP Authorization header with a bare credential",
    description:
      "`Authorization: <credential>` with no scheme word before it (a UUID, hex or opaque API key sent as the whole header value).",
    keywords: ["authorization"],
    // The keyword pass drops a header whose value starts with a scheme word and a blank.
    follows: {
      quote: true,
      escapes: 1,
      blanks: 4,
      // `Authorization: ...` in a header; `"Authorization", "..."` in a call that sets one.
      operators: ":,",
      // The marks `markedRun` lets sit between token characters count too: a `!` among the first
      // 16 dropped the hit, and the whole credential printed.
      value: { blanks: 16, min: 16, cls: "A-Za-z0-9._~+\\/!$*-" },
    },
    pattern: new RegExp(
      String
        .raw`Authorization(?:\\?["'])?[ \t]{0,4}[:,][ \t]{0,16}(?:\\?["'])?(?<s>${
        markedRun(String.raw`A-Za-z0-9._~+\/-`, 16, 4096)
      }={0,2})(?=[ \t]{0,16}(?:\\|["'\r\n,;}|&)]|$))`,
      "i",
    ),
    after: 4200,
    priority: 1,
    minEntropy: 3,
    validate: (s) => /[0-9]/.test(s) && /[A-Za-z]/.test(s) && !/^[A-Za-z]+[-_.][A-Za-z]/.test(s),
  },
  KEY_ASSIGNMENT,
  parenthesisedVariant(KEY_ASSIGNMENT, ["key"], 16),
  ...encodedVariants(KEY_ASSIGNMENT, ["key"], 16),
  PASSWORD_CONFIG,
  ...encodedVariants(PASSWORD_CONFIG, ["password", "passwd", "pwd", "pass"], 6),
  parenthesisedVariant(PASSWORD_CONFIG, ["password", "passwd", "pwd", "pass"], 6),
  {
    kind: "azure_identifiable_key",
    title: "Azure identifiable key",
    description:
      "Azure's identifiable keys: 44 base64 characters with a service signature (`+ASb`, `AzCa`, `AzFu`, `APIM`...) after the first 33, 88 with one (`+ASt`, `ACDb`, `+ABa`...) after the first 76, or the 84- or 88-character common annotated key with `JQQJ9` after the first 52 (Azure AI services, Azure DevOps).",
    keywords: [...AZURE_KEY_SIGNATURES.map((x) => x.toLowerCase()), "jqqj9"],
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9+\/_-](?<!\\[A-Za-z0-9]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?:[A-Za-z0-9+\/_-]{33}(?:${AZURE_SIGNATURE})[A-P][A-Za-z0-9+\/_-]{5}(?:=|%3D)?|[A-Za-z0-9+\/_-]{76}(?:${AZURE_SIGNATURE})[A-Za-z0-9+\/_-]{5}[AQgw](?:==|%3D%3D)?|[A-Za-z0-9]{52}JQQJ9[9DH][A-Za-z0-9][A-L][A-Za-z0-9]{16}[A-Za-z][A-Za-z0-9]{7}(?:[A-Za-z0-9]{2}==)?)(?![A-Za-z0-9+\/_-])`,
    ),
    lead: String.raw`A-Za-z0-9+\/_\-`,
    before: 76,
    after: 40,
    priority: 3,
    minEntropy: 3.5,
    validate: (s) => /[0-9]/.test(s) && /[a-z]/.test(s) && /[A-Z]/.test(s),
  },
  {
    kind: "authorization_scheme",
    title: "HTTP Authorization header with another scheme",
    description:
      "`Authorization: <scheme> <credential>` for schemes not starting with B or T (Bearer, Basic and token have their own rules): `SSWS`, `ApiKey`, `Api-Key`, `Key`, `GenieKey`, `Splunk`, `OAuth`, `DeepL-Auth-Key`, `sso-key`...; a credential of 16 or more token characters with letters and digits.",
    keywords: ["authorization"],
    // The keyword pass drops a header whose value does not start with a scheme word.
    follows: {
      quote: true,
      escapes: 1,
      blanks: 4,
      // `Authorization: ...` in a header; `"Authorization", "..."` in a call that sets one.
      operators: ":,",
      // Not Bearer, Basic or token (their own rules): the scheme's first letter is not B or T.
      value: { blanks: 16, min: 2, cls: "AC-SU-Zac-su-z" },
    },
    pattern: new RegExp(
      String
        .raw`Authorization(?:\\?["'])?[ \t]{0,4}[:,][ \t]{0,16}(?:\\?["'])?(?![BbTt])(?!(?:digest|negotiate|ntlm|aws4-hmac-sha256)[ \t])[A-Za-z][A-Za-z0-9._-]{1,39}[ \t]{1,16}(?<s>${
        markedRun(String.raw`A-Za-z0-9._~+\/:%-`, 16, 4096)
      }={0,2})(?=[ \t]{0,16}(?:\\|["'\r\n,;}|&)]|$))`,
      "i",
    ),
    after: 4200,
    priority: 1,
    minEntropy: 3,
    validate: (s) => /[0-9]/.test(s) && /[A-Za-z]/.test(s),
  },
  {
    kind: "session_cookie",
    title: "Session cookie",
    description:
      "A cookie whose name marks a session (`sessionid`, `connect.sid`, `PHPSESSID`, `JSESSIONID`, `laravel_session`, `next-auth.session-token`...) set to 16 or more characters with letters and digits (`Cookie:` and `Set-Cookie:` headers, `curl -b`, a browser's cookie export).",
    keywords: ["sess", "sid="],
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_.\-](?<!\\[A-Za-z0-9_.\-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?=(?<name>[A-Za-z0-9_.\-]{3,96}))\k<name>=(?<s>[A-Za-z0-9%._~+\/:-]{16,4096}={0,2})(?![A-Za-z0-9%._~+\/:=-])`,
    ),
    lead: "A-Za-z0-9_.\\-",
    rejectName: (n) => !SESSION_COOKIE_NAME.test(n),
    follows: { quote: false, escapes: 0, blanks: 0, operators: "=", value: { blanks: 0, min: 16 } },
    before: 64,
    after: 4200,
    priority: 2,
    minEntropy: 3.3,
    validate: (s, g) =>
      SESSION_COOKIE_NAME.test(g.name ?? "") && /[0-9]/.test(s) && /[A-Za-z]/.test(s) &&
      !new RegExp(`^${UUID}$`).test(s) && !/^S-1-\d/.test(s) &&
      // A Twilio resource SID (`TWILIO_ACCOUNT_SID=AC` + 32 hex) is an id, not a session.
      !/^[A-Z]{2}[0-9a-f]{32}$/.test(s) &&
      !/^[a-z]+(?:_[a-z0-9]+){2,}$/i.test(s) &&
      // Mixed case, hex, 32 characters, or PHP's production id (26 of [0-9a-v]).
      (/[a-z]/.test(s) && /[A-Z]/.test(s) || /^[0-9a-f]{24,}$/i.test(s) ||
        /^[0-9a-z]{26,}$/.test(s) || s.length >= 32),
  },
  {
    kind: "cli_secret_option",
    title: "Secret given as a command-line option",
    description:
      "`--password VALUE`, `--token VALUE`, `--api-key VALUE`, `--client-secret VALUE`, `-storepass VALUE`, `-passin pass:VALUE`, `--oauth2-bearer VALUE`, curl's `--tlspassword VALUE`, Redis's `--requirepass VALUE` / `--masterauth VALUE`: an option whose name ends in a secret word, then a blank or `=` and the value (or the value alone on the next line after a shell's line continuation, `--password \\` or `--password=\\` then the value, raw or JSON-escaped); references (`$TOKEN`), paths, `env:`/`file:` sources, placeholders and a lower-case word closing a sentence about the option (`the --password options.`) are kept, and nothing follows a switch that asks for the secret or goes without it (`--ask-vault-pass site.yml`, `--no-password mydb`). After a password option, 6 to 9 lower-case letters alone are a password when the line goes on as a command line does (its end, another option, an operator, a host or path, or on a command's line one more argument: `mysql --password walrus shop`), not as prose (`--password followed by`); not after PostgreSQL's clients, whose `--password` takes no value, nor mysqladmin's commands (`--password status`).",
    // The option's end and the blank after it, so header names (`x-api-key:`) and words cost
    // nothing; `--token=VALUE` is also the assignment rules' shape, but not `--token=\` and the
    // value on the next line.
    keywords: [
      "-password",
      "-passwd",
      "-passphrase",
      "-pass",
      "-pwd",
      "-passin",
      "-passout",
      "storepass",
      "keypass",
      "tlspassword",
      // Redis's own (`redis-server --requirepass X`, `--masterauth X`).
      "requirepass",
      "masterauth",
      "-token",
      "-secret",
      "-key",
      "-apikey",
      "-bearer",
    ].flatMap((k) => [`${k} `, `${k}=\\`]).concat([
      "-pwd=",
      "-passphrase=",
      // A token's or key's option joined by `=` (`--token=<40 hex>`): the assignment rules
      // take a bare `token` or `key` with hex or a UUID for a digest, an option's value is not.
      "-token=",
      "-secret=",
      "-key=",
      "-apikey=",
      "-bearer=",
    ]),
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_\-](?<!\\[A-Za-z0-9_\-]|\\u[0-9a-fA-F]{4}))(?=(?<name>--?[A-Za-z0-9][A-Za-z0-9_\-]{0,60}))\k<name>(?<=(?<line>[^\r\n]{0,80}))${FLAG_SEP}(?:(?=["'\\])(?<quoted>))?${CLI_VALUE}(?=(?<after>[^\r\n]{0,48}))`,
    ),
    lead: "A-Za-z0-9_\\-",
    rejectName: (n) =>
      !SECRET_OPTION.test(n) || SECRET_SWITCH.test(n) || isExcludedName(n.replace(/^-+/, "")),
    before: 64,
    after: 400,
    priority: 2,
    validate: (s, g) =>
      SECRET_OPTION.test(g.name ?? "") && !SECRET_SWITCH.test(g.name ?? "") &&
      // A pagination cursor (`--page-token`, `--starting-token`) is none; nor PAM's control word.
      !isExcludedName((g.name ?? "").replace(/^-+/, "")) && !isPamControl(s) &&
      // A command line's option takes no type's name (`V1SecretVolumeSource` is code's): a
      // token drawn at random sometimes splits into capitalised words with vowels and one
      // number (`vercel --token Q7GiteSKARGQJqozvspGOOub`, a fixture sweep's), and was kept.
      !isSecretReference(s, false) &&
      (optionValueValid(g.name ?? "", s) && shannonEntropy(s) >= 2.5 ||
        PASSWORD_OPTION.test(g.name ?? "") && !isPromptSwitchLine(g.line ?? "") &&
          isOptionLetterPassword(
            s.replace(/^pass:/, ""),
            g.after ?? "",
            g.quoted !== undefined || s.startsWith("pass:"),
            (g.line ?? "").slice(0, -(g.name ?? "").length),
          )) &&
      // A lower-case word closing a clause is prose about the option (`--password options.`).
      !/^[a-z]+[.,;:]$/.test(s) && !isProgramCommandWord(g.line ?? "", s),
  },
  {
    kind: "cli_password",
    title: "Password given to a client's short option",
    description:
      "`az login -p`, `redis-cli -a`, `sqlcmd -P`, `zip -P`/`unzip -P`, `7z -p`, `ldapsearch -w` (and the other ldap tools), `mongosh -p`, `smbclient -U user%SECRET` (quoted too), `sqlplus user/SECRET@db`, `psexec \\\\host -u user -p SECRET` and `net use \\\\host\\share /user:NAME SECRET`.",
    keywords: [
      "az login",
      "redis-cli",
      "sqlcmd",
      "zip",
      "7z a",
      "7z x",
      "7z e",
      "7za",
      "ldap",
      "mongo",
      "smbclient",
      "sqlplus",
      "psexec",
      "net use",
    ],
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_-](?<!\\[A-Za-z0-9_-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?:az[ \t]+login(?:[ \t](?:[^\n|;&]|(?<=\\)\r?\n){0,300}?)??[ \t]-p${FLAG_SEP}${CLI_VALUE}|redis-cli(?:[ \t](?:[^\n|;&]|(?<=\\)\r?\n){0,300}?)??[ \t]-a${BLANK_SEP}${CLI_VALUE}|sqlcmd(?:[ \t](?:[^\n|;&]|(?<=\\)\r?\n){0,300}?)??[ \t]-P[ \t]{0,16}${CLI_VALUE}|(?:un)?zip(?:[ \t](?:[^\n|;&]|(?<=\\)\r?\n){0,300}?)??[ \t]-P${BLANK_SEP}${CLI_VALUE}|7za?(?:[ \t](?:[^\n|;&]|(?<=\\)\r?\n){0,300}?)??[ \t]-p${CLI_VALUE}|ldap(?:search|modify|add|delete|whoami|passwd|compare|modrdn)(?:[ \t](?:[^\n|;&]|(?<=\\)\r?\n){0,300}?)??[ \t]-w${BLANK_SEP}${CLI_VALUE}|mongo(?:sh|dump|restore|export|import)?(?:[ \t](?:[^\n|;&]|(?<=\\)\r?\n){0,300}?)??[ \t]-p${BLANK_SEP}${CLI_VALUE}|smbclient(?:[ \t](?:[^\n|;&]|(?<=\\)\r?\n){0,300}?)??[ \t](?:-U|--user)${FLAG_SEP}\\{0,3}["']?[^\s%"'\\]{1,64}%(?<s>[^\s"'\\;&|]{1,256})|sqlplus(?:[ \t]+-[A-Za-z]{1,12})*[ \t]+[A-Za-z][A-Za-z0-9_$#]{0,29}\/(?<s>[^\s@\/"'\\]{1,128})(?=@|[ \t]|$)|[Pp][Ss][Ee][Xx][Ee][Cc](?:64)?(?:\.[Ee][Xx][Ee])?(?:[ \t](?:[^\n|;&]|(?<=\\)\r?\n){0,300}?)??[ \t]-[Pp]${BLANK_SEP}${CLI_VALUE}|[Nn][Ee][Tt][ \t]+[Uu][Ss][Ee](?:[ \t](?:[^\n|;&]|(?<=\\)\r?\n){0,300}?)??[ \t]\/[Uu][Ss][Ee][Rr]:[^\s"'\/]{1,128}[ \t]+(?!\/)${CLI_VALUE})`,
    ),
    // `unzip`: the keyword `zip` inside it (a hit of the same rule where `unzip` would end).
    before: 2,
    after: 800,
    priority: 2,
    validate: (s) => !isReference(s) && !s.startsWith("-") && s.length >= 4,
  },
  {
    kind: "cli_password",
    title: "Secret fed to a login or secret store on standard input",
    description:
      "`echo SECRET | docker login --password-stdin` (also podman, helm, oras), `echo TOKEN | gh auth login --with-token`, `echo 'user:SECRET' | chpasswd`, `echo PASSWORD | sudo -S cmd` (sudo reads the password from standard input), and a secret piped or given as a here-string (`<<< SECRET`) to `wrangler secret put`, `vercel env add`, `gh secret set`, `docker secret create`, `gcloud secrets create` / `versions add` (`--data-file=-`), `firebase functions:secrets:set`, `pass insert`, `passwd --stdin`.",
    keywords: [
      "--password-stdin",
      "--with-token",
      "chpasswd",
      "secret put",
      "env add",
      "secret set",
      "secret create",
      "secrets create",
      "versions add",
      "secrets:set",
      "pass insert",
      "passwd --stdin",
      "sudo -s",
      "sudo --stdin",
    ],
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_-](?<!\\[A-Za-z0-9_-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?:(?:echo|printf)(?:[ \t]+-[neE]{1,3})?(?:[ \t]+'%s(?:\\n)?')?[ \t]+${CLI_VALUE}[ \t]*\|[ \t]*(?:sudo[ \t]+)?[^|\n;&]{0,200}?(?:--password-stdin|--with-token|chpasswd|${STDIN_SECRET_SINK})|(?:echo|printf)(?:[ \t]+-[neE]{1,3})?(?:[ \t]+'%s(?:\\n)?')?[ \t]+${CLI_VALUE}[ \t]*\|[ \t]*${SUDO_STDIN}|(?:--password-stdin|--with-token|${STDIN_SECRET_SINK}|${SUDO_STDIN})[^|\n;&<]{0,200}<<<[ \t]*${CLI_VALUE})`,
    ),
    before: 600,
    after: 600,
    priority: 2,
    validate: (s) => !isReference(s) && s.length >= 6,
  },
  {
    kind: "cli_config_secret",
    title: "Secret stored with a tool's config command",
    description:
      "`npm|pnpm|yarn config set <key> <value>`, MongoDB's `atlas config set private_api_key <value>`, `aws configure set <key> <value>`, `git config <key> <value>`, `gh secret set NAME --body <value>`, `poetry|composer config [--global] [--auth] http-basic.<repo> <user> <password>`, `ngrok config add-authtoken <token>`, `dotnet user-secrets set <key> <value>`, where the key names a secret, and `pulumi config set --secret <key> <value>` whatever the key (`_authToken`, `npmAuthToken`, `aws_secret_access_key`, `github.token`).",
    keywords: [
      "config set",
      "configure set",
      "git config",
      "secret set",
      "http-basic.",
      "add-authtoken",
      "ngrok authtoken",
      "user-secrets set",
    ],
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_-](?<!\\[A-Za-z0-9_-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?:(?:(?:npm|pnpm|yarn|atlas)[ \t]+config[ \t]+set|aws[ \t]+configure[ \t]+set|git[ \t]+config(?:[ \t]+--(?:global|local|system|worktree|add|replace-all))*)[ \t]+(?<name>[^\s"'=]{2,200})(?:[ \t]+|=)${CLI_VALUE}|gh[ \t]+secret[ \t]+set[ \t]+(?<name>[A-Za-z0-9_]{1,100})(?:[ \t]+-[A-Za-z-]{1,20}(?:[ \t]+[^\s-][^\s]{0,100})?)*?[ \t]+(?:--body|-b)${FLAG_SEP}${CLI_VALUE}|(?:poetry|composer)[ \t]+config(?:[ \t]+-g|[ \t]+--global|[ \t]+--auth){0,3}[ \t]+(?<name>http-basic\.[^\s]{1,200})[ \t]+[^\s]{1,128}[ \t]+${CLI_VALUE}|ngrok[ \t]+(?:config[ \t]+)?(?<name>add-authtoken|authtoken)[ \t]+${CLI_VALUE}|dotnet[ \t]+user-secrets[ \t]+set[ \t]+\\{0,3}["']?(?<name>[^\s"'\\]{2,200})\\{0,3}["']?[ \t]+${CLI_VALUE}|pulumi[ \t]+config[ \t]+set(?=[^\r\n|;&]{0,200}?[ \t]--secret(?![A-Za-z-]))(?<secretflag>)(?:[ \t]+--?[A-Za-z][A-Za-z-]{0,30}(?:=[^\s]{1,100})?)*[ \t]+\\{0,3}["']?(?<name>[A-Za-z0-9_][^\s"'=\\]{0,199})\\{0,3}["']?[ \t]+${CLI_VALUE})`,
    ),
    before: 32,
    after: 800,
    priority: 2,
    validate: (s, g) => {
      const name = g.name ?? "";
      // `pulumi config set --secret`: the flag says the value is a secret, whatever its key.
      const named = g.secretflag !== undefined ||
        /^http-basic\.|^(?:add-)?authtoken$/.test(name) || /^[A-Z0-9_]+$/.test(name) ||
        (SECRET_NAME_RE.test(name) && !isExcludedName(name.replace(/^.*[:/]/, "")));
      // A word alone (`ngrok authtoken followed by ...` in prose) is not a value.
      return named && !isReference(s) && !isRepeatedPlaceholder(s) && s.length >= 6 &&
        /[^A-Za-z]/.test(s) && !isSecretSource(s);
    },
  },
  {
    kind: "secret_pair",
    title: "Secret beside its quoted name in code",
    description:
      'A quoted name holding a secret word, then a quoted value: `define(\'DB_PASSWORD\', \'...\')`, `setenv("TOKEN", "...")`, `props.put("password", "...")`, PowerShell\'s `SetEnvironmentVariable("TOKEN", "...", "User")`; passwords of 6 or more characters with a non-letter, other secrets of 12 or more with letters and digits.',
    keywords: [...ASSIGNMENT_KEYWORDS, "api-key", "accesskey", "secretkey", "auth_key"],
    pattern: new RegExp(
      String
        .raw`(?<=["'])(?=(?<name>[A-Za-z0-9_.:\-]{3,96}))\k<name>\\{0,3}["'][ \t]{0,16},[ \t]{0,16}\\{0,3}(?<q>["'])(?<s>[^"'\\\r\n]{6,4096})\\{0,3}\k<q>(?![ \t]*,[ \t]*\\{0,3}["'](?!(?:User|Machine|Process)\\{0,3}["'][ \t]*\)))`,
      "i",
    ),
    lead: "A-Za-z0-9_.:\\-",
    rejectName: rejectAssignmentName,
    // The closing quote, `,` and a quoted value of six or more characters
    // (`compare(password, hash)` and `secret: x, retries: 3` fail it).
    follows: {
      quote: true,
      escapes: 3,
      blanks: 16,
      operators: ",",
      value: { blanks: 16, min: 6, quoted: true },
    },
    before: 64,
    after: 4300,
    priority: 1,
    minEntropy: 3,
    validate: pairValueValid,
  },
  {
    kind: "secret_pair",
    title: "Secret assigned to a quoted index in code",
    description:
      '`os.environ["API_KEY"] = "..."`, `ENV["TOKEN"] = "..."`, `headers["X-Api-Key"] = "..."`: a quoted index holding a secret word assigned a quoted value, with the same value checks; a bare value (`d[\'secret\'] = ...`) only when it is a random token (16 or more characters of both cases and digits, the class changing at a third of its characters or more, as a random draw does, not words joined).',
    keywords: [...ASSIGNMENT_KEYWORDS, "api-key", "accesskey", "secretkey", "auth_key"],
    pattern: new RegExp(
      String
        .raw`(?<=["'])(?=(?<name>[A-Za-z0-9_.:\-]{3,96}))\k<name>\\{0,3}["'][ \t]{0,16}\][ \t]{0,16}=[ \t]{0,16}(?:\\{0,3}(?<q>["'])(?<s>[^"'\\\r\n]{6,4096})\\{0,3}\k<q>(?![ \t]*,[ \t]*\\{0,3}["'])|(?<s>(?<bare>[A-Za-z0-9+/_=.~-]{16,256}))(?![A-Za-z0-9+/_=.~(\[-]))`,
      "i",
    ),
    lead: "A-Za-z0-9_.:\\-",
    rejectName: rejectAssignmentName,
    // The closing quote and `]` (an index assignment).
    follows: { quote: true, escapes: 3, blanks: 16, operators: "\\]" },
    before: 64,
    after: 4300,
    priority: 1,
    minEntropy: 3,
    validate: (s, g) =>
      g.bare === undefined ? pairValueValid(s, g) : isRandomToken(s) && pairValueValid(s, g),
  },
  {
    kind: "secret_pair",
    title: "Secret given as a variable's fallback in code",
    description:
      "`process.env.API_KEY || \"...\"`, `import.meta.env.VITE_TOKEN ?? '...'`, `ENV['DB_PASSWORD'] || '...'`: a name holding a secret word with a quoted fallback after `||` or `??`; the same value checks as a quoted pair.",
    keywords: FALLBACK_KEYWORDS,
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_])(?=(?<name>[A-Za-z0-9_]{3,96}))\k<name>(?:\\{0,3}["']\])?[ \t]{0,4}(?:\|\||\?\?)[ \t]{0,4}\\{0,3}(?<q>["'\x60])(?<s>[^"'\x60\\\r\n]{6,4096})\\{0,3}\k<q>`,
      "i",
    ),
    lead: "A-Za-z0-9_",
    // Every keyword ends with the `||` or `??`: a quote (or the backslash of an
    // escaped one) after at most four blanks (`!token || expired` fails it).
    tail: { blanks: 4, cls: String.raw`\\"'\x60`, min: 1 },
    before: 100,
    after: 4300,
    priority: 1,
    minEntropy: 3,
    validate: pairValueValid,
  },
  {
    kind: "generic_secret",
    title: "Secret in a YAML block scalar",
    description:
      "`password: |` or `api_key: >-` with the value on the next, indented line (a literal or folded block of one line), under a name with a secret word; the same value checks as a quoted pair.",
    keywords: ASSIGNMENT_KEYWORDS,
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_.\-](?<!\\[A-Za-z0-9_.\-]|\\u[0-9a-fA-F]{4}))(?=(?<name>[A-Za-z0-9_.\-]{3,96}))\k<name>(?:\\?["'])?[ \t]{0,16}:[ \t]{1,16}[|>][+-]?[1-9]?[ \t]{0,16}${NL}[ \t]{1,32}(?<s>[^\s#\\][^\s\\]{5,4095})(?=[ \t]*(?:${NL}|$))`,
    ),
    lead: "A-Za-z0-9_.\\-",
    rejectName: rejectAssignmentName,
    // The block indicator right after the colon.
    follows: {
      quote: true,
      escapes: 1,
      blanks: 16,
      operators: ":",
      value: { blanks: 16, min: 1, cls: "|>" },
    },
    before: 64,
    after: 4300,
    priority: 1,
    minEntropy: 3,
    validate: pairValueValid,
  },
  {
    kind: "name_value_secret",
    title: "Secret in a JSON name/value pair",
    description:
      '`{"name": "DB_PASSWORD", "value": "..."}` (ECS task definitions, API payloads, env lists as JSON) and `{"Name": "/prod/db/password", "Type": "SecureString", "Value": "..."}` (SSM parameters), `{"key": "api_key", "value": "..."}` (Postman environments) and `{"ParameterKey": "DBPassword", "ParameterValue": "..."}` (CloudFormation): the name, or its last path segment, holds a secret word; up to three other members may sit between.',
    keywords: ["name", "key", "parameterkey"].flatMap((
      k,
    ) => [`"${k}":`, `"${k}" :`, `\\"${k}\\":`, `\\\\\\"${k}\\\\\\":`]),
    pattern: new RegExp(
      String
        .raw`${JQ}(?:name|key|parameterkey)${JQ}[ \t]{0,8}:[ \t]{0,8}${JQ}(?=[A-Za-z0-9_./:\-]{0,200}?(?:pass|secret|token|key|cred|auth|pwd))(?<path>[A-Za-z0-9_./:\-]{0,200}?)(?<name>[A-Za-z0-9_.\-]{2,96})${JQ}[ \t]{0,8},${JWS}(?:${JQ}[A-Za-z]{1,30}${JQ}[ \t]{0,8}:[ \t]{0,8}(?:${JQ}[^"\\\r\n]{0,200}${JQ}|[0-9a-z]{1,20})[ \t]{0,8},${JWS}){0,3}${JQ}(?:value|parametervalue)${JQ}[ \t]{0,8}:[ \t]{0,8}${JQ}(?<s>[^"\\\r\n]{4,4096})${JQ}`,
      "i",
    ),
    after: 6000,
    priority: 2,
    validate: (s, g) => !/^(?:true|false|null)$/i.test(s) && nameValueValid(s, g),
  },
  {
    kind: "name_value_secret",
    title: "Secret in a CloudFormation parameter on the command line",
    description:
      "`--parameters ParameterKey=DBPassword,ParameterValue=...` (`aws cloudformation create-stack` / `update-stack`'s shorthand): the key holds a secret word; the value bare or quoted, up to the next `,` or blank.",
    keywords: ["parameterkey="],
    pattern: new RegExp(
      String
        .raw`ParameterKey=(?<name>[A-Za-z0-9_.\-]{2,96}),ParameterValue=(?:\\{0,3}"(?<s>[^"\\\r\n]{4,4096})\\{0,3}"|'(?<s>[^'\r\n]{4,4096})'|(?<s>[^\s,"'\\]{4,4096}))`,
      "i",
    ),
    after: 4300,
    priority: 2,
    validate: (s, g) => nameValueValid(s, g),
  },
  {
    kind: "sql_password",
    title: "Password in a SQL statement",
    description:
      "`IDENTIFIED BY '...'` (MySQL, Oracle; also `IDENTIFIED WITH <plugin> BY '...'`), `PASSWORD '...'` after `CREATE`/`ALTER USER` or `ROLE ... WITH` (PostgreSQL) and `SET PASSWORD [FOR user] = '...'`.",
    keywords: ["identified by", "identified with", "password '", "password e'", "set password"],
    // Each alternative opens with its word and only then looks back for the statement
    // (the same text either way): a start without the word fails on its first byte
    // instead of reading 200 bytes back.
    pattern: new RegExp(
      String
        .raw`IDENTIFIED(?<=(?:^|[^A-Za-z0-9_]|\\[nrt])(?:CREATE|ALTER|GRANT)\b[^;\r\n]{0,200}?IDENTIFIED)(?:[ \t]+WITH[ \t]+[A-Za-z0-9_]{1,64})?[ \t]+BY[ \t]+(?:PASSWORD[ \t]+)?(?:'(?<s>[^'\r\n]{1,256})'|\\{0,3}"(?<s>[^"\\\r\n]{1,256})\\{0,3}"|(?<s>[A-Za-z0-9_#$]{1,128})(?=[ \t]*(?:;|$|\r|\n|\\n|DEFAULT|QUOTA|ACCOUNT|PASSWORD|PROFILE)))|PASSWORD(?<=(?:^|[^A-Za-z0-9_]|\\[nrt])(?:WITH|ROLE|USER|LOGIN|ENCRYPTED|UNENCRYPTED)\b[^;\r\n]{0,200}?PASSWORD)[ \t]+E?'(?<s>[^'\r\n]{1,256})'|SET[ \t]+PASSWORD(?:[ \t]+FOR[ \t]+[^=\r\n;]{1,200}?)?[ \t]*=[ \t]*(?:PASSWORD[ \t]*\([ \t]*)?'(?<s>[^'\r\n]{1,256})'`,
      "i",
    ),
    before: 300,
    after: 600,
    priority: 2,
    validate: (s) => !isReference(s) && s.length >= 4,
  },
  {
    kind: "password_assignment",
    title: "Password directive in a server config",
    description:
      "`requirepass SECRET` and `masterauth SECRET` at the start of a line (Redis config; also a tool result's first line, opening a JSON string) or after `CONFIG SET`, quoted or bare.",
    keywords: ["requirepass", "masterauth"],
    pattern: new RegExp(
      String
        .raw`(?<=(?:^|[\r\n]|\\n|${JSON_STRING_OPENS}|CONFIG[ \t]+SET)[ \t]{0,16})(?:requirepass|masterauth)[ \t]{1,16}${CLI_VALUE}`,
      "i",
    ),
    after: 300,
    priority: 2,
    validate: (s) => !isReference(s) && s.length >= 4,
  },
  {
    kind: "env_secret",
    title: "Secret environment variable set with a blank",
    description:
      "`setx NAME value` (Windows), `set -gx NAME value` (fish) and a Dockerfile's `ENV NAME value` at the start of a line (or of a JSON string: a tool result's first line), NAME upper-case with a secret word.",
    keywords: [
      "setx ",
      "set -x ",
      "set -gx ",
      "set -xg ",
      "set -ux ",
      "set -xu ",
      "set -gux ",
      "env ",
    ],
    // The upper-case NAME after the blanks: `env python`, `env -i` and prose cost a byte test.
    tail: { blanks: 15, cls: "A-Z0-9_", min: 3 },
    pattern: new RegExp(
      String
        .raw`(?:(?<![A-Za-z0-9_-](?<!\\[A-Za-z0-9_-]))(?:setx|set[ \t]+-[A-Za-z]{1,4})|(?<=(?:^|[\r\n]|\\n|${JSON_STRING_OPENS})[ \t]{0,16})ENV)[ \t]{1,16}(?=(?<name>[A-Z][A-Z0-9_]{2,96}))\k<name>[ \t]{1,16}${
        assignedValue(3, ENV_BARE)
      }`,
    ),
    after: VALUE_MAX + 200,
    priority: 1,
    extend: ENV_BARE_TAIL,
    wrapped: WRAPPED_TAIL,
    validate: (s, g) => !isReference(s) && envValueValid(s, g),
  },
  {
    kind: "k8s_secret_data",
    title: "Kubernetes Secret data",
    description:
      "The values under `data:` / `stringData:` of a manifest with `kind: Secret` (before or after it in the same document, as `kubectl get secret -o yaml` prints it), redacted as one block.",
    keywords: [
      "kind: secret",
      "kind:secret",
      "kind: 'secret",
      'kind: "secret',
      "kind:'secret",
      'kind:"secret',
      'kind: \\"secret',
      'kind:\\"secret',
    ],
    // Anchored on the rare `kind: Secret`; the data block may sit on either side of it.
    anchor: "near",
    // One document: the data block within 4,000 bytes of the kind, no `kind:`, `---` or `apiVersion:` between.
    section: {
      marker: /kind:[ \t]{0,8}\\{0,3}["']?Secret\b/i,
      cut: /kind:|---|apiVersion:/,
      opens: /(?:stringD|d)ata:/,
      before: 4000,
      after: 4000,
    },
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]))(?:stringD|d)ata:[ \t]{0,8}${K8S_COMMENTS}${NL}(?<ind>[ \t]{1,16})[A-Za-z0-9_.-]{1,253}:[ \t]{1,8}${K8S_ESC_QUOTE}(?<s>${K8S_VALUE}(?:${K8S_ESC_QUOTE}${K8S_COMMENTS}${NL}\k<ind>[A-Za-z0-9_.-]{1,253}:[ \t]{1,8}${K8S_ESC_QUOTE}${K8S_VALUE}){0,64})`,
    ),
    before: 4000,
    after: 4000 + 24 * 1024,
    priority: 2,
    validate: (s) => s.length >= 4,
  },
  {
    kind: "k8s_secret_data",
    title: "Kubernetes Secret data (JSON)",
    description:
      'The values of the `"data"` / `"stringData"` map of a JSON object with `"kind": "Secret"` (`kubectl get secret -o json`, the API), before or after it in the same object, escaped or not, redacted as one block.',
    keywords: K8S_JSON_SECRET_KEYWORDS,
    anchor: "near",
    // One object: the data map within 28,000 bytes before the kind or 4,000 after it, no other
    // `"kind"` or `"apiVersion"` between (kubectl prints apiVersion first, data before kind).
    section: {
      marker: new RegExp(K8S_JSON_KIND),
      cut: new RegExp(K8S_JSON_CUT),
      opens: new RegExp(String.raw`${JQ}(?:stringD|d)ata${JQ}`),
      before: 28000,
      after: 4000,
    },
    pattern: new RegExp(
      String
        .raw`${JQ}(?:stringD|d)ata${JQ}${JWS}:${JWS}\{${JWS}${K8S_JSON_KEY}(?<s>${K8S_JSON_VALUE}(?:${JQ}${JWS},${JWS}${K8S_JSON_KEY}${K8S_JSON_VALUE}){0,64})${JQ}`,
    ),
    before: 28 * 1024,
    after: 4000 + 24 * 1024,
    priority: 2,
    validate: (s) => s.length >= 4,
  },
];
