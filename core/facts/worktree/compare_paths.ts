/**
 * Pure: git's path order (UTF-8 byte order), shared by every sorted list the
 * work-tree scan returns.
 * @module
 */

/**
 * Orders paths as git does (by UTF-8 bytes). JavaScript compares UTF-16 code
 * units, which differs only between astral characters and U+E000-U+FFFF.
 *
 * @param a A path.
 * @param b Another path.
 * @returns Negative, zero or positive.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { comparePaths } from "./compare_paths.ts";
 * assert.ok(comparePaths("a.txt", "a/b") < 0);
 * assert.ok(comparePaths("\u{ffff}", "\u{10000}") < 0);
 * ```
 */
export function comparePaths(a: string, b: string): number {
  const len = Math.min(a.length, b.length);
  for (let k = 0; k < len; k++) {
    const ca = a.charCodeAt(k);
    const cb = b.charCodeAt(k);
    if (ca === cb) continue;
    if (ca >= 0xd800 && cb >= 0xd800) {
      const pa = a.codePointAt(k)!;
      const pb = b.codePointAt(k)!;
      return pa < pb ? -1 : pa > pb ? 1 : 0;
    }
    return ca - cb;
  }
  return a.length - b.length;
}

/**
 * {@linkcode comparePaths} of two ranges of one text, `text.slice(aStart,
 * aEnd)` against `text.slice(bStart, bEnd)`, without cutting either out
 * (the index's paths are one text: worktree/index_paths.ts). The same
 * number comparePaths gives for the two slices.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compareTextRanges } from "./compare_paths.ts";
 * assert.ok(compareTextRanges("a.txt\0a/b", 0, 5, 6, 9) < 0);
 * ```
 */
export function compareTextRanges(
  text: string,
  aStart: number,
  aEnd: number,
  bStart: number,
  bEnd: number,
): number {
  const len = Math.min(aEnd - aStart, bEnd - bStart);
  for (let k = 0; k < len; k++) {
    const ca = text.charCodeAt(aStart + k);
    const cb = text.charCodeAt(bStart + k);
    if (ca === cb) continue;
    if (ca >= 0xd800 && cb >= 0xd800) {
      // codePointAt over the text could pair a range's last unit with the
      // unit after it, which the slice does not hold: pair within the range.
      const pa = codePointIn(text, aStart + k, aEnd);
      const pb = codePointIn(text, bStart + k, bEnd);
      return pa < pb ? -1 : pa > pb ? 1 : 0;
    }
    return ca - cb;
  }
  return (aEnd - aStart) - (bEnd - bStart);
}

/** The code point at `at` as String.prototype.codePointAt gives it for a string ending at `end`. */
function codePointIn(text: string, at: number, end: number): number {
  const hi = text.charCodeAt(at);
  if (hi >= 0xd800 && hi <= 0xdbff && at + 1 < end) {
    const lo = text.charCodeAt(at + 1);
    if (lo >= 0xdc00 && lo <= 0xdfff) return (hi - 0xd800) * 0x400 + (lo - 0xdc00) + 0x10000;
  }
  return hi;
}
