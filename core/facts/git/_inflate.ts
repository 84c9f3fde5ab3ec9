/**
 * Private zlib (RFC 1950) / DEFLATE (RFC 1951) decoder for git objects,
 * written in TypeScript. Why not node:zlib: its first import boots Deno's
 * Node compatibility layer and zlib's extension scripts, measured at 25-40 ms
 * of every preflight, finalize and load, while those read only a few small
 * objects (HEAD's commit, perhaps some trees, commits of a bounded history
 * walk). Why not DecompressionStream: it rejects bytes after the end of the
 * stream, and pack entries are followed by the next entry.
 *
 * The decoder accepts an input that stops early (it returns what it could
 * inflate; the caller reads more) or runs past the stream (trailing bytes
 * are ignored), bounds its output, and checks the Adler-32 trailer when the
 * stream is complete. tests/core/facts/git/inflate_test.ts checks it against
 * node:zlib on generated data at every level and strategy.
 * @module
 */
import { GitCorruptError } from "./errors.ts";

/**
 * Upper bound on zlib's compressed size for `n` input bytes (zlib's
 * deflateBound plus slack), so reading this many bytes always holds the
 * whole stream.
 */
export function deflateBound(n: number): number {
  return n + Math.floor(n / 4096) + Math.floor(n / 16384) + Math.floor(n / 33554432) + 64;
}

// deno-fmt-ignore
const LEN_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
  35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
];
// deno-fmt-ignore
const LEN_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
// deno-fmt-ignore
const DIST_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
  257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
// deno-fmt-ignore
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
// deno-fmt-ignore
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/** Codes up to this many bits decode with one table lookup. */
const FAST_BITS = 9;
const MAX_BITS = 15;

/** Thrown inside the decoder when the input ends before the stream does. */
class Truncated {}
const TRUNCATED = new Truncated();

/** Thrown inside the decoder when the output limit is reached (prefix reads stop there). */
class LimitReached {}
const LIMIT_REACHED = new LimitReached();

function corrupt(why: string): GitCorruptError {
  return new GitCorruptError(`Cannot inflate git object: ${why}`, "git_object_corrupt");
}

/** A canonical Huffman code: a fast table for short codes, counts and symbols for the rest. */
interface Huffman {
  /** Index: the next FAST_BITS input bits; value: symbol << 4 | length, or 0 for a longer code. */
  fast: Uint16Array;
  counts: Uint16Array;
  symbols: Uint16Array;
}

function buildHuffman(lengths: ArrayLike<number>, n: number): Huffman {
  const counts = new Uint16Array(MAX_BITS + 1);
  for (let i = 0; i < n; i++) counts[lengths[i]!]!++;
  counts[0] = 0;
  let left = 1;
  for (let len = 1; len <= MAX_BITS; len++) {
    left = (left << 1) - counts[len]!;
    if (left < 0) throw corrupt("a Huffman code is over-subscribed");
  }
  const offsets = new Uint16Array(MAX_BITS + 2);
  for (let len = 1; len <= MAX_BITS; len++) offsets[len + 1] = offsets[len]! + counts[len]!;
  const symbols = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    const len = lengths[i]!;
    if (len !== 0) symbols[offsets[len]!++] = i;
  }
  // Fill the fast table: walk codes in canonical order.
  const fast = new Uint16Array(1 << FAST_BITS);
  let code = 0;
  let index = 0;
  for (let len = 1; len <= FAST_BITS; len++) {
    for (let k = 0; k < counts[len]!; k++) {
      // Codes are stored most-significant bit first; input bits arrive
      // least-significant first, so the table is indexed by the reversed code.
      let rev = 0;
      for (let b = 0; b < len; b++) rev |= ((code >> b) & 1) << (len - 1 - b);
      const entry = (symbols[index]! << 4) | len;
      for (let fill = rev; fill < fast.length; fill += 1 << len) fast[fill] = entry;
      code++;
      index++;
    }
    code <<= 1;
  }
  return { fast, counts, symbols };
}

let fixedCodes: { lit: Huffman; dist: Huffman } | null = null;

function fixedHuffman(): { lit: Huffman; dist: Huffman } {
  if (fixedCodes === null) {
    const lit = new Uint8Array(288);
    lit.fill(8, 0, 144);
    lit.fill(9, 144, 256);
    lit.fill(7, 256, 280);
    lit.fill(8, 280, 288);
    fixedCodes = {
      lit: buildHuffman(lit, 288),
      dist: buildHuffman(new Uint8Array(30).fill(5), 30),
    };
  }
  return fixedCodes;
}

/** What one decode produced. */
interface DecodeResult {
  out: Uint8Array;
  length: number;
  /** The final block and the Adler-32 trailer were read. */
  complete: boolean;
}

class Decoder {
  #input: Uint8Array;
  #pos = 0;
  #bits = 0;
  #count = 0;
  #out: Uint8Array;
  #length = 0;
  #limit: number;
  #stopAtLimit: boolean;

  constructor(input: Uint8Array, limit: number, stopAtLimit: boolean, initial: number) {
    this.#input = input;
    this.#limit = limit;
    this.#stopAtLimit = stopAtLimit;
    this.#out = new Uint8Array(Math.max(1, Math.min(limit, initial)));
  }

  #need(n: number): void {
    while (this.#count < n) {
      if (this.#pos >= this.#input.length) throw TRUNCATED;
      this.#bits |= this.#input[this.#pos++]! << this.#count;
      this.#count += 8;
    }
  }

  #take(n: number): number {
    if (n === 0) return 0;
    this.#need(n);
    const v = this.#bits & ((1 << n) - 1);
    this.#bits >>>= n;
    this.#count -= n;
    return v;
  }

  #decode(h: Huffman): number {
    // Load what is there without failing: a short final code may need
    // fewer bits than the fast table looks at.
    while (this.#count < FAST_BITS && this.#pos < this.#input.length) {
      this.#bits |= this.#input[this.#pos++]! << this.#count;
      this.#count += 8;
    }
    const entry = h.fast[this.#bits & ((1 << FAST_BITS) - 1)]!;
    const len = entry & 15;
    if (entry !== 0 && len <= this.#count) {
      this.#bits >>>= len;
      this.#count -= len;
      return entry >> 4;
    }
    // Canonical decoding one bit at a time (long codes, or the input's end).
    let code = 0;
    let first = 0;
    let index = 0;
    for (let l = 1; l <= MAX_BITS; l++) {
      code |= this.#take(1);
      const count = h.counts[l]!;
      if (code - count < first) return h.symbols[index + (code - first)]!;
      index += count;
      first = (first + count) << 1;
      code <<= 1;
    }
    throw corrupt("a Huffman code is not in its table");
  }

  #room(n: number): void {
    const want = this.#length + n;
    if (want <= this.#out.length) return;
    if (want > this.#limit) {
      if (this.#stopAtLimit) return;
      throw corrupt("it inflates to more than declared");
    }
    const grown = new Uint8Array(Math.min(this.#limit, Math.max(want, this.#out.length * 2)));
    grown.set(this.#out.subarray(0, this.#length));
    this.#out = grown;
  }

  #push(byte: number): void {
    if (this.#length >= this.#out.length) {
      this.#room(1);
      if (this.#length >= this.#out.length) throw LIMIT_REACHED;
    }
    this.#out[this.#length++] = byte;
  }

  #stored(): void {
    this.#bits >>>= this.#count & 7;
    this.#count -= this.#count & 7;
    const len = this.#take(16);
    const nlen = this.#take(16);
    if ((len ^ 0xffff) !== nlen) throw corrupt("a stored block's length check failed");
    for (let i = 0; i < len; i++) {
      if (this.#count >= 8) this.#push(this.#take(8));
      else if (this.#pos < this.#input.length) this.#push(this.#input[this.#pos++]!);
      else throw TRUNCATED;
    }
  }

  #dynamic(): { lit: Huffman; dist: Huffman } {
    const nlen = this.#take(5) + 257;
    const ndist = this.#take(5) + 1;
    const ncode = this.#take(4) + 4;
    if (nlen > 286 || ndist > 30) throw corrupt("a block declares too many codes");
    const codeLengths = new Uint8Array(19);
    for (let i = 0; i < ncode; i++) codeLengths[CODE_LENGTH_ORDER[i]!] = this.#take(3);
    const lenCode = buildHuffman(codeLengths, 19);
    const lengths = new Uint8Array(nlen + ndist);
    let i = 0;
    while (i < nlen + ndist) {
      const sym = this.#decode(lenCode);
      if (sym < 16) {
        lengths[i++] = sym;
        continue;
      }
      let repeat: number;
      let value = 0;
      if (sym === 16) {
        if (i === 0) throw corrupt("a length repeat has nothing to repeat");
        value = lengths[i - 1]!;
        repeat = 3 + this.#take(2);
      } else if (sym === 17) {
        repeat = 3 + this.#take(3);
      } else {
        repeat = 11 + this.#take(7);
      }
      if (i + repeat > nlen + ndist) throw corrupt("code lengths overrun their block");
      lengths.fill(value, i, i + repeat);
      i += repeat;
    }
    if (lengths[256] === 0) throw corrupt("a block has no end-of-block code");
    return {
      lit: buildHuffman(lengths.subarray(0, nlen), nlen),
      dist: buildHuffman(lengths.subarray(nlen), ndist),
    };
  }

  #codes(lit: Huffman, dist: Huffman): void {
    while (true) {
      const sym = this.#decode(lit);
      if (sym < 256) {
        this.#push(sym);
        continue;
      }
      if (sym === 256) return;
      const li = sym - 257;
      if (li >= 29) throw corrupt("a length code is out of range");
      const len = LEN_BASE[li]! + this.#take(LEN_EXTRA[li]!);
      const di = this.#decode(dist);
      if (di >= 30) throw corrupt("a distance code is out of range");
      const d = DIST_BASE[di]! + this.#take(DIST_EXTRA[di]!);
      if (d > this.#length) throw corrupt("a back-reference points before the start");
      this.#room(len);
      if (this.#length + len <= this.#out.length) {
        const out = this.#out;
        let at = this.#length;
        for (let k = 0; k < len; k++, at++) out[at] = out[at - d]!;
        this.#length = at;
      } else {
        for (let k = 0; k < len; k++) this.#push(this.#out[this.#length - d]!);
      }
    }
  }

  run(): DecodeResult {
    let complete = false;
    try {
      const cmf = this.#take(8);
      const flg = this.#take(8);
      if ((cmf & 15) !== 8 || cmf >> 4 > 7 || ((cmf << 8) | flg) % 31 !== 0) {
        throw corrupt("the zlib header is invalid");
      }
      if ((flg & 0x20) !== 0) throw corrupt("the stream needs a preset dictionary");
      let last = 0;
      while (last === 0) {
        last = this.#take(1);
        const type = this.#take(2);
        if (type === 0) this.#stored();
        else if (type === 1) {
          const f = fixedHuffman();
          this.#codes(f.lit, f.dist);
        } else if (type === 2) {
          const d = this.#dynamic();
          this.#codes(d.lit, d.dist);
        } else throw corrupt("a block has an invalid type");
      }
      this.#bits >>>= this.#count & 7;
      this.#count -= this.#count & 7;
      let adler = 0;
      for (let k = 0; k < 4; k++) adler = ((adler << 8) | this.#take(8)) >>> 0;
      if (adler !== adler32(this.#out, this.#length)) {
        throw corrupt("the Adler-32 checksum does not match");
      }
      complete = true;
    } catch (e) {
      if (e !== TRUNCATED && e !== LIMIT_REACHED) throw e;
    }
    return { out: this.#out, length: this.#length, complete };
  }
}

function adler32(data: Uint8Array, length: number): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < length;) {
    const end = Math.min(length, i + 5552);
    for (; i < end; i++) {
      a += data[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

function view(r: DecodeResult): Uint8Array {
  return r.out.subarray(0, r.length);
}

/**
 * Inflates a zlib stream that should produce exactly `size` bytes, from an
 * input that may stop early (the output is then shorter than `size` and the
 * caller reads more) or run past the end of the stream (trailing bytes are
 * ignored). Throws when the data is corrupt or inflates to more than `size`.
 * @throws {GitCorruptError}
 */
export function inflateUpTo(input: Uint8Array, size: number): Uint8Array {
  const out = view(new Decoder(input, Math.max(1, size), false, size).run());
  if (out.length > size) throw corrupt("it inflates to more than declared");
  return out;
}

/**
 * Inflates as much of a zlib stream as `input` holds, at most `limit`
 * bytes; used to peek at a loose object's header.
 * @throws {GitCorruptError}
 */
export function inflatePrefix(input: Uint8Array, limit: number): Uint8Array {
  return view(new Decoder(input, Math.max(1, limit), true, limit).run());
}

/**
 * Inflates a whole zlib stream of at most `limit` bytes.
 * @throws {GitCorruptError} when the stream is corrupt, truncated or too large.
 */
export function inflateAll(input: Uint8Array, limit: number): Uint8Array {
  const r = new Decoder(input, Math.max(1, limit), false, input.length * 4 + 64).run();
  if (!r.complete) throw corrupt("the compressed data is truncated");
  return view(r);
}
