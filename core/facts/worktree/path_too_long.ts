/**
 * Index paths the system cannot name: a path of 4,096 bytes or more
 * (Linux's PATH_MAX, its NUL included) or a component over 255 bytes
 * (NAME_MAX) makes lstat fail with ENAMETOOLONG. git, which names a file by
 * its path from the work tree's top, prints the error and says nothing of
 * the file (clean to it, whatever is there); baton names it by its absolute
 * path, so it cannot compare one git compares either where the work tree's
 * own path takes it past the limit. Such an entry is not compared (the scan
 * lists it unchecked), where lstat's failure used to leave the whole tree
 * unknown. Pure.
 * @module
 */

/** Why such an entry is not compared (content-free). */
export const PATH_TOO_LONG_REASON =
  "a path longer than the system names (4,096 bytes, or a name over 255): git says nothing of it";

/** PATH_MAX on Linux: a path of this many bytes, its NUL included, is too long. */
const PATH_MAX = 4096;
/** NAME_MAX on Linux: the longest name of one component, in bytes. */
const NAME_MAX = 255;

/** UTF-8 bytes of `text` (a lone surrogate taken as the 3 bytes of U+FFFD). */
function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d < 0xe000) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/**
 * Whether `path` (relative to a work tree whose absolute path has
 * `workTreeBytes` UTF-8 bytes) cannot be named to the system as
 * `<work tree>/<path>`. A UTF-16 unit is at most 3 UTF-8 bytes, so a path
 * short enough in units is answered without counting its bytes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(pathTooLong(20, "src/a.txt"), false);
 * assert.equal(pathTooLong(20, `${"d".repeat(200)}/`.repeat(21) + "f"), true);
 * assert.equal(pathTooLong(20, `${"d".repeat(200)}/`.repeat(20) + "f"), false);
 * assert.equal(pathTooLong(20, "x".repeat(256)), true);
 * assert.equal(pathTooLong(20, "x".repeat(255)), false);
 * assert.equal(pathTooLong(4000, "é".repeat(40)), false);
 * assert.equal(pathTooLong(4000, "é".repeat(48)), true);
 * ```
 */
export function pathTooLong(workTreeBytes: number, path: string): boolean {
  const room = PATH_MAX - 1 - workTreeBytes - 1;
  if (path.length * 3 <= Math.min(room, NAME_MAX)) return false;
  if (utf8Length(path) > room) return true;
  let start = 0;
  for (;;) {
    const slash = path.indexOf("/", start);
    const end = slash === -1 ? path.length : slash;
    if (end - start > NAME_MAX / 3 && utf8Length(path.slice(start, end)) > NAME_MAX) return true;
    if (slash === -1) return false;
    start = slash + 1;
  }
}

/** UTF-8 bytes of a work tree's absolute path, for {@linkcode pathTooLong}. */
export function workTreeBytes(workTree: string): number {
  return utf8Length(workTree);
}
