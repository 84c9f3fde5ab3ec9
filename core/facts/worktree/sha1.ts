/**
 * Pure: SHA-1 (FIPS 180-4) fed in parts, for the index's trailing checksum
 * hashed over the windows a large index is read in (streamed_index.ts).
 * WebCrypto hashes one buffer only, and copies it first (the spec requires
 * it): the whole 4.5 MB index at 50k entries and that copy were 10 MiB of a
 * preflight's peak right after git rewrote the index. node:crypto streams
 * natively, but its first import alone costs about 5 MiB resident. Here the
 * only memory is a 64-byte block and the schedule; the cost is CPU (about
 * 40-45 ms for 4.5 MB with the baton task's V8 flags, against 7 ms for
 * WebCrypto), paid only on a run that must verify a large index's checksum.
 * @module
 */

/** An incremental SHA-1: {@linkcode Sha1.update} with the bytes in order, then one {@linkcode Sha1.digest}. */
export class Sha1 {
  readonly #h = new Int32Array([
    0x67452301,
    0xefcdab89 | 0,
    0x98badcfe | 0,
    0x10325476,
    0xc3d2e1f0 | 0,
  ]);
  readonly #w = new Int32Array(80);
  readonly #block = new Uint8Array(64);
  /** Bytes of a partial block held in #block. */
  #held = 0;
  /** Bytes handed in so far. */
  #length = 0;

  /**
   * Hashes `bytes` after those handed before.
   *
   * @param bytes The next bytes of the message.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Sha1 } from "./sha1.ts";
   * const h = new Sha1();
   * h.update(new TextEncoder().encode("a"));
   * h.update(new TextEncoder().encode("bc"));
   * const hex = Array.from(h.digest(), (b) => b.toString(16).padStart(2, "0")).join("");
   * assert.equal(hex, "a9993e364706816aba3e25717850c26c9cd0d89d");
   * ```
   */
  update(bytes: Uint8Array): void {
    this.#length += bytes.length;
    let i = 0;
    if (this.#held > 0) {
      const n = Math.min(64 - this.#held, bytes.length);
      this.#block.set(bytes.subarray(0, n), this.#held);
      this.#held += n;
      i = n;
      if (this.#held < 64) return;
      this.#compress(this.#block, 0);
      this.#held = 0;
    }
    for (; i + 64 <= bytes.length; i += 64) this.#compress(bytes, i);
    if (i < bytes.length) {
      this.#block.set(bytes.subarray(i), 0);
      this.#held = bytes.length - i;
    }
  }

  /**
   * The 20-byte digest of everything handed in; the hash is spent after it.
   *
   * @returns The digest.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Sha1 } from "./sha1.ts";
   * const hex = Array.from(new Sha1().digest(), (b) => b.toString(16).padStart(2, "0")).join("");
   * assert.equal(hex, "da39a3ee5e6b4b0d3255bfef95601890afd80709");
   * ```
   */
  digest(): Uint8Array {
    const bits = this.#length * 8;
    // 0x80, zeros to 56 mod 64, then the message's length in bits (64-bit big-endian).
    const pad = new Uint8Array(((this.#held + 8) >> 6 << 6) + 64 - this.#held);
    pad[0] = 0x80;
    const view = new DataView(pad.buffer);
    view.setUint32(pad.length - 8, Math.floor(bits / 0x100000000));
    view.setUint32(pad.length - 4, bits >>> 0);
    this.update(pad);
    const out = new Uint8Array(20);
    const outView = new DataView(out.buffer);
    for (let k = 0; k < 5; k++) outView.setInt32(k * 4, this.#h[k]!);
    return out;
  }

  /**
   * One 64-byte block at `at` of `b`. The four round groups are separate
   * loops (no branch per round), each unrolled by five with the variables'
   * roles rotated instead of moved (with the baton task's V8 flags, 376 ->
   * 358 ms of a preflight's CPU that hashes the 50k index).
   */
  #compress(b: Uint8Array, at: number): void {
    const w = this.#w;
    for (let t = 0; t < 16; t++) {
      const p = at + t * 4;
      w[t] = (b[p]! << 24) | (b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!;
    }
    for (let t = 16; t < 80; t++) {
      const x = w[t - 3]! ^ w[t - 8]! ^ w[t - 14]! ^ w[t - 16]!;
      w[t] = (x << 1) | (x >>> 31);
    }
    const h = this.#h;
    let a = h[0]!;
    let b1 = h[1]!;
    let c = h[2]!;
    let d = h[3]!;
    let e = h[4]!;
    for (let t = 0; t < 20; t += 5) {
      e = (e + (((a << 5) | (a >>> 27)) + ((b1 & c) | (~b1 & d)) + 0x5a827999 + w[t + 0]!)) | 0;
      b1 = (b1 << 30) | (b1 >>> 2);
      d = (d + (((e << 5) | (e >>> 27)) + ((a & b1) | (~a & c)) + 0x5a827999 + w[t + 1]!)) | 0;
      a = (a << 30) | (a >>> 2);
      c = (c + (((d << 5) | (d >>> 27)) + ((e & a) | (~e & b1)) + 0x5a827999 + w[t + 2]!)) | 0;
      e = (e << 30) | (e >>> 2);
      b1 = (b1 + (((c << 5) | (c >>> 27)) + ((d & e) | (~d & a)) + 0x5a827999 + w[t + 3]!)) | 0;
      d = (d << 30) | (d >>> 2);
      a = (a + (((b1 << 5) | (b1 >>> 27)) + ((c & d) | (~c & e)) + 0x5a827999 + w[t + 4]!)) | 0;
      c = (c << 30) | (c >>> 2);
    }
    for (let t = 20; t < 40; t += 5) {
      e = (e + (((a << 5) | (a >>> 27)) + (b1 ^ c ^ d) + 0x6ed9eba1 + w[t + 0]!)) | 0;
      b1 = (b1 << 30) | (b1 >>> 2);
      d = (d + (((e << 5) | (e >>> 27)) + (a ^ b1 ^ c) + 0x6ed9eba1 + w[t + 1]!)) | 0;
      a = (a << 30) | (a >>> 2);
      c = (c + (((d << 5) | (d >>> 27)) + (e ^ a ^ b1) + 0x6ed9eba1 + w[t + 2]!)) | 0;
      e = (e << 30) | (e >>> 2);
      b1 = (b1 + (((c << 5) | (c >>> 27)) + (d ^ e ^ a) + 0x6ed9eba1 + w[t + 3]!)) | 0;
      d = (d << 30) | (d >>> 2);
      a = (a + (((b1 << 5) | (b1 >>> 27)) + (c ^ d ^ e) + 0x6ed9eba1 + w[t + 4]!)) | 0;
      c = (c << 30) | (c >>> 2);
    }
    // The last two constants, 0x8f1bbcdc and 0xca62c1d6, as 32-bit negatives.
    for (let t = 40; t < 60; t += 5) {
      e =
        (e + (((a << 5) | (a >>> 27)) + ((b1 & c) | (b1 & d) | (c & d)) - 0x70e44324 + w[t + 0]!)) |
        0;
      b1 = (b1 << 30) | (b1 >>> 2);
      d =
        (d + (((e << 5) | (e >>> 27)) + ((a & b1) | (a & c) | (b1 & c)) - 0x70e44324 + w[t + 1]!)) |
        0;
      a = (a << 30) | (a >>> 2);
      c =
        (c + (((d << 5) | (d >>> 27)) + ((e & a) | (e & b1) | (a & b1)) - 0x70e44324 + w[t + 2]!)) |
        0;
      e = (e << 30) | (e >>> 2);
      b1 =
        (b1 + (((c << 5) | (c >>> 27)) + ((d & e) | (d & a) | (e & a)) - 0x70e44324 + w[t + 3]!)) |
        0;
      d = (d << 30) | (d >>> 2);
      a =
        (a + (((b1 << 5) | (b1 >>> 27)) + ((c & d) | (c & e) | (d & e)) - 0x70e44324 + w[t + 4]!)) |
        0;
      c = (c << 30) | (c >>> 2);
    }
    for (let t = 60; t < 80; t += 5) {
      e = (e + (((a << 5) | (a >>> 27)) + (b1 ^ c ^ d) - 0x359d3e2a + w[t + 0]!)) | 0;
      b1 = (b1 << 30) | (b1 >>> 2);
      d = (d + (((e << 5) | (e >>> 27)) + (a ^ b1 ^ c) - 0x359d3e2a + w[t + 1]!)) | 0;
      a = (a << 30) | (a >>> 2);
      c = (c + (((d << 5) | (d >>> 27)) + (e ^ a ^ b1) - 0x359d3e2a + w[t + 2]!)) | 0;
      e = (e << 30) | (e >>> 2);
      b1 = (b1 + (((c << 5) | (c >>> 27)) + (d ^ e ^ a) - 0x359d3e2a + w[t + 3]!)) | 0;
      d = (d << 30) | (d >>> 2);
      a = (a + (((b1 << 5) | (b1 >>> 27)) + (c ^ d ^ e) - 0x359d3e2a + w[t + 4]!)) | 0;
      c = (c << 30) | (c >>> 2);
    }
    h[0] = (h[0]! + a) | 0;
    h[1] = (h[1]! + b1) | 0;
    h[2] = (h[2]! + c) | 0;
    h[3] = (h[3]! + d) | 0;
    h[4] = (h[4]! + e) | 0;
  }
}
