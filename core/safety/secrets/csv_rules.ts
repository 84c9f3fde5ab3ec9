/**
 * The heads of CSV tables with a credential column: `id,name,password`
 * then one row per account, `name;api_token` with `;`, a tab-separated
 * header, quoted header cells (`"id","token"`), blanks after the
 * separators (`id, token`), a byte-order mark before the header, and pipe
 * tables (Markdown's `| user | token |`, psql's, MySQL's and sqlite3's
 * output), raw or in a transcript's JSON string. A value under such a column is no assignment (its name is on
 * another line), so no rule reads it. A companion rule finds a header cell
 * named for a credential, cut from its neighbours by a separator, a quote
 * or the line's ends, and the rest of the header line up to its break;
 * csvs.ts reads the header and the rows under it and judges each cell of
 * the column. A head is never a finding itself (its kind is
 * {@linkcode CSV_KIND} and its priority 0). Its keywords are the
 * credential words a column's name ends in ({@linkcode CSV_WORDS}), and the
 * keyword pass drops a hit unless a separator, a quote or a line break
 * follows it (past blanks: a pipe table pads its names), so the words in
 * prose and code (`the token is`, `token_count`) reach no pattern; the name
 * around a word (`db_password`, `Secret access key`) is judged as the
 * assignment rules judge a name in code ({@linkcode isCredentialColumn}).
 * Pure: data only.
 * @module
 */
import type { SecretRule } from "./rule.ts";
import { rejectAssignmentName } from "./secret_names.ts";

/** A CSV head's kind. */
export const CSV_KIND = "csv:header";

/** Whether a finding's kind is a CSV header's head. */
export function isCsvKind(kind: string): boolean {
  return kind === CSV_KIND;
}

/**
 * The credential words a header's name ends in (lower case, matched ignoring
 * case): the keywords of the head rules. Whether a name that ends in one is a
 * credential's is the assignment rules' judgement ({@linkcode isCredentialColumn}).
 * A name with more after the word (`token_count`, `password_reset_at`) is
 * not: code's literal judgement, which csv_cells.ts asks of each cell, reads
 * a name's end.
 */
export const CSV_WORDS: readonly string[] = [
  "password",
  "passwd",
  "passphrase",
  "secret",
  "token",
  "key",
  "credential",
  "credentials",
  "_pass",
  "_pwd",
];

/** A name that ends in a credential word. */
const ENDS_IN_WORD = new RegExp(`(?:${CSV_WORDS.join("|")})$`, "i");

/** Most words of a header's name written with blanks between them (`Secret access key`). */
const MAX_WORDS = 3;

/**
 * Whether a CSV header's cell names a credential column: up to three words
 * (blanks between them read as `_`: `API Key` is `API_Key`), ending in a
 * credential word ({@linkcode CSV_WORDS}), and a name the assignment rules
 * take for a credential's in code (secret_names.ts rejectAssignmentName:
 * `db_password`, `aws_secret_access_key`, `github_token`; not
 * `primary_key`, `public_key`, `cache_key`). The head rules ask it of the
 * name at their keyword, and csvs.ts of every cell of the header.
 * @param cell The cell's text.
 * @returns Whether the column holds credentials.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isCredentialColumn } from "./csv_rules.ts";
 * assert.ok(isCredentialColumn("db_password"));
 * assert.ok(isCredentialColumn("Secret access key"));
 * assert.ok(!isCredentialColumn("primary_key"));
 * assert.ok(!isCredentialColumn("token_count"));
 * ```
 */
export function isCredentialColumn(cell: string): boolean {
  const words = cell.trim().split(/[ ]+/);
  if (words.length > MAX_WORDS) return false;
  const name = words.join("_");
  return ENDS_IN_WORD.test(name) && !rejectAssignmentName(name);
}

/** Most blanks a header pads a name with on either side (`| token   |`, psql's centred names). */
const MAX_PAD = 255;

/**
 * Where a header's cell opens: the line's start, a separator (`,` `;` a tab or `|`), a quote or
 * an escaped tab or line break, then a byte-order mark (Excel's CSV; raw, or JSON's `\ufeff`)
 * or none, then blanks or none (`id, token`, `| token |`).
 */
const CELL_START = String
  .raw`(?<=(?:^|[\r\n",;\t|]|\\[nrt])(?:\x7f{3}|\\{1,4}u[fF][eE][fF][fF])?[ ]{0,${MAX_PAD}})`;

/**
 * What a header line holds: names, separators, quotes, blanks, and a quote, tab or
 * carriage return escaped up to three times. Not a line break, raw or escaped, so the
 * run of these stops at the line's end and a greedy read of it finds the same break a
 * lazy one does.
 */
const HEADER_RUN = String.raw`(?:[A-Za-z0-9_ .\-,;|\t"]|\\{1,7}[rt"])`;

/**
 * What the keyword pass asks after a credential word: blanks or none (a pipe table pads its
 * cells, `| token   |`), then a separator, a line break or a backslash (JSON's escapes).
 */
const TIGHT = { blanks: MAX_PAD, cls: String.raw`,;|\r\n\\`, min: 1 };

/** After a credential word and a raw quote: a separator or a line break, at once. */
const QUOTE_CLOSED = { blanks: 0, cls: String.raw`,;\t|\r\n`, min: 1 };

/**
 * A name's characters before its credential word, a blank among them (`db_password`,
 * `Secret access key`, the blanks that pad a pipe table's cell): the rules' `lead`.
 */
const LEAD = String.raw`A-Za-z0-9_.\- `;

/**
 * A header cell's name: up to three words of name characters with blanks
 * between them (each word's run and the blanks are disjoint, so a failed
 * attempt backtracks over one run at a time).
 */
const CELL_NAME = String.raw`[A-Za-z0-9_.\-]{1,96}(?:[ ]{1,3}[A-Za-z0-9_.\-]{1,96}){0,2}`;

/**
 * A head rule whose keywords are the credential words with `closer` after
 * each (the name's end: none, a raw tab or a raw quote), and `tail` after
 * them. The name is the run of {@linkcode LEAD} characters that holds the
 * keyword (the prefix before the word: `db_password`, `aws_secret_access_key`),
 * judged by {@linkcode isCredentialColumn} before the pattern runs, which
 * is tried once, at the run's start: a name that opens a cell (after the
 * line's start, a separator, a quote or an escaped tab or line break, then
 * a byte-order mark and blanks or not), ends in a credential word, and
 * closes the cell (blanks, then a separator, a quote or the line's end),
 * then the run of the header's characters (at most 1,024) and the line's
 * break after it, raw or JSON-escaped (up to seven backslashes), which the
 * match takes: the name alone would read as a placeholder to the filters,
 * and the break tells csvs.ts the line's escape level. A run with no break
 * after it is a match too, up to its last character that is not a blank
 * (the engine takes no secret that ends in one, and a match it refused
 * was read again at each later name of the run: `passphrase<TAB>`
 * repeated, 2 MB/s), which csvs.ts drops: the later names inside it
 * are then not tried (the engine skips hits inside a rule's match), where a
 * pattern that failed without a break read the same 1,024 characters again
 * for each name in the run (`\tpassword` repeated: 1 MB/s).
 */
function head(closer: string, tail: SecretRule["tail"]): SecretRule {
  const words = CSV_WORDS.join("|");
  return {
    kind: CSV_KIND,
    title: "CSV header",
    description: "Where a CSV table with a credential column starts (internal).",
    keywords: CSV_WORDS.map((w) => w + closer),
    ...(tail === undefined ? {} : { tail }),
    pattern: new RegExp(
      String
        .raw`${CELL_START}[ ]{0,${MAX_PAD}}(?<s>${CELL_NAME}(?<=${words})(?=[ ]{0,${MAX_PAD}}[,;|\t\r\n\\"])${HEADER_RUN}{0,1024}(?:\r?\n|\\{1,7}n|(?<![ \t])))`,
      "i",
    ),
    lead: LEAD,
    rejectName: (name) => !isCredentialColumn(name),
    before: 96,
    after: 1100,
    priority: 0,
    minEntropy: 0,
    docWords: false,
  };
}

/**
 * The head rules. Their keywords are the credential words, which the
 * keyword pass lets through only before blanks and a separator, a line
 * break or a backslash (so `the token is`, `token_count,` and `password
 * manager` reach no pattern); the words before a raw tab (a tab is a blank
 * to that check, so `id<TAB>password<TAB>name` needs keywords of its own);
 * and the words before a raw quote and a separator (`"password","id"`).
 * Keywords hold no line feed (the tables' fingerprint lists them one a
 * line), and no keyword of a rule ends with another of the same rule.
 * @returns The rules.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { csvRules } from "./csv_rules.ts";
 * const [plain] = csvRules();
 * assert.ok(plain!.pattern.test("id,db_password\n"));
 * assert.ok(!plain!.pattern.test("f(a,password)\n"));
 * ```
 */
export function csvRules(): SecretRule[] {
  return [head("", TIGHT), head("\t", undefined), head('"', QUOTE_CLOSED)];
}
