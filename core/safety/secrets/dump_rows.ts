/**
 * The rows of a hex dump read back into the bytes they show, with where
 * each byte is written: its hex (or `od -c` character) cell and its cell
 * in the ASCII gutter. Layouts, each the tool's default:
 * - `xxd`: `00000010: 4150 495f …  API_…`, 16 bytes a row;
 * - `hexdump -C`: `00000010  41 50 49 5f …  |API_…|`;
 * - `od -c`: `0000020   A   P   I   _ …` (octal offsets, a character,
 *   an escape such as `\n` or three octal digits per byte);
 * - `xxd -p`: rows of hex alone, all one width but the last;
 * - `od -An -c`: the `od -c` cells without the offset.
 *
 * Rows follow one another with consecutive offsets from 0; the gutter
 * must show each byte as the tool does (itself when printable, `.`
 * otherwise), so text laid out like a dump by hand is not read as one. After
 * whole rows, a row cut short (the output's end or a line's: a tool's
 * bound, a capsule's, often with an ellipsis) is the dump's last, read to
 * its last whole cell (`xxd`, `hexdump -C`: hex, its gutter as far as it
 * goes; `od -c` and `xxd -p`: cells alone). A
 * row's line is raw or a JSON string's (escaped once or nested, the form
 * told by what opens the first row), read back before it is parsed. Pure:
 * no I/O.
 * @module
 */
import type { DumpLayout } from "./dump_rules.ts";

const LF = 0x0a;
const CR = 0x0d;
const BACKSLASH = 0x5c;
const QUOTE = 0x22;
const SPACE = 0x20;
const DOT = 0x2e;
/** Most characters of one row (`xxd -p -c 128` is 256). */
const MAX_ROW = 256;

/** A dump read back. */
export interface DumpView {
  /** The bytes the dump shows. */
  bytes: Uint8Array;
  /** Per byte, the raw span of its cell (hex, or the `od -c` character). */
  cellAt: Int32Array;
  cellEnd: Int32Array;
  /** Per byte, the raw span of its gutter cell (-1: no gutter). */
  gutterAt: Int32Array;
  gutterEnd: Int32Array;
  /** Per byte, its row. */
  rowOf: Int32Array;
  /** Raw offset just past the last row read. */
  end: number;
}

const BAR = 0x7c;

/**
 * The line being parsed, read back: its characters and each one's raw span
 * (scratch, reused by every row: a row is parsed before the next is read).
 */
const chars = new Uint8Array(MAX_ROW + 1);
const charAt = new Int32Array(MAX_ROW + 1);
const charTo = new Int32Array(MAX_ROW + 1);
/** What readRow read: the line's length in characters, and the next line's raw start (-1: none). */
let rowLength = 0;
let rowNext = -1;

/**
 * The escape level of a line that starts at `at`: 0 raw (the data's start
 * or a line feed before it); `L` inside a JSON string nested `L` deep,
 * told by the escaped line break (`\n` after 2^(L-1) backslashes) or the
 * string's opening quote (after 2^(L-1) - 1 backslashes) before it; -1
 * when neither opens it.
 * @param bytes The buffer.
 * @param at A line's first byte.
 * @returns The level, or -1.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { levelAt } from "./dump_rows.ts";
 * assert.equal(levelAt(new TextEncoder().encode('{"a":"0'), 6), 1);
 * ```
 */
export function levelAt(bytes: Uint8Array, at: number): number {
  if (at === 0 || bytes[at - 1] === LF) return 0;
  const before = bytes[at - 1];
  let p = at - 1;
  while (p > 0 && bytes[p - 1] === BACKSLASH && at - p < 16) p--;
  const run = at - 1 - p;
  if (before === 0x6e || before === 0x72) {
    for (let level = 1; level <= 4; level++) if (run === 1 << (level - 1)) return level;
    return -1;
  }
  if (before === QUOTE) {
    for (let level = 1; level <= 4; level++) if (run === (1 << (level - 1)) - 1) return level;
  }
  return -1;
}

function push(c: number, from: number, to: number): void {
  chars[rowLength] = c;
  charAt[rowLength] = from;
  charTo[rowLength++] = to;
}

/**
 * Reads the line at `at` back at `level` into the scratch arrays, up to a
 * break before `stop`; false when it is too long or malformed.
 */
function readRow(bytes: Uint8Array, at: number, level: number, stop: number): boolean {
  rowLength = 0;
  rowNext = -1;
  const u = level === 0 ? 0 : 1 << (level - 1);
  let p = at;
  while (p < stop) {
    if (rowLength >= MAX_ROW) return false;
    const b = bytes[p]!;
    if (level === 0) {
      if (b === LF) {
        rowNext = p + 1;
        return true;
      }
      if (b === CR && bytes[p + 1] === LF) {
        p++;
        continue;
      }
      push(b, p, p + 1);
      p++;
      continue;
    }
    if (b === QUOTE) return true;
    if (b !== BACKSLASH) {
      push(b, p, p + 1);
      p++;
      continue;
    }
    let q = p;
    while (q < stop && bytes[q] === BACKSLASH) q++;
    let run = q - p;
    while (run >= 2 * u) {
      if (rowLength >= MAX_ROW) return false;
      push(BACKSLASH, p, p + 2 * u);
      p += 2 * u;
      run -= 2 * u;
    }
    if (run === 0) continue;
    const e = bytes[q];
    if (run === u && e === 0x6e) {
      rowNext = q + 1;
      return true;
    }
    if (run === u && e === 0x72) {
      p = q + 1;
      continue;
    }
    if (run === 2 * u - 1 && e === QUOTE) {
      push(QUOTE, p, q + 1);
      p = q + 1;
      continue;
    }
    return false;
  }
  // The data's end closes the last line (never the reach's: a row cut there is not read).
  return stop === bytes.length;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  return l >= 0x61 && l <= 0x66 ? l - 0x61 + 10 : -1;
}

/** The digit `d` (0 to 15) as a lowercase hex character. */
function digit(d: number): number {
  return d < 10 ? 0x30 + d : 0x61 + d - 10;
}

/**
 * Whether `text` holds the offset of row `k` at `at` (8 hex digits, or 7
 * octal ones for od; offsets below 2^31, as a reach keeps them).
 */
function offsetIn(text: Uint8Array, at: number, layout: DumpLayout, k: number): boolean {
  const v = k * 16;
  const octal = layout === "od";
  const n = octal ? 7 : 8;
  const bits = octal ? 3 : 4;
  const mask = (1 << bits) - 1;
  for (let i = 0; i < n; i++) {
    const d = (v >>> (bits * (n - 1 - i))) & mask;
    if ((text[at + i]! | 0x20) !== digit(d)) return false;
  }
  return true;
}

/**
 * Whether the row opens with the offset of row `k` (8 hex digits, or 7
 * octal ones for od) and then `sep` blanks after `colon` (`: ` or `  `).
 */
function opensWith(layout: DumpLayout, k: number, colon: boolean, blanks: number): boolean {
  if (!offsetIn(chars, 0, layout, k)) return false;
  const n = layout === "od" ? 7 : 8;
  let at = n;
  if (colon && chars[at++] !== 0x3a) return false;
  for (let i = 0; i < blanks; i++) if (chars[at++] !== SPACE) return false;
  return rowLength >= at;
}

/**
 * What the row parsed last shows (scratch): its bytes, and per byte the
 * first and last character of its cell and its gutter character (-1: none).
 */
const values = new Uint8Array(MAX_ROW);
const cellFirst = new Int32Array(MAX_ROW);
const cellLast = new Int32Array(MAX_ROW);
const gutterOf = new Int32Array(MAX_ROW);

/** The byte a gutter shows: itself when printable ASCII, `.` otherwise. */
function shown(v: number): number {
  return v >= SPACE && v < 0x7f ? v : DOT;
}

/** The place of hex cell `i` in a row of `layout` (xxd: groups of two bytes; hexdump -C: two halves). */
function hexCellAt(layout: DumpLayout, i: number): number {
  return layout === "xxd" ? 10 + 5 * (i >> 1) + 2 * (i & 1) : 10 + 3 * i + (i >= 8 ? 1 : 0);
}

/**
 * Reads the row's hex cells (up to 16) that end before `len` into
 * `values`, `cellFirst` and `cellLast`: how many were whole hex.
 */
function hexCells(layout: DumpLayout, len: number): number {
  let n = 0;
  for (; n < 16; n++) {
    const c = hexCellAt(layout, n);
    if (c + 1 >= len) break;
    const hi = hexValue(chars[c]!);
    const lo = hexValue(chars[c + 1]!);
    if (hi < 0 || lo < 0) break;
    values[n] = hi * 16 + lo;
    cellFirst[n] = c;
    cellLast[n] = c + 1;
  }
  return n;
}

/** The row's length `len` without the blanks that end it. */
function trimBlanks(len: number): number {
  while (len > 0 && chars[len - 1] === SPACE) len--;
  return len;
}

/** The row's length `len` without a closing ellipsis (U+2026, as UTF-8), when it ends in one. */
function withoutEllipsis(len: number): number {
  return len >= 3 && chars[len - 3] === 0xe2 && chars[len - 2] === 0x80 && chars[len - 1] === 0xa6
    ? len - 3
    : len;
}

/**
 * A row of up to 16 hex cells and a gutter at `gutterAt` (between bars in
 * hexdump -C): the number of bytes it shows, or -1 when it is not one.
 */
function hexRow(layout: DumpLayout, hexEnd: number, gutterAt: number, bars: boolean): number {
  const n = hexCells(layout, rowLength);
  if (n === 0 || rowLength !== gutterAt + n + (bars ? 1 : 0)) return -1;
  // The rest of the hex columns are blank (up to the gutter's opening bar), and the gutter shows the bytes.
  const blankTo = bars ? gutterAt - 1 : gutterAt;
  for (let c = n === 16 ? hexEnd : hexCellAt(layout, n); c < blankTo; c++) {
    if (chars[c] !== SPACE) return -1;
  }
  if (bars && (chars[gutterAt - 1] !== BAR || chars[gutterAt + n] !== BAR)) return -1;
  for (let i = 0; i < n; i++) {
    if (chars[gutterAt + i] !== shown(values[i]!)) return -1;
    gutterOf[i] = gutterAt + i;
  }
  return n;
}

/**
 * The last row of a dump cut short (a tool's or a capsule's bound ending
 * the output inside a row, often with an ellipsis): the hex cells it still
 * shows whole, the columns after them blank, and what is left of its gutter
 * showing their first bytes: the number of bytes, or -1. Its cells are
 * redacted as a whole row's are, or the secret's first bytes stay in hex.
 */
function cutHexRow(layout: DumpLayout, hexEnd: number, gutterAt: number, bars: boolean): number {
  // A closing ellipsis (U+2026) and the blanks around it are not part of the row.
  const len = trimBlanks(withoutEllipsis(trimBlanks(rowLength)));
  const n = hexCells(layout, len);
  gutterOf.fill(-1, 0, n);
  if (n === 0) return -1;
  const blankTo = bars ? gutterAt - 1 : gutterAt;
  const hexTo = n === 16 ? hexEnd : hexCellAt(layout, n);
  // Cut in the hex columns: nothing after the last whole cell but blanks (or half a cell).
  if (len <= blankTo) {
    for (let c = hexTo; c < len; c++) {
      if (chars[c] !== SPACE && !(c === len - 1 && c === hexTo && hexValue(chars[c]!) >= 0)) {
        return -1;
      }
    }
    return n;
  }
  // Cut in the gutter: the hex columns are whole, and the gutter left shows their first bytes.
  for (let c = hexTo; c < blankTo; c++) if (chars[c] !== SPACE) return -1;
  if (bars && chars[gutterAt - 1] !== BAR) return -1;
  let m = len - gutterAt;
  // A whole gutter between its bars, then the ellipsis.
  if (bars && m === n + 1 && chars[len - 1] === BAR) m = n;
  if (m > n) return -1;
  for (let i = 0; i < m; i++) {
    if (chars[gutterAt + i] !== shown(values[i]!)) return -1;
    gutterOf[i] = gutterAt + i;
  }
  return n;
}

/** The bytes `od -c` writes as a backslash and a letter (or `0`). */
const OD_ESCAPES = new Int16Array(128).fill(-1);
for (
  const [c, v] of [["0", 0], ["a", 7], ["b", 8], ["f", 12], ["n", 10], ["r", 13], ["t", 9], [
    "v",
    11,
  ]] as const
) {
  OD_ESCAPES[c.charCodeAt(0)] = v;
}

/** `od -c` cells from `from` (four characters each): the number of bytes, or -1 when not such a row. */
function odCells(from: number): number {
  const width = rowLength - from;
  if (width <= 0 || width % 4 !== 0 || width > 64) return -1;
  let n = 0;
  for (let c = from; c < rowLength; c += 4, n++) {
    if (chars[c] !== SPACE) return -1;
    const a = chars[c + 1]!;
    const b = chars[c + 2]!;
    const d = chars[c + 3]!;
    let v: number;
    if (a === SPACE && b === SPACE) {
      if (d < SPACE || d >= 0x7f) return -1;
      v = d;
    } else if (a === SPACE && b === BACKSLASH && d < 128 && OD_ESCAPES[d]! >= 0) v = OD_ESCAPES[d]!;
    else if (a >= 0x30 && a <= 0x33 && b >= 0x30 && b <= 0x37 && d >= 0x30 && d <= 0x37) {
      v = (a - 0x30) * 64 + (b - 0x30) * 8 + (d - 0x30);
    } else return -1;
    values[n] = v;
    // The cell is its character(s), not the blanks that align it.
    cellFirst[n] = a !== SPACE ? c + 1 : b !== SPACE ? c + 2 : c + 3;
    cellLast[n] = c + 3;
    gutterOf[n] = -1;
  }
  return n;
}

/** A row of `xxd -p`: hex alone, at most `width` characters: the number of bytes, or -1. */
function plainHex(width: number): number {
  if (rowLength === 0 || rowLength % 2 !== 0 || rowLength > width) return -1;
  let n = 0;
  for (let c = 0; c < rowLength; c += 2, n++) {
    const hi = hexValue(chars[c]!);
    const lo = hexValue(chars[c + 1]!);
    if (hi < 0 || lo < 0) return -1;
    values[n] = hi * 16 + lo;
    cellFirst[n] = c;
    cellLast[n] = c + 1;
    gutterOf[n] = -1;
  }
  return n;
}

/**
 * The last row of an `od -c` or `xxd -p` dump cut short (review73's
 * {@linkcode cutHexRow} for the layouts without a gutter): the cells it
 * still shows whole, what is left of the next one and a closing ellipsis
 * dropped; the number of bytes, or -1.
 */
function cutCellRow(layout: DumpLayout, k: number, width: number): number {
  let len = withoutEllipsis(rowLength);
  let whole: number;
  if (layout === "xxd_plain") {
    // Hex alone: a blank before the ellipsis is no cell.
    len = trimBlanks(len);
    if (len > width) return -1;
    whole = len - (len % 2);
  } else if (layout === "od" || layout === "od_plain") {
    // Four characters a cell; a blank is a cell's own (a space shows as four blanks).
    const from = layout === "od" ? 7 : 0;
    if (layout === "od" && !opensWith(layout, k, false, 0)) return -1;
    whole = from + Math.floor((len - from) / 4) * 4;
    if (whole <= from) return -1;
  } else return -1;
  const full = rowLength;
  rowLength = whole;
  let n = layout === "xxd_plain" ? plainHex(width) : odCells(layout === "od" ? 7 : 0);
  // The blank a capsule writes before its ellipsis may close a cut cell's four characters
  // (`  \ …` of a `\n` cut after its backslash): that last cell is no cell.
  if (n < 0 && layout !== "xxd_plain" && whole - 4 > (layout === "od" ? 7 : 0)) {
    rowLength = whole - 4;
    n = odCells(layout === "od" ? 7 : 0);
  }
  rowLength = full;
  return n > 0 ? n : -1;
}

/** Row `k` of a dump in `layout`: the number of bytes it shows, or -1 when the line is not it. */
function parseRow(layout: DumpLayout, k: number, width: number): number {
  switch (layout) {
    case "xxd":
      return opensWith(layout, k, true, 1) ? hexRow(layout, 49, 51, false) : -1;
    case "hexdump":
      return opensWith(layout, k, false, 2) ? hexRow(layout, 58, 61, true) : -1;
    case "od":
      return opensWith(layout, k, false, 0) ? odCells(7) : -1;
    case "od_plain":
      return odCells(0);
    case "xxd_plain":
      return plainHex(width);
  }
}

/** Bytes a full row shows (the last row may show fewer, and ends the dump). */
function fullRow(layout: DumpLayout, width: number): number {
  return layout === "xxd_plain" ? width / 2 : 16;
}

/** The dump read so far (scratch, grown as needed), copied out when whole. */
let out = {
  bytes: new Uint8Array(1024),
  cellAt: new Int32Array(1024),
  cellEnd: new Int32Array(1024),
  gutterAt: new Int32Array(1024),
  gutterEnd: new Int32Array(1024),
  rowOf: new Int32Array(1024),
};

function grow(need: number): void {
  if (need <= out.bytes.length) return;
  const size = Math.max(need, out.bytes.length * 2);
  const more = <T extends Uint8Array | Int32Array>(a: T, make: (n: number) => T): T => {
    const b = make(size);
    b.set(a);
    return b;
  };
  out = {
    bytes: more(out.bytes, (n) => new Uint8Array(n)),
    cellAt: more(out.cellAt, (n) => new Int32Array(n)),
    cellEnd: more(out.cellEnd, (n) => new Int32Array(n)),
    gutterAt: more(out.gutterAt, (n) => new Int32Array(n)),
    gutterEnd: more(out.gutterEnd, (n) => new Int32Array(n)),
    rowOf: more(out.rowOf, (n) => new Int32Array(n)),
  };
}

/**
 * The dump whose first row starts at `at`, read to its last row or `stop`.
 * @param bytes The buffer.
 * @param at Where the first row's line starts.
 * @param layout The dump's layout.
 * @param stop Where reading ends (a row that runs past it is not read).
 * @returns The dump read back, or null when no row is one.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readDump } from "./dump_rows.ts";
 * const row = "00000000: 4142 0a".padEnd(51) + "AB.\n";
 * const bytes = new TextEncoder().encode(row);
 * const view = readDump(bytes, 0, "xxd", bytes.length)!;
 * assert.deepEqual([...view.bytes], [0x41, 0x42, 0x0a]);
 * assert.deepEqual([view.gutterAt[1], view.gutterEnd[1]], [52, 53]);
 * ```
 */
export function readDump(
  bytes: Uint8Array,
  at: number,
  layout: DumpLayout,
  stop: number,
): DumpView | null {
  const level = levelAt(bytes, at);
  if (level < 0) return null;
  let n = 0;
  let width = MAX_ROW;
  let end = at;
  let line = at;
  const offsets = layout === "xxd" || layout === "hexdump" || layout === "od";
  for (let k = 0; line >= 0 && line < stop; k++) {
    // The next row's offset first, in the bytes (digits are never escaped):
    // a line that does not go on with it is not read back.
    if (offsets && k > 0 && !offsetIn(bytes, line, layout, k)) break;
    if (!readRow(bytes, line, level, stop)) break;
    if (k === 0 && layout === "xxd_plain") width = rowLength;
    let shows = parseRow(layout, k, width);
    // After whole rows, a row cut short is the dump's last.
    let cut = false;
    if (shows < 0 && k > 0) {
      shows = layout === "xxd"
        ? opensWith(layout, k, true, 1) ? cutHexRow(layout, 49, 51, false) : -1
        : layout === "hexdump"
        ? opensWith(layout, k, false, 2) ? cutHexRow(layout, 58, 61, true) : -1
        : cutCellRow(layout, k, width);
      cut = true;
    }
    if (shows < 0) break;
    grow(n + shows);
    for (let i = 0; i < shows; i++, n++) {
      out.bytes[n] = values[i]!;
      out.cellAt[n] = charAt[cellFirst[i]!]!;
      out.cellEnd[n] = charTo[cellLast[i]!]!;
      const g = gutterOf[i]!;
      out.gutterAt[n] = g < 0 ? -1 : charAt[g]!;
      out.gutterEnd[n] = g < 0 ? -1 : charTo[g]!;
      out.rowOf[n] = k;
    }
    end = charTo[rowLength - 1]!;
    line = rowNext;
    if (cut || shows < fullRow(layout, width)) break;
  }
  if (n === 0) return null;
  return {
    bytes: out.bytes.slice(0, n),
    cellAt: out.cellAt.slice(0, n),
    cellEnd: out.cellEnd.slice(0, n),
    gutterAt: out.gutterAt.slice(0, n),
    gutterEnd: out.gutterEnd.slice(0, n),
    rowOf: out.rowOf.slice(0, n),
    end,
  };
}

/**
 * The raw spans that write the dump's bytes [start, end): on each row, the
 * cells from the first to the last of them, and their gutter cells.
 * @param view From {@linkcode readDump}.
 * @param start First byte.
 * @param end Just past the last byte.
 * @returns Spans sorted by start.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { dumpSpans, readDump } from "./dump_rows.ts";
 * const row = "00000000: 4142 0a".padEnd(51) + "AB.\n";
 * const bytes = new TextEncoder().encode(row);
 * const view = readDump(bytes, 0, "xxd", bytes.length)!;
 * assert.deepEqual(dumpSpans(view, 0, 2), [[10, 14], [51, 53]]);
 * ```
 */
export function dumpSpans(view: DumpView, start: number, end: number): [number, number][] {
  const out: [number, number][] = [];
  let first = start;
  while (first < end) {
    let last = first;
    while (last + 1 < end && view.rowOf[last + 1] === view.rowOf[first]) last++;
    out.push([view.cellAt[first]!, view.cellEnd[last]!]);
    // A row cut short has a gutter for its first bytes only.
    let shown = last;
    while (shown >= first && view.gutterAt[shown]! < 0) shown--;
    if (shown >= first) out.push([view.gutterAt[first]!, view.gutterEnd[shown]!]);
    first = last + 1;
  }
  return out;
}
