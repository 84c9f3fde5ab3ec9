/**
 * Bare values that code, prose and test logs put after a secret-like name
 * and that are none: a function called (`passwd = fallback_getpass(...)`),
 * a name that itself names the credential (`password: hasPassword,`,
 * `self.passwd = password_mgr`, `tokenSplitRegex: O200K_TOKEN_SPLIT_REGEX`),
 * a word a sentence goes on from (`/etc/security/passwd: Permission
 * denied`), C++'s scope operator (`strlen_pass::handle_assign`) and a test
 * runner's verdict line (`PASS: x86_64`, `--- PASS: TestParse/empty`).
 * The assignment rules ask these of a bare (unquoted) value only: inside
 * quotes the same characters are a literal. Pure: no I/O.
 * @module
 */

/** Words that name a credential, as whole words of an identifier (lower case). */
const CREDENTIAL_WORDS = new Set([
  "password",
  "passwd",
  "pass",
  "pwd",
  "passphrase",
  "secret",
  "secrets",
  "token",
  "auth",
  "key",
  "apikey",
  "credential",
  "credentials",
]);

/** A chain of identifiers joined by `.`, `?.`, `->` or `::` (no other character). */
const IDENTIFIER_CHAIN = /^[A-Za-z_$][\w$]*(?:(?:\?\.|\.|->|::)[A-Za-z_$][\w$]*)*$/;

/** What code calls: names joined by member access or a ternary's `?` and `:` (`n?e.slice`). */
const CALLED_EXPRESSION = /^[A-Za-z_$][\w$]*(?:(?:\?\.|\.|->|::|\?|:)[A-Za-z_$][\w$]*)*$/;

/** One word of an identifier: a capitalised or one-case run of letters, or a number. */
const WORD = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g;

/**
 * True when the words of one part of a name mix digits or cases in as a
 * random password does, not as a name does: letter words averaging under
 * three letters (`LSxIqEYB`), a word no language spells (`wkgkwWfhbj`),
 * three runs of digits or more (`Tr0ub4dor3`,
 * `J8F3K2L9`), or a run of digits followed by a word with lower-case letters
 * when the run has two digits or more, is not the part's only one or
 * follows a word with lower-case letters too (`Winter2024Pass`,
 * `Pass15Monkey`, `Gq7Rt2Vw`, `oauth2Token`: a human password's shape
 * outweighs a name's). Names keep a number at their end or before a capital
 * (`SOCKS5`, `O200K`, `X509V3`). A name `called` may hold one run anywhere
 * (`b64encode(`, `hmacSha256Hex(`): a password rarely meets a `(`.
 */
function mixesDigits(words: readonly string[], called = false): boolean {
  const runs = words.filter((w) => /^\d/.test(w)).length;
  if (runs >= 3) return true;
  // Cases flipping every letter or two (`LSxIqEYBnru`, `itPJvgMW`): three words or more
  // of letters averaging under three letters. Names run longer (`getElementById`).
  const letters = words.filter((w) => !/^\d/.test(w));
  if (letters.length >= 3 && letters.join("").length < 3 * letters.length) return true;
  // A word no language spells: six consonants in a row, or five lower-case letters or more
  // without a vowel (`TDJAFSHZWRK`, `wkgkw`; `HTTPS` and `strlen` are names).
  const unspelt = (w: string) =>
    /[b-df-hj-np-tv-xz]{6}/i.test(w) ||
    (/[a-z]{4}/.test(w) && !/[aeiouy]/i.test(w) && w.length >= 5);
  if (letters.some(unspelt)) return true;
  // Two digit runs in a long part (`SP97QYWAGY0LWQ`; `X509V3` is short).
  if (runs >= 2 && words.join("").length >= 10) return true;
  // What code calls names its encodings so (`b64encode(`, `hmacSha256Hex(`).
  if (called) return false;
  return words.some((w, i) =>
    /^\d/.test(w) && i + 1 < words.length && /[a-z]/.test(words[i + 1]!) &&
    (w.length >= 2 || runs >= 2 || (i > 0 && /[a-z]/.test(words[i - 1]!)))
  );
}

/**
 * Whether every part of a chain of names reads as words: no lower-case
 * letter stands alone after a part's first word (`Xk9q2Lm7` is random) and
 * digits are not mixed in as a password's ({@linkcode mixesDigits}; of a
 * name `called`, only three digit runs or two in a long part count). Of a
 * name `called`, a numeronym (`i18n.t(...)`, `k8s.read(...)`, `a11y`: a
 * letter, the count of letters left out, a letter) is a word.
 */
function isNameLike(value: string, called = false): boolean {
  return value.split(/\?\.|\.|->|::|[?:_$]+/).every((part) => {
    if (called && /^[a-z]\d{1,2}[a-z]$/.test(part)) return true;
    const w = part.match(WORD) ?? [];
    return !w.some((t, i) => i > 0 && /^[a-z]$/.test(t)) && !mixesDigits(w, called);
  });
}

/**
 * True when a bare value is an identifier that names a credential rather
 * than holding one: a chain of code names one of whose words is a
 * credential word (`hasPassword`, `password_mgr`, `result.groups?.password`,
 * `SOCKS5_CUSTOM_AUTH_END`). A value whose last word is a number
 * (`MyPassword_2024`, `Secret123`) or where a lower-case letter stands alone
 * between other words (`s3cr3t_Pass`, `aKx9_token`: random runs) is a value.
 * @param value The bare value.
 * @returns Whether it reads as a name in code.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isCredentialName } from "./code_values.ts";
 * assert.ok(isCredentialName("hasPassword"));
 * assert.ok(isCredentialName("result.groups?.password"));
 * assert.ok(!isCredentialName("MyPassword_2024"));
 * assert.ok(!isCredentialName("Xk9q_token_Lm2z"));
 * ```
 */
export function isCredentialName(value: string): boolean {
  if (!IDENTIFIER_CHAIN.test(value)) return false;
  const parts = value.split(/\?\.|\.|->|::|[_$]+/).filter((p) => p !== "");
  const words: string[] = [];
  for (const part of parts) {
    const w = part.match(WORD) ?? [];
    // A lone lower-case letter after the part's first word, or a part of more than eight
    // words, is a random run, not a name (`aKx9q`, `Xk9q`).
    if (w.some((t, i) => i > 0 && /^[a-z]$/.test(t))) return false;
    if (w.length > 8 || mixesDigits(w)) return false;
    words.push(...w);
  }
  if (words.length < 2 || /^\d+$/.test(words[words.length - 1]!)) return false;
  return words.some((w) => CREDENTIAL_WORDS.has(w.toLowerCase()));
}

/**
 * True when a bare value after a secret-like name is code or prose, not a
 * value: it is called (`next` is `(`: an identifier, a member chain or a
 * ternary of names followed by an opening parenthesis), it is a chain of
 * assignments between names one of which names a credential (minified
 * code), it names a credential ({@linkcode isCredentialName}), it
 * opens with `:` (C++'s `name::member` read as `name:` and `:member`), or it
 * is one word of letters a sentence goes on from (`next` is blanks and a
 * letter: `passwd: Permission denied`).
 * @param value The bare value.
 * @param next What the pattern saw right after it: `(`, `>`, blanks and a letter or an
 * operator, or nothing.
 * @returns Whether the assignment rules must skip it.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isCodeOrProseValue } from "./code_values.ts";
 * assert.ok(isCodeOrProseValue("fallback_getpass", "("));
 * assert.ok(isCodeOrProseValue("Permission", " d"));
 * assert.ok(!isCodeOrProseValue("Xk9qLm2z7", ""));
 * ```
 */
export function isCodeOrProseValue(value: string, next: string | undefined): boolean {
  if (value.startsWith(":")) return true;
  // C and C++: `Resolver->x` read up to its `-`; `SEC_ERROR_BASE + 14` (an expression).
  if (next === ">" && value.endsWith("-")) return true;
  if (
    next !== undefined && /^[ \t]+[-+*/%|&^]/.test(next) && IDENTIFIER_CHAIN.test(value) &&
    isNameLike(value)
  ) {
    return true;
  }
  if (next === "(" && CALLED_EXPRESSION.test(value) && isNameLike(value, true)) return true;
  // Minified code's chained assignment (`a.X_TOKEN=a.Y_TOKEN=void`): names all the way.
  if (value.includes("=")) return isCredentialChain(value);
  // One word as prose writes it (`Permission`, `denied`, `EOF`): not random letters of both
  // cases (`QmZxkTrvPLwnHsYd for user admin` is a password a log goes on from).
  if (
    next !== undefined && next !== "" && next !== "(" && /^(?:[A-Z]?[a-z]+|[A-Z]+)$/.test(value)
  ) return true;
  return isCredentialName(value);
}

/** Identifier chains joined by runs of `=` (one pass, no backtracking: `[\w$]` holds no `=` or `.`). */
const ASSIGNMENT_CHAIN = new RegExp(
  `^=*${IDENTIFIER_CHAIN.source.slice(1, -1)}(?:=+${IDENTIFIER_CHAIN.source.slice(1, -1)})*=*$`,
);

/** A link that may name a credential: it holds one of {@linkcode CREDENTIAL_WORDS}' letters. */
const CREDENTIAL_WORD_IN = /pass|pwd|secret|token|auth|key|credential/i;

/** Most distinct links of a chained assignment read as names (see {@linkcode isCredentialChain}). */
const MAX_CHAIN_NAMES = 16;

/**
 * True when a value holding `=` is a chain of assignments between names
 * one of which names a credential (`a.X_TOKEN=a.Y_TOKEN=void`). Linear with
 * a small bound whatever the value: one pattern over the whole value, then
 * at most {@linkcode MAX_CHAIN_NAMES} distinct links that hold a credential
 * word are read as names (a hostile `LDAP_BIND_PW=LDAP_BIND_PW=...` of 8 kB
 * read each of its 630 links as a name, on each of the 8 tries a rejected
 * value gets: 24 pattern runs a byte). A longer chain whose first such links
 * name no credential is read as a value (redacted, the safe side).
 * @param value The bare value.
 * @returns Whether it is names joined by `=`, one naming a credential.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isCredentialChain } from "./code_values.ts";
 * assert.ok(isCredentialChain("a.X_TOKEN=a.Y_TOKEN=void"));
 * assert.ok(!isCredentialChain("LDAP_BIND_PW=LDAP_BIND_PW="));
 * assert.ok(!isCredentialChain("Xk9q=Lm2z+7"));
 * ```
 */
export function isCredentialChain(value: string): boolean {
  if (!ASSIGNMENT_CHAIN.test(value)) return false;
  const read = new Set<string>();
  let from = 0;
  while (from < value.length && read.size < MAX_CHAIN_NAMES) {
    let to = value.indexOf("=", from);
    if (to < 0) to = value.length;
    const part = value.slice(from, to);
    from = to + 1;
    if (part === "" || read.has(part) || !CREDENTIAL_WORD_IN.test(part)) continue;
    read.add(part);
    if (isCredentialName(part)) return true;
  }
  return false;
}

/**
 * True when `NAME:` is a test runner's verdict, not a setting: the word
 * `PASS` (or `XPASS`, an unexpected pass) in capitals before a colon, as
 * automake, DejaGnu and `go test -v` print one line per test
 * (`PASS: tests/foo.sh`, `--- PASS: TestParse/empty (0.00s)`), given a
 * test's name: a path, a dotted or joined name or a Go `Test...`, whose
 * pieces between `/`, `.`, `_` and `-` read as names ({@linkcode isNameLike}). A random value (`PASS: Hk8vQ2mZ9xLp` of a
 * config) is a password.
 * @param name The name the rule read.
 * @param op The operator with the blanks before it.
 * @param value The value the rule read.
 * @returns Whether the line is a test verdict.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isTestVerdict } from "./code_values.ts";
 * assert.ok(isTestVerdict("PASS", ":", "tests/foo.sh"));
 * assert.ok(!isTestVerdict("PASS", ":", "Hk8vQ2mZ9xLp"));
 * assert.ok(!isTestVerdict("pass", ":", "tests/foo.sh"));
 * assert.ok(!isTestVerdict("PASS", "=", "tests/foo.sh"));
 * ```
 */
export function isTestVerdict(name: string, op: string | undefined, value: string): boolean {
  return /^X?PASS$/.test(name) && op === ":" && /[/._-]|^Test/.test(value) &&
    value.split(/[/._-]+/).every((piece) => isNameLike(piece));
}

/**
 * True when a value repeats its name (quoted or not): its letters and
 * digits, lower-cased, end with the same 10 or more characters as the
 * name's, and at most 3 more before them. Code and headers name a constant
 * by its own text (`SN_pkcs9_challengePassword "challengePassword"`,
 * `SN_smime_aa_timeStampToken "id-smime-aa-timeStampToken"`,
 * `exports.AUTH_TOKEN = AUTH_TOKEN`); a password a person made from its
 * name and a word (`redis_password = "cacheRedisPassword"`,
 * `DB_PASSWORD=ProdDbPassword`) is a value.
 * @param value The value.
 * @param name The name it is given to.
 * @returns Whether the value is the name again.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { repeatsName } from "./code_values.ts";
 * assert.ok(repeatsName("challengePassword", "SN_pkcs9_challengePassword"));
 * assert.ok(!repeatsName("Xk9q2Lm7Zr8wQz4", "db_password"));
 * ```
 */
export function repeatsName(value: string, name: string): boolean {
  const v = value.toLowerCase().replace(/[^a-z0-9]/g, "");
  const n = name.toLowerCase().replace(/[^a-z0-9]/g, "");
  let same = 0;
  while (same < v.length && same < n.length && v[v.length - 1 - same] === n[n.length - 1 - same]) {
    same++;
  }
  return same >= 10 && v.length - same <= 3;
}
