/**
 * Secrets split into string pieces by code that concatenates them: a long
 * key written as `("sk-proj-…"\n "…")` (Python's adjacent strings), `"…" +\n
 * "…"` (JavaScript, Java, Go, C#), `"…" . "…"` (PHP). A rule finds the first
 * piece, and the rest was printed. A finding that is a whole string is
 * extended over the pieces joined to it, and the joined value is
 * remembered, so every copy of the whole key is redacted too. Pure: no I/O.
 *
 * Decisions:
 * - The finding must be the whole of a string: the same quote (`"` or `'`,
 *   after the same run of 0 to 3 backslashes: a transcript's JSON escapes
 *   the code's quotes) right before its start and right after its end.
 * - A join is blanks, then `+` or `.` and blanks, or a line break and
 *   blanks (then an optional `+` or `.` and blanks), in any order that holds
 *   an operator or a line break: two strings side by side on one line are a
 *   command's arguments (`echo "…" "…"`), not one value. A line break is a
 *   real one, or `\n` after 1 to 4 backslashes (a transcript's JSON string).
 * - A piece is 4 to 1024 token characters (letters, digits, `-_+/=.`) and
 *   the whole of its string, in the first piece's quote or the other one
 *   (code mixes them: `"…" + '…'`; a `'` is never escaped in JSON, so it
 *   follows a `"` bare); words with blanks, paths
 *   and URLs are other strings. Each piece is read once, and the reading
 *   stops {@linkcode PIECES_REACH} bytes past the finding, within the
 *   overlap a streamed scan carries, so a streamed scan joins what the
 *   whole input does. That reach bounds the work; the count of pieces is
 *   bounded only so far as the reach allows (a key cut into 16 lines of 12
 *   characters is joined whole: a count of 8 printed from the ninth).
 * @module
 */
import type { RawFinding } from "./engine.ts";
import { joinOverlaps } from "./wraps.ts";

/** Most bytes the joined pieces reach past a finding's end. */
export const PIECES_REACH = 2048;

/** Most pieces joined: more than fit in {@linkcode PIECES_REACH} (each takes 7 bytes or more). */
const MAX_PIECES = 512;
const MAX_PIECE = 1024;
const BACKSLASH = 0x5c;
const LF = 0x0a;
const CR = 0x0d;
const ESC = 0x1b;
const DQUOTE = 0x22;
const SQUOTE = 0x27;

/** A quote: its byte and the run of backslashes that escapes it. */
interface Quote {
  q: number;
  escapes: number;
}

/**
 * Extends each finding that is a whole string over the string pieces joined
 * to it (see the module's decisions).
 * @param bytes The buffer the findings are in.
 * @param findings Findings sorted by start, non-overlapping.
 * @returns The findings, those extended reaching the end of their last piece, and
 * the joined value of each extended one (its pieces without the joins), for
 * the copy memory.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { extendPieces } from "./pieces.ts";
 * const text = 'key = ("Zq7kLm2xR9vT4wZp8K"\n       "Hd3Jf9Ks2Lq8")';
 * const bytes = new TextEncoder().encode(text);
 * const r = extendPieces(bytes, [{ kind: "generic_secret", start: 8, end: 26 }]);
 * assert.equal(r.findings[0]?.end, text.lastIndexOf('"'));
 * assert.equal(new TextDecoder().decode(r.joined[0]?.value), "Zq7kLm2xR9vT4wZp8KHd3Jf9Ks2Lq8");
 * ```
 */
export function extendPieces(bytes: Uint8Array, findings: readonly RawFinding[]): PiecesResult {
  let out: RawFinding[] | null = null;
  const joined: PiecesResult["joined"] = [];
  for (let i = 0; i < findings.length; i++) {
    const f = findings[i]!;
    const spans = pieceSpans(bytes, f.start, f.end);
    if (spans.length === 0) continue;
    const end = spans[spans.length - 1]![1];
    out ??= findings.slice();
    out[i] = { kind: f.kind, start: f.start, end };
    const parts = [bytes.subarray(f.start, f.end), ...spans.map(([a, b]) => bytes.subarray(a, b))];
    const value = new Uint8Array(parts.reduce((n, x) => n + x.length, 0));
    let at = 0;
    for (const x of parts) {
      value.set(x, at);
      at += x.length;
    }
    joined.push({ kind: f.kind, value });
  }
  return { findings: out === null ? findings as RawFinding[] : joinOverlaps(out), joined };
}

/** Findings with pieces followed, and each joined value (first piece and the rest, no joins). */
export interface PiecesResult {
  findings: RawFinding[];
  joined: { kind: string; value: Uint8Array }[];
}

/** The [start, end) of each piece joined to the string [start, end), in order (none: empty). */
function pieceSpans(bytes: Uint8Array, start: number, end: number): [number, number][] {
  const spans: [number, number][] = [];
  const open = quoteBefore(bytes, start);
  if (open === null || !isQuoteAt(bytes, end, open)) return spans;
  const reach = end + PIECES_REACH;
  let last = end;
  let quote = open;
  for (let n = 0; n < MAX_PIECES; n++) {
    const next = joinAfter(bytes, last + quote.escapes + 1, open);
    if (next === null) break;
    const from = next.from;
    let p = from;
    while (p < bytes.length && p - from < MAX_PIECE && isTokenByte(bytes[p]!)) p++;
    if (
      p - from < 4 || p > reach || !isQuoteAt(bytes, p, next.quote) || !isTokenPiece(bytes, from, p)
    ) {
      break;
    }
    spans.push([from, p]);
    last = p;
    quote = next.quote;
  }
  return spans;
}

/** The quote that ends right before `at` (0 to 3 backslashes and `"` or `'`), or null. */
function quoteBefore(bytes: Uint8Array, at: number): Quote | null {
  const q = bytes[at - 1];
  if (q !== DQUOTE && q !== SQUOTE) return null;
  let escapes = 0;
  while (escapes < 4 && bytes[at - 2 - escapes] === BACKSLASH) escapes++;
  return escapes > 3 ? null : { q, escapes };
}

/**
 * Whether `quote` (its backslashes, then its byte) is at `at`. A bare quote
 * doubled (`''`, `""`) is one escaped inside the string; an escaped one
 * followed by a bare one is the end of the string that holds the code (a
 * transcript's JSON string ending right after it: `\"…\""`).
 */
function isQuoteAt(bytes: Uint8Array, at: number, quote: Quote): boolean {
  for (let k = 0; k < quote.escapes; k++) if (bytes[at + k] !== BACKSLASH) return false;
  return bytes[at + quote.escapes] === quote.q &&
    (quote.escapes > 0 || bytes[at + quote.escapes + 1] !== quote.q);
}

/**
 * Where the next piece's text starts after a join at `at`, and the quote
 * that opens it, or null when no join (an operator or a line break) and
 * opening quote follow. The piece opens with the first piece's quote or the
 * other one (code mixes them: `"…" + '…'`): a `'` unescaped after a `"`
 * (JSON escapes no `'`), a `"` after a `'` with 0 to 3 backslashes.
 */
function joinAfter(
  bytes: Uint8Array,
  at: number,
  open: Quote,
): { from: number; quote: Quote } | null {
  let p = skipBlanks(bytes, at);
  let joined = false;
  for (let step = 0; step < 3; step++) {
    const c = bytes[p];
    if (c === 0x2b || c === 0x2e) {
      p = skipBlanks(bytes, p + 1);
      joined = true;
      continue;
    }
    const nl = lineBreakAt(bytes, p);
    if (nl === 0) break;
    p = skipBlanks(bytes, p + nl);
    joined = true;
  }
  if (!joined) return null;
  let escapes = 0;
  while (escapes < 4 && bytes[p + escapes] === BACKSLASH) escapes++;
  const q = bytes[p + escapes];
  if (q === open.q && escapes === open.escapes) return { from: p + escapes + 1, quote: open };
  if (q === SQUOTE && open.q === DQUOTE && escapes === 0) {
    return { from: p + 1, quote: { q, escapes: 0 } };
  }
  if (q === DQUOTE && open.q === SQUOTE && escapes <= 3) {
    return { from: p + escapes + 1, quote: { q, escapes } };
  }
  return null;
}

/**
 * The length of a line break at `at` (0: none): a real one, or `\n` (also
 * `\r\n`) after a run of 1 to 4 backslashes: a transcript's JSON string,
 * whatever the quotes' escapes (a single quote is not escaped in JSON).
 */
function lineBreakAt(bytes: Uint8Array, at: number): number {
  if (bytes[at] === LF) return 1;
  if (bytes[at] === CR && bytes[at + 1] === LF) return 2;
  const k = backslashes(bytes, at);
  if (k === 0) return 0;
  if (bytes[at + k] === 0x6e) return k + 1;
  if (bytes[at + k] !== 0x72 || backslashes(bytes, at + k + 1) !== k) return 0;
  return bytes[at + 2 * k + 1] === 0x6e ? 2 * k + 2 : 0;
}

/** The run of 1 to 4 backslashes at `at` (0: none, or more than 4). */
function backslashes(bytes: Uint8Array, at: number): number {
  let k = 0;
  while (k < 5 && bytes[at + k] === BACKSLASH) k++;
  return k > 4 ? 0 : k;
}

/**
 * The first byte at or after `at` that is not a blank, a tab (also `\t`
 * after 1 to 4 backslashes) or a colour
 * code (`ESC [ … m`, `ESC [ K`: a tool that colours each line, `grep
 * --color=always`, wraps the line break between two pieces in them).
 */
function skipBlanks(bytes: Uint8Array, at: number): number {
  let p = at;
  while (true) {
    if (bytes[p] === 0x20 || bytes[p] === 0x09) p++;
    else if (backslashes(bytes, p) > 0 && bytes[p + backslashes(bytes, p)] === 0x74) {
      p += backslashes(bytes, p) + 1;
    } else if (bytes[p] === ESC && bytes[p + 1] === 0x5b) {
      let q = p + 2;
      while (q < p + 18 && ((bytes[q]! >= 0x30 && bytes[q]! <= 0x39) || bytes[q] === 0x3b)) q++;
      if (bytes[q] !== 0x6d && bytes[q] !== 0x4b) return p;
      p = q + 1;
    } else return p;
  }
}

/**
 * A piece that opens with a letter or a digit (not a path's `/` or an
 * extension's `.`) and holds a digit or both cases, or is 16 characters or
 * more: not a word (`"readme"`, `"/path/to"`, `".json"`).
 */
function isTokenPiece(bytes: Uint8Array, from: number, to: number): boolean {
  if (!isAlnum(bytes[from]!)) return false;
  if (to - from >= 16) return true;
  let digit = false;
  let upper = false;
  let lower = false;
  for (let p = from; p < to; p++) {
    const c = bytes[p]!;
    if (c >= 0x30 && c <= 0x39) digit = true;
    else if (c >= 0x41 && c <= 0x5a) upper = true;
    else if (c >= 0x61 && c <= 0x7a) lower = true;
  }
  return digit || (upper && lower);
}

/** A letter or a digit. */
function isAlnum(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

/** A byte of a token piece: a letter, a digit, `-`, `_`, `+`, `/`, `=` or `.`. */
function isTokenByte(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) ||
    c === 0x2d || c === 0x5f || c === 0x2b || c === 0x2f || c === 0x3d || c === 0x2e;
}
