/**
 * A list of object stores as git parses it: the lines of
 * `objects/info/alternates` (separator "\n") or the entries of
 * GIT_ALTERNATE_OBJECT_DIRECTORIES (":"). git takes one entry at a time: a
 * `#` starts a comment to the next separator; a `"` starts a C-quoted path
 * (`\"`, `\\`, `\a\b\f\n\r\t\v` and three octal digits), after whose closing
 * quote git skips one character whatever it is and starts the next entry;
 * quoting that does not parse leaves the entry read as plain text to the
 * next separator. Empty entries are dropped. No blank is trimmed. git reads
 * the list, and then each path, as a C string: a NUL byte ends the list
 * (a raw one in the file) or the path (a quoted `\000`).
 * @module
 */

const UTF8 = new TextEncoder();
const STRICT = new TextDecoder("utf-8", { fatal: true });

/** The escapes git's unquote_c_style takes after a backslash, besides octal (as bytes). */
export const C_ESCAPES: Readonly<Record<string, number>> = {
  a: 7,
  b: 8,
  f: 12,
  n: 10,
  r: 13,
  t: 9,
  v: 11,
  "\\": 92,
  '"': 34,
};

/**
 * git's unquote_c_style from `at` (a `"`): the bytes inside and the index
 * just after the closing quote, or null where the quoting does not parse.
 */
function unquote(text: string, at: number): { bytes: number[]; end: number } | null {
  const bytes: number[] = [];
  let i = at + 1;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"') return { bytes, end: i + 1 };
    if (ch !== "\\") {
      const cp = text.codePointAt(i)!;
      const unit = String.fromCodePoint(cp);
      bytes.push(...UTF8.encode(unit));
      i += unit.length;
      continue;
    }
    const next = text[i + 1];
    if (next === undefined) return null;
    if (next in C_ESCAPES) {
      bytes.push(C_ESCAPES[next]!);
      i += 2;
      continue;
    }
    // Three octal digits, the first 0-3 (a higher one would overflow a byte).
    const octal = /^[0-3][0-7]{2}/.exec(text.slice(i + 1, i + 4));
    if (octal === null) return null;
    bytes.push(parseInt(octal[0], 8));
    i += 4;
  }
  return null;
}

/**
 * The paths a list names, in order, as git parses it; null when a quoted
 * entry's bytes are not UTF-8 (not followed: what needs that store is then
 * unknown, never guessed).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { alternatesEntries } from "./alternates_list.ts";
 * assert.deepEqual(alternatesEntries('/a\n#c\n"/s\\040p"\n\n', "\n"), ["/a", "/s p"]);
 * assert.deepEqual(alternatesEntries('"/q"x\n/b ', "\n"), ["/q", "/b "]);
 * assert.deepEqual(alternatesEntries('"/bad\n', "\n"), ['"/bad']);
 * assert.deepEqual(alternatesEntries('#c::"/x:y":/z', ":"), ["/x:y", "/z"]);
 * assert.deepEqual(alternatesEntries('"/p\\000q"\n/r\0\n/s', "\n"), ["/p", "/r"]);
 * ```
 */
export function alternatesEntries(whole: string, sep: string): string[] | null {
  const nul = whole.indexOf("\0");
  const text = nul === -1 ? whole : whole.slice(0, nul);
  const out: string[] = [];
  let at = 0;
  while (at < text.length) {
    let entry: string;
    let end: number;
    const quoted = text[at] === '"' ? unquote(text, at) : null;
    if (text[at] === "#") {
      end = text.indexOf(sep, at);
      if (end === -1) end = text.length;
      entry = "";
    } else if (quoted !== null) {
      try {
        entry = STRICT.decode(new Uint8Array(quoted.bytes));
      } catch {
        return null;
      }
      end = quoted.end;
    } else {
      end = text.indexOf(sep, at);
      if (end === -1) end = text.length;
      entry = text.slice(at, end);
    }
    // git steps over one character after the entry, the separator or not.
    at = end < text.length ? end + 1 : end;
    const path = entry.split("\0", 1)[0]!;
    if (path !== "") out.push(path);
  }
  return out;
}
