/**
 * Which readings of views.ts a buffer can need, by an exact test of the
 * bytes each reading starts from: an HTML-safe JSON writer's escape of `=`,
 * `+`, `&` or `'` (`\u003d`, `\u002b`, `\u0026`, `\u0027`, hex digits in
 * either case) for the reading with those characters put back, and `delta`
 * right before a quote or a backslash (`"delta":`, `content_block_delta"`,
 * `text_delta\"` in a transcript) for the reading of a streamed reply's
 * delta events joined. A buffer without them has no such reading (each
 * reading starts from one), so most buffers cost the test alone. Gemini's
 * stream names no delta: its chunks' `candidates` (before a quote or a
 * backslash) start a piece the same way. The
 * engine's scans use its WebAssembly twin (viewTriggers in
 * wasm/assembly/prefilter.ts, sixteen bytes a step) on the bytes of their
 * keyword pass; this one serves other bytes and the TS prefilter. Pure: no
 * I/O.
 * @module
 */

/** The buffer holds an escape the escaped reading puts back. */
export const ESCAPE_TRIGGER = 1;
/** The buffer holds a `delta` (or `candidates`) the joined reading starts a piece from. */
export const DELTA_TRIGGER = 2;

const BACKSLASH = 0x5c;
const QUOTE = 0x22;

/**
 * Whether `h`, `l` are the hex digits of an escaped character a value holds:
 * `3d` (`=`), `2b` (`+`), `26` (`&`), `27` (`'`), letters in either case.
 * @param h The first digit's byte.
 * @param l The second digit's byte.
 * @returns The character, or -1.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapedChar } from "./view_triggers.ts";
 * assert.equal(escapedChar(0x33, 0x44), 0x3d);
 * assert.equal(escapedChar(0x31, 0x62), -1);
 * ```
 */
export function escapedChar(h: number, l: number): number {
  const hi = h === 0x32 ? 2 : h === 0x33 ? 3 : -1;
  const lo = l | 0x20;
  if (hi === 3 && lo === 0x64) return 0x3d; // 3d =
  if (hi === 2 && lo === 0x62) return 0x2b; // 2b +
  if (hi === 2 && l === 0x36) return 0x26; // 26 &
  if (hi === 2 && l === 0x37) return 0x27; // 27 '
  return -1;
}

/**
 * Whether an escape of {@linkcode escapedChar} starts at `at`: `\u00` and
 * its two digits.
 * @param bytes The input.
 * @param at Where its backslash would be.
 * @returns True for `\u003d`, `\u002B`, ….
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeAt } from "./view_triggers.ts";
 * assert.equal(escapeAt(new TextEncoder().encode("a\\u0026b"), 1), true);
 * assert.equal(escapeAt(new TextEncoder().encode("a\\u001bb"), 1), false);
 * ```
 */
export function escapeAt(bytes: Uint8Array, at: number): boolean {
  return at + 6 <= bytes.length && bytes[at] === BACKSLASH && bytes[at + 1] === 0x75 &&
    bytes[at + 2] === 0x30 && bytes[at + 3] === 0x30 &&
    escapedChar(bytes[at + 4]!, bytes[at + 5]!) >= 0;
}

/**
 * Whether a delta word the joined reading reads from starts at `at`:
 * `delta` or `candidates`, and then a quote or a backslash.
 * @param bytes The input.
 * @param at Where its `d` would be.
 * @returns True for `delta"` and `delta\`.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { deltaAt } from "./view_triggers.ts";
 * assert.equal(deltaAt(new TextEncoder().encode('"delta":{'), 1), true);
 * assert.equal(deltaAt(new TextEncoder().encode("a delta of 3"), 2), false);
 * assert.equal(deltaAt(new TextEncoder().encode('{"candidates":['), 2), true);
 * ```
 */
export function deltaAt(bytes: Uint8Array, at: number): boolean {
  const word = bytes[at] === 0x63 ? CANDIDATES : DELTA;
  if (at + word.length + 1 > bytes.length) return false;
  for (let k = 0; k < word.length; k++) if (bytes[at + k] !== word[k]) return false;
  const q = bytes[at + word.length];
  return q === QUOTE || q === BACKSLASH;
}

const DELTA = new TextEncoder().encode("delta");
const CANDIDATES = new TextEncoder().encode("candidates");

/**
 * Which readings the bytes can need.
 * @param bytes The input.
 * @returns {@linkcode ESCAPE_TRIGGER} and {@linkcode DELTA_TRIGGER} or'd; 0 for neither.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DELTA_TRIGGER, ESCAPE_TRIGGER, viewTriggers } from "./view_triggers.ts";
 * const enc = new TextEncoder();
 * assert.equal(viewTriggers(enc.encode("a=b\\u003dc")), ESCAPE_TRIGGER);
 * assert.equal(viewTriggers(enc.encode('{"delta":"x"}')), DELTA_TRIGGER);
 * assert.equal(viewTriggers(enc.encode("\\u001b[0m delta x")), 0);
 * ```
 */
export function viewTriggers(bytes: Uint8Array): number {
  let found = 0;
  for (let i = bytes.indexOf(BACKSLASH); i >= 0; i = bytes.indexOf(BACKSLASH, i + 1)) {
    if (escapeAt(bytes, i)) {
      found = ESCAPE_TRIGGER;
      break;
    }
  }
  for (const first of [0x64, 0x63]) {
    for (let i = bytes.indexOf(first); i >= 0; i = bytes.indexOf(first, i + 1)) {
      if (deltaAt(bytes, i)) return found | DELTA_TRIGGER;
    }
  }
  return found;
}
