/**
 * A password told in a sentence, as a user types it into a chat or a tool
 * prints it: `the password is Xy7kL9!mQ2z`, `my passphrase was "..."`,
 * `the admin password is: ...`. Spread into the main table
 * ({@linkcode SECRET_RULES}). Pure: data only.
 * @module
 */
import type { SecretRule } from "./rule.ts";

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
  if (/^\$|^%[A-Za-z_]+%$|^\{\{/.test(v) || /^[~.]{0,2}\//.test(v) || v.includes("://")) {
    return false;
  }
  if (/^[A-Za-z0-9]+(?:-[A-Za-z]+)+$/.test(v) || ALGORITHM.test(v)) return false;
  // A file name (`secrets.env`, `config2.yaml`) is where a password is, not one.
  return !/^[\w-]+\.(?:env|ya?ml|json|toml|ini|txt|conf|cfg|ts|js|py|rb|go|sh|md)$/i.test(v);
}

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
        .raw`(?<![A-Za-z0-9_])(?:password|passphrase|passwd)[ \t]{1,4}(?:is|was)[ \t]{0,4}:?[ \t]{1,4}${TOLD_VALUE}`,
      "i",
    ),
    after: 160,
    priority: 1,
    validate: toldPasswordValid,
  },
];
