/**
 * A password told in a sentence, as a user types it into a chat or a tool
 * prints it: `the password is Xy7kL9!mQ2z`, `my passphrase was "..."`,
 * `the admin password is: ...`, and a token or key told the same way
 * (`your API key is: ...`), read more strictly. Spread into the main table
 * ({@linkcode SECRET_RULES}). Pure: data only.
 * @module
 */
import { shannonEntropy } from "./checks.ts";
import type { SecretRule } from "./rule.ts";
import { opensWithTemplate } from "./filters.ts";

/** The told value as group `s`: quoted (the quote possibly escaped), backquoted or bare. */
const TOLD_VALUE = String
  .raw`(?:\\{0,3}"(?<s>[^"\s\\]{6,128})\\{0,3}"|'(?<s>[^'\s\\]{6,128})'|\x60(?<s>[^\x60\s\\]{6,128})\x60|(?<s>[^\s"'\x60<>()\[\]{}\\]{6,128})(?=\s|$|\\[nrt"]|["']))`;

/** Hashing and cipher names that follow `password is` in prose (`SHA-256`, `bcrypt2`, `argon2id`). */
const ALGORITHM =
  /^(?:sha-?\d+|md\d|argon2(?:id|i|d)?|pbkdf2|scrypt|bcrypt\d*|aes-?\d+|hs\d{3}|rs\d{3}|utf-?8\w*)$/i;

/**
 * A told value is a password when, without a sentence's closing punctuation,
 * it has 6 or more characters, a letter and a digit or symbol, and is not a
 * reference, path, URL, hyphenated phrase (`bcrypt-hashed`) or algorithm.
 */
function toldPasswordValid(raw: string): boolean {
  const v = raw.replace(/[.,;:!?)]+$/, "");
  if (v.length < 6 || !/[A-Za-z]/.test(v) || !/[0-9!@#%^&*+=~?$]/.test(v)) return false;
  if (
    /^\$|^%[A-Za-z_]+%$/.test(v) || opensWithTemplate(v) || /^[~.]{0,2}\//.test(v) ||
    v.includes("://")
  ) {
    return false;
  }
  if (/^[A-Za-z0-9]+(?:-[A-Za-z]+)+$/.test(v) || ALGORITHM.test(v)) return false;
  // A file name (`secrets.env`, `config2.yaml`) is where a password is, not one.
  return !/^[\w-]+\.(?:env|ya?ml|json|toml|ini|txt|conf|cfg|ts|js|py|rb|go|sh|md)$/i.test(v);
}

/** Not inside a word, unless the word is a JSON escape's letter (`\\n` of a line break before). */
const WORD_START = String.raw`(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]))`;

/**
 * A camel-case or snake-case identifier (`k8sSecretNameForProd01`,
 * `getApiKeyFromVault2024`): three quarters or more of its letters are in
 * two or more word-like parts, a lower-case head or a capital and two or
 * more lower-case letters, each with a vowel and no four consonants in a
 * row. A random token's parts are short or unpronounceable (`Btdwuhbca`).
 */
function isCamelCaseName(value: string): boolean {
  if (/^[a-z]+(?:_[a-z0-9]+)+$/i.test(value)) return true;
  const letters = value.match(/[A-Za-z]/g)?.length ?? 0;
  let inWords = 0;
  let words = 0;
  for (const m of value.matchAll(/^[a-z]{3,}|[A-Z][a-z]{2,}/g)) {
    const lower = m[0].toLowerCase();
    if (/[aeiouy]/.test(lower) && !/[b-df-hj-np-tv-xz]{4}/.test(lower)) {
      inWords += lower.length;
      words++;
    }
  }
  return words >= 2 && inWords >= 0.75 * letters;
}

/**
 * A told token is one when, without a sentence's closing punctuation, it
 * has 16 or more characters, a run of 12 letters and digits with both, 3.5
 * bits of entropy per character, and is not a reference, path, URL,
 * file name or camel-case identifier.
 */
function toldTokenValid(raw: string): boolean {
  const v = raw.replace(/[.,;:!?)]+$/, "");
  if (v.length < 16 || !/[A-Za-z0-9]{12}/.test(v) || !/[0-9]/.test(v) || !/[A-Za-z]/.test(v)) {
    return false;
  }
  if (
    /^\$|^%[A-Za-z_]+%$|^[A-Za-z]+\(/.test(v) || opensWithTemplate(v) || /^[~.]{0,2}\//.test(v) ||
    v.includes("://")
  ) {
    return false;
  }
  if (/[/\\]/.test(v.slice(1)) && /^[\w.-]+(?:\/[\w.-]+)+$/.test(v) && !/[A-Za-z0-9]{20}/.test(v)) {
    return false;
  }
  if (/^[\w-]+\.[a-z]{2,4}$/i.test(v) || isCamelCaseName(v)) return false;
  return shannonEntropy(v) >= 3.5;
}

/** Keywords of the told-token rule: a secret word, `is` or `was`, and the blank or colon after it. */
const TOLD_TOKEN_KEYWORDS = ["key", "token", "secret"].flatMap((w) =>
  ["is", "was"].flatMap((v) => [`${w} ${v} `, `${w} ${v}:`])
);

/**
 * The prose rules.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PROSE_RULES } from "./rules_prose.ts";
 * assert.ok(PROSE_RULES.some((r) => r.kind === "password_assignment"));
 * ```
 */
export const PROSE_RULES: readonly SecretRule[] = [
  {
    kind: "password_assignment",
    title: "Password told in a sentence",
    description:
      '`the password is Xy7kL9!mQ2z`, `my passphrase was "..."`, `password is: ...`: a password, passphrase or passwd followed by is or was and a value of 6 or more characters with a letter and a digit or symbol; references, paths, file names, URLs, hyphenated words and algorithm names are kept.',
    keywords: ["password is", "password was", "passphrase is", "passphrase was", "passwd is"],
    pattern: new RegExp(
      String
        .raw`${WORD_START}(?:password|passphrase|passwd)[ \t]{1,4}(?:is|was)[ \t]{0,4}:?[ \t]{1,4}${TOLD_VALUE}`,
      "i",
    ),
    after: 160,
    priority: 1,
    validate: toldPasswordValid,
  },
  {
    kind: "told_token",
    title: "Token or key told in a sentence",
    description:
      '`your API key is: ...`, `the token was "..."`, `the secret is ...`: a key, token or secret followed by is or was and a value of 16 or more characters with a run of 12 letters and digits and 3.5 bits of entropy per character; references, paths, URLs, file names and camel-case identifiers are kept.',
    keywords: TOLD_TOKEN_KEYWORDS,
    pattern: new RegExp(
      String
        .raw`${WORD_START}(?:key|token|secret)[ \t]{1,4}(?:is|was)[ \t]{0,4}:?[ \t]{0,4}${TOLD_VALUE}`,
      "i",
    ),
    // What follows `is ` or `is:` (a blank, then the value or its quote) is 16 or more
    // characters of a value: `the token is expired` is dropped in the keyword pass.
    tail: { blanks: 4, cls: String.raw`A-Za-z0-9_\-+/=.~"'\x60\\`, min: 16 },
    after: 160,
    priority: 1,
    validate: toldTokenValid,
  },
];
