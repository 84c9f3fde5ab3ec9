/**
 * Credentials written as arguments in code an agent writes or reads: a
 * user and password given to an HTTP client's basic authentication
 * (`requests.get(url, auth=("user", "pass"))`, `HTTPBasicAuth("user",
 * "pass")`, Go's `req.SetBasicAuth("user", "pass")`, Elasticsearch's
 * `basic_auth=(...)`), a password given to a .NET `NetworkCredential` or
 * `DirectoryEntry`, one in a Gradle `credentials { ... }` block, and a secret
 * given to a setter or builder (`setPassword("...")`); a literal compared
 * with a password or secret (`if password == "..."`: a secret written in
 * code) and one given to a secret's name in a multiple assignment (`user,
 * pass := "admin", "..."`). Spread into the main table
 * ({@linkcode SECRET_RULES}). Pure: data only.
 * @module
 */
import { repeatsName } from "./code_values.ts";
import { shannonEntropy } from "./checks.ts";
import { isExcludedName, isLookAlikeValue, opensWithTemplate } from "./filters.ts";
import type { SecretRule } from "./rule.ts";
import { quotedValue } from "./quoted.ts";

/** A quoted argument as group `g` (the quote possibly escaped, as in a transcript; an escaped quote inside read as part of it). */
function quotedArg(group: string, min: number): string {
  return `(?:${quotedValue(group, min, 256)}|${String
    .raw`\\{1,3}'(?<${group}>[^'\\\r\n]{${min},256})\\{1,3}'`})`;
}

/** Between two arguments: a comma, with blanks or line breaks (raw or JSON-escaped) around it. */
const ARG_SEP = String.raw`(?:\s|\\[nrt]){0,40},(?:\s|\\[nrt]){0,40}`;

/** A C# string argument, verbatim (`@"..."`) or not. */
function csArg(group: string, min: number): string {
  return `@?${quotedArg(group, min)}`;
}

/** The last words of the setters the setter rule reads (lower case). */
const SETTER_WORDS = ["password", "passwd", "secret", "token", "apikey", "api_key"];

/** The builder methods the builder rule reads (lower case, as the keyword pass matches them). */
const BUILDER_WORDS = [
  "apikey",
  "api_key",
  "accesstoken",
  "access_token",
  "authtoken",
  "password",
  "clientsecret",
  "client_secret",
  "secretkey",
  "bearer_auth",
];

/** A shell or template reference, not a value. */
/**
 * A value given to a setter or builder named for a secret: no reference or blank, some
 * letters; under a password name a non-letter too, else 12 or more with a digit.
 */
function isCalledWithSecret(value: string, name: string | undefined): boolean {
  return !isReference(value) && !/\s/.test(value) && /[A-Za-z]/.test(value) &&
    (/pass/i.test(name ?? "")
      ? /[^A-Za-z]/.test(value)
      : value.length >= 12 && /[0-9]/.test(value));
}

function isReference(value: string): boolean {
  return /^\$|^%[A-Za-z_]+%$/.test(value) || opensWithTemplate(value);
}

/** The last part of a name that holds a password. */
const PASSWORD_END = /(?:password|passwd|passphrase)$/i;
/** A last part ending in pass or pwd after a separator or a case change (`db_pass`, `smtpPwd`), not inside a word. */
const PASS_END = {
  test: (n: string) =>
    /^(?:pass|pwd)$|[_.-](?:pass|pwd)$/i.test(n) || /[a-z0-9](?:Pass|Pwd|PASS|PWD)$/.test(n),
};
/** The last part of a name that holds another secret. */
const SECRET_END =
  /(?:secret|token|api_?key|apikey|access_?key|private_?key|secret_?key|auth_?key|signing_?key|encryption_?key|master_?key|credentials?)$/i;

/** Words code compares a password or token with that are not one (`typeof x === "string"`). */
const CODE_WORDS =
  /^(?:string|number|boolean|object|function|undefined|null|none|nil|true|false|bearer|basic|empty|invalid|missing|unknown|default|required|hidden|text|password|secret|token)$/i;

/** True when the last part of `name` holds a password (not another secret). */
function isPasswordName(name: string): boolean {
  const last = name.split(/\.|->/).pop() ?? "";
  return PASSWORD_END.test(last) || PASS_END.test(last);
}

/**
 * A literal given to, or compared with, a name that holds a secret: under a
 * password name 6 or more characters with a letter or digit and no blank
 * (a non-letter among them under a `pass` or `pwd` name, which also ends
 * words of code); under another secret's name 12 or more with a letter and
 * a digit (or 24 or more letters); not a code word, reference or look-alike
 * (a password of digits alone is one).
 * @param name The name the literal is given to (its last part is read).
 * @param value The literal.
 * @returns True when the literal is a secret under that name.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { literalForName } from "./rules_code.ts";
 * assert.ok(literalForName("db_password", "Zk3mP9qLw2"));
 * assert.ok(!literalForName("db_password", "password"));
 * ```
 */
export function literalForName(name: string, value: string): boolean {
  const last = name.split(/\.|->/).pop() ?? "";
  if (isExcludedName(last) || /\s/.test(value) || CODE_WORDS.test(value) || isReference(value)) {
    return false;
  }
  if (PASSWORD_END.test(last) || PASS_END.test(last)) {
    if (value.length < 6 || !/[A-Za-z0-9]/.test(value)) return false;
    if (!PASSWORD_END.test(last) && !/[^A-Za-z]/.test(value)) return false;
    return /^[0-9]+$/.test(value) ? shannonEntropy(value) >= 2.3 : !isLookAlikeValue(value);
  }
  return SECRET_END.test(last) && value.length >= 12 && /[A-Za-z]/.test(value) &&
    (/[0-9]/.test(value) || value.length >= 24) &&
    (!isLookAlikeValue(value) || isHexUnderPrefixedName(last, value)) &&
    shannonEntropy(value) >= 3;
}

/**
 * A credential's name with a vendor or role before it (`stripeApiKey`,
 * `MAILGUN_API_KEY`, `slackAccessToken`): many vendors issue their keys as
 * hex, which a bare `token` or `secret` would hold as a digest.
 */
const PREFIXED_KEY_NAME =
  /^[A-Za-z][A-Za-z0-9]{1,40}_?(?:api_?key|access_?token|auth_?token|secret_?key|client_?secret|private_?key)$/i;

/** 32 or more hex under a prefixed credential name: a key, not a digest. */
function isHexUnderPrefixedName(name: string, value: string): boolean {
  return PREFIXED_KEY_NAME.test(name) && /^[0-9a-fA-F]{32,128}$/.test(value) &&
    /[a-fA-F]/.test(value);
}

/** The words a name that holds a secret ends in, as the code literal rules read them. */
const SECRET_WORDS = [
  "password",
  "passwd",
  "passphrase",
  "pwd",
  "pass",
  "secret",
  "token",
  "apikey",
  "api_key",
  "access_key",
];

/** Keywords of the comparison rule with the name first: each secret word and the comparison after it. */
const COMPARE_KEYWORDS = SECRET_WORDS.flatMap((w) => [
  `${w} ==`,
  `${w}==`,
  `${w} !=`,
  `${w}!=`,
]);

/** Keywords of the comparison rule with the literal first: the comparison and a secret word after it. */
const COMPARED_KEYWORDS = SECRET_WORDS.flatMap((w) => [
  `== ${w}`,
  `==${w}`,
  `!= ${w}`,
  `!=${w}`,
  `.equals(${w}`,
  `${w}.equals(`,
]);

/** The last words of a C or C++ name the array and constructor rule reads (`secret_key[]`). */
const C_NAME_WORDS = [...SECRET_WORDS, "key"];

/**
 * Keywords of the typed declaration rule: a string type and the `=` after
 * it (`var apiToken string = "..."`, `apiKey: String = "..."`, `token: &str = "..."`).
 */
const TYPED_KEYWORDS = ["string =", "string=", "str =", "str="];

/** True when no comparison or multiple assignment with this name (a run of name characters) holds a secret. */
function rejectLiteralName(name: string): boolean {
  const last = name.split(".").pop() ?? "";
  return !(PASSWORD_END.test(last) || PASS_END.test(last) || SECRET_END.test(last)) ||
    isExcludedName(last);
}

/** A quoted literal as group `s`, its quote possibly escaped (a transcript's JSON). */
function literal(min: number): string {
  return `(?:${quotedArg("s", min)}|${String.raw`\x60(?<s>[^\x60\\\r\n]{${min},256})\x60`})`;
}

/** Any value of a list on the right of a multiple assignment: a literal, a number or a name. */
const LIST_VALUE = String
  .raw`(?:\\{0,3}"[^"\\\r\n]{0,256}\\{0,3}"|'[^'\\\r\n]{0,256}'|\x60[^\x60\\\r\n]{0,256}\x60|[A-Za-z0-9_.]{1,64})`;
/** Not inside a name (a JSON escape such as the `\\n` of a line break may come right before). */
const NAME_START = String.raw`(?<![A-Za-z0-9_$.](?<!\\[A-Za-z0-9_]))`;
/** {@linkcode NAME_START} for a member's last part (`user.password`, `$this->token`). */
const PART_START = String.raw`(?<![A-Za-z0-9_$](?<!\\[A-Za-z0-9_]))`;
/** A comma between the names or values of a multiple assignment. */
const LIST_SEP = String.raw`[ \t]{0,4},[ \t]{0,4}`;
/** A name of a multiple assignment that holds a secret (`pass`, `self.db_password`, `apiToken`). */
const LIST_SECRET_NAME = String
  .raw`(?:[A-Za-z_][A-Za-z0-9_]{0,63}\.){0,2}[A-Za-z0-9_]{0,40}?(?:password|passwd|passphrase|pwd|pass|secret|token|api_?key|apikey|access_?key)(?![A-Za-z0-9_])`;
/** A plain name of a multiple assignment (`user`, `self.password`). */
const LIST_NAME = String.raw`[A-Za-z_][A-Za-z0-9_]{0,63}(?:\.[A-Za-z_][A-Za-z0-9_]{0,63}){0,2}`;

/**
 * `a, b := "x", "y"` (Go), `a, b = "x", "y"` (Python, Ruby, Lua): the
 * secret name at place `i` of `i + j + 1` names (the names before it read
 * behind) takes the value at the same place. Up to four names. The match
 * begins at the secret name, so the engine tries it once, where its name begins.
 */
function multipleAssignment(): string {
  // Two groups, each opened by a one-step test, so a single assignment (`password = x`,
  // `password: x`) fails at once: the secret name last (a comma right before it) or not
  // (a comma right after it).
  const last: string[] = [];
  const inner: string[] = [];
  for (let i = 0; i <= 3; i++) {
    for (let j = 0; i + j <= 3; j++) {
      if (i + j === 0) continue;
      (j === 0 ? last : inner).push(
        String.raw`(?<=${NAME_START}(?<!,[ \t]{0,4})(?:${LIST_NAME}${LIST_SEP}){${i}})` +
          `(?<name>${LIST_SECRET_NAME})(?:${LIST_SEP}${LIST_NAME}){${j}}` +
          String.raw`[ \t]{0,4}:?=(?!=)[ \t]{0,4}` +
          `(?:${LIST_VALUE}${LIST_SEP}){${i}}${literal(6)}(?:${LIST_SEP}${LIST_VALUE}){${j}}`,
      );
    }
  }
  return String.raw`${NAME_START}(?:(?<=,[ \t]{0,4})(?:${last.join("|")})` +
    // The names up to the operator, at most three after this one, read ahead once: a list
    // with no `=` after it (`password, password, ...` of prose) fails here, not in each branch.
    String
      .raw`|(?=[A-Za-z0-9_.]{1,200}(?:[ \t]{0,4},[ \t]{0,4}[A-Za-z0-9_.]{1,200}){1,3}[ \t]{0,4}:?=(?!=))(?:${
      inner.join("|")
    }))` +
    String.raw`(?=[ \t]*(?:$|[\r\n;)}#]|\\[nr]|//))`;
}

/**
 * What every multiple assignment holds from its match's start (the secret
 * name, or the first name when the secret's is not the last): up to four
 * runs of name characters, each at most 200 long (longer than a list name
 * or the secret's can be), separated by commas, then `=` or `:=`. Most hits
 * of the rule's keywords are arguments and lists (`compare(password,
 * hash)`, `{ apiKey: API_KEY, secret: ... }`), which this rejects at their
 * first `(`, `:` or `}` instead of the 9,000-character pattern.
 */
const MULTI_ASSIGN_AHEAD =
  /[A-Za-z0-9_.]{1,200}(?:[ \t]{0,4},[ \t]{0,4}[A-Za-z0-9_.]{1,200}){0,3}[ \t]{0,4}:?=(?!=)/;

/**
 * Keywords of the multiple assignment rule: a secret word and the comma or
 * Go's `:=` after it (a plain word would hit every `token` of a transcript;
 * `password =` every assignment, and prose: a Python or Ruby list whose
 * last name holds the secret is not read).
 */
const MULTI_ASSIGN_KEYWORDS = SECRET_WORDS.flatMap((w) => [`${w},`, `${w} ,`, `${w} :=`, `${w}:=`]);

/**
 * The code rules.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CODE_RULES } from "./rules_code.ts";
 * assert.ok(CODE_RULES.some((r) => r.kind === "basic_auth"));
 * ```
 */
export const CODE_RULES: readonly SecretRule[] = [
  {
    kind: "basic_auth",
    title: "HTTP Basic credentials in code",
    description:
      'A quoted user and password given to an HTTP client\'s basic authentication: `auth=("user", "pass")` (requests, httpx; also `http_auth=`, `basic_auth=`), `HTTPBasicAuth("user", "pass")`, `BasicAuth(...)`, `SetBasicAuth(...)` (Go), `.basicAuth(...)`, `withBasicAuth(...)`, Rust\'s `.basic_auth("user", Some("pass"))`; the password is redacted, variables are not values.',
    keywords: ["auth=(", "auth = (", "basicauth(", "basic_auth("],
    pattern: new RegExp(
      String
        .raw`(?:auth[ \t]{0,4}=[ \t]{0,4}\(|basic_?auth[ \t]{0,4}\()[ \t]{0,4}${
        quotedArg("user", 1)
      }[ \t]{0,4},[ \t]{0,4}(?:Some\([ \t]{0,4}${quotedArg("s", 4)}[ \t]{0,4}\)|${
        quotedArg("s", 4)
      })[ \t]{0,4}\)`,
      "i",
    ),
    after: 640,
    priority: 2,
    validate: (s, g) => !isReference(s) && s !== g.user,
  },
  {
    kind: "password_assignment",
    title: "Password given positionally to a database connection",
    description:
      'The quoted third argument of JDBC\'s `DriverManager.getConnection(url, "user", "pass")` and of `new Sequelize("db", "user", "pass", ...)` (the URL or database a literal or a variable), its arguments possibly on several lines; variables are not values.',
    keywords: ["getconnection(", "sequelize("],
    pattern: new RegExp(
      String
        .raw`(?:getConnection\((?:\s|\\[nrt]){0,40}(?:${
        quotedArg("url", 1)
      }|[A-Za-z_$][\w.$]{0,80})|new[ \t]+Sequelize\((?:\s|\\[nrt]){0,40}(?:${
        quotedArg("db", 1)
      }|[A-Za-z_$][\w.$]{0,80}))${ARG_SEP}${quotedArg("user", 1)}${ARG_SEP}${
        quotedArg("s", 4)
      }(?=(?:\s|\\[nrt]){0,40}[,)])`,
    ),
    // `new ` opens before the `sequelize(` keyword.
    before: 12,
    after: 1100,
    priority: 2,
    validate: (s, g) => !isReference(s) && s !== g.user,
  },
  {
    kind: "password_assignment",
    title: "Password given to a .NET credential constructor",
    description:
      'The quoted password of `new NetworkCredential("user", "pass")` (and its domain form) or `new DirectoryEntry("LDAP://...", "user", "pass")`, in C# or PowerShell, its arguments possibly on several lines; variables are not values.',
    keywords: ["networkcredential(", "directoryentry("],
    pattern: new RegExp(
      String
        .raw`(?:NetworkCredential\((?:\s|\\[nrt]){0,40}${
        csArg("user", 1)
      }|DirectoryEntry\((?:\s|\\[nrt]){0,40}${csArg("path", 1)}${ARG_SEP}${
        csArg("user", 1)
      })${ARG_SEP}${csArg("s", 4)}(?=(?:\s|\\[nrt]){0,40}[,)])`,
      "i",
    ),
    after: 1100,
    priority: 2,
    validate: (s, g) => !isReference(s) && s !== g.user,
  },
  {
    kind: "password_assignment",
    title: "Password given to a build script's credentials or signing block",
    description:
      "`password 'SECRET'` / `password \"SECRET\"` opening a line or following `{` or `;`, as Gradle's Groovy DSL writes a repository's `credentials { username '...'; password '...' }` and an Android signing config's `storePassword` / `keyPassword`; `$`-interpolated values and placeholders are kept.",
    keywords: ["password '", 'password "', 'password \\"'],
    pattern: new RegExp(
      String
        .raw`(?<=(?:^|[\r\n{;]|\\[nr])[ \t]{0,64})(?:storeP|keyP|p)assword[ \t]{1,16}${
        quotedArg("s", 6)
      }(?=[ \t]*(?:$|[\r\n};]|\\[nr]|//))`,
    ),
    // `storePassword` and `keyPassword` open before the keyword.
    before: 5,
    after: 300,
    priority: 2,
    validate: (s) => !s.includes("$") && /[A-Za-z]/.test(s) && /[^A-Za-z]/.test(s) && !/\s/.test(s),
  },
  {
    kind: "generic_secret",
    title: "Secret given to a setter or builder in code",
    description:
      '`ds.setPassword("...")`, `.withPassword("...")` (Testcontainers, JDBC builders), `client.set_password("...")`, `setApiKey("...")`, `withToken("...")`: a `set`/`with` method named for a password, secret, token or API key called with one quoted value; passwords of 6 or more characters with a non-letter, other secrets of 12 or more with letters and digits; variables are not values.',
    keywords: SETTER_WORDS.flatMap((w) => [`${w}("`, `${w}('`, `${w}(\\"`, `${w}(\\\\\\"`]),
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]))(?:set|with)_?(?<name>[A-Za-z0-9_]{0,40}?(?:password|passwd|secret|token|api_?key))\([ \t]{0,4}${
        quotedArg("s", 6)
      }[ \t]{0,4}\)`,
      "i",
    ),
    before: 60,
    after: 300,
    priority: 2,
    validate: (s, g) => isCalledWithSecret(s, g.name),
  },
  {
    kind: "generic_secret",
    title: "Secret given to a builder method named for it",
    description:
      '`.apiKey("...")`, `.accessToken("...")`, `.password("...")`, `.clientSecret("...")` of a client builder, Rust\'s `.bearer_auth("...")`: a method named for the secret, called on an object with one quoted value; passwords of 6 or more characters with a non-letter, other secrets of 12 or more with letters and digits; variables are not values.',
    keywords: BUILDER_WORDS.flatMap((w) => [
      `.${w}("`,
      `.${w}('`,
      `.${w}(\\"`,
      `.${w}(\\\\\\"`,
    ]),
    pattern: new RegExp(
      String.raw`\.(?<name>${BUILDER_WORDS.join("|")})\([ \t]{0,4}${quotedArg("s", 6)}[ \t]{0,4}\)`,
      "i",
    ),
    after: 300,
    priority: 2,
    validate: (s, g) => isCalledWithSecret(s, g.name),
  },
  {
    kind: "generic_secret",
    title: "Objective-C or C# verbatim string under a secret's name",
    description:
      '`NSString *apiKey = @"...";` (Objective-C) and `string password = @"...";` (C# verbatim): an `@`-string given to a name that holds a password or another secret, an escaped quote inside (`\\"`, `""`) kept in the value; passwords of 6 or more characters, other secrets of 12 or more with letters and digits.',
    keywords: ['= @"', '=@"', '= @\\"', '=@\\"', '= @\\\\\\"', '=@\\\\\\"'],
    pattern: new RegExp(
      String
        .raw`${NAME_START}(?<name>[A-Za-z_][A-Za-z0-9_]{0,63})[ \t]{0,4}=[ \t]{0,4}@(?:"(?<s>(?:[^"\\\s]|""|\\[^\s]){4,256})"|\\{1,3}"(?<s>(?:[^"\\\s]|\\{1,3}"\\{1,3}"|\\{2,6}[^\s]){4,256})\\{1,3}")`,
    ),
    before: 72,
    after: 600,
    priority: 2,
    validate: (s, g) => literalForName(g.name ?? "", s),
  },
  {
    kind: "generic_secret",
    title: "Password or secret in a multiple assignment",
    description:
      '`user, pass := "admin", "..."` (Go), `user, password = "admin", "..."` (Python, Ruby, Lua), up to four names: the literal at the place of a name that holds a password or another secret is redacted (6 or more characters under a password name, 12 or more with letters and digits under another secret name); names and calls on the right are not values.',
    keywords: MULTI_ASSIGN_KEYWORDS,
    pattern: new RegExp(multipleAssignment(), "i"),
    lead: "A-Za-z0-9_.",
    rejectName: rejectLiteralName,
    ahead: MULTI_ASSIGN_AHEAD,
    follows: { quote: false, escapes: 0, blanks: 4, operators: ",:=" },
    before: 140,
    after: 1400,
    priority: 2,
    validate: (s, g) => literalForName(g.name ?? "", s),
  },
  ...codeLiteralRules("password_assignment", "a password", true),
  ...codeLiteralRules("generic_secret", "a secret, token or API key", false),
];

/**
 * The comparison rules for names that hold a password (`password`) or
 * another secret (the rest): the same patterns, each kind taking its own names.
 */
function codeLiteralRules(kind: string, what: string, password: boolean): SecretRule[] {
  const forName = (s: string, g: Readonly<Record<string, string | undefined>>) =>
    isPasswordName(g.name ?? "") === password && literalForName(g.name ?? "", s);
  return [
    {
      kind,
      title: `Literal given to ${what} declared with a string type`,
      description:
        `\`var apiToken string = "..."\` (Go), \`const dbPassword: string = "..."\` (TypeScript), \`api_key: str = "..."\` (Python), \`val apiKey: String = "..."\` (Kotlin, Swift), \`let token: &str = "..."\` (Rust): the literal given to a name that holds ${what} (6 or more characters under a password name, 12 or more with letters and digits under another secret's).`,
      keywords: TYPED_KEYWORDS,
      pattern: new RegExp(
        String
          .raw`${PART_START}(?<name>[A-Za-z_$][A-Za-z0-9_$]{0,63})(?:[ \t]{0,4}:[ \t]{0,4}|[ \t]{1,4})(?:&(?:'static[ \t]{1,4})?)?(?:string|str)[ \t]{0,4}=(?!=)[ \t]{0,4}${
          literal(4)
        }`,
        "i",
      ),
      before: 90,
      after: 300,
      priority: 1,
      validate: forName,
    },
    {
      kind,
      title: `Literal defined as ${what} in C`,
      description:
        `\`#define WIFI_PASSWORD "..."\`, \`#define API_KEY "..."\` (C, C++, Arduino sketches), \`char secret[25] = "..."\` and \`static const char api_key[] = "..."\` (an array), \`std::string password("...")\` and \`String apiToken{"..."}\` (a constructor): the literal given to a name that holds ${what}, with the checks of the typed declaration.`,
      keywords: [
        "#define ",
        "# define ",
        // The name's last word and what follows it: an array's `[` or a constructor's `("` / `{"`.
        ...C_NAME_WORDS.flatMap((
          w,
        ) => [`${w}[`, `${w} [`, `${w}("`, `${w}{"`, `${w}(\\"`, `${w}{\\"`]),
      ],
      pattern: new RegExp(
        String
          .raw`#[ \t]{0,4}define[ \t]{1,8}(?<name>[A-Za-z_][A-Za-z0-9_]{0,63})[ \t]{1,16}(?:L|u8|u|U)?${
          literal(4)
        }|(?<=${PART_START}(?<pre>[A-Za-z0-9_]{0,63}))(?<word>${
          C_NAME_WORDS.join("|")
        })(?:[ \t]{0,4}\[[A-Za-z0-9_ +*]{0,16}\][ \t]{0,4}=[ \t]{0,4}(?:L|u8|u|U|@)?${
          literal(4)
        }|(?<=(?:std::)?(?:w?string|String|QString|CString|auto)[ \t]{1,8}[A-Za-z0-9_]{1,80})[({][ \t]{0,4}(?:L|u8|u|U)?${
          literal(4)
        }[ \t]{0,4}[)}])`,
        "i",
      ),
      after: 400,
      priority: 1,
      // A header that names a constant by its own text (`#define SN_pkcs9_challengePassword
      // "challengePassword"` of OpenSSL's obj_mac.h) defines no secret.
      validate: (s, g) =>
        !repeatsName(s, g.name ?? `${g.pre}${g.word}`) &&
        forName(s, g.word === undefined ? g : { ...g, name: `${g.pre}${g.word}` }),
    },
    {
      kind,
      title: `Literal compared with ${what} in code`,
      description:
        `\`if password == "..."\`, \`token !== '...'\`: a literal compared with a name that holds ${what} is that secret written in code (6 or more characters under a password name, 12 or more with letters and digits under another secret's); type names, empty strings, references and placeholders are kept.`,
      keywords: COMPARE_KEYWORDS,
      pattern: new RegExp(
        String
          .raw`${PART_START}(?=(?<name>[A-Za-z_$][A-Za-z0-9_$]{0,63}))\k<name>(?:[ \t]{0,4}(?:===?|!==?)[ \t]{0,4}|\.equals\([ \t]{0,4})${
          literal(4)
        }`,
      ),
      lead: "A-Za-z0-9_$",
      rejectName: rejectLiteralName,
      follows: { quote: false, escapes: 0, blanks: 4, operators: "=!." },
      before: 64,
      after: 400,
      priority: 1,
      validate: forName,
    },
    {
      kind,
      title: `Literal compared with ${what} in code, the literal first or by equals()`,
      description:
        `\`"..." == password\`, \`'...' !== token\`, \`"...".equals(password)\`, \`password.equals("...")\`: as the comparison with the name first.`,
      keywords: COMPARED_KEYWORDS,
      pattern: new RegExp(
        String.raw`${literal(4)}(?:[ \t]{0,4}(?:===?|!==?)[ \t]{0,4}|\.equals\([ \t]{0,4})` +
          String
            .raw`(?:[A-Za-z_$][A-Za-z0-9_$]{0,63}(?:\.|->)){0,4}(?<name>[A-Za-z_$][A-Za-z0-9_$]{0,63})(?![A-Za-z0-9_$(])` +
          String
            .raw`|${PART_START}(?<name>[A-Za-z_$][A-Za-z0-9_$]{0,63})\.equals\([ \t]{0,4}${
            literal(4)
          }`,
      ),
      before: 270,
      after: 400,
      priority: 1,
      validate: forName,
    },
  ];
}
