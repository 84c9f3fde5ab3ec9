/**
 * The only hand-written entry of the WASM core: a keyword DFA that runs over
 * UTF-8 bytes in WebAssembly (source in assembly/prefilter.ts, compiled into
 * _generated.ts by `deno task gen`). The module is compiled lazily, once per
 * process, from the inlined bytes; each {@linkcode createWasmDfa} gets its
 * own instance and linear memory, so memory layout and ABI stay in here.
 *
 * Internal: core/safety/secrets is the one user.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createWasmDfa } from "./mod.ts";
 * // A two-state DFA over one class: every byte of class 1 ("a") ends a keyword.
 * const classes = new Uint8Array(256);
 * classes[0x61] = 1;
 * const table = new Uint32Array([0, 2 | 0x80000000, 0, 2 | 0x80000000]);
 * // The start bitmap is a skip hint; all bits set means "never skip".
 * const starts = new Uint8Array(32768).fill(0xff);
 * const dfa = createWasmDfa({ classes, table, starts });
 * const r = dfa.scan(new TextEncoder().encode("xax"), 0);
 * assert.deepEqual([...r.hits], [1, 2]);
 * assert.equal(r.ascii, true);
 * ```
 * @module
 */
import { PREFILTER_WASM_BASE64 } from "./_generated.ts";

/** Bytes of the start bitmap: one bit per value of {@linkcode windowHash}. */
export const START_BITMAP_BYTES = 32768;

/**
 * The start-bitmap bit of a 3-byte window: its bytes as a little-endian
 * number, every byte with bit 5 set (A-Z folded onto a-z), times
 * 0x9e3779b1, top 18 bits.
 * @param b0 First byte.
 * @param b1 Second byte.
 * @param b2 Third byte.
 * @returns A bit index below 2^18.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { windowHash } from "./mod.ts";
 * assert.equal(windowHash(0x54, 0x4f, 0x4b), windowHash(0x74, 0x6f, 0x6b)); // "TOK", "tok"
 * assert.ok(windowHash(0x61, 0x62, 0x63) < 2 ** 18);
 * ```
 */
export function windowHash(b0: number, b1: number, b2: number): number {
  return Math.imul((b0 | (b1 << 8) | (b2 << 16)) | 0x202020, 0x9e3779b1) >>> 14;
}

/** A DFA in the layout the WASM loop reads. */
export interface DfaTables {
  /** Byte -> class index, 256 entries. */
  classes: Uint8Array;
  /**
   * Row-major transitions: entry `row + class` holds the next state's row
   * offset (state * classCount), with bit 31 set when that state ends a
   * keyword and bit 30 when it is three or more bytes deep.
   */
  table: Uint32Array;
  /**
   * When given, the transitions packed as a trie, unpacked in WebAssembly
   * straight into its memory (the table's one copy), and `table` is never
   * read.
   */
  packedRows?: PackedRows;
  /**
   * One bit per {@linkcode windowHash} ({@linkcode START_BITMAP_BYTES}):
   * set for the first three bytes of every keyword, which must be at least
   * three bytes long.
   */
  starts: Uint8Array;
  /** Name checks on hits; none when absent. */
  nameChecks?: NameChecks;
  /**
   * The keywords (lower case, printable ASCII, three bytes or more): when
   * given, the skip tests a window that passes `starts` again over four
   * bytes (see {@linkcode secondWindowBitmaps}); without them it does not.
   */
  keywords?: readonly string[];
}

/**
 * The skip's second test, two bitmaps of {@linkcode START_BITMAP_BYTES}
 * each: the {@linkcode windowHash} of every three-byte keyword, then the
 * same hash over the case-folded first four bytes of every longer keyword
 * (the little-endian 4-byte window with bit 5 of each byte set). Without
 * keywords the first is full, so the test always passes.
 * @param keywords The automaton's keywords, or undefined.
 * @returns The two bitmaps, one after the other.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { secondWindowBitmaps, START_BITMAP_BYTES, windowHash } from "./mod.ts";
 * const maps = secondWindowBitmaps(["eyj", "token"]);
 * const h = windowHash(0x65, 0x79, 0x6a);
 * assert.equal((maps[h >> 3]! >> (h & 7)) & 1, 1);
 * assert.equal(maps.length, 2 * START_BITMAP_BYTES);
 * ```
 */
export function secondWindowBitmaps(keywords: readonly string[] | undefined): Uint8Array {
  return fillSecondWindowBitmaps(new Uint8Array(2 * START_BITMAP_BYTES), keywords);
}

/** {@linkcode secondWindowBitmaps} written into `maps` (zeroed, two bitmaps long). */
function fillSecondWindowBitmaps(
  maps: Uint8Array,
  keywords: readonly string[] | undefined,
): Uint8Array {
  if (keywords === undefined) {
    maps.fill(0xff, 0, START_BITMAP_BYTES);
    return maps;
  }
  for (const k of keywords) {
    const c = (i: number) => k.charCodeAt(i);
    if (k.length === 3) {
      const h = windowHash(c(0), c(1), c(2));
      maps[h >> 3]! |= 1 << (h & 7);
    } else {
      const w = (c(0) | (c(1) << 8) | (c(2) << 16) | (c(3) << 24)) | 0x20202020;
      const h = Math.imul(w, 0x9e3779b1) >>> 14;
      maps[START_BITMAP_BYTES + (h >> 3)]! |= 1 << (h & 7);
    }
  }
  return maps;
}

/**
 * A transition table packed as a trie (core/safety/secrets/prebuilt.ts):
 * u16 records, per state in breadth-first order, of (state, failure state,
 * edge count, then a (class, child) pair per edge). A state's row is its
 * failure state's row with its own edges over it (see fillRows in
 * assembly/prefilter.ts).
 */
export interface PackedRows {
  /** Columns per row. */
  classCount: number;
  /** The records. */
  trie: Uint16Array;
  /** Per state where its outputs begin, plus the end: a state ends a keyword when it grows. */
  outputStart: Uint32Array;
}

/**
 * Name checks on keyword hits (see wasm/assembly/prefilter.ts, namePasses):
 * a hit in a state with checks is reported only when one passes.
 */
export interface NameChecks {
  /** Columns per row of the table: a row offset divided by it is the state. */
  classCount: number;
  /** Per state: 0 (every hit reported) or the index in `program` of its check list. */
  states: Uint32Array;
  /**
   * Check lists, each `[count, entry...]`; an entry is a keyword length, a
   * lead set and a follows set in bits 0-7, 8-15 and 16-23. Index 0 is unused.
   */
  program: Uint32Array;
  /** 256-byte membership tables (1 = in the set), `sets[id * 256 + byte]`. */
  sets: Uint8Array;
}

/** The result of one scan. */
export interface DfaScanResult {
  /** Pairs (byte index into the scanned bytes, row offset of the state reached there). */
  hits: Uint32Array;
  /**
   * Per hit, the name checks of its state that passed: bit k for the k-th
   * check of the state's list (bit 31 for the 32nd and later), every bit
   * when the state has no checks. Never 0.
   */
  passed: Uint32Array;
  /** Row offset of the state after the last byte (to continue a stream). */
  state: number;
  /** True when every scanned byte was below 0x80. */
  ascii: boolean;
}

/** A DFA instantiated in WebAssembly. */
export interface WasmDfa {
  /** Runs the DFA over `bytes` from row offset `state` (0 is the start state). */
  scan(bytes: Uint8Array, state: number): DfaScanResult;
  /**
   * The bytes of the last scan with every byte >= 0x80 replaced by 0x7f, so
   * they decode to an ASCII string whose offsets are byte offsets. A view
   * into WebAssembly memory: valid until the next call on this DFA.
   */
  maskedView(): Uint8Array;
  /** Line feeds in [from, to) of the bytes of the last scan. */
  countNewlines(from: number, to: number): number;
  /**
   * Whether the bytes of the last scan may hold a colour code: a `[` right
   * after a raw ESC or after `\u001b` / `\u001B` (ansi.ts mayHoldColour).
   */
  mayHoldColour(): boolean;
  /**
   * Which readings of core/safety/secrets/views.ts the bytes of the last
   * scan can need (view_triggers.ts viewTriggers): 1 an escape, 2 a delta
   * word, or'd.
   */
  viewTriggers(): number;
  /**
   * The copy search's probes over the bytes of the last scan (see probe in
   * assembly/prefilter.ts): the positions from `first` to `last`, every
   * `stride` bytes, whose little-endian 4-byte window hashes to a set bit of
   * `bitmap` (bit h & 7 of byte h >> 3). The bitmap is copied in once per
   * `version`.
   */
  probe(
    bitmap: Uint8Array,
    version: number,
    first: number,
    last: number,
    stride: number,
    shift: number,
  ): Uint32Array;
}

interface Exports {
  memory: WebAssembly.Memory;
  scan(
    data: number,
    from: number,
    to: number,
    state: number,
    classes: number,
    table: number,
    starts: number,
    out: number,
    cap: number,
    checks: number,
    program: number,
    sets: number,
    classCount: number,
  ): number;
  maskHigh(data: number, dst: number, len: number): void;
  probe(
    data: number,
    first: number,
    last: number,
    stride: number,
    bitmap: number,
    shift: number,
    out: number,
    cap: number,
  ): number;
  countNewlines(data: number, from: number, to: number): number;
  mayHoldColour(data: number, len: number): number;
  viewTriggers(data: number, len: number): number;
  fillRows(
    trie: number,
    trieLen: number,
    table: number,
    classCount: number,
    outputStart: number,
    depth: number,
  ): void;
  lastState(): number;
  lastIndex(): number;
  bytesOr(): number;
  resetOr(): void;
}

const PAGE = 65536;

/** The parts joined into one array of `total` entries (the part itself when there is one). */
function joined(parts: Uint32Array[], total: number): Uint32Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint32Array(total);
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}
const HIT_CAP = 16384;
/** Most placeholder openings the module indexes (MAX_OPENINGS in assembly/prefilter.ts). */
const MAX_OPENINGS = 1024;
let compiled: WebAssembly.Module | null = null;

function module(): WebAssembly.Module {
  if (compiled === null) compiled = new WebAssembly.Module(moduleBytes(PREFILTER_WASM_BASE64));
  return compiled;
}

/**
 * The module's bytes from base64: V8's own decoder where there is one. Deno's
 * `atob` is a script the runtime loads and compiles on its first call (about
 * 3 ms of every process that scans), for 5 KB of text.
 */
function moduleBytes(base64: string): Uint8Array<ArrayBuffer> {
  const native = (Uint8Array as unknown as {
    fromBase64?: (s: string) => Uint8Array<ArrayBuffer>;
  }).fromBase64;
  if (native !== undefined) return native(base64);
  const bin = atob(base64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/**
 * Instantiates the WASM keyword DFA for one table set.
 * @param tables The DFA; copied into the instance's memory.
 * @returns A scanner whose scans never allocate in WebAssembly.
 * @throws {RangeError} when the tables are malformed.
 */
export function createWasmDfa(tables: DfaTables): WasmDfa {
  if (tables.classes.length !== 256) throw new RangeError("DFA classes must have 256 entries");
  if (tables.starts.length !== START_BITMAP_BYTES) {
    throw new RangeError(`DFA start bitmap must have ${START_BITMAP_BYTES} bytes`);
  }
  const exports = new WebAssembly.Instance(module(), {}).exports as unknown as Exports;
  const classesAt = PAGE; // page 0 stays unused
  const startsAt = classesAt + 256;
  // The skip's second test follows the start bitmap (the module finds it there).
  const secondAt = startsAt + START_BITMAP_BYTES;
  const tableAt = secondAt + 2 * START_BITMAP_BYTES;
  const checks = tables.nameChecks;
  const packed = tables.packedRows;
  const tableLength = packed === undefined
    ? tables.table.length
    : (packed.outputStart.length - 1) * packed.classCount;
  const checksAt = tableAt + tableLength * 4;
  const programAt = checksAt + (checks?.states.length ?? 0) * 4;
  const setsAt = programAt + (checks?.program.length ?? 0) * 4;
  const outAt = setsAt + (checks?.sets.length ?? 0);
  // Hits (two u32 each), then each hit's passed checks (one u32).
  const passedAt = outAt + HIT_CAP * 8;
  const dataAt = passedAt + HIT_CAP * 4;
  let capacity = 0;
  let scanned = 0;
  // After the data: its masked copy, then the copy search's bitmap (both move when the data grows).
  let maskAt = dataAt + 8;
  let bitmapAt = maskAt + 8;
  let bitmapIn: { bitmap: Uint8Array; version: number } | null = null;
  const ensure = (bitmapBytes: number) => {
    // Eight bytes of slack: the loops load 32 bits to read a 3- or 4-byte window.
    const need = bitmapAt + bitmapBytes + 8;
    const have = exports.memory.buffer.byteLength;
    if (need > have) exports.memory.grow(Math.ceil((need - have) / PAGE));
  };
  const layout = (dataBytes: number) => {
    maskAt = dataAt + dataBytes + 8;
    bitmapAt = maskAt + dataBytes + 8;
    bitmapIn = null;
    ensure(0);
  };
  layout(0);
  new Uint8Array(exports.memory.buffer, classesAt, 256).set(tables.classes);
  new Uint8Array(exports.memory.buffer, startsAt, START_BITMAP_BYTES).set(tables.starts);
  // Fresh memory is zero: the bitmaps and the table are written in place, not copied.
  fillSecondWindowBitmaps(
    new Uint8Array(exports.memory.buffer, secondAt, 2 * START_BITMAP_BYTES),
    tables.keywords,
  );
  if (packed === undefined) {
    new Uint32Array(exports.memory.buffer, tableAt, tableLength).set(tables.table);
  } else {
    // The records, the output starts and a zeroed depth per state go where the data will.
    const trieAt = bitmapAt;
    const outputsAt = trieAt + ((packed.trie.length * 2 + 3) & ~3);
    const depthAt = outputsAt + packed.outputStart.length * 4;
    ensure(depthAt + packed.outputStart.length - bitmapAt);
    new Uint16Array(exports.memory.buffer, trieAt, packed.trie.length).set(packed.trie);
    new Uint32Array(exports.memory.buffer, outputsAt, packed.outputStart.length)
      .set(packed.outputStart);
    exports.fillRows(
      trieAt,
      packed.trie.length,
      tableAt,
      packed.classCount,
      outputsAt,
      depthAt,
    );
  }
  if (checks !== undefined) {
    if (checks.sets.length % 256 !== 0) {
      throw new RangeError("Name check sets must be 256 bytes each");
    }
    // The module indexes the placeholder openings in a fixed table (MAX_OPENINGS there).
    const openingsAt = checks.program[0] ?? 0;
    if (openingsAt !== 0 && (checks.program[openingsAt] ?? 0) > MAX_OPENINGS) {
      throw new RangeError(`Name checks may hold at most ${MAX_OPENINGS} placeholder openings`);
    }
    new Uint32Array(exports.memory.buffer, checksAt, checks.states.length).set(checks.states);
    new Uint32Array(exports.memory.buffer, programAt, checks.program.length).set(checks.program);
    new Uint8Array(exports.memory.buffer, setsAt, checks.sets.length).set(checks.sets);
  }
  return {
    scan(bytes: Uint8Array, state: number): DfaScanResult {
      if (bytes.length > capacity) {
        capacity = bytes.length;
        layout(capacity);
      }
      new Uint8Array(exports.memory.buffer, dataAt, bytes.length).set(bytes);
      scanned = bytes.length;
      exports.resetOr();
      const parts: Uint32Array[] = [];
      const passedParts: Uint32Array[] = [];
      let total = 0;
      let from = 0;
      let row = state;
      while (true) {
        const n = exports.scan(
          dataAt,
          from,
          bytes.length,
          row,
          classesAt,
          tableAt,
          startsAt,
          outAt,
          HIT_CAP,
          checks === undefined ? 0 : checksAt,
          programAt,
          setsAt,
          checks?.classCount ?? 1,
        );
        if (n > 0) {
          parts.push(new Uint32Array(exports.memory.buffer, outAt, n * 2).slice());
          passedParts.push(new Uint32Array(exports.memory.buffer, passedAt, n).slice());
          total += n;
        }
        row = exports.lastState();
        from = exports.lastIndex();
        if (from >= bytes.length) break;
      }
      return {
        hits: joined(parts, total * 2),
        passed: joined(passedParts, total),
        state: row,
        ascii: (exports.bytesOr() & 0x808080) === 0,
      };
    },
    maskedView(): Uint8Array {
      // A copy: the bytes themselves stay for the copy search.
      exports.maskHigh(dataAt, maskAt, scanned);
      return new Uint8Array(exports.memory.buffer, maskAt, scanned);
    },
    probe(
      bitmap: Uint8Array,
      version: number,
      first: number,
      last: number,
      stride: number,
      shift: number,
    ): Uint32Array {
      if (first < 0 || last + 4 > scanned || stride < 1 || shift < 0 || shift > 31) {
        throw new RangeError("Probe outside the last scan");
      }
      if (bitmap.length * 8 < 2 ** (32 - shift)) throw new RangeError("Probe bitmap too small");
      if (bitmapIn === null || bitmapIn.bitmap !== bitmap || bitmapIn.version !== version) {
        ensure(bitmap.length);
        new Uint8Array(exports.memory.buffer, bitmapAt, bitmap.length).set(bitmap);
        bitmapIn = { bitmap, version };
      }
      const parts: Uint32Array[] = [];
      let total = 0;
      let from = first;
      while (from <= last) {
        const n = exports.probe(dataAt, from, last, stride, bitmapAt, shift, outAt, HIT_CAP * 2);
        if (n > 0) {
          parts.push(new Uint32Array(exports.memory.buffer, outAt, n).slice());
          total += n;
        }
        from = exports.lastIndex();
      }
      return joined(parts, total);
    },
    mayHoldColour(): boolean {
      return exports.mayHoldColour(dataAt, scanned) !== 0;
    },
    viewTriggers(): number {
      return exports.viewTriggers(dataAt, scanned);
    },
    countNewlines(from: number, to: number): number {
      if (from < 0 || to > scanned || from > to) {
        throw new RangeError("Range outside the last scan");
      }
      return exports.countNewlines(dataAt, from, to);
    },
  };
}
