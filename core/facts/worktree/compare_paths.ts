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
