/**
 * Colour codes forced into a tool's output (`grep --color=always`, `jq -C`,
 * `yq -C`): the control sequences `ESC [ <parameters> <final byte>`
 * (colour `m`, erasing `K`, cursor moves and modes of a progress display:
 * `ESC [ 1 G`, `ESC [ ? 25 l`) and the character set designations
 * `ESC ( B` (`tput sgr0`) and the operating system commands `ESC ] … BEL`
 * (OSC 8 hyperlinks, titles), in a buffer that holds a `[` after an ESC, the ESC raw or
 * JSON-escaped (`\u001b`, `\\u001b` in a transcript line). Between a name
 * and its value, or around the value, they keep the rules' patterns from
 * matching; the engine (engine.ts findSecrets) scans the text without them
 * and maps each finding back onto the input's bytes, so the redaction
 * covers the value's bytes exactly (and the codes inside its span). Pure:
 * no I/O.
 * @module
 */

const ESC = 0x1b;
const BACKSLASH = 0x5c;
const BRACKET = 0x5b;

/** A buffer with its colour codes removed, and where each of its bytes came from. */
export interface Stripped {
  /** The bytes without the sequences. */
  bytes: Uint8Array;
  /** For each byte of `bytes`, its offset in the input. */
  from: Uint32Array;
}

/**
 * The length of the ESC that opens a sequence at `i` (raw, or `\u001b` after
 * one to three backslashes), 0 when none opens there.
 */
function escAt(bytes: Uint8Array, i: number): number {
  if (bytes[i] === ESC) return 1;
  let p = i;
  while (p < bytes.length && p - i < 3 && bytes[p] === BACKSLASH) p++;
  if (p === i || p + 5 > bytes.length) return 0;
  if (
    bytes[p] === 0x75 && bytes[p + 1] === 0x30 && bytes[p + 2] === 0x30 &&
    bytes[p + 3] === 0x31 && (bytes[p + 4]! | 0x20) === 0x62
  ) return p + 5 - i;
  return 0;
}

/**
 * The length of a whole sequence at `i`, or 0: a control sequence (ESC, `[`,
 * parameter bytes `0`-`?`, intermediate bytes space-`/`, one final byte
 * `@`-`~`, ECMA-48: colours `m`, erasing `K` `J`, cursor moves `G` `H` `A`...,
 * `?25l`), or a character set designation (ESC, `(` or `)`, one byte: the
 * `ESC ( B` that `tput sgr0` writes before `ESC [ m`).
 */
function sequenceAt(bytes: Uint8Array, i: number): number {
  const esc = escAt(bytes, i);
  if (esc === 0) return 0;
  const open = bytes[i + esc];
  if (open === 0x28 || open === 0x29) {
    const set = bytes[i + esc + 1];
    return set !== undefined && set >= 0x30 && set <= 0x7e ? esc + 2 : 0;
  }
  if (open === 0x5d) return oscAt(bytes, i, esc);
  if (open !== BRACKET) return 0;
  let p = i + esc + 1;
  while (p < bytes.length && p - i < 48 && bytes[p]! >= 0x30 && bytes[p]! <= 0x3f) p++;
  while (p < bytes.length && p - i < 48 && bytes[p]! >= 0x20 && bytes[p]! <= 0x2f) p++;
  const final = bytes[p];
  return final !== undefined && final >= 0x40 && final <= 0x7e ? p + 1 - i : 0;
}

/** Longest operating system command read through (an OSC 8 hyperlink's URI is rarely longer). */
const MAX_OSC = 2048;

/**
 * The length of an operating system command at `i` whose ESC is `esc` bytes
 * long, or 0: ESC, `]`, its text, and BEL or ESC `\` (the OSC 8 hyperlinks
 * of `ls --hyperlink`, a terminal title), written as the ESC was (raw, or
 * `\u0007` / `\u001b\\` after the same backslashes); no line break inside.
 */
function oscAt(bytes: Uint8Array, i: number, esc: number): number {
  const slashes = esc - 5;
  const stop = Math.min(bytes.length, i + MAX_OSC);
  for (let q = i + esc + 1; q < stop; q++) {
    const b = bytes[q]!;
    if (b === 0x0a || b === 0x0d) return 0;
    if (esc === 1) {
      if (b === 0x07) return q + 1 - i;
      if (b === ESC) return bytes[q + 1] === BACKSLASH ? q + 2 - i : 0;
      continue;
    }
    if (b !== BACKSLASH) continue;
    let p = q;
    while (p < stop && bytes[p] === BACKSLASH) p++;
    const run = p - q;
    if (run === slashes && bytes[p] === 0x75 && bytes[p + 1] === 0x30 && bytes[p + 2] === 0x30) {
      if (bytes[p + 3] === 0x30 && bytes[p + 4] === 0x37) return p + 5 - i;
      if (bytes[p + 3] === 0x31 && (bytes[p + 4]! | 0x20) === 0x62) {
        // ESC then its backslash, escaped as the ESC's own backslashes were, twice over.
        let e = p + 5;
        let n = 0;
        while (e < stop && bytes[e] === BACKSLASH) {
          e++;
          n++;
        }
        return n === 2 * slashes ? e - i : 0;
      }
    }
    if (run === slashes && bytes[p] === 0x6e) return 0;
    q = p - 1;
  }
  return 0;
}

/**
 * Whether the bytes may hold a colour code: a `[` right after a raw ESC or
 * after `\u001b` / `\u001B`. One native search for `[`, rare in text (33k
 * in the 50 MB bench transcript), where a search for the backslashes of a
 * JSON transcript would stop about once per 60 bytes. The engine's scans
 * use its WebAssembly twin (mayHoldColour in wasm/assembly/prefilter.ts) on
 * the bytes of their keyword pass; this one serves other bytes and the TS
 * prefilter.
 * @param bytes The input.
 * @returns True when some sequence may start in it.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mayHoldColour } from "./ansi.ts";
 * assert.equal(mayHoldColour(new TextEncoder().encode("a\\u001b[0mb")), true);
 * assert.equal(mayHoldColour(new TextEncoder().encode("plain [1] \\n text")), false);
 * ```
 */
export function mayHoldColour(bytes: Uint8Array): boolean {
  for (let i = bytes.indexOf(BRACKET, 1); i >= 0; i = bytes.indexOf(BRACKET, i + 1)) {
    if (bytes[i - 1] === ESC) return true;
    if (
      i >= 6 && (bytes[i - 1]! | 0x20) === 0x62 && bytes[i - 2] === 0x31 && bytes[i - 3] === 0x30 &&
      bytes[i - 4] === 0x30 && bytes[i - 5] === 0x75 && bytes[i - 6] === BACKSLASH
    ) return true;
  }
  return false;
}

/**
 * The bytes without their colour codes, or null when they hold none.
 * @param bytes The input.
 * @param any Read every sequence even with no colour code's `[` (an
 * operating system command was seen: osc_rules.ts).
 * @returns The stripped bytes and each one's offset in the input, or null.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stripColour } from "./ansi.ts";
 * const s = stripColour(new TextEncoder().encode("a\x1b[01;31m\x1b[Kb"))!;
 * assert.equal(new TextDecoder().decode(s.bytes), "ab");
 * assert.deepEqual([...s.from], [0, 12]);
 * ```
 */
export function stripColour(bytes: Uint8Array, any = false): Stripped | null {
  if (!any && !mayHoldColour(bytes)) return null;
  const out = new Uint8Array(bytes.length);
  const from = new Uint32Array(bytes.length);
  let n = 0;
  let found = false;
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    if (b === ESC || b === BACKSLASH) {
      const len = sequenceAt(bytes, i);
      if (len > 0) {
        found = true;
        i += len;
        continue;
      }
    }
    out[n] = b;
    from[n++] = i++;
  }
  return found ? { bytes: out.subarray(0, n), from: from.subarray(0, n) } : null;
}
