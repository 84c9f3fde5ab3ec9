/**
 * Secrets placed by layout rather than by an assignment operator: a row of
 * a Markdown table (`| API_TOKEN | value |`) or of a box-drawn one (`│`), a line of a PostgreSQL
 * password file (`host:port:database:user:password`), the data table that
 * `vault kv get` prints, and a wallet's recovery phrase under its label.
 * Spread into the main table ({@linkcode SECRET_RULES}). Pure: data only.
 * @module
 */
import { NL } from "./armor.ts";
import { isExcludedName, isLookAlikeValue, isRepeatedPlaceholder } from "./filters.ts";
import type { SecretRule } from "./rule.ts";

/**
 * A box-drawing column bar (`│`, `║`, `┃`...): three UTF-8 bytes, shown as
 * three DELs in the patterns' ASCII view (the keyword pass reads any byte
 * >= 0x80 as DEL too, so a bar is the operator its name check wants).
 */
const BOX_BAR = String.raw`\x7f{3}`;

/** Name words that make a table row's value a credential. */
const TABLE_SECRET_NAME =
  /(?:passwords?|passwd|passphrase|[_.-]pass$|[_.-]pwd$|secret|token|api[_.-]?key|apikey|access[_.-]?key|private[_.-]?key|auth[_.-]?key|credentials?|client[_.-]?secret)/i;

/** Keywords of the table rule: the secret words a name may hold. */
const TABLE_KEYWORDS = [
  "password",
  "passwd",
  "passphrase",
  "_pass",
  "_pwd",
  "secret",
  "token",
  "api_key",
  "apikey",
  "api-key",
  "access_key",
  "private_key",
  "auth_key",
  "credential",
];

/** Words a column of a table of settings holds, not values (`| password | string |`). */
const TABLE_WORD =
  /^(?:string|boolean|integer|number|optional|required|sensitive|secret|password|token|yes|no|true|false|none|null|default|masked|hidden)$/i;

/** A reference to a value held elsewhere: `$VAR`, `${{ secrets.X }}`, `%VAR%`. */
function isReference(value: string): boolean {
  return /^\$|^%[A-Za-z_]+%$/.test(value);
}

/** A table cell that holds a credential under a name holding a secret word. */
function tableValueValid(value: string, name: string): boolean {
  if (isReference(value) || isRepeatedPlaceholder(value) || TABLE_WORD.test(value)) return false;
  if (!/[A-Za-z]/.test(value) || !/[0-9]/.test(value)) return false;
  if (!isLookAlikeValue(value)) return true;
  // A hex key or UUID is a credential under a key or password name, a digest under `token`.
  return /^(?:[0-9a-fA-F]{32,}|[0-9a-fA-F-]{36})$/.test(value) &&
    /(?:key|pass(?:word|wd)?|pwd|secret)$/i.test(name);
}

/**
 * English function words that the BIP-39 English word list leaves out (it
 * holds no word shorter than three letters and none of these), so a run of
 * prose is not read as a recovery phrase.
 */
const NOT_SEED_WORDS = new Set([
  "the",
  "and",
  "for",
  "with",
  "that",
  "this",
  "from",
  "are",
  "you",
  "your",
  "was",
  "were",
  "has",
  "its",
  "but",
  "should",
  "would",
  "could",
  "which",
  "these",
  "those",
  "been",
  "than",
  "then",
  "them",
  "they",
  "there",
  "into",
  "our",
  "not",
]);

/**
 * A recovery phrase: 12, 15, 18, 21 or 24 words of three to eight lower-case
 * letters (the shape of every BIP-39 English word), at least nine of them
 * distinct, none an English function word the list leaves out.
 */
function isSeedPhrase(phrase: string): boolean {
  const words = phrase.trim().split(/[ \t]+/);
  if (![12, 15, 18, 21, 24].includes(words.length)) return false;
  if (new Set(words).size < 9) return false;
  return words.every((w) => /^[a-z]{3,8}$/.test(w) && !NOT_SEED_WORDS.has(w));
}

/** The labels a recovery phrase is written under (`MNEMONIC=`, `seed phrase:`, `recovery phrase`). */
const SEED_LABEL = String
  .raw`(?:mnemonic|seed[ _.-]?phrase|seed[ _.-]?words|recovery[ _.-]?phrase|backup[ _.-]?phrase|secret[ _.-]?phrase|wallet[ _.-]?seed)`;

/** The end of a pgpass line: a blank, a closing quote, a line break (raw or escaped) or the end. */
const LINE_END = String.raw`(?=[ \t]*(?:[\r\n'"\x60]|\\[nr"]|$))`;

/**
 * A `.pgpass` line: host, port, database, user and password separated by
 * `:` (each of the first four may be `*`), alone on its line or quoted in an
 * `echo` that writes the file.
 */
const PGPASS_LINE = String
  .raw`(?<=(?:^|[\r\n]|\\n|["'\x60])[ \t]{0,16})(?:\*|[A-Za-z0-9_.\-]{1,253}):(?:\*|\d{1,5}):(?:\*|[^\s:\\"'\x60]{1,63}):(?<user>\*|[^\s:\\"'\x60]{1,63}):(?<s>[^\s:\\"'\x60]{1,256})${LINE_END}`;

/** Values of a pgpass line that are not passwords: a wildcard, a reference, digits alone, the user name. */
function pgpassValid(s: string, groups: Readonly<Record<string, string | undefined>>): boolean {
  // A run of numbers (`12:30:45:123:456`) is a time or a version, not a password file line.
  return /[^0-9]/.test(s) && s !== "*" && !isReference(s) && s.length >= 3 && s !== groups.user;
}

/**
 * The layout rules.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LAYOUT_RULES } from "./rules_layouts.ts";
 * assert.ok(LAYOUT_RULES.some((r) => r.kind === "pgpass_password"));
 * ```
 */
export const LAYOUT_RULES: readonly SecretRule[] = [
  {
    kind: "table_secret",
    title: "Secret in a Markdown table row",
    description:
      "`| API_TOKEN | value |`: in a row that starts its line (or a JSON string: a tool result's first line) with `|`, a cell (one of the first four) whose name holds a secret word (password, secret, token, api key...), then the next cell, a single word of 8 or more characters with letters and digits (a type, a reference or a placeholder is kept).",
    keywords: TABLE_KEYWORDS,
    // The row opens a line, or a JSON string (`"output": "| ...`: a tool result's first line).
    pattern: new RegExp(
      String
        .raw`(?<=(?:^|[\r\n]|\\n|:[ \t]{0,2}\\{0,3}")[ \t]{0,16}\|(?:[^|\r\n\\]{0,64}\|){0,3}[ \t]{0,16}\x60?)(?=(?<name>[A-Za-z0-9_.\-]{3,96}))\k<name>\x60?[ \t]{0,16}\|[ \t]{0,16}(?:\x60(?<s>[^\x60|\s\\]{8,512})\x60|(?<s>[^\x60|\s\\]{8,512}))[ \t]{0,16}\|`,
    ),
    lead: "A-Za-z0-9_.\\-",
    rejectName: (n) => !TABLE_SECRET_NAME.test(n) || isExcludedName(n),
    // The cell's end: an optional backquote (a code span's), blanks, then the
    // column bar: a name in a code span of prose or a template literal fails it.
    follows: { quote: true, backtick: true, escapes: 0, blanks: 16, operators: "|" },
    before: 64,
    after: 700,
    priority: 2,
    minEntropy: 3,
    validate: (s, g) => TABLE_SECRET_NAME.test(g.name ?? "") && tableValueValid(s, g.name ?? ""),
  },
  {
    kind: "table_secret",
    title: "Secret in a box-drawn table row",
    description:
      "`│ DB_PASSWORD │ value │` as Doppler, Railway and other tables drawn with box characters print a setting (`│`, `║`, `┃`): a cell (one of the first four) whose upper-case name holds a secret word, then the next cell, one word of 8 or more characters checked as the Markdown table's value is (any three-byte character is read as a bar: the patterns see a DEL for each byte).",
    keywords: TABLE_KEYWORDS,
    pattern: new RegExp(
      String
        .raw`(?<=(?:^|[\r\n]|\\n|:[ \t]{0,2}\\{0,3}")[ \t]{0,16}${BOX_BAR}(?:[^\r\n\\\x7f]{0,64}${BOX_BAR}){0,3}[ \t]{1,16})(?=(?<name>[A-Z0-9_.\-]{3,96}))\k<name>[ \t]{1,64}${BOX_BAR}[ \t]{1,16}(?<s>[^\s\\\x7f|"'\x60]{8,512})[ \t]{1,64}${BOX_BAR}`,
    ),
    lead: "A-Za-z0-9_.\\-",
    // The cell's end: blanks, then the bar's first byte (a DEL in the keyword pass's view).
    follows: { quote: false, escapes: 0, blanks: 64, operators: "\\x7f" },
    // A box row's name is upper case and bare: the keyword's other names (`input_tokens`) stop here.
    rejectName: (n, quoted) =>
      quoted || !/^[A-Z0-9_.-]+$/.test(n) || !TABLE_SECRET_NAME.test(n) || isExcludedName(n),
    before: 64,
    after: 700,
    priority: 2,
    minEntropy: 3,
    validate: (s, g) => TABLE_SECRET_NAME.test(g.name ?? "") && tableValueValid(s, g.name ?? ""),
  },
  {
    kind: "pgpass_password",
    title: "PostgreSQL password file line",
    description:
      "The password of a `.pgpass` line `host:port:database:user:password` (any field but the password may be `*`) at the start of a line or quoted, found by a usual PostgreSQL port (5432-5439, 6432, 26257) or a wildcard port.",
    keywords: [
      ...["5432", "5433", "5434", "5435", "5436", "5437", "5438", "5439", "6432", "26257", "*"]
        .map((port) => `:${port}:`),
    ],
    pattern: new RegExp(PGPASS_LINE),
    before: 260,
    after: 600,
    priority: 2,
    validate: pgpassValid,
  },
  {
    kind: "pgpass_password",
    title: "PostgreSQL password file line (named)",
    description:
      "A `host:port:database:user:password` line with any port within a few lines of the name `pgpass` (`cat ~/.pgpass`, `PGPASSFILE`, an `echo` appending to it).",
    keywords: ["pgpass"],
    anchor: "near",
    pattern: new RegExp(PGPASS_LINE),
    before: 400,
    after: 800,
    priority: 2,
    validate: pgpassValid,
  },
  {
    kind: "vault_kv_data",
    title: "Vault KV data table",
    description:
      "The rows under `====== Data ======` of `vault kv get` output (after its `Key Value` header), redacted as one block: the rows that follow it, a key, two or more blanks and a value (up to 16 rows of up to 1 KiB).",
    keywords: ["== data =="],
    pattern: new RegExp(
      String
        .raw`==[ \t]Data[ \t]==+[ \t]*${NL}[ \t]{0,16}Key[ \t]{1,64}Value[ \t]*${NL}[ \t]{0,16}-{3}[ \t]{1,64}-{5}[ \t]*${NL}[ \t]{0,16}[^\s\\]{1,253}[ \t]{2,64}(?<s>[^\s\\"][^\r\n\\"]{0,1024}(?:${NL}[ \t]{0,16}[^\s\\"]{1,253}[ \t]{2,64}[^\s\\"][^\r\n\\"]{0,1024}){0,15})`,
    ),
    after: 300 + 16 * 1400,
    priority: 2,
    validate: (s) => s.length >= 2,
  },
  {
    kind: "seed_phrase",
    title: "Wallet recovery phrase",
    description:
      "A BIP-39-shaped phrase (12, 15, 18, 21 or 24 words of three to eight lower-case letters, no English function words) after a label: `mnemonic`, `seed phrase`, `recovery phrase`, `seed words`, `backup phrase`.",
    keywords: [
      "mnemonic",
      "seed phrase",
      "seed_phrase",
      "seed-phrase",
      "seedphrase",
      "seed words",
      "seed_words",
      "recovery phrase",
      "recovery_phrase",
      "backup phrase",
      "secret phrase",
      "wallet seed",
      "wallet_seed",
    ],
    pattern: new RegExp(
      String
        .raw`${SEED_LABEL}[^\r\n]{0,48}?(?:${NL}[ \t"'\x60]{0,16})?(?<![a-z])(?<s>[a-z]{3,8}(?:[ \t][a-z]{3,8}){11,23})(?![A-Za-z0-9]|[ \t][a-z])`,
      "i",
    ),
    before: 8,
    after: 300,
    priority: 2,
    validate: isSeedPhrase,
  },
];
