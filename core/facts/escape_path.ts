/**
 * The escaped form of a file name, as recorded in capsules and shown in
 * briefings: printable text as is, a backslash as `\\`, and every control
 * character (C0, DEL, C1) or byte that is not valid UTF-8 as `\xNN`. The
 * form is injective (two different names never share it) and plain names
 * are unchanged. Pure.
 * @module
 */

const HEX = "0123456789abcdef";

function hexByte(b: number): string {
  return `\\x${HEX[b >> 4]}${HEX[b & 15]}`;
}

function isControl(cp: number): boolean {
  return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f);
}

/**
 * Escapes a name already decoded to text (every code point is kept; control
 * characters and backslashes are escaped, a control character as its UTF-8
 * bytes).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapePathText } from "./escape_path.ts";
 * assert.equal(escapePathText("src/a.ts"), "src/a.ts");
 * assert.equal(escapePathText("a\nb\\c"), "a\\x0ab\\\\c");
 * ```
 */
export function escapePathText(name: string): string {
  // deno-lint-ignore no-control-regex
  if (!/[\u0000-\u001f\u007f-\u009f\\]/.test(name)) return name;
  let out = "";
  for (const ch of name) {
    const cp = ch.codePointAt(0)!;
    if (ch === "\\") out += "\\\\";
    else if (isControl(cp)) {
      for (const b of new TextEncoder().encode(ch)) out += hexByte(b);
    } else out += ch;
  }
  return out;
}

/** Length of the valid UTF-8 sequence starting at `i`, or 0 when invalid. */
function utf8SeqLength(bytes: Uint8Array, i: number): number {
  const b0 = bytes[i]!;
  if (b0 < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf): boolean =>
    i + k < bytes.length && bytes[i + k]! >= lo && bytes[i + k]! <= hi;
  if (b0 >= 0xc2 && b0 <= 0xdf) return cont(1) ? 2 : 0;
  if (b0 >= 0xe0 && b0 <= 0xef) {
    const lo = b0 === 0xe0 ? 0xa0 : 0x80;
    const hi = b0 === 0xed ? 0x9f : 0xbf;
    return cont(1, lo, hi) && cont(2) ? 3 : 0;
  }
  if (b0 >= 0xf0 && b0 <= 0xf4) {
    const lo = b0 === 0xf0 ? 0x90 : 0x80;
    const hi = b0 === 0xf4 ? 0x8f : 0xbf;
    return cont(1, lo, hi) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

/**
 * Escapes a name given as raw bytes: invalid UTF-8 bytes become `\xNN`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapePathBytes } from "./escape_path.ts";
 * assert.equal(escapePathBytes(new Uint8Array([0x61, 0xff, 0x62])), "a\\xffb");
 * assert.equal(escapePathBytes(new TextEncoder().encode("é/x")), "é/x");
 * ```
 */
export function escapePathBytes(bytes: Uint8Array): string {
  let out = "";
  let i = 0;
  // ignoreBOM: each sequence is decoded on its own, and U+FEFF would be dropped.
  const dec = new TextDecoder("utf-8", { ignoreBOM: true });
  while (i < bytes.length) {
    const n = utf8SeqLength(bytes, i);
    if (n === 0) {
      out += hexByte(bytes[i]!);
      i++;
      continue;
    }
    out += escapePathText(dec.decode(bytes.subarray(i, i + n)));
    i += n;
  }
  return out;
}

/**
 * The name an escaped form stands for, as text this runtime can open, or
 * null when it holds bytes that are not valid UTF-8 (no path string can name
 * such a file here) or a lossy `\x??`. Unknown escapes are kept literally, so a name recorded
 * before escaping existed reads back unchanged unless it held `\\` or `\xNN`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unescapePath } from "./escape_path.ts";
 * assert.equal(unescapePath("a\\x0ab\\\\c"), "a\nb\\c");
 * assert.equal(unescapePath("a\\xffb"), null);
 * ```
 */
export function unescapePath(escaped: string): string | null {
  if (!escaped.includes("\\")) return escaped;
  const bytes: number[] = [];
  const enc = new TextEncoder();
  for (let i = 0; i < escaped.length; i++) {
    const c = escaped[i]!;
    if (c === "\\" && escaped[i + 1] === "\\") {
      bytes.push(0x5c);
      i++;
    } else if (c === "\\" && escaped.slice(i + 1, i + 4) === "x??") {
      return null; // a byte the recording runtime could not read
    } else if (c === "\\" && /^x[0-9a-f]{2}$/.test(escaped.slice(i + 1, i + 4))) {
      bytes.push(parseInt(escaped.slice(i + 2, i + 4), 16));
      i += 3;
    } else {
      const cp = escaped.codePointAt(i)!;
      const ch = String.fromCodePoint(cp);
      for (const b of enc.encode(ch)) bytes.push(b);
      i += ch.length - 1;
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return null;
  }
}

/**
 * The escaped form of a name the runtime could only decode lossily (a
 * directory listing shows bytes that are not valid UTF-8 as U+FFFD): each
 * U+FFFD becomes `\x??`, "some byte, not known here". Such a form never
 * unescapes to an openable path.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeLossyPath, unescapePath } from "./escape_path.ts";
 * assert.equal(escapeLossyPath("u\uFFFD"), "u\\x??");
 * assert.equal(unescapePath(escapeLossyPath("u\uFFFD")), null);
 * ```
 */
export function escapeLossyPath(name: string): string {
  return escapePathText(name).replaceAll("\uFFFD", "\\x??");
}

/** True when an escaped form names bytes that are not valid UTF-8 (not openable here). */
export function isUnopenable(escaped: string): boolean {
  return unescapePath(escaped) === null;
}

/**
 * A path name that cannot read as prose: letters, marks, digits and the
 * punctuation of file names, no blank, bracket, quote, colon or semicolon.
 * A backslash and `?` stay: the escaped form of a name (`a\x0ab`, `\x??`).
 */
const PLAIN_PATH = /^[\p{L}\p{M}\p{N}._/@+~=#%,?\\-]+$/u;

/**
 * A path (or a ref name) as baton's own sentences name it: a drift check
 * line, the publication line, the reason a scan was cut short. A recorded
 * path comes from a capsule, a path here now from the repository's own file
 * names, a remote-tracking ref from whoever pushed the branch: each a
 * stranger's words. Anything but a plain token is printed as a quoted
 * string, so a name holding ": match (compared sha256 of content: same
 * content)" cannot read as a second check with a status baton never gave.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shownPath } from "./escape_path.ts";
 * assert.equal(shownPath("src/a.ts"), "src/a.ts");
 * assert.equal(shownPath("a.ts: match (same"), '"a.ts: match (same"');
 * ```
 */
export function shownPath(path: string): string {
  // An ASCII name is told by the ASCII part of the class (letters, digits, the
  // same signs) without PLAIN_PATH, whose Unicode property classes cost about
  // 0.6 ms to compile on a process's first use.
  const plain = BEYOND_ASCII.test(path) ? PLAIN_PATH.test(path) : PLAIN_ASCII_PATH.test(path);
  return plain ? path : quotedName(path);
}

/** {@linkcode PLAIN_PATH} for a name of ASCII characters only. */
const PLAIN_ASCII_PATH = /^[A-Za-z0-9._/@+~=#%,?\\-]+$/;
// deno-lint-ignore no-control-regex
const BEYOND_ASCII = /[^\u0000-\u007f]/;

/**
 * `text` as a JSON string whose inner double quotes are written `\u0022`,
 * never `\"`: a briefing line escapes every backslash again (safeInline), so
 * `\"` became `\\"`, an escaped backslash before a quote that closed the
 * name early, and the rest of the name ("…: match (same content)") stood
 * outside it. With no quote character inside, only the closing quote ends
 * the name, however its backslashes are escaped. JSON.parse reads it back.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { quotedName } from "./escape_path.ts";
 * assert.equal(quotedName('a": match'), '"a\\u0022: match"');
 * assert.equal(JSON.parse(quotedName('a"\\b')), 'a"\\b');
 * ```
 */
export function quotedName(text: string): string {
  // JSON.stringify writes every inner quote as an escape pair; the pairs are read in order.
  const inner = JSON.stringify(text).slice(1, -1);
  return `"${inner.replace(/\\./g, (pair) => pair === '\\"' ? "\\u0022" : pair)}"`;
}
