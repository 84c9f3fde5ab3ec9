/**
 * Secrets in CSV tables (`cat users.csv`): each CSV head (csv_rules.ts)
 * among a buffer's findings is read as a header line, raw or in a JSON
 * string (its escape level told by the head's line break), past a
 * byte-order mark (Excel's CSV), and the rows under it are read with the
 * same separator (`,`, `;`, a tab or `|`), quoted cells (`"p@ss,word"`,
 * `""` for a quote) and escape level. A pipe table's line is read inside
 * its outer pipes (Markdown's `| a | b |`, MySQL's box; psql's and
 * sqlite3's `a | b`), the line that rules its header (`|---|`, `---+---`)
 * is passed over, and a cell in inline code (`` `value` ``) is read inside
 * its backticks. A credential column is one whose name the assignment
 * rules take for a credential's in code (csv_rules.ts isCredentialColumn:
 * `password`, `db_password`, `Secret access key`). Each cell under one, on
 * every row, is judged (csv_cells.ts: as a value under that name in code) and becomes a
 * finding over its own bytes.
 *
 * A header is a line of at least two names (words, digits, `_ . -` and
 * blanks, each possibly quoted, none a number or a version), not a row
 * inside a table: under a line of as many names that shares a cell with it
 * at the same place, or that is itself under a line of as many cells, it is
 * a row (a keyword list's); under a title line (`Exported users, 2024-05-01`,
 * Excel's `sep=,`, other names) it is read. The table ends at the first
 * line that is empty or does not hold as many cells as the header, and is
 * read at most the engine's `dumpReach` bytes from the header's start, so
 * a streamed scan, whose buffers keep that much before the bytes they
 * decide, sees every table as a whole scan does. Pure: no I/O.
 * @module
 */
import type { RawFinding, SecretEngine } from "./engine.ts";
import { isCredentialColumn, isCsvKind } from "./csv_rules.ts";
import { csvCellIsSecret } from "./csv_cells.ts";

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Most characters of one line read back (a longer one ends the table). */
const MAX_LINE = 4096;
/** Most bytes walked back from a head to its line's start. */
const MAX_BACK = 1100;

/** The heads judged, and the cells found. */
export interface CsvResult {
  /** The findings that are not CSV heads. */
  rest: RawFinding[];
  /** The cells of the secrets found under credential columns, sorted. */
  found: RawFinding[];
  /** Each secret found, as the bytes it is. */
  values: { kind: string; value: Uint8Array }[];
}

/** A line read back: its characters and the raw span of each. */
interface Line {
  chars: number[];
  from: number[];
  to: number[];
  /** The raw offset of the next line, or -1 when the data or the string ends it. */
  next: number;
}

/**
 * Reads the line at `at` back at `level` (0 raw; `L` inside a JSON string
 * nested `L` deep), up to its break before `stop`; null when it is too long
 * or holds an escape no CSV line does.
 */
function readLine(bytes: Uint8Array, at: number, level: number, stop: number): Line | null {
  const line: Line = { chars: [], from: [], to: [], next: -1 };
  const push = (c: number, from: number, to: number) => {
    line.chars.push(c);
    line.from.push(from);
    line.to.push(to);
  };
  const u = level === 0 ? 0 : 1 << (level - 1);
  let p = at;
  while (p < stop) {
    if (line.chars.length >= MAX_LINE) return null;
    const b = bytes[p]!;
    if (b === LF) {
      line.next = level === 0 ? p + 1 : -1;
      return line;
    }
    if (level === 0) {
      if (b !== CR || bytes[p + 1] !== LF) push(b, p, p + 1);
      p++;
      continue;
    }
    if (b === QUOTE) return line;
    if (b !== BACKSLASH) {
      push(b, p, p + 1);
      p++;
      continue;
    }
    let q = p;
    while (q < stop && bytes[q] === BACKSLASH) q++;
    let run = q - p;
    while (run >= 2 * u) {
      push(BACKSLASH, p, p + 2 * u);
      p += 2 * u;
      run -= 2 * u;
    }
    if (run === 0) continue;
    const e = bytes[q];
    if (run === u && e === 0x6e) {
      line.next = q + 1;
      return line;
    }
    if (run === u && e === 0x72) {
      p = q + 1;
      continue;
    }
    if (run === u && e === 0x74) {
      push(0x09, p, q + 1);
      p = q + 1;
      continue;
    }
    if (run === 2 * u - 1 && e === QUOTE) {
      push(QUOTE, p, q + 1);
      p = q + 1;
      continue;
    }
    // A quote escaped less than this level's closes its string (an outer one's).
    if (e === QUOTE && run < 2 * u - 1) return line;
    return null;
  }
  // The data's end closes the last line (never the reach's: a line cut there is not read).
  return stop === bytes.length ? line : null;
}

/** A line's cell: its text (quotes undone) and the span of its characters in the line. */
interface Cell {
  text: string;
  first: number;
  end: number;
  quoted: boolean;
}

const PIPE = 0x7c;

/**
 * The span of a line's cells: the whole line, or for a pipe table the line
 * inside its outer pipes and the blanks around them (`| a | b |`, `a | b`).
 */
function spanOf(chars: readonly number[], sep: number): [number, number] {
  let lo = 0;
  let hi = chars.length;
  if (sep !== PIPE) return [lo, hi];
  while (lo < hi && chars[lo] === 0x20) lo++;
  while (hi > lo && chars[hi - 1] === 0x20) hi--;
  if (chars[lo] === PIPE) lo++;
  if (hi > lo && chars[hi - 1] === PIPE) hi--;
  return [lo, hi];
}

/**
 * The cells of a line split at `sep`, quoted cells read whole (not in a
 * pipe table, whose cells hold quotes as text); null when a quote is left open.
 */
function cellsOf(chars: readonly number[], sep: number): Cell[] | null {
  const cells: Cell[] = [];
  const [lo, hi] = spanOf(chars, sep);
  const quotes = sep !== PIPE;
  let i = lo;
  while (true) {
    let from = i;
    while (from < hi && chars[from] === 0x20) from++;
    if (quotes && chars[from] === QUOTE) {
      let text = "";
      let k = from + 1;
      while (true) {
        if (k >= hi) return null;
        if (chars[k] === QUOTE) {
          if (chars[k + 1] !== QUOTE) break;
          k++;
        }
        text += String.fromCharCode(chars[k]!);
        k++;
      }
      const close = k;
      k++;
      while (chars[k] === 0x20) k++;
      if (k < hi && chars[k] !== sep) return null;
      cells.push({ text, first: from + 1, end: close, quoted: true });
      if (k >= hi) return cells;
      i = k + 1;
      continue;
    }
    let end = from;
    while (end < hi && chars[end] !== sep) end++;
    let last = end;
    while (last > from && chars[last - 1] === 0x20) last--;
    cells.push(plainCell(chars, from, last, sep));
    if (end >= hi) return cells;
    i = end + 1;
  }
}

const BACKTICK = 0x60;

/** An unquoted cell; in a pipe table, Markdown's inline code (`` `value` ``) is read inside its backticks. */
function plainCell(chars: readonly number[], from: number, last: number, sep: number): Cell {
  if (
    sep === PIPE && last - from > 2 && chars[from] === BACKTICK && chars[last - 1] === BACKTICK &&
    !chars.slice(from + 1, last - 1).includes(BACKTICK)
  ) {
    from++;
    last--;
  }
  return {
    text: String.fromCharCode(...chars.slice(from, last)),
    first: from,
    end: last,
    quoted: false,
  };
}

/**
 * The line under a pipe table's header that rules it (Markdown's `|---|:---:|`, psql's
 * `----+-----`, MySQL's `+----+-----+`): dashes, with pipes, pluses, colons and blanks.
 */
function isRuleLine(chars: readonly number[]): boolean {
  let dashes = 0;
  for (const c of chars) {
    if (c === 0x2d) dashes++;
    else if (c !== PIPE && c !== 0x2b && c !== 0x3a && c !== 0x20) return false;
  }
  return dashes >= 3;
}

/** The escape level of a head's line, told by the break its match ends in. */
function levelOf(bytes: Uint8Array, head: RawFinding): number {
  const p = head.end - 1;
  if (bytes[p] !== 0x6e && bytes[p] !== LF) return -1;
  if (bytes[p] === LF) return 0;
  let run = 0;
  while (p - 1 - run >= head.start && bytes[p - 1 - run] === BACKSLASH) run++;
  for (let level = 1; level <= 3; level++) if (run === 1 << (level - 1)) return level;
  return -1;
}

/**
 * Where the line holding `at` starts at `level`: after a line feed, the
 * escaped break or the JSON string's opening quote of that level, or the
 * data's start; -1 past {@linkcode MAX_BACK} bytes.
 */
function lineStart(bytes: Uint8Array, at: number, level: number): number {
  const u = level === 0 ? 0 : 1 << (level - 1);
  for (let p = at; p > 0; p--) {
    if (at - p > MAX_BACK) return -1;
    const b = bytes[p - 1]!;
    if (b === LF) return p;
    if (level === 0 || (b !== 0x6e && b !== QUOTE)) continue;
    let run = 0;
    while (p - 2 - run >= 0 && bytes[p - 2 - run] === BACKSLASH) run++;
    // A run of backslashes holds escaped backslashes (2u each) before the escape itself.
    if (b === 0x6e && run >= u && (run - u) % (2 * u) === 0) return p;
    if (b === QUOTE && (run - (u - 1)) % (2 * u) === 0) return p;
  }
  return 0;
}

/**
 * Past the byte-order mark that opens a line at `start` (Excel's CSV), raw
 * or JSON-escaped (`\ufeff`, its backslash escaped at a deeper level or not);
 * `start` when there is none.
 */
function afterMark(bytes: Uint8Array, start: number, level: number): number {
  if (start < 0) return start;
  if (bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf) {
    return start + 3;
  }
  let run = 0;
  while (run < 4 && bytes[start + run] === BACKSLASH) run++;
  if (run === 0 || run > (level === 0 ? 0 : 1 << (level - 1)) || (run & (run - 1)) !== 0) {
    return start;
  }
  const mark = String.fromCharCode(...bytes.subarray(start + run, start + run + 5));
  return mark.toLowerCase() === "ufeff" ? start + run + 5 : start;
}

/** A header's name cell. */
const NAME = /^[A-Za-z0-9_ .\-]{1,64}$/;
/** The separators, most common first: `,` `;` a tab, and `|` (Markdown, psql, sqlite, MySQL). */
const SEPARATORS = [0x2c, 0x3b, 0x09, PIPE];

/**
 * The line before the one at `start` (read at `level`): where it starts and
 * its characters; null at the data's or the string's start, or when it is
 * too long or not a CSV line.
 */
function lineBefore(
  bytes: Uint8Array,
  start: number,
  level: number,
): { from: number; chars: number[] } | null {
  const u = level === 0 ? 0 : 1 << (level - 1);
  let end: number;
  if (level === 0) {
    if (start === 0 || bytes[start - 1] !== LF) return null;
    end = start - 1;
  } else {
    if (bytes[start - 1] !== 0x6e || start - 1 - u < 0) return null;
    for (let k = 1; k <= u; k++) if (bytes[start - 1 - k] !== BACKSLASH) return null;
    end = start - 1 - u;
  }
  const from = lineStart(bytes, end, level);
  if (from < 0) return null;
  const line = readLine(bytes, from, level, start);
  return line === null ? null : { from, chars: line.chars };
}

/** The cells of a line split at `sep` when it holds `n` of them and is no rule line; else null. */
function rowOf(chars: readonly number[] | undefined, sep: number, n: number): Cell[] | null {
  if (chars === undefined || !chars.includes(sep) || isRuleLine(chars)) return null;
  const cells = cellsOf(chars, sep);
  return cells?.length === n ? cells : null;
}

/**
 * Whether the header-like line at `start` (read at `level`, its cells split
 * at `sep`) is a row inside a table, not its header: the line above it holds
 * as many names split at `sep` (a line that could head that table itself,
 * not prose, a number's row or Excel's `sep=,`), and that line is alike it
 * (a cell the same at the same place: a keyword list's `syn keyword`, a
 * settings table's `string`) or is itself under a line of as many cells.
 * A header under a title line of other cells (`Exported users, 2024-05-01`)
 * or of names alone (`x,y,z` over `id,user,password`) is read.
 */
function followsRow(bytes: Uint8Array, start: number, level: number, sep: number, cells: Cell[]) {
  const above = lineBefore(bytes, start, level);
  const names = rowOf(above?.chars, sep, cells.length);
  if (above === null || names === null || !names.every(isName)) return false;
  if (names.some((c, i) => c.text === cells[i]!.text)) return true;
  return rowOf(lineBefore(bytes, above.from, level)?.chars, sep, cells.length) !== null;
}

/** A cell of digits, dots and dashes: a number or a version (`3.6.1`), a row's, not a header's name. */
const NUMBER = /^[0-9][0-9.\-]*$/;

/** Whether a cell could name a header's column: a name, no blank around it, no number. */
function isName(c: Cell): boolean {
  return NAME.test(c.text) && c.text.trim() === c.text && !NUMBER.test(c.text);
}

/** The header's separator and cells, or null when the line is no header. */
function headerOf(chars: readonly number[]): { sep: number; cells: Cell[] } | null {
  for (const sep of SEPARATORS) {
    if (!chars.includes(sep)) continue;
    const cells = cellsOf(chars, sep);
    if (cells === null || cells.length < 2) continue;
    if (cells.every(isName)) return { sep, cells };
  }
  return null;
}

/**
 * Judges the CSV heads among a buffer's findings.
 * @param engine The engine that found them (its `dumpReach` bounds a table).
 * @param bytes The buffer.
 * @param found Its findings with heads (findSecrets with `heads`).
 * @returns The other findings, and the cells and values of the secrets in tables.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultEngine } from "./default_engine.ts";
 * import { findSecrets } from "./engine.ts";
 * import { judgeCsvs } from "./csvs.ts";
 * const engine = defaultEngine();
 * const bytes = new TextEncoder().encode("user,password\nbob,Zx81kPq0LmN3\nal,Qw81kPq0LmN3\n");
 * const r = judgeCsvs(engine, bytes, findSecrets(engine, bytes, true));
 * assert.deepEqual(r.found.map((f) => f.start), [18, 34]);
 * ```
 */
export function judgeCsvs(engine: SecretEngine, bytes: Uint8Array, found: RawFinding[]): CsvResult {
  let heads: RawFinding[] | null = null;
  for (const f of found) if (isCsvKind(f.kind)) (heads ??= []).push(f);
  if (heads === null) return { rest: found, found: [], values: [] };
  const rest = found.filter((f) => !isCsvKind(f.kind));
  const cells: RawFinding[] = [];
  const values: { kind: string; value: Uint8Array }[] = [];
  let readUntil = -1;
  for (const head of heads) {
    // A header with two credential columns has two heads; it is read once.
    if (head.start < readUntil) continue;
    const level = levelOf(bytes, head);
    if (level < 0) continue;
    const start = afterMark(bytes, lineStart(bytes, head.start, level), level);
    if (start < 0) continue;
    const stop = Math.min(bytes.length, start + engine.dumpReach);
    const header = readLine(bytes, start, level, stop);
    if (header === null || header.next < 0) continue;
    readUntil = header.next;
    const parsed = headerOf(header.chars);
    // A table's header is its first line: a line of names inside a table is a row
    // (`syn keyword<TAB>pfService<TAB>kpasswd` in a Vim keyword list).
    if (parsed === null || followsRow(bytes, start, level, parsed.sep, parsed.cells)) {
      continue;
    }
    const columns = parsed.cells.flatMap((c, i) =>
      isCredentialColumn(c.text) ? [{ i, name: c.text }] : []
    );
    if (columns.length === 0) continue;
    let at = header.next;
    if (parsed.sep === PIPE && at < stop) {
      const rule = readLine(bytes, at, level, stop);
      if (rule !== null && isRuleLine(rule.chars)) readUntil = at = rule.next;
    }
    while (at >= 0 && at < stop) {
      const row = readLine(bytes, at, level, stop);
      if (row === null || row.chars.length === 0) break;
      const rowCells = cellsOf(row.chars, parsed.sep);
      if (rowCells === null || rowCells.length !== parsed.cells.length) break;
      for (const { i, name } of columns) {
        const cell = rowCells[i]!;
        if (cell.end <= cell.first || !csvCellIsSecret(name, cell.text)) continue;
        if (!cell.quoted && /\s/.test(cell.text)) continue;
        const s = row.from[cell.first]!;
        const e = row.to[cell.end - 1]!;
        cells.push({ kind: "generic_secret", start: s, end: e });
        values.push({
          kind: "generic_secret",
          value: Uint8Array.from(cell.text, (c) => c.charCodeAt(0)),
        });
      }
      readUntil = at = row.next;
    }
  }
  cells.sort((a, b) => a.start - b.start);
  return { rest, found: cells, values };
}
