/**
 * Whether a table's cell under a credential column is a secret (csvs.ts
 * reads the tables): judged as a value under that name in code
 * (rules_code.ts literalForName), with what a column says that code does
 * not (hex under a named key is a key), and what a bare `token` column
 * holds besides credentials: a tokenizer's vocabulary or a catalogue's
 * words (`x86_64-linux`, `utf8mb4_general_ci`, `node18-alpine`). Pure: no I/O.
 * @module
 */
import { literalForName } from "./rules_code.ts";
import { isNotSecret } from "./filters.ts";

/** A CSV column's name as code names a credential (`api key` -> `api_key`, `token` -> `api_token`). */
function codeName(name: string): string {
  const n = name.trim().toLowerCase().replace(/[ ]+/g, "_");
  return /^(?:token|secret)$/.test(n) ? `api_${n}` : n;
}

/**
 * A bare `token` or `secret` column may hold digests, as code's bare names do
 * (rules_code.ts); every other credential column holds hex as a key.
 */
const DIGEST_NAMES = /^(?:token|secret)$/i;

/**
 * A word of a vocabulary: lower-case letters with a short number before or
 * after them (`x86`, `covid19`, `4o`, `2xl`, `linux`), a second short run
 * of letters after a number inside (`utf8mb4`, `k8s`, `i18n`), or a number
 * alone (`64`, a date's `20241022`).
 */
const WORD = String
  .raw`(?:[0-9]{0,3}[a-z]+[0-9]{0,3}|[a-z]{3,}[0-9]{1,2}[a-z]{1,3}[0-9]?|[a-z][0-9]{1,2}[a-z]|[0-9]{1,8})`;

/**
 * Two or more such words joined by `-`, `_` or `.`, after a CSS custom
 * property's `--`, a Sass variable's `$` or a Less one's `@` or not.
 */
const WORDS = new RegExp(String.raw`^(?:--|[$@])?${WORD}(?:[-_.]${WORD})+$`);

/** How many of `text`'s letters are vowels (`y` counted). */
function vowels(text: string): number {
  let n = 0;
  for (const c of text) if ("aeiouy".includes(c)) n++;
  return n;
}

/**
 * Whether a cell under a bare `token` column is a word of a tokenizer's
 * vocabulary or a catalogue (a model, a platform, a tag, a collation, a
 * design token) rather than a credential: two or more lower-case words
 * joined by `-`, `_` or `.` (at most 48 characters), one of them a run of
 * four letters or more, a fifth of the letters vowels, and so is a fifth of
 * each run of five letters or more, which holds no five consonants in a row
 * (`instruct`, `bookworm` are words; `qzvkrtm` is not). A credential drawn
 * at random has upper case, or more runs of letters and digits in a word,
 * or runs of consonants: of values drawn from lower-case letters and digits
 * in three words of six, about 5 in 100 read as words; in two of twelve,
 * 3 in 1,000. Hex (a digest under this name) is kept already, and a
 * vendor's prefixed token is found by its own rule.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isVocabularyWord } from "./csv_cells.ts";
 * assert.ok(isVocabularyWord("x86_64-linux"));
 * assert.ok(isVocabularyWord("utf8mb4_general_ci"));
 * assert.ok(!isVocabularyWord("k3j9xq-2m4pqz-8zr7tw"));
 * assert.ok(!isVocabularyWord("Zx81kPq0LmN3vB7tQx"));
 * ```
 */
export function isVocabularyWord(value: string): boolean {
  if (value.length > 48 || !WORDS.test(value) || !/[a-z]{4}/.test(value)) return false;
  const letters = value.replace(/[^a-z]/g, "");
  if (vowels(letters) * 5 < letters.length) return false;
  for (const run of value.match(/[a-z]{5,}/g) ?? []) {
    if (vowels(run) * 5 < run.length || /[^aeiouy]{5}/.test(run)) return false;
  }
  return true;
}

/**
 * Whether a cell under the column `name` is a secret: no blank (a quoted
 * cell may hold them only inside), not letters alone, not a token
 * contract's public address (`0x` and 40 hex; a private key is 64 hex),
 * not a vocabulary's word under a bare `token` ({@linkcode isVocabularyWord}),
 * and a secret under that name in code. 32 to 128 hex with a letter is one
 * under every column but a bare `token` or `secret`: `api_key = "<hex>"`,
 * `password = "<hex>"` in code are found by the assignment rules, which
 * {@linkcode literalForName} alone (a digest's reading) does not say.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { csvCellIsSecret } from "./csv_cells.ts";
 * assert.ok(csvCellIsSecret("password", "Zx81kPq0LmN3"));
 * assert.ok(!csvCellIsSecret("token", "node18-alpine"));
 * assert.ok(csvCellIsSecret("api_token", "node18-alpine"));
 * ```
 */
export function csvCellIsSecret(name: string, value: string): boolean {
  if (value.length < 6 || value.length > 256) return false;
  if (/^\s|\s$/.test(value) || /^[A-Za-z_]+$/.test(value)) return false;
  if (/^0x[0-9a-fA-F]{40}$/.test(value)) return false;
  if (isNotSecret(value)) return false;
  if (
    !DIGEST_NAMES.test(name) && /^[0-9a-fA-F]{32,128}$/.test(value) && /[a-fA-F]/.test(value)
  ) return true;
  if (/^token$/i.test(name) && isVocabularyWord(value)) return false;
  // Blanks inside a quoted password (a passphrase) are the value's; code's checks read none.
  const judged = /\s/.test(value) ? value.replace(/\s+/g, "_") : value;
  return literalForName(codeName(name), judged);
}
