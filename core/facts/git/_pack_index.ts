/**
 * Private: lookups in a pack index (.idx v1 and v2) without loading the
 * pack. Small indexes are read whole; large ones are read in pieces: the
 * fanout table once, then only the 1/256 bucket of object ids an id can be
 * in, and the 4- or 8-byte offset entry for a hit.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import { GitCorruptError, GitUnsupportedError } from "./errors.ts";
import { ByteLru } from "./_lru.ts";

const V2_MAGIC = 0xff744f63;
const FANOUT_BYTES = 1024;

/** Where an index keeps its tables. */
interface Layout {
  version: 1 | 2;
  count: number;
  /** Offset of the first row of the id table. */
  rowStart: number;
  /** Bytes per row. */
  stride: number;
  /** Where the id sits inside a row (v1 rows are "<offset><id>"). */
  oidShift: number;
  /** v2: start of the 4-byte offset table; v1: unused. */
  offsetStart: number;
  /** v2: start of the 8-byte large-offset table. */
  largeStart: number;
}

/** One opened .idx file. */
export class PackIndex {
  #fs: ReadFs;
  #path: string;
  #whole: Uint8Array | null;
  #fanout: Uint32Array;
  #layout: Layout;
  #buckets = new ByteLru<number, Uint8Array>(4 * 1024 * 1024);

  private constructor(
    fs: ReadFs,
    path: string,
    whole: Uint8Array | null,
    fanout: Uint32Array,
    layout: Layout,
  ) {
    this.#fs = fs;
    this.#path = path;
    this.#whole = whole;
    this.#fanout = fanout;
    this.#layout = layout;
  }

  /** Opens an index, reading it whole when it is at most `wholeLimit` bytes. */
  static async open(
    fs: ReadFs,
    path: string,
    size: number,
    wholeLimit: number,
  ): Promise<PackIndex> {
    const whole = size <= wholeLimit ? await fs.readFile(path) : null;
    const head = whole ?? await fs.readRange(path, 0, 8 + FANOUT_BYTES);
    if (head.length < FANOUT_BYTES + 8) throw corrupt();
    const view = new DataView(head.buffer, head.byteOffset, head.length);
    let version: 1 | 2 = 1;
    let fanoutStart = 0;
    if (view.getUint32(0) === V2_MAGIC) {
      const v = view.getUint32(4);
      if (v !== 2) {
        throw new GitUnsupportedError(
          `Cannot read pack index: version ${v} is not supported`,
          "git_pack_index_unsupported",
          { data: { version: v } },
        );
      }
      version = 2;
      fanoutStart = 8;
    }
    const fanout = new Uint32Array(256);
    for (let i = 0; i < 256; i++) {
      fanout[i] = view.getUint32(fanoutStart + i * 4);
      if (i > 0 && fanout[i]! < fanout[i - 1]!) throw corrupt();
    }
    const count = fanout[255]!;
    const layout: Layout = version === 2
      ? {
        version,
        count,
        rowStart: 8 + FANOUT_BYTES,
        stride: 20,
        oidShift: 0,
        offsetStart: 8 + FANOUT_BYTES + count * 24,
        largeStart: 8 + FANOUT_BYTES + count * 28,
      }
      : {
        version,
        count,
        rowStart: FANOUT_BYTES,
        stride: 24,
        oidShift: 4,
        offsetStart: 0,
        largeStart: 0,
      };
    const minSize = version === 2 ? layout.largeStart + 40 : FANOUT_BYTES + count * 24 + 40;
    if (size < minSize) throw corrupt();
    return new PackIndex(fs, path, whole, fanout, layout);
  }

  /** Number of objects. */
  get count(): number {
    return this.#layout.count;
  }

  /** Pack offset of the object with this 20-byte id, or null. */
  async find(oid: Uint8Array): Promise<number | null> {
    const first = oid[0]!;
    const lo = first === 0 ? 0 : this.#fanout[first - 1]!;
    const hi = this.#fanout[first]!;
    if (lo >= hi) return null;
    const { stride, oidShift } = this.#layout;
    const bucket = await this.#bucket(first, lo, hi);
    let a = 0;
    let b = hi - lo;
    while (a < b) {
      const mid = (a + b) >>> 1;
      const cmp = compare(bucket, mid * stride + oidShift, oid);
      if (cmp === 0) return await this.#offsetOf(lo + mid, bucket, mid);
      if (cmp < 0) a = mid + 1;
      else b = mid;
    }
    return null;
  }

  /** The id table rows [lo, hi) (v1 rows include the offset before the id). */
  async #bucket(first: number, lo: number, hi: number): Promise<Uint8Array> {
    const { stride, rowStart } = this.#layout;
    const start = rowStart + lo * stride;
    const length = (hi - lo) * stride;
    if (this.#whole !== null) return this.#whole.subarray(start, start + length);
    const cached = this.#buckets.get(first);
    if (cached !== undefined) return cached;
    const bytes = await this.#fs.readRange(this.#path, start, length);
    if (bytes.length !== length) throw corrupt();
    this.#buckets.set(first, bytes, length);
    return bytes;
  }

  async #offsetOf(index: number, bucket: Uint8Array, row: number): Promise<number> {
    const layout = this.#layout;
    if (layout.version === 1) {
      // v1 rows are "<4-byte offset><20-byte id>".
      return readU32(bucket, row * 24);
    }
    const small = await this.#range(layout.offsetStart + index * 4, 4);
    const value = readU32(small, 0);
    if ((value & 0x80000000) === 0) return value;
    const large = await this.#range(layout.largeStart + (value & 0x7fffffff) * 8, 8);
    const result = readU32(large, 0) * 2 ** 32 + readU32(large, 4);
    if (!Number.isSafeInteger(result)) throw corrupt();
    return result;
  }

  async #range(offset: number, length: number): Promise<Uint8Array> {
    const bytes = this.#whole !== null
      ? this.#whole.subarray(offset, offset + length)
      : await this.#fs.readRange(this.#path, offset, length);
    if (bytes.length !== length) throw corrupt();
    return bytes;
  }
}

function readU32(b: Uint8Array, at: number): number {
  return ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
}

/** Compares the id at `at` in `table` with `oid`. */
function compare(table: Uint8Array, at: number, oid: Uint8Array): number {
  for (let i = 0; i < 20; i++) {
    const d = table[at + i]! - oid[i]!;
    if (d !== 0) return d;
  }
  return 0;
}

function corrupt(): GitCorruptError {
  return new GitCorruptError(
    "Cannot read pack index: the file is truncated or malformed",
    "git_pack_index_corrupt",
  );
}
