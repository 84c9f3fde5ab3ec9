/**
 * UTF-8 helpers shared by the strict JSON reader: sequence validation and
 * byte-offset to line/column mapping.
 *
 * Pure: no I/O. Private to core/json.
 * @module
 */

/**
 * Length of the well-formed UTF-8 sequence starting at `i`, or -1 when the
 * bytes there are not one (stray continuation byte, overlong form, encoded
 * surrogate, code point above U+10FFFF, or a sequence cut off by the end).
 * The caller has already handled ASCII; `bytes[i]` is at least 0x80.
 */
export function utf8SequenceLength(bytes: Uint8Array, i: number): number {
  const b0 = bytes[i] ?? 0;
  if (b0 >= 0xc2 && b0 <= 0xdf) {
    return isContinuation(bytes[i + 1]) ? 2 : -1;
  }
  if (b0 >= 0xe0 && b0 <= 0xef) {
    const b1 = bytes[i + 1];
    if (b1 === undefined) return -1;
    // E0 needs A0..BF (no overlongs); ED needs 80..9F (no surrogates).
    const lo = b0 === 0xe0 ? 0xa0 : 0x80;
    const hi = b0 === 0xed ? 0x9f : 0xbf;
    if (b1 < lo || b1 > hi) return -1;
    return isContinuation(bytes[i + 2]) ? 3 : -1;
  }
  if (b0 >= 0xf0 && b0 <= 0xf4) {
    const b1 = bytes[i + 1];
    if (b1 === undefined) return -1;
    // F0 needs 90..BF (no overlongs); F4 needs 80..8F (nothing above U+10FFFF).
    const lo = b0 === 0xf0 ? 0x90 : 0x80;
    const hi = b0 === 0xf4 ? 0x8f : 0xbf;
    if (b1 < lo || b1 > hi) return -1;
    return isContinuation(bytes[i + 2]) && isContinuation(bytes[i + 3]) ? 4 : -1;
  }
  return -1;
}

function isContinuation(b: number | undefined): boolean {
  return b !== undefined && (b & 0xc0) === 0x80;
}

/** A position in the input: byte offset plus 1-based line and column. */
export interface BytePosition {
  /** Byte offset into the UTF-8 input (0-based). */
  offset: number;
  /** 1-based line; only "\n" starts a new line. */
  line: number;
  /** 1-based column counted in characters (UTF-8 lead bytes) since the line start. */
  column: number;
}

/**
 * Maps a byte offset to line and column. Runs only when an error is raised,
 * so its linear scan never costs anything on the success path.
 */
export function positionOf(bytes: Uint8Array, offset: number): BytePosition {
  const end = Math.min(offset, bytes.length);
  let line = 1;
  let column = 1;
  for (let i = 0; i < end; i++) {
    const b = bytes[i] as number;
    if (b === 0x0a) {
      line++;
      column = 1;
    } else if ((b & 0xc0) !== 0x80) {
      column++;
    }
  }
  // Offsets past the end (e.g. the too_large limit on a short prefix) keep counting bytes.
  if (offset > end) column += offset - end;
  return { offset, line, column };
}
