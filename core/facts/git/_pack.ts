/**
 * Private: reads one object out of a packfile by offset, touching only the
 * bytes it needs (through a small window cache), and resolves OFS_DELTA and
 * REF_DELTA chains with a depth bound. The pack itself is never loaded.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import type { GitObject } from "../types.ts";
import { GitCorruptError, GitLimitError } from "./errors.ts";
import { applyDelta } from "./_delta.ts";
import { deflateBound, inflateUpTo } from "./_inflate.ts";
import type { ByteLru } from "./_lru.ts";
import type { PackIndex } from "./_pack_index.ts";

/** Bytes per cached window of a pack file. */
export const WINDOW_BYTES = 64 * 1024;
/** Largest first read for an object's compressed data; bigger objects are read in growing steps. */
const FIRST_READ_BYTES = 256 * 1024;
/** Largest pack entry header: type/size varint (10) + offset varint (10) or 20-byte id. */
const HEADER_READ_BYTES = 32;

const TYPES = [null, "commit", "tree", "blob", "tag"] as const;

/** Shared state one object reader passes to all its packs. */
export interface PackContext {
  fs: ReadFs;
  maxObjectBytes: number;
  maxDeltaDepth: number;
  windows: ByteLru<string, Uint8Array>;
  objects: ByteLru<string, GitObject>;
  /** Reads a REF_DELTA base that is not in the same pack. */
  readBase(oid: string, depth: number): Promise<GitObject | null>;
}

/** One pack entry's header. */
interface Entry {
  offset: number;
  /** 1-4 for whole objects, 6 OFS_DELTA, 7 REF_DELTA. */
  type: number;
  /** Inflated size of the entry's data (the delta itself for deltas). */
  size: number;
  /** Where the compressed data starts. */
  dataStart: number;
  baseOffset?: number;
  baseOid?: string;
}

/** An opened .pack with its index. */
export class Pack {
  readonly path: string;
  readonly index: PackIndex;
  #size: number;
  #ctx: PackContext;
  #last: { n: number; bytes: Uint8Array } | null = null;

  constructor(path: string, size: number, index: PackIndex, ctx: PackContext) {
    this.path = path;
    this.#size = size;
    this.index = index;
    this.#ctx = ctx;
  }

  /**
   * The object at `offset`, deltas applied. `depth` counts delta links
   * already followed by the caller (REF_DELTA bases across packs).
   */
  async readAt(offset: number, depth: number): Promise<GitObject> {
    const ctx = this.#ctx;
    const chain: Entry[] = [];
    let cur = offset;
    let base: GitObject | null = null;
    for (;;) {
      const cached = ctx.objects.get(`${this.path}:${cur}`);
      if (cached !== undefined) {
        base = cached;
        break;
      }
      const entry = await this.#entry(cur);
      const type = TYPES[entry.type];
      if (type !== undefined && type !== null) {
        base = { type, data: await this.#inflate(entry) };
        this.#remember(cur, base);
        break;
      }
      if (depth + chain.length >= ctx.maxDeltaDepth) {
        throw new GitLimitError(
          `Cannot read packed object: delta chain is deeper than ${ctx.maxDeltaDepth}`,
          "git_delta_too_deep",
          { data: { limit: ctx.maxDeltaDepth } },
        );
      }
      chain.push(entry);
      if (entry.baseOffset !== undefined) {
        cur = entry.baseOffset;
        continue;
      }
      const baseOid = entry.baseOid!;
      const local = await this.index.find(hexToBytes(baseOid));
      if (local !== null) {
        cur = local;
        continue;
      }
      base = await ctx.readBase(baseOid, depth + chain.length);
      if (base === null) {
        throw new GitCorruptError(
          "Cannot read packed object: its delta base is missing",
          "git_delta_base_missing",
        );
      }
      break;
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      const entry = chain[i]!;
      const delta = await this.#inflate(entry);
      base = { type: base.type, data: applyDelta(base.data, delta, ctx.maxObjectBytes) };
      this.#remember(entry.offset, base);
    }
    return base;
  }

  #remember(offset: number, object: GitObject): void {
    this.#ctx.objects.set(`${this.path}:${offset}`, object, object.data.length + 64);
  }

  /** Parses the entry header at `offset`. */
  async #entry(offset: number): Promise<Entry> {
    if (offset < 12 || offset >= this.#size - 20) throw corrupt("object offset outside the pack");
    const head = await this.#read(offset, Math.min(HEADER_READ_BYTES, this.#size - 20 - offset));
    let pos = 0;
    let c = head[pos++]!;
    const type = (c >> 4) & 7;
    let size = c & 15;
    let shift = 16;
    while (c & 0x80) {
      if (pos >= head.length || shift > 2 ** 53) throw corrupt("entry header is truncated");
      c = head[pos++]!;
      size += (c & 0x7f) * shift;
      shift *= 128;
    }
    if (size > this.#ctx.maxObjectBytes) {
      throw new GitLimitError(
        `Cannot read git object: ${size} bytes exceeds the limit of ${this.#ctx.maxObjectBytes}`,
        "git_object_too_large",
        { data: { size, limit: this.#ctx.maxObjectBytes } },
      );
    }
    if (type === 6) {
      if (pos >= head.length) throw corrupt("entry header is truncated");
      c = head[pos++]!;
      let rel = c & 0x7f;
      while (c & 0x80) {
        if (pos >= head.length || rel > 2 ** 45) throw corrupt("delta offset is malformed");
        c = head[pos++]!;
        rel = (rel + 1) * 128 + (c & 0x7f);
      }
      if (rel <= 0 || rel > offset - 12) throw corrupt("delta base offset is out of range");
      return { offset, type, size, dataStart: offset + pos, baseOffset: offset - rel };
    }
    if (type === 7) {
      if (pos + 20 > head.length) throw corrupt("entry header is truncated");
      const baseOid = bytesToHex(head.subarray(pos, pos + 20));
      return { offset, type, size, dataStart: offset + pos + 20, baseOid };
    }
    if (type === 0 || type === 5) throw corrupt("entry has an unknown type");
    return { offset, type, size, dataStart: offset + pos };
  }

  /**
   * Inflates an entry's data. The compressed length is not stored, so read a
   * first chunk, and when it was not enough read only the missing tail, sized
   * from the compression ratio seen so far (never past zlib's bound).
   */
  async #inflate(entry: Entry): Promise<Uint8Array> {
    const available = this.#size - 20 - entry.dataStart;
    const bound = Math.min(deflateBound(entry.size), available);
    let input = await this.#read(entry.dataStart, Math.min(bound, FIRST_READ_BYTES));
    for (;;) {
      const out = inflateUpTo(input, entry.size);
      if (out.length === entry.size) return out;
      if (input.length >= bound) throw corrupt("compressed data is truncated");
      const ratio = input.length / Math.max(1, out.length);
      const estimate = Math.ceil((entry.size - out.length) * ratio * 1.05) + 4096;
      const want = Math.min(bound, input.length + Math.max(estimate, input.length));
      const tail = await this.#read(entry.dataStart + input.length, want - input.length);
      const next = new Uint8Array(want);
      next.set(input, 0);
      next.set(tail, input.length);
      input = next;
    }
  }

  /** Bytes [offset, offset+length) via cached windows, or directly when large. */
  async #read(offset: number, length: number): Promise<Uint8Array> {
    if (length > WINDOW_BYTES) {
      const bytes = await this.#ctx.fs.readRange(this.path, offset, length);
      if (bytes.length !== length) throw corrupt("file is shorter than its index says");
      return bytes;
    }
    const first = Math.floor(offset / WINDOW_BYTES);
    const last = Math.floor((offset + length - 1) / WINDOW_BYTES);
    const a = await this.#window(first);
    const start = offset - first * WINDOW_BYTES;
    if (first === last) {
      if (start + length > a.length) throw corrupt("file is shorter than its index says");
      return a.subarray(start, start + length);
    }
    const b = await this.#window(last);
    const out = new Uint8Array(length);
    const fromA = a.length - start;
    out.set(a.subarray(start), 0);
    if (length - fromA > b.length) throw corrupt("file is shorter than its index says");
    out.set(b.subarray(0, length - fromA), fromA);
    return out;
  }

  async #window(n: number): Promise<Uint8Array> {
    // History walks read neighbouring objects: try the last window before the shared cache.
    if (this.#last !== null && this.#last.n === n) return this.#last.bytes;
    const key = `${this.path}:${n}`;
    const hit = this.#ctx.windows.get(key);
    if (hit !== undefined) {
      this.#last = { n, bytes: hit };
      return hit;
    }
    const start = n * WINDOW_BYTES;
    const bytes = await this.#ctx.fs.readRange(
      this.path,
      start,
      Math.min(WINDOW_BYTES, this.#size - start),
    );
    this.#ctx.windows.set(key, bytes, bytes.length);
    this.#last = { n, bytes };
    return bytes;
  }
}

function corrupt(what: string): GitCorruptError {
  return new GitCorruptError(`Cannot read packed object: ${what}`, "git_pack_corrupt");
}

/** 40 hex digits to 20 bytes (the caller validated the hex). */
export function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < out.length; i++) {
    out[i] = (nibble(hex.charCodeAt(2 * i)) << 4) | nibble(hex.charCodeAt(2 * i + 1));
  }
  return out;
}

/** Value of one lowercase hex digit's char code. */
function nibble(c: number): number {
  return c <= 57 ? c - 48 : c - 87;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** Bytes to lowercase hex. */
export function bytesToHex(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i++) s += HEX[bytes[i]!];
  return s;
}
