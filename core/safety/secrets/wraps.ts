/**
 * Secrets wrapped onto several lines: a tool that breaks long lines at a
 * width (`fold`, a terminal's paste, Python's textwrap, `base64`) leaves the
 * rest of a value on the next lines, where no rule sees it. A finding that
 * runs to the end of its line is extended over the lines that continue it.
 * Pure: no I/O.
 *
 * Decisions:
 * - A line break is a real one (`\n`, `\r\n`) or one written as a JSON
 *   escape (`\n`, `\r\n` after a run of 1 to 4 backslashes: a transcript's
 *   string, or one nested in another). Every line of one wrap has the same
 *   form of break. The width `W` of a line is counted in characters (an
 *   escape counts one) from the previous break of that form, or from the
 *   opening quote of the JSON string (or the input's start).
 * - The continuation is the run of the value's alphabet at the next line's
 *   start: letters, digits and the punctuation the value itself holds (`-`
 *   brings `_` and the reverse, `+` brings `/` and the reverse: base64's
 *   two alphabets); `=` not in the value is taken only at the run's end
 *   (padding). The run ends the next line, or a blank or a quote ends it,
 *   or a sentence's punctuation that a blank, a quote or the line's end
 *   follows (`…xyz, keep it safe`); anything else after it means the line
 *   is not a continuation.
 * - A wrapped line is exactly `W` wide and no line of a wrap is wider. So a
 *   continuation that fills the next line exactly to `W` is taken, and the
 *   wrap goes on from it (two lines of one width, both ending inside a
 *   value). The last, shorter piece is taken only when `W` is proven (such
 *   a full line came before it, or two of the 16 lines before the value's
 *   are `W` wide, at least 40, and were wrapped too: a terminal's paste) or is
 *   a width tools wrap at ({@linkcode WRAP_WIDTHS}); when the whole of its line is no wider than
 *   `W`; and when it is not a word (letters in one case, or capitalised:
 *   `fi`, `EOF`, `Done`), since a value that ends right at the width is
 *   followed by an ordinary line.
 * - A line narrower than 20 or wider than 512 characters is not a wrap;
 *   the extension reads at most {@linkcode WRAP_REACH} bytes past a finding;
 *   key blocks (which end at their END line) are never extended.
 * - Findings are handled in order and one inside an earlier extension is
 *   not extended again (each byte is read once), then overlapping findings
 *   are joined, of the earlier one's kind.
 * @module
 */
import type { RawFinding } from "./engine.ts";

/**
 * Most bytes an extension reads past a finding's end: a streamed scan
 * carries this much more than the longest rule window.
 */
export const WRAP_REACH = 8 * 1024;

/**
 * Widths tools wrap at: PEM and openssl (64), textwrap (70), git and mail
 * (72), base64 and MIME (76), fold and terminals (80), wider terminals.
 */
export const WRAP_WIDTHS: ReadonlySet<number> = new Set([64, 70, 72, 76, 80, 100, 120, 132, 160]);

const MIN_WIDTH = 20;
const MAX_WIDTH = 512;
/** Most bytes from a line's start to a finding's end (an escaped line is longer than its width). */
const MAX_LINE_BYTES = 4 * MAX_WIDTH;
/** Most bytes of continuation pieces (the last line's end is read past them). */
const PIECES_REACH = WRAP_REACH - MAX_LINE_BYTES - 16;

const LF = 0x0a;
const CR = 0x0d;
const BACKSLASH = 0x5c;
const QUOTE = 0x22;

/** A finding extended over a wrap, and its value with the line breaks taken out. */
export interface WrapResult {
  /** The findings, extended, sorted and non-overlapping. */
  findings: RawFinding[];
  /** The value of each extended finding, joined (its lines without their breaks), and its span. */
  joined: JoinedValue[];
}

/** A finding's value joined over its wrap, and the span the wrap covers. */
export interface JoinedValue {
  kind: string;
  value: Uint8Array;
  start: number;
  end: number;
  /** Where each continuation piece ends: in the joined value, and in the bytes. */
  pieces: { value: number; at: number }[];
}

/** Options of {@linkcode extendWraps}. */
export interface ExtendWrapsOptions {
  /** Kinds never extended (key blocks). */
  skip?: ReadonlySet<string>;
  /** The bytes start where the input starts (false: a streamed buffer's look-behind). @default {true} */
  opens?: boolean;
  /** The bytes end where the input ends (false: a streamed buffer with more to come). @default {true} */
  complete?: boolean;
  /**
   * A last piece that reads as a word (`fi`, `EOF`) ends the wrap; false
   * for a folded token's head, whose joined value its format judges
   * (folds.ts). @default {true}
   */
  words?: boolean;
  /**
   * Per kind, ASCII bytes (a 128-entry table, 1: in) that continue its
   * values besides the value's own: a folded token's body alphabet, whose
   * head may not yet hold its `.` or `-` (folds.ts).
   */
  alphabets?: ReadonlyMap<string, Uint8Array>;
}

/**
 * Extends each finding that ends at a line break over the lines that
 * continue its value (see the module's decisions).
 * @param bytes The buffer the findings are in.
 * @param findings Findings sorted by start, non-overlapping.
 * @param options Kinds to skip, whether the input starts and ends here.
 * @returns The findings and the joined values of those extended.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { extendWraps } from "./wraps.ts";
 * const text = "API_TOKEN=" + "aB3".repeat(30) + "\n" + "x9Kq7" + "\nls\n";
 * const bytes = new TextEncoder().encode(text.slice(0, 80) + "\n" + text.slice(80));
 * const r = extendWraps(bytes, [{ kind: "env_secret", start: 10, end: 80 }]);
 * // The 20 characters on the next line end the value: "x9Kq7" after it is a line of its own.
 * assert.equal(r.findings[0]?.end, 81 + 20);
 * ```
 */
export function extendWraps(
  bytes: Uint8Array,
  findings: readonly RawFinding[],
  options: ExtendWrapsOptions = {},
): WrapResult {
  const skip = options.skip;
  const opens = options.opens ?? true;
  const complete = options.complete ?? true;
  const words = options.words ?? true;
  const alphabets = options.alphabets;
  let out: RawFinding[] | null = null;
  const joined: JoinedValue[] = [];
  let reachedTo = -1;
  for (let i = 0; i < findings.length; i++) {
    const f = findings[i]!;
    if (f.start < reachedTo || skip?.has(f.kind) === true) continue;
    const wrap = wrapOf(bytes, f.start, f.end, opens, complete, words, alphabets?.get(f.kind));
    if (wrap === null) continue;
    out ??= findings.slice();
    out[i] = { kind: f.kind, start: f.start, end: wrap.end };
    reachedTo = wrap.end;
    joined.push({
      kind: f.kind,
      value: wrap.value,
      start: f.start,
      end: wrap.end,
      pieces: wrap.pieces,
    });
  }
  if (out === null) return { findings: findings as RawFinding[], joined };
  return { findings: joinOverlaps(out), joined };
}

/**
 * Sorted findings with overlaps joined into one, of the earlier one's kind.
 * @param sorted Findings sorted by start.
 * @returns Non-overlapping findings.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { joinOverlaps } from "./wraps.ts";
 * const r = joinOverlaps([{ kind: "a", start: 0, end: 5 }, { kind: "b", start: 3, end: 9 }]);
 * assert.deepEqual(r, [{ kind: "a", start: 0, end: 9 }]);
 * ```
 */
export function joinOverlaps(sorted: readonly RawFinding[]): RawFinding[] {
  const out: RawFinding[] = [];
  for (const f of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && f.start < last.end) {
      if (f.end > last.end) {
        out[out.length - 1] = { kind: last.kind, start: last.start, end: f.end };
      }
      continue;
    }
    out.push(f);
  }
  return out;
}

/** A line break's form: 0 real, k > 0 escaped after a run of k backslashes. */
type Form = number;

/** The length of the break of form `form` at `at` (0: none there). */
function breakAt(bytes: Uint8Array, at: number, form: Form): number {
  if (form === 0) {
    if (bytes[at] === LF) return 1;
    return bytes[at] === CR && bytes[at + 1] === LF ? 2 : 0;
  }
  const n = escapeAt(bytes, at, form, 0x6e);
  if (n > 0) return n;
  const r = escapeAt(bytes, at, form, 0x72);
  if (r === 0) return 0;
  const nl = escapeAt(bytes, at + r, form, 0x6e);
  return nl === 0 ? 0 : r + nl;
}

/** `form` backslashes then `letter` at `at` (and no further backslash before): its length, or 0. */
function escapeAt(bytes: Uint8Array, at: number, form: number, letter: number): number {
  for (let k = 0; k < form; k++) if (bytes[at + k] !== BACKSLASH) return 0;
  return bytes[at + form] === letter ? form + 1 : 0;
}

/** The form of the break at `at`, or -1. */
function formAt(bytes: Uint8Array, at: number): Form {
  if (breakAt(bytes, at, 0) > 0) return 0;
  let k = 0;
  while (k < 5 && bytes[at + k] === BACKSLASH) k++;
  if (k === 0 || k > 4) return -1;
  return breakAt(bytes, at, k) > 0 ? k : -1;
}

/** A backslash run of exactly `k` ends just before `at` (or, k = 0, none does). */
function runBefore(bytes: Uint8Array, at: number, k: number): boolean {
  let n = 0;
  while (n <= k && at - n - 1 >= 0 && bytes[at - n - 1] === BACKSLASH) n++;
  return n === k;
}

/**
 * Where the line that ends at `end` (form `form`) starts, and whether a
 * line break opens it (not a JSON string's quote or the input's start);
 * null when its start is further back than MAX_LINE_BYTES or before the
 * bytes (`opens` false: they do not start the input).
 */
function lineStartOf(
  bytes: Uint8Array,
  end: number,
  form: Form,
  opens: boolean,
): { start: number; afterBreak: boolean } | null {
  const stop = Math.max(0, end - MAX_LINE_BYTES);
  for (let i = end - 1; i >= stop; i--) {
    const b = bytes[i]!;
    if (form === 0) {
      if (b === LF) return { start: i + 1, afterBreak: true };
    } else if (b === QUOTE && runBefore(bytes, i, form - 1)) {
      return { start: i + 1, afterBreak: false };
    } else if (b === 0x6e && runBefore(bytes, i, form)) {
      return { start: i + 1, afterBreak: true };
    }
  }
  return stop > 0 || !opens ? null : { start: 0, afterBreak: false };
}

/** Where the break that ends the line before the one starting at `start` begins. */
function breakBefore(bytes: Uint8Array, start: number, form: Form): number {
  if (form === 0) return bytes[start - 2] === CR ? start - 2 : start - 1;
  const at = start - (form + 1);
  return escapeAt(bytes, at - (form + 1), form, 0x72) > 0 ? at - (form + 1) : at;
}

/** Earlier lines read for a width seen before (a paste wrapped at its terminal's width). */
const EARLIER_LINES = 16;
/** Least width proven by earlier lines alone. */
const MIN_EARLIER_WIDTH = 40;
/** Earlier lines of the width, each wrapped, that prove it. */
const EARLIER_WRAPS = 2;

/**
 * Whether EARLIER_WRAPS of the EARLIER_LINES lines before the line at
 * `start` (within MAX_LINE_BYTES each) are exactly `width` wide and were
 * wrapped: the line after each goes on without a blank. A terminal's paste
 * wraps every long line at the same width; one line of that width is too
 * common a coincidence.
 */
function wrappedBefore(
  bytes: Uint8Array,
  start: number,
  form: Form,
  width: number,
  opens: boolean,
): boolean {
  let next = start;
  let seen = 0;
  for (let k = 0; k < EARLIER_LINES; k++) {
    const end = breakBefore(bytes, next, form);
    if (end < 0) return false;
    const line = lineStartOf(bytes, end, form, opens);
    if (line === null) return false;
    const b = bytes[next];
    if (
      widthOf(bytes, line.start, end, form) === width && b !== undefined && b !== 0x20 &&
      b !== 0x09 && breakAt(bytes, next, form) === 0 && ++seen === EARLIER_WRAPS
    ) return true;
    if (!line.afterBreak) return false;
    next = line.start;
  }
  return false;
}

/** Characters in bytes[from, to): UTF-8 lead bytes; an escape (`\x`, `\uXXXX`) counts one. */
function widthOf(bytes: Uint8Array, from: number, to: number, form: Form): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const b = bytes[i]!;
    if (b === CR && form === 0) continue;
    if ((b & 0xc0) === 0x80) continue;
    if (b === BACKSLASH && form > 0) {
      while (i + 1 < to && bytes[i + 1] === BACKSLASH) i++;
      if (i + 1 < to && bytes[i + 1] === 0x75) i += 5;
      else i++;
    }
    n++;
  }
  return n;
}

/** The ASCII table of letters and digits, every value's alphabet. */
const ALNUM_SET = new Uint8Array(128).map((_, c) =>
  (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) ? 1 : 0
);

/** The alphabet of the value being extended (reused: one extension runs at a time). */
const alphabet = new Uint8Array(128);

/** Sets {@linkcode alphabet} to the ASCII bytes that continue the value bytes[start, end); `=` apart (see padding). */
function alphabetOf(bytes: Uint8Array, start: number, end: number): Uint8Array {
  alphabet.set(ALNUM_SET);
  for (let i = start; i < end; i++) {
    const b = bytes[i]!;
    if (b > 0x20 && b < 0x7f && b !== QUOTE && b !== 0x27 && b !== 0x60 && b !== BACKSLASH) {
      alphabet[b] = 1;
    }
  }
  if (alphabet[0x2d] === 1 || alphabet[0x5f] === 1) alphabet[0x2d] = alphabet[0x5f] = 1;
  if (alphabet[0x2b] === 1 || alphabet[0x2f] === 1) alphabet[0x2b] = alphabet[0x2f] = 1;
  return alphabet;
}

/** A word, not a value's tail: letters only, in one case or capitalised. */
function isWord(bytes: Uint8Array, from: number, to: number): boolean {
  let upper = 0;
  let lower = 0;
  for (let i = from; i < to; i++) {
    const b = bytes[i]!;
    if (b >= 0x41 && b <= 0x5a) upper++;
    else if (b >= 0x61 && b <= 0x7a) lower++;
    else return false;
  }
  if (upper === 0 || lower === 0) return true;
  return upper === 1 && bytes[from]! <= 0x5a;
}

/**
 * What ends a piece in mid-line: a blank or a quote (escaped or not), or a
 * sentence's punctuation (`,` `;` `.` `:` `!` `?` `)` `]` `}`) that a blank,
 * a quote or the line's end follows (`…xyz, keep it safe`).
 */
function endsPiece(bytes: Uint8Array, at: number, form: Form): boolean {
  const b = bytes[at];
  if (b === 0x20 || b === 0x09 || b === QUOTE || b === 0x27 || b === 0x60) return true;
  if (b !== undefined && b < 0x80 && PUNCTUATION[b] === 1) {
    // At most three (`).`, `"),`), then what ends a piece.
    let next = at + 1;
    while (next < at + 3 && bytes[next]! < 0x80 && PUNCTUATION[bytes[next]!] === 1) next++;
    if (next >= bytes.length || breakAt(bytes, next, form) > 0) return true;
    const c = bytes[next]!;
    return c < 0x80 && PUNCTUATION[c] !== 1 && endsPiece(bytes, next, form);
  }
  if (form > 0 && b === BACKSLASH) {
    let k = at;
    while (bytes[k] === BACKSLASH) k++;
    return bytes[k] === QUOTE || bytes[k] === 0x74;
  }
  return false;
}

/** A sentence's punctuation after a value's last piece (see endsPiece). */
const PUNCTUATION = new Uint8Array(128);
for (const c of ",;.:!?)]}") PUNCTUATION[c.charCodeAt(0)] = 1;

/**
 * The end of the line that goes on at `at` (form `form`): the next break,
 * the JSON string's closing quote or the end of the bytes; -1 when the line
 * is wider than `most` characters, or reaches the end of incomplete bytes.
 */
function lineEnd(
  bytes: Uint8Array,
  at: number,
  form: Form,
  most: number,
  complete: boolean,
): number {
  let width = 0;
  const stop = Math.min(bytes.length, at + MAX_LINE_BYTES);
  for (let i = at; i < stop; i++) {
    if (breakAt(bytes, i, form) > 0) return i;
    const b = bytes[i]!;
    if (form > 0 && b === QUOTE && runBefore(bytes, i, form - 1)) return i;
    if ((b & 0xc0) !== 0x80 && !(b === CR && form === 0)) {
      if (b === BACKSLASH && form > 0) {
        while (bytes[i + 1] === BACKSLASH) i++;
        i += bytes[i + 1] === 0x75 ? 5 : 1;
      }
      if (++width > most) return -1;
    }
  }
  return complete && stop === bytes.length ? bytes.length : -1;
}

/** The wrap that continues bytes[start, end), or null. */
function wrapOf(
  bytes: Uint8Array,
  start: number,
  end: number,
  opens: boolean,
  complete: boolean,
  words: boolean,
  extra: Uint8Array | undefined,
): { end: number; value: Uint8Array; pieces: { value: number; at: number }[] } | null {
  const form = formAt(bytes, end);
  if (form < 0) return null;
  const set = alphabetOf(bytes, start, end);
  if (extra !== undefined) { for (let c = 0; c < 128; c++) set[c]! |= extra[c]!; }
  const padOnly = set[0x3d] !== 1;
  // No continuation at the next line's start (the common case: the value
  // ended its line): nothing to read back for the line's width.
  const next = bytes[end + breakAt(bytes, end, form)];
  if (next === undefined || next >= 0x80 || (set[next] !== 1 && (!padOnly || next !== 0x3d))) {
    return null;
  }
  const line = lineStartOf(bytes, end, form, opens);
  if (line === null) return null;
  const width = widthOf(bytes, line.start, end, form);
  if (width < MIN_WIDTH || width > MAX_WIDTH) return null;
  const reach = Math.min(bytes.length, end + PIECES_REACH);
  const pieces: [number, number][] = [];
  let proven = false;
  let at = end;
  let taken = end;
  while (true) {
    const brk = breakAt(bytes, at, form);
    if (brk === 0) break;
    const p = at + brk;
    let q = p;
    while (q < reach && bytes[q]! < 0x80 && set[bytes[q]!] === 1) q++;
    if (padOnly) { while (q < reach && bytes[q] === 0x3d) q++; }
    if (q === p || q >= reach && reach < bytes.length) break;
    if (q === bytes.length && !complete) break;
    const full = q - p === width && (q === bytes.length || breakAt(bytes, q, form) > 0);
    if (full) {
      pieces.push([p, q]);
      taken = q;
      proven = true;
      at = q;
      continue;
    }
    if (q < bytes.length && breakAt(bytes, q, form) === 0 && !endsPiece(bytes, q, form)) {
      // Not a string's closing quote either (checked by endsPiece for a quote).
      break;
    }
    if (
      !proven && !WRAP_WIDTHS.has(width) &&
      !(width >= MIN_EARLIER_WIDTH && line.afterBreak &&
        wrappedBefore(bytes, line.start, form, width, opens))
    ) break;
    if (lineEnd(bytes, p, form, width, complete) < 0) break;
    if (words && isWord(bytes, p, q)) break;
    pieces.push([p, q]);
    taken = q;
    break;
  }
  if (pieces.length === 0) return null;
  let size = end - start;
  for (const [a, b] of pieces) size += b - a;
  const value = new Uint8Array(size);
  value.set(bytes.subarray(start, end));
  let off = end - start;
  const ends: { value: number; at: number }[] = [];
  for (const [a, b] of pieces) {
    value.set(bytes.subarray(a, b), off);
    off += b - a;
    ends.push({ value: off, at: b });
  }
  return { end: taken, value, pieces: ends };
}
