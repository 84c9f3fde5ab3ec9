/**
 * Credentials written as arguments in code an agent writes or reads: a
 * user and password given to an HTTP client's basic authentication
 * (`requests.get(url, auth=("user", "pass"))`, `HTTPBasicAuth("user",
 * "pass")`, Go's `req.SetBasicAuth("user", "pass")`, Elasticsearch's
 * `basic_auth=(...)`), a password given to a .NET `NetworkCredential` or
 * `DirectoryEntry`, one in a Gradle `credentials { ... }` block, and a secret
 * given to a setter or builder (`setPassword("...")`). Spread into the main table
 * ({@linkcode SECRET_RULES}). Pure: data only.
 * @module
 */
import type { SecretRule } from "./rule.ts";

/** A quoted argument as group `g` (the quote possibly escaped, as in a transcript). */
function quotedArg(group: string, min: number): string {
  return String
    .raw`\\{0,3}(?:"(?<${group}>[^"\\\r\n]{${min},256})\\{0,3}"|'(?<${group}>[^'\\\r\n]{${min},256})\\{0,3}')`;
}

/** Between two arguments: a comma, with blanks or line breaks (raw or JSON-escaped) around it. */
const ARG_SEP = String.raw`(?:\s|\\[nrt]){0,40},(?:\s|\\[nrt]){0,40}`;

/** A C# string argument, verbatim (`@"..."`) or not. */
function csArg(group: string, min: number): string {
  return `@?${quotedArg(group, min)}`;
}

/** The last words of the setters the setter rule reads (lower case). */
const SETTER_WORDS = ["password", "passwd", "secret", "token", "apikey", "api_key"];

/** A shell or template reference, not a value. */
function isReference(value: string): boolean {
  return /^\$|^%[A-Za-z_]+%$|^\{\{/.test(value);
}

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
      'A quoted user and password given to an HTTP client\'s basic authentication: `auth=("user", "pass")` (requests, httpx; also `http_auth=`, `basic_auth=`), `HTTPBasicAuth("user", "pass")`, `BasicAuth(...)`, `SetBasicAuth(...)` (Go), `.basicAuth(...)`, `withBasicAuth(...)`; the password is redacted, variables are not values.',
    keywords: ["auth=(", "auth = (", "basicauth(", "basic_auth("],
    pattern: new RegExp(
      String
        .raw`(?:auth[ \t]{0,4}=[ \t]{0,4}\(|basic_?auth[ \t]{0,4}\()[ \t]{0,4}${
        quotedArg("user", 1)
      }[ \t]{0,4},[ \t]{0,4}${quotedArg("s", 4)}[ \t]{0,4}\)`,
      "i",
    ),
    after: 620,
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
    title: "Password given to a build script's credentials block",
    description:
      "`password 'SECRET'` / `password \"SECRET\"` opening a line or following `{` or `;`, as Gradle's Groovy DSL writes a repository's `credentials { username '...'; password '...' }`; `$`-interpolated values and placeholders are kept.",
    keywords: ["password '", 'password "', 'password \\"'],
    pattern: new RegExp(
      String
        .raw`(?<=(?:^|[\r\n{;]|\\[nr])[ \t]{0,64})password[ \t]{1,16}${
        quotedArg("s", 6)
      }(?=[ \t]*(?:$|[\r\n};]|\\[nr]|//))`,
    ),
    after: 300,
    priority: 2,
    validate: (s) => !s.includes("$") && /[A-Za-z]/.test(s) && /[^A-Za-z]/.test(s) && !/\s/.test(s),
  },
  {
    kind: "generic_secret",
    title: "Secret given to a setter or builder in code",
    description:
      '`ds.setPassword("...")`, `.withPassword("...")` (Testcontainers, JDBC builders), `client.set_password("...")`, `setApiKey("...")`, `withToken("...")`: a `set`/`with` method named for a password, secret, token or API key called with one quoted value; passwords of 6 or more characters with a non-letter, other secrets of 12 or more with letters and digits; variables are not values.',
    keywords: SETTER_WORDS.flatMap((w) => [`${w}("`, `${w}('`, `${w}(\\"`]),
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_])(?:set|with)_?(?<name>[A-Za-z0-9_]{0,40}?(?:password|passwd|secret|token|api_?key))\([ \t]{0,4}${
        quotedArg("s", 6)
      }[ \t]{0,4}\)`,
      "i",
    ),
    before: 60,
    after: 300,
    priority: 2,
    validate: (s, g) =>
      !isReference(s) && !/\s/.test(s) && /[A-Za-z]/.test(s) &&
      (/pass/i.test(g.name ?? "") ? /[^A-Za-z]/.test(s) : s.length >= 12 && /[0-9]/.test(s)),
  },
];
