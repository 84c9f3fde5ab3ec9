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
 * {@linkcode CSV_KIND} and its priority 0). Its keywords are the column
 * names, and the keyword pass drops a hit unless a separator, a quote or a
 * line break follows it (past blanks: a pipe table pads its names), so the
 * names in prose and code (`the token is`) reach no pattern. Pure: data only.
 * @module
 */
import type { SecretRule } from "./rule.ts";

/** A CSV head's kind. */
export const CSV_KIND = "csv:header";

/** Whether a finding's kind is a CSV header's head. */
export function isCsvKind(kind: string): boolean {
  return kind === CSV_KIND;
}

/** Column names of a CSV header that hold a credential (lower case, matched ignoring case). */
export const CSV_NAMES: readonly string[] = [
  "password",
  "passwd",
  "api_key",
  "apikey",
  "api key",
  "api_token",
  "secret",
  "secret_key",
  "client_secret",
  "token",
  "access_token",
  "auth_token",
  "private_key",
];

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
 * What the keyword pass asks after a name: blanks or none (a pipe table pads its cells,
 * `| token   |`), then a separator, a line break or a backslash (JSON's escapes).
 */
const TIGHT = { blanks: MAX_PAD, cls: String.raw`,;|\r\n\\`, min: 1 };

/** After a raw tab or line break and a name: a blank (a raw tab) or none, then a name's character too. */
const LOOSE = { blanks: 1, cls: String.raw`,;\r\n\\"A-Za-z0-9_.\-`, min: 1 };

/** What opens a cell's name as a raw tab or a raw quote after a separator does (`,"password`). */
const OPENERS = ["\t", ',"', ';"', '\t"', ', "', '; "'];

/** What closes a header's first cell named for a credential: a raw tab, or a raw quote and a separator. */
const CLOSERS = ["\t", '",', '";', '"\t'];

/**
 * A head rule over `names`: at its keyword (one sticky attempt), a name
 * that opens a cell (after the line's start, a separator, a quote or an
 * escaped tab or line break, then a byte-order mark and blanks or not;
 * with `opener`, the raw tab or quote the keyword opens with) and closes
 * it (blanks, then a separator, a quote or the line's end), then the run of the header's
 * characters (at most 1,024) and the line's break after it, raw or
 * JSON-escaped (up to seven backslashes), which the match takes: the name
 * alone would read as a placeholder to the filters, and the break tells
 * csvs.ts the line's escape level. A run with no break after it is a match
 * too, which csvs.ts drops: the later names inside it are then not tried
 * (the engine skips hits inside a rule's match), where a pattern that
 * failed without a break read the same 1,024 characters again for each
 * name in the run (`\tpassword` repeated: 1 MB/s).
 */
function head(
  names: readonly string[],
  keywords: readonly string[],
  tail: SecretRule["tail"],
  opener = false,
): SecretRule {
  const alternatives = names.map((n) => n.replace(" ", "[ ]")).join("|");
  const start = opener ? String.raw`(?:\t"?|[,;] ?")` : CELL_START;
  return {
    kind: CSV_KIND,
    title: "CSV header",
    description: "Where a CSV table with a credential column starts (internal).",
    keywords: [...keywords],
    ...(tail === undefined ? {} : { tail }),
    pattern: new RegExp(
      String
        .raw`${start}(?<s>(?:${alternatives})(?=[ ]{0,${MAX_PAD}}[,;|\t\r\n\\"])${HEADER_RUN}{0,1024}(?:\r?\n|\\{1,7}n)?)`,
      "i",
    ),
    after: 1100,
    priority: 0,
    minEntropy: 0,
    docWords: false,
  };
}

/**
 * The head rules. Their keywords are the names, which the keyword pass
 * lets through only before a separator, a line break or a backslash (so
 * `the token is`, `"api_key": ` and `password manager` reach no pattern);
 * the names after a raw tab or a raw quote after a separator (a tab is a
 * blank to that check, so `id<TAB>password<TAB>name` and
 * `"id","password","name"` need keywords of their own); and the names
 * before them, for a header's first cell. No keyword of a rule ends with
 * another of the same rule (`token` and `api_token` end at the same byte,
 * and a rule that reads no name tries each start once per window: the
 * shorter keyword's hit, seen first, would spend the longer one's start),
 * so the prefixed names have rules of their own. Keywords hold no line
 * feed (the tables' fingerprint lists them one a line).
 * @returns The rules.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { csvRules } from "./csv_rules.ts";
 * const [plain] = csvRules();
 * assert.ok(plain!.pattern.test("id,password\n"));
 * assert.ok(!plain!.pattern.test("f(a,password)\n"));
 * ```
 */
export function csvRules(): SecretRule[] {
  const prefixed = CSV_NAMES.filter((n) => CSV_NAMES.some((m) => m !== n && n.endsWith(m)));
  const plain = CSV_NAMES.filter((n) => !prefixed.includes(n));
  const closed = (names: readonly string[]) => names.flatMap((n) => CLOSERS.map((e) => n + e));
  return [
    head(plain, plain, TIGHT),
    head(prefixed, prefixed, TIGHT),
    head(CSV_NAMES, CSV_NAMES.flatMap((n) => OPENERS.map((o) => o + n)), LOOSE, true),
    head(plain, closed(plain), undefined),
    head(prefixed, closed(prefixed), undefined),
  ];
}
