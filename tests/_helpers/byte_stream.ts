/**
 * Test helper: bytes as a stream scanner reads them — a reader that hands out
 * at most `step` bytes per read (so a chunk boundary can fall anywhere), and
 * the bytes of several parts joined.
 * @module
 */
import type { ByteReader } from "../../core/safety/secrets/stream.ts";

/** A reader over `bytes` that hands out at most `step` bytes per read. */
export function readerOf(bytes: Uint8Array, step = 1 << 30): ByteReader {
  let at = 0;
  return {
    read(into) {
      if (at >= bytes.length) return Promise.resolve(null);
      const n = Math.min(into.length, step, bytes.length - at);
      into.set(bytes.subarray(at, at + n));
      at += n;
      return Promise.resolve(n);
    },
  };
}

/** The parts' bytes, one after another. */
export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}
