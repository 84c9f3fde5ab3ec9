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
 * otherwise), so text laid out like a dump by hand is not read as one. A
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

/** One line read back: its characters and each one's raw span. */
interface Row {
  chars: number[];
  at: number[];
  to: number[];
  /** Raw offset of the next line's start (-1: none, the string or the reach ended). */
  next: number;
}

/**
 * The escape level of a line that starts at `at`: 0 raw (the data's start
 * or a line feed before it); `L` inside a JSON string nested `L` deep,
 * told by the escaped line break (`\n` after 2^(L-1) backslashes) or the
 * string's opening quote (after 2^(L-1) - 1 backslashes) before it; -1
 * when neither opens it.
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

/** The line at `at` read back at `level`, up to a break before `stop`; null when too long or malformed. */
function readRow(bytes: Uint8Array, at: number, level: number, stop: number): Row | null {
  const chars: number[] = [];
  const from: number[] = [];
  const to: number[] = [];
  const u = level === 0 ? 0 : 1 << (level - 1);
  let p = at;
  while (p < stop) {
    if (chars.length > MAX_ROW) return null;
    const b = bytes[p]!;
    if (level === 0) {
      if (b === LF) return { chars, at: from, to, next: p + 1 };
      if (b === CR && bytes[p + 1] === LF) {
        p++;
        continue;
      }
      chars.push(b);
      from.push(p);
      to.push(++p);
      continue;
    }
    if (b === QUOTE) return { chars, at: from, to, next: -1 };
    if (b !== BACKSLASH) {
      chars.push(b);
      from.push(p);
      to.push(++p);
      continue;
    }
    let q = p;
    while (q < stop && bytes[q] === BACKSLASH) q++;
    let run = q - p;
    while (run >= 2 * u) {
      chars.push(BACKSLASH);
      from.push(p);
      p += 2 * u;
      to.push(p);
      run -= 2 * u;
    }
    if (run === 0) continue;
    const e = bytes[q];
    if (run === u && e === 0x6e) return { chars, at: from, to, next: q + 1 };
    if (run === u && e === 0x72) {
      p = q + 1;
      continue;
    }
    if (run === 2 * u - 1 && e === QUOTE) {
      chars.push(QUOTE);
      from.push(p);
      p = q + 1;
      to.push(p);
      continue;
    }
    return null;
  }
  // The data's end closes the last line (never the reach's: a row cut there is not read).
  return stop === bytes.length ? { chars, at: from, to, next: -1 } : null;
}

function hexValue(c: number | undefined): number {
  if (c === undefined) return -1;
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  return l >= 0x61 && l <= 0x66 ? l - 0x61 + 10 : -1;
}

/** Whether the row's characters [at, at + text.length) spell `text`, case aside. */
function spells(chars: number[], at: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if ((chars[at + i]! | 0x20) !== (text.charCodeAt(i) | 0x20)) return false;
  }
  return true;
}

/** What a row shows: its bytes and their cells' places in the row's characters. */
interface Parsed {
  values: number[];
  /** Per byte, the first and last character of its cell. */
  cell: [number, number][];
  /** Per byte, its gutter character (-1: none). */
  gutter: number[];
}

/** The byte a gutter shows: itself when printable ASCII, `.` otherwise. */
function shown(v: number): number {
  return v >= SPACE && v < 0x7f ? v : DOT;
}

/** A row of hex cells at `cellAt(i)` (two digits each) and a gutter at `gutterAt`; null when not one. */
function hexRow(
  chars: number[],
  cellAt: (i: number) => number,
  hexEnd: number,
  gutterAt: number,
  close: number,
): Parsed | null {
  const values: number[] = [];
  const cell: [number, number][] = [];
  const gutter: number[] = [];
  for (let i = 0; i < 16; i++) {
    const c = cellAt(i);
    const hi = hexValue(chars[c]);
    const lo = hexValue(chars[c + 1]);
    if (hi < 0 || lo < 0) break;
    values.push(hi * 16 + lo);
    cell.push([c, c + 1]);
  }
  const n = values.length;
  if (n === 0) return null;
  // The rest of the hex columns are blank, and the gutter shows the bytes.
  for (let c = n === 16 ? hexEnd : cellAt(n); c < gutterAt; c++) {
    if (chars[c] !== SPACE && !(close >= 0 && c === gutterAt - 1 && chars[c] === close)) {
      return null;
    }
  }
  if (chars.length !== gutterAt + n + (close >= 0 ? 1 : 0)) return null;
  if (close >= 0 && chars[gutterAt + n] !== close) return null;
  for (let i = 0; i < n; i++) {
    if (chars[gutterAt + i] !== shown(values[i]!)) return null;
    gutter.push(gutterAt + i);
  }
  return { values, cell, gutter };
}

const OD_ESCAPES: Record<number, number> = {
  0x30: 0,
  0x61: 7,
  0x62: 8,
  0x66: 12,
  0x6e: 10,
  0x72: 13,
  0x74: 9,
  0x76: 11,
};

/** `od -c` cells from `from` (four characters each); null when not such a row. */
function odCells(chars: number[], from: number): Parsed | null {
  const width = chars.length - from;
  if (width <= 0 || width % 4 !== 0 || width > 64) return null;
  const values: number[] = [];
  const cell: [number, number][] = [];
  for (let c = from; c < chars.length; c += 4) {
    if (chars[c] !== SPACE) return null;
    const a = chars[c + 1]!;
    const b = chars[c + 2]!;
    const d = chars[c + 3]!;
    let v: number;
    if (a === SPACE && b === SPACE) v = d;
    else if (a === SPACE && b === BACKSLASH && OD_ESCAPES[d] !== undefined) v = OD_ESCAPES[d]!;
    else if (a >= 0x30 && a <= 0x33 && b >= 0x30 && b <= 0x37 && d >= 0x30 && d <= 0x37) {
      v = (a - 0x30) * 64 + (b - 0x30) * 8 + (d - 0x30);
    } else return null;
    if (v < 0 || v > 0xff || (a === SPACE && b === SPACE && (v < SPACE || v >= 0x7f))) return null;
    values.push(v);
    // The cell is its character(s), not the blanks that align it.
    const first = a !== SPACE ? c + 1 : b !== SPACE ? c + 2 : c + 3;
    cell.push([first, c + 3]);
  }
  return { values, cell, gutter: values.map(() => -1) };
}

/** The offset the row `k` starts with, in the layout's digits. */
function offsetText(layout: DumpLayout, k: number): string {
  return layout === "od"
    ? (k * 16).toString(8).padStart(7, "0")
    : (k * 16).toString(16).padStart(8, "0");
}

/** Row `k` of a dump in `layout`, or null when the line is not it. */
function parseRow(layout: DumpLayout, chars: number[], k: number, width: number): Parsed | null {
  switch (layout) {
    case "xxd":
      if (!spells(chars, 0, offsetText(layout, k) + ": ")) return null;
      return hexRow(chars, (i) => 10 + 5 * (i >> 1) + 2 * (i & 1), 49, 51, -1);
    case "hexdump":
      if (!spells(chars, 0, offsetText(layout, k) + "  ")) return null;
      return hexRow(chars, (i) => 10 + 3 * i + (i >= 8 ? 1 : 0), 58, 61, 0x7c);
    case "od":
      if (!spells(chars, 0, offsetText(layout, k))) return null;
      return odCells(chars, 7);
    case "od_plain":
      return odCells(chars, 0);
    case "xxd_plain": {
      const n = chars.length;
      if (n === 0 || n % 2 !== 0 || n > width) return null;
      const values: number[] = [];
      const cell: [number, number][] = [];
      for (let c = 0; c < n; c += 2) {
        const hi = hexValue(chars[c]);
        const lo = hexValue(chars[c + 1]);
        if (hi < 0 || lo < 0) return null;
        values.push(hi * 16 + lo);
        cell.push([c, c + 1]);
      }
      return { values, cell, gutter: values.map(() => -1) };
    }
  }
}

/** Bytes a full row shows (the last row may show fewer, and ends the dump). */
function fullRow(layout: DumpLayout, width: number): number {
  return layout === "xxd_plain" ? width / 2 : 16;
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
 * const row = "00000000: 4142 0a                                AB.\n";
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
  const values: number[] = [];
  const cellAt: number[] = [];
  const cellEnd: number[] = [];
  const gutterAt: number[] = [];
  const gutterEnd: number[] = [];
  const rowOf: number[] = [];
  let width = MAX_ROW;
  let end = at;
  let line = at;
  for (let k = 0; line >= 0 && line < stop; k++) {
    const row = readRow(bytes, line, level, stop);
    if (row === null) break;
    if (k === 0 && layout === "xxd_plain") width = row.chars.length;
    const parsed = parseRow(layout, row.chars, k, width);
    if (parsed === null) break;
    for (let i = 0; i < parsed.values.length; i++) {
      const [c0, c1] = parsed.cell[i]!;
      values.push(parsed.values[i]!);
      cellAt.push(row.at[c0]!);
      cellEnd.push(row.to[c1]!);
      const g = parsed.gutter[i]!;
      gutterAt.push(g < 0 ? -1 : row.at[g]!);
      gutterEnd.push(g < 0 ? -1 : row.to[g]!);
      rowOf.push(k);
    }
    end = row.to[row.to.length - 1]!;
    line = row.next;
    if (parsed.values.length < fullRow(layout, width)) break;
  }
  if (values.length === 0) return null;
  return {
    bytes: Uint8Array.from(values),
    cellAt: Int32Array.from(cellAt),
    cellEnd: Int32Array.from(cellEnd),
    gutterAt: Int32Array.from(gutterAt),
    gutterEnd: Int32Array.from(gutterEnd),
    rowOf: Int32Array.from(rowOf),
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
 * const row = "00000000: 4142 0a                                AB.\n";
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
    if (view.gutterAt[first]! >= 0) out.push([view.gutterAt[first]!, view.gutterEnd[last]!]);
    first = last + 1;
  }
  return out;
}
