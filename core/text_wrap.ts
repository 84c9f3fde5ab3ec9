/**
 * Word wrapping for text shown in a terminal (command help, the command
 * overview). Pure: text in, text out.
 *
 * Decisions:
 * - Width is counted in terminal columns, not UTF-16 units or bytes: a code
 *   point is one column, combining marks, zero-width joiners and variation
 *   selectors are none, East Asian wide and fullwidth characters (and the
 *   common emoji blocks) are two.
 * - Lines break at spaces only. A word wider than the room left on an empty
 *   line is the one case that is split, and then only between grapheme
 *   clusters (never inside a surrogate pair or before a combining mark);
 *   when that room is under 10 columns (a prefix nearly as wide as the
 *   line) the word overflows instead of being cut into shreds.
 * - A blank line separates paragraphs and is kept as one empty line; a
 *   single newline is an explicit line break and is kept too. Runs of
 *   spaces inside a line collapse to one.
 * - A line's leading spaces and a list marker (`- `, `* `, `1. `) set the
 *   indent of that line's continuation lines (a hanging indent), so lists
 *   written into a description stay lists.
 * - No line ends in a space.
 * @module
 */

/** Options of {@linkcode wrapText}. */
export interface WrapOptions {
  /** Written before the first output line (counts towards the width). @default {""} */
  prefix?: string;
  /** Written before every later line, blank lines excepted. @default {prefix} */
  hang?: string;
}

const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];

/** Below this much room a too-wide word overflows the line instead of being shredded. */
const MIN_SPLIT_ROOM = 10;
// Built on first use, not written as a literal: a Unicode property class costs about half a
// millisecond to set up, and every command and hook loads this module (with the flag parser)
// while only help and the overview wrap text.
let zeroWidth: RegExp | null = null;
const ASCII = /^[\x20-\x7e]*$/;

function codePointWidth(ch: string): number {
  zeroWidth ??= new RegExp("^[\\p{Mn}\\p{Me}\\u200b-\\u200f\\ufe00-\\ufe0f]$", "u");
  if (zeroWidth.test(ch)) return 0;
  const cp = ch.codePointAt(0)!;
  for (const [lo, hi] of WIDE) if (cp >= lo && cp <= hi) return 2;
  return 1;
}

/** The number of terminal columns `text` takes (one line, no tabs). */
export function textWidth(text: string): number {
  if (ASCII.test(text)) return text.length;
  let width = 0;
  for (const ch of text) width += codePointWidth(ch);
  return width;
}

/** Splits a word too wide for any line into pieces of at most `room` columns. */
function splitWord(word: string, room: number): string[] {
  const pieces: string[] = [];
  let piece = "";
  let used = 0;
  const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  for (const { segment } of segmenter.segment(word)) {
    const w = textWidth(segment);
    if (used + w > room && piece !== "") {
      pieces.push(piece);
      piece = "";
      used = 0;
    }
    piece += segment;
    used += w;
  }
  if (piece !== "") pieces.push(piece);
  return pieces;
}

/** Wraps one input line; `first` and `rest` are the full prefixes of its output lines. */
function wrapLine(line: string, width: number, first: string, rest: string, out: string[]): void {
  const lead = /^( *)((?:[-*]|[0-9]{1,3}\.) )?/.exec(line)!;
  const indent = lead[1]!;
  const marker = lead[2] ?? "";
  const words = line.slice(indent.length + marker.length).split(" ").filter((w) => w !== "");
  let prefix = first + indent + marker;
  const hang = rest + indent + " ".repeat(marker.length);
  let current = "";
  let used = 0;
  const flush = (): void => {
    out.push((prefix + current).trimEnd());
    prefix = hang;
    current = "";
    used = 0;
  };
  for (const word of words) {
    const w = textWidth(word);
    const room = Math.max(1, width - textWidth(prefix));
    if (current !== "" && used + 1 + w <= room) {
      current += " " + word;
      used += 1 + w;
      continue;
    }
    if (current !== "") flush();
    const roomNow = Math.max(1, width - textWidth(prefix));
    if (w <= roomNow || roomNow < MIN_SPLIT_ROOM) {
      current = word;
      used = w;
      continue;
    }
    const pieces = splitWord(word, roomNow);
    for (const piece of pieces.slice(0, -1)) {
      current = piece;
      flush();
    }
    current = pieces[pieces.length - 1] ?? "";
    used = textWidth(current);
  }
  if (current !== "" || words.length === 0) flush();
}

/**
 * Wraps `text` to `width` columns (see the module's decisions) and returns
 * the lines joined with "\n", without a final newline.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wrapText } from "./text_wrap.ts";
 * assert.equal(wrapText("one two three", 8), "one two\nthree");
 * assert.equal(wrapText("a b c", 8, { prefix: "  -x ", hang: "     " }), "  -x a b\n     c");
 * ```
 */
export function wrapText(text: string, width: number, options: WrapOptions = {}): string {
  const prefix = options.prefix ?? "";
  const hang = options.hang ?? prefix;
  const out: string[] = [];
  const paragraphs = text.replace(/\r\n?/g, "\n").replace(/\t/g, " ").split(/\n(?:[ ]*\n)+/);
  paragraphs.forEach((paragraph, p) => {
    if (p > 0) out.push("");
    for (const line of paragraph.replace(/^\n+|\n+$/g, "").split("\n")) {
      wrapLine(line.trimEnd(), width, out.length === 0 ? prefix : hang, hang, out);
    }
  });
  return out.join("\n");
}
