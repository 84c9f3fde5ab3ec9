/**
 * Pure parser of git's `.git/index` (versions 2, 3 and 4) and its cache-tree
 * ("TREE") extension. No I/O: callers read the bytes; baton never writes the
 * index.
 *
 * Speed matters here (50k entries on every preflight), so the parser makes one
 * pass with a DataView, collects every path into one byte buffer, decoded
 * with a single TextDecoder call, and every oid as its 20 raw bytes (hex is
 * made only for the few entries that need it). Entries are stored by column
 * (a Uint32Array of fixed fields, one byte array of oids) rather than as 50k
 * objects, which would mostly be garbage-collector work;
 * {@linkcode readEntry} gives one entry as an object when wanted, and
 * {@linkcode IndexEntryView} walks entries without allocating.
 * @module
 */
import { type CodedError, type ErrorData, EXIT } from "../../errors.ts";
import { GitUnsupportedError } from "../git/errors.ts";
import { escapePathBytes } from "../escape_path.ts";
import { IndexPaths } from "./index_paths.ts";

/** One index entry, as stored (stat fields are git's 32-bit truncations). */
export interface IndexEntry {
  /** Path relative to the work tree, "/"-separated. */
  path: string;
  /** Blob (or gitlink commit) id, 40 hex digits. */
  oid: string;
  /** Git mode: 0o100644, 0o100755, 0o120000 (symlink) or 0o160000 (gitlink). */
  mode: number;
  /** 0 for a normal entry, 1-3 (base, ours, theirs) while a merge conflict is unresolved. */
  stage: number;
  ctimeSec: number;
  ctimeNsec: number;
  mtimeSec: number;
  mtimeNsec: number;
  dev: number;
  ino: number;
  uid: number;
  gid: number;
  /** File size truncated to 32 bits; 0 may also mean "never stat-ed" (see git's racy rules). */
  size: number;
  /** `git update-index --assume-unchanged`. */
  assumeValid: boolean;
  /** Sparse checkout: the work tree copy is not expected (v3+). */
  skipWorktree: boolean;
  /** `git add -N` (v3+). */
  intentToAdd: boolean;
}

/** One node of the cache-tree extension, in the extension's pre-order. */
export interface CacheTreeEntry {
  /** Directory path with a trailing "/"; "" for the root. */
  path: string;
  /** Index entries the node covers, or -1 when the node is invalid. */
  entryCount: number;
  /** Number of child nodes. */
  subtreeCount: number;
  /** Tree id when valid, else null. */
  oid: string | null;
}

/**
 * Word offsets of the fixed fields but the stat data within an entry's
 * {@linkcode ENTRY_WORDS} words of {@linkcode GitIndex.fields}.
 */
export const FIELD = {
  mode: 0,
  /** The 16-bit on-disk flags: assume-valid, extended, stage, name length. */
  flags: 1,
  /** The 16-bit extended flags (version 3+), else 0. */
  extended: 2,
} as const;

/** Words per entry in {@linkcode GitIndex.fields}. */
export const ENTRY_WORDS = 3;

/**
 * Word offsets of the stat data within an entry's {@linkcode STAT_WORDS}
 * words of {@linkcode GitIndex.stat}.
 */
export const STAT = {
  ctimeSec: 0,
  ctimeNsec: 1,
  mtimeSec: 2,
  mtimeNsec: 3,
  dev: 4,
  ino: 5,
  uid: 6,
  gid: 7,
  size: 8,
} as const;

/** Words per entry in {@linkcode GitIndex.stat}. */
export const STAT_WORDS = 9;

/** A parsed index, stored by column; entries are in index order (path bytes, then stage). */
export interface GitIndex {
  version: 2 | 3 | 4;
  /** Number of entries. */
  count: number;
  /** Entry paths relative to the work tree, "/"-separated (one text, not a string each). */
  paths: IndexPaths;
  /** {@linkcode ENTRY_WORDS} words per entry, at the offsets in {@linkcode FIELD}. */
  fields: Uint32Array;
  /**
   * The stat data, {@linkcode STAT_WORDS} words per entry at the offsets in
   * {@linkcode STAT}: a column of its own, so a scan frees it once the work
   * tree is compared ({@linkcode releaseStat}).
   */
  stat: Uint32Array;
  /** Every entry's oid as 20 raw bytes, concatenated in entry order (see {@linkcode entryOid}). */
  oidBytes: Uint8Array;
  /** The cache-tree, or null when the index has no TREE extension. */
  cacheTree: CacheTreeEntry[] | null;
  /** Signatures of every extension present, in file order. */
  extensions: string[];
  /** Trailing checksum as hex (all zeros when written with index.skipHash). */
  checksum: string;
  /**
   * Entries whose path bytes are not valid UTF-8 (their `paths` text holds
   * U+FFFD and names no file this runtime can open): entry number -> the
   * exact bytes in escaped form (see facts/escape_path.ts). Absent when none.
   */
  invalidNames?: Map<number, string>;
  /**
   * The body of the split-index "link" extension, when the index is the
   * split part of a split index read with `{ splitLink: true }`: its
   * entries are then only the changes to the shared index, which
   * worktree/split_index.ts merges in. Absent otherwise.
   */
  splitLink?: Uint8Array;
}

/** Options of {@linkcode parseIndex}. */
export interface ParseIndexOptions {
  /**
   * Return the split-index "link" extension (and the empty-path
   * replacement entries it explains) instead of refusing a split index;
   * the caller merges the shared index (worktree/split_index.ts).
   * @default {false}
   */
  splitLink?: boolean;
  /**
   * The parse may write over `bytes` before the end of its entries: a
   * version 2 or 3 index then gathers its paths there, in place, rather
   * than into a buffer of their own (1.5 MB fewer at 50k entries, and one
   * copy per path instead of a loop over its bytes). For a caller that
   * reads nothing of the file afterwards but its extensions and trailing
   * checksum, which stay as they were.
   * @default {false}
   */
  consumeBytes?: boolean;
  /**
   * The parse frees `bytes` ({@linkcode releaseBytes}: a view of a whole
   * buffer of its own is detached) once it has read them, before it makes
   * the paths' strings: at 50k entries the file's 4.5 MB and the paths'
   * 1.6 MB of strings are then never held at once. For a caller that reads
   * nothing of the file afterwards.
   * @default {false}
   */
  releaseBytes?: boolean;
  /**
   * Makes the zero-filled buffers of the columns (`fields`, `stat`,
   * `oidBytes`: 3.4 MB at 50k entries), each of its own, given their size
   * in bytes: an fs whose buffers are backed up front (ReadFs
   * newBackedBuffer) spares the parse a page fault per page it fills.
   * @default {(bytes) => new Uint8Array(bytes)}
   */
  newBuffer?: (bytes: number) => Uint8Array;
}

/**
 * The index file is malformed or uses a feature baton cannot read. The message
 * gives offsets and kinds only, never file content.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { GitIndexError, parseIndex } from "./index_file.ts";
 * assert.throws(() => parseIndex(new Uint8Array(4)), GitIndexError);
 * ```
 */
export class GitIndexError extends SyntaxError implements CodedError {
  /** Stable code. */
  readonly code: string = "git_index_invalid";
  /** Exit status: malformed input. */
  readonly exitCode: number = EXIT.usage.code;
  /** Content-free details: offset and reason. */
  readonly data: ErrorData;

  /**
   * @param detail What is wrong, without content.
   * @param offset Byte offset where parsing stopped.
   * @param reason Stable reason key.
   */
  constructor(detail: string, offset: number, reason: string) {
    super(`Cannot parse git index: ${detail} at offset ${offset}`);
    this.name = "GitIndexError";
    this.data = { offset, reason };
  }

  /** The `--json` error object. */
  toJSON(): { error: { code: string; message: string; data: ErrorData } } {
    return { error: { code: this.code, message: this.message, data: this.data } };
  }
}

/**
 * The error code of an index holding a required (lower-case) extension
 * baton does not know; git refuses such an index too, and stops.
 */
export const INDEX_EXTENSION_UNKNOWN_CODE = "git_index_extension_unsupported";

const SIGNATURE = 0x44495243; // "DIRC"
const HASH_LEN = 20;
const HEADER_LEN = 12;
/** Fixed part of an entry before the path: 10 stat words, the oid, the flags. */
const ENTRY_FIXED = 62;
const HEX = new Uint8Array(16);
for (let i = 0; i < 16; i++) HEX[i] = "0123456789abcdef".charCodeAt(i);

/** Scratch for {@linkcode hexAt}: one buffer, so a hex oid costs one string. */
const HEX_OUT = new Uint16Array(HASH_LEN * 2);

/** Hex of the 20 bytes at `at` (an object id, or the trailing checksum). */
export function hexAt(src: Uint8Array, at: number): string {
  for (let i = 0; i < HASH_LEN; i++) {
    const v = src[at + i]!;
    HEX_OUT[i * 2] = HEX[v >> 4]!;
    HEX_OUT[i * 2 + 1] = HEX[v & 15]!;
  }
  return String.fromCharCode.apply(null, HEX_OUT as unknown as number[]);
}

/** Whether this host stores a word's low byte first. */
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

// ignoreBOM: a first path (or cache-tree name) that begins with U+FEFF keeps it; the
// default decoder drops it, and "\uFEFFa.txt" would read as "a.txt", another file.
const UTF8 = new TextDecoder("utf-8", { ignoreBOM: true });
const LATIN1 = new TextDecoder("latin1");

/**
 * Parses the bytes of a `.git/index` file.
 *
 * Checks the "DIRC" signature, the version, every bound and the extension
 * framing. The trailing checksum is returned but not verified here (hashing
 * costs time); see {@linkcode verifyIndexChecksum}. Unknown optional
 * extensions (upper-case signature) are skipped; the split-index "link"
 * extension and unknown required ones are reported as unsupported, since the
 * entries would be incomplete or misread.
 *
 * @param bytes The whole index file.
 * @param options Whether a split index's link extension is returned rather than refused.
 * @returns The entries, the cache-tree and the extension list.
 * @throws {GitIndexError} When the bytes are not a readable index.
 * @throws {GitUnsupportedError} For a split index or an unknown required extension.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseIndex } from "./index_file.ts";
 * // An empty version-2 index: header, no entries, checksum.
 * const bytes = new Uint8Array(32);
 * bytes.set([0x44, 0x49, 0x52, 0x43, 0, 0, 0, 2, 0, 0, 0, 0]);
 * const index = parseIndex(bytes);
 * assert.equal(index.version, 2);
 * assert.equal(index.count, 0);
 * ```
 */
export function parseIndex(bytes: Uint8Array, options: ParseIndexOptions = {}): GitIndex {
  const len = bytes.length;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { version, count } = readHeader(view, len);
  const end = len - HASH_LEN;

  // Pass 1 fills the columns and gathers the path bytes; pass 2 decodes
  // them once and slices the paths out. Each pass is a small function of
  // its own: a loop in a function this long ran to its end in the
  // baseline tier, the optimized code for it still compiling (about 20 ms
  // of compilation at 50k entries), while a short one is compiled in time.
  const read = readEntries({
    bytes,
    view,
    version,
    count,
    end,
    consume: options.consumeBytes === true,
    newBuffer: options.newBuffer ?? ((n: number) => new Uint8Array(n)),
  });
  return finishIndex(read, { bytes, view, end, version, count }, options);
}

/**
 * The header of an index of `len` bytes: its version and entry count,
 * checked (the signature, a known version, a count the file can hold).
 */
function readHeader(view: DataView, len: number): { version: 2 | 3 | 4; count: number } {
  if (len < HEADER_LEN + HASH_LEN) throw new GitIndexError("file is too short", 0, "too_short");
  if (view.getUint32(0) !== SIGNATURE) {
    throw new GitIndexError('signature is not "DIRC"', 0, "signature");
  }
  const version = view.getUint32(4);
  if (version !== 2 && version !== 3 && version !== 4) {
    throw new GitIndexError(`version ${version} is not 2, 3 or 4`, 4, "version");
  }
  const count = view.getUint32(8);
  const end = len - HASH_LEN;
  // Each entry takes at least 62 bytes plus a NUL (v4: a varint and a NUL).
  if (count > (end - HEADER_LEN) / (ENTRY_FIXED + 2)) {
    throw new GitIndexError(`entry count ${count} does not fit the file`, 8, "count");
  }
  return { version, count };
}

/**
 * What follows pass 1 (`read`): the paths decoded, the extensions up to the
 * checksum at `end` of `bytes` (the whole file, or the last part of it held
 * by a streamed parse), the checksum, the paths split.
 */
function finishIndex(
  read: EntriesRead,
  file: { bytes: Uint8Array; view: DataView; end: number; version: 2 | 3 | 4; count: number },
  options: ParseIndexOptions,
): GitIndex {
  const { bytes, view, end, version, count } = file;
  const { fields, stat, oidBytes, pathBuf, pathLen, emptyPathAt } = read;
  const off = read.off;
  const pathText = UTF8.decode(pathBuf.subarray(0, pathLen));
  // Names that are not UTF-8 (rare) are found over the path bytes, which
  // need the paths split first; otherwise the split waits for the end, when
  // the bytes may be freed already (options.releaseBytes).
  let paths: IndexPaths | null = null;
  let invalidNames: Map<number, string> | undefined;
  if (pathText.includes("\uFFFD")) {
    paths = splitPaths(pathText, read.nameEnds, count, pathLen);
    invalidNames = findInvalidNames(pathBuf.subarray(0, pathLen), paths);
  }
  // The path bytes are garbage once decoded (1.5 MB at 50k entries); in
  // place, they are the file's, which the caller frees.
  if (pathBuf !== bytes) releaseBytes(pathBuf);

  const ext = readExtensions(bytes, view, off, end, { splitLink: options.splitLink === true });
  if (ext.off !== end) {
    throw new GitIndexError("trailing bytes before the checksum", ext.off, "bounds");
  }
  if (emptyPathAt >= 0 && ext.splitLink === null) {
    throw new GitIndexError(`entry ${emptyPathAt} has an empty path`, HEADER_LEN, "path");
  }
  const { extensions, splitLink, tree } = ext;

  const checksum = hexAt(bytes, end);
  // Everything is read from the file: it goes before the paths' strings
  // are cut out of the text (worktree/index_paths.ts), so the two are never
  // held together.
  if (options.releaseBytes === true) releaseBytes(bytes);
  return {
    version,
    count,
    paths: paths ?? splitPaths(pathText, read.nameEnds, count, pathLen),
    fields,
    stat,
    oidBytes,
    // Built from the extension's bytes (checked already) each time it is
    // read: its 2,600 nodes of strings at 50k entries (0.5 MB) are held only
    // by a reader (the index against HEAD), not through the whole scan.
    get cacheTree(): CacheTreeEntry[] | null {
      return tree === null ? null : parseCacheTree(tree, 0, tree.length);
    },
    extensions,
    checksum,
    ...(invalidNames === undefined || invalidNames.size === 0 ? {} : { invalidNames }),
    ...(splitLink === null ? {} : { splitLink }),
  };
}

/**
 * Reads bytes of the index file from `offset` into `into`; resolves to the
 * count, fewer than asked (0) only at the end of the file.
 */
export type ReadIndexAt = (offset: number, into: Uint8Array) => Promise<number>;

/** Options of {@linkcode parseIndexStreamed}. */
export interface StreamedParseOptions extends Omit<ParseIndexOptions, "consumeBytes"> {
  /** Bytes of the file held at once (more only for an entry or the extensions that need it). @default {131072} */
  window?: number;
}

/** The file gave fewer bytes than its size while streamed: it changed, or shrank. */
export class IndexStreamShortError extends Error {
  constructor() {
    super("the index file ended before its size while streamed");
    this.name = "IndexStreamShortError";
  }
}

/**
 * {@linkcode parseIndex} over an index file of `size` bytes read a window at
 * a time rather than held whole: at 50k entries the file is 4.5 MB, and held
 * while the columns (3.6 MB) and the paths' text filled, it made a
 * preflight's peak memory. The paths are gathered into a buffer of their own
 * (1.3 MB at 50k entries) as the windows pass; the extensions and the
 * checksum are read from a last window that holds them whole.
 *
 * The answer for a valid file is parseIndex's. For a malformed one it
 * throws, but not always parseIndex's error (offsets are the window's): a
 * caller that reports errors parses the whole file again for them. It
 * throws {@linkcode IndexStreamShortError} when the file ends before `size`;
 * a caller that needs the bytes read to be one version of the file checks
 * that it did not change meanwhile (each read may open it anew).
 *
 * @param readAt Reads the file's bytes from an offset.
 * @param size The file's size.
 * @param options parseIndex's options, and the window.
 * @returns The parsed index.
 * @throws {GitIndexError} When the bytes are not a readable index.
 * @throws {GitUnsupportedError} For an unknown required extension (a split index unless `splitLink`).
 * @throws {IndexStreamShortError} When the file ends before `size`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseIndexStreamed } from "./index_file.ts";
 * const bytes = new Uint8Array(32);
 * bytes.set([0x44, 0x49, 0x52, 0x43, 0, 0, 0, 2, 0, 0, 0, 0]);
 * const readAt = (offset: number, into: Uint8Array) => {
 *   const part = bytes.subarray(offset, offset + into.length);
 *   into.set(part);
 *   return Promise.resolve(part.length);
 * };
 * assert.equal((await parseIndexStreamed(readAt, bytes.length)).count, 0);
 * ```
 */
export async function parseIndexStreamed(
  readAt: ReadIndexAt,
  size: number,
  options: StreamedParseOptions = {},
): Promise<GitIndex> {
  const windowBytes = Math.max(ENTRY_HEAD_ROOM * 2, options.window ?? 131072);
  let win = new Uint8Array(Math.min(size, windowBytes));
  /** The file offset of win[0], and how many bytes from there are held. */
  let base = 0;
  let held = await readFully(readAt, 0, win);
  const { version, count } = readHeader(new DataView(win.buffer), size);
  const fileEnd = size - HASH_LEN;
  const reader = new EntryReader({
    bytes: win,
    view: new DataView(win.buffer),
    version,
    count,
    end: fileEnd,
    fileEnd,
    consume: false,
    newBuffer: options.newBuffer ?? ((n: number) => new Uint8Array(n)),
  });
  const complete = () => base + held >= size;
  reader.setWindow(win, complete() ? fileEnd - base : held, complete(), HEADER_LEN);
  for (let i = 0; i < count;) {
    const to = Math.min(count, i + READ_CHUNK);
    const next = reader.read(i, to);
    if (next < to) {
      // Entry `next` is not held whole: it moves to the window's start (a
      // window it fills alone doubles), and the window is filled on.
      const at = reader.off;
      if (at === 0) {
        const grown = new Uint8Array(Math.min(size - base, win.length * 2));
        grown.set(win.subarray(0, held));
        win = grown;
      } else {
        win.copyWithin(0, at, held);
        held -= at;
        base += at;
      }
      held += await readFully(
        readAt,
        base + held,
        win.subarray(held, Math.min(win.length, size - base)),
      );
      reader.setWindow(win, complete() ? fileEnd - base : held, complete(), 0);
    }
    i = next;
  }
  // The rest (the extensions and the checksum) is held whole, from its start.
  const restAt = base + reader.off;
  const rest = new Uint8Array(size - restAt);
  rest.set(win.subarray(reader.off, held));
  await readFully(readAt, base + held, rest.subarray(held - reader.off));
  releaseBytes(win);
  return finishIndex(
    reader.result(0),
    { bytes: rest, view: new DataView(rest.buffer), end: rest.length - HASH_LEN, version, count },
    options,
  );
}

/** Fills `into` from the file at `offset`; throws IndexStreamShortError when the file ends first. */
async function readFully(readAt: ReadIndexAt, offset: number, into: Uint8Array): Promise<number> {
  let n = 0;
  while (n < into.length) {
    const got = await readAt(offset + n, into.subarray(n));
    if (!(got > 0)) throw new IndexStreamShortError();
    n += got;
  }
  return n;
}

/** What {@linkcode readExtensions} found after the entries. */
interface ExtensionsRead {
  extensions: string[];
  /** The TREE extension's body (checked), copied, or null. */
  tree: Uint8Array | null;
  splitLink: Uint8Array | null;
  /** Where the extensions end. */
  off: number;
}

/**
 * The extensions from `off` up to the checksum at `end`. The TREE body is
 * checked where it is, in the file's order (no node made), and copied: its
 * nodes are made when the index's cache tree is read. A second TREE (git
 * writes at most one) replaces the first.
 */
function readExtensions(
  bytes: Uint8Array,
  view: DataView,
  off: number,
  end: number,
  options: { splitLink: boolean },
): ExtensionsRead {
  const out: ExtensionsRead = { extensions: [], tree: null, splitLink: null, off };
  const { extensions } = out;
  while (off + 8 <= end) {
    const sig = LATIN1.decode(bytes.subarray(off, off + 4));
    const size = view.getUint32(off + 4);
    const dataStart = off + 8;
    if (size > end - dataStart) {
      throw new GitIndexError(`extension ${extensions.length} runs past the end`, off, "bounds");
    }
    extensions.push(sig);
    if (sig === "TREE") {
      parseCacheTree(bytes, dataStart, dataStart + size, { build: false });
      out.tree = bytes.slice(dataStart, dataStart + size);
    } else if (sig === "link" && options.splitLink && out.splitLink === null) {
      out.splitLink = bytes.slice(dataStart, dataStart + size);
    } else if (sig === "link") {
      throw new GitUnsupportedError(
        "Cannot read git index: split index (core.splitIndex) is not supported",
        "git_split_index_unsupported",
        { data: { offset: off } },
      );
    } else if (sig === "sdir") {
      // Sparse index: directory entries stand for skipped subtrees; they carry
      // skip-worktree and are left alone like any skip-worktree entry.
    } else if (!(bytes[off]! >= 0x41 && bytes[off]! <= 0x5a)) {
      // git itself refuses an index with a required extension it does not know.
      throw new GitUnsupportedError(
        `Cannot read git index: required extension ${extensions.length - 1} is not understood`,
        INDEX_EXTENSION_UNKNOWN_CODE,
        { data: { offset: off } },
      );
    }
    off = dataStart + size;
  }
  out.off = off;
  return out;
}

/** What {@linkcode readEntries} read: the columns, the path bytes, where the entries end. */
interface EntriesRead {
  fields: Uint32Array;
  stat: Uint32Array;
  oidBytes: Uint8Array;
  /** Every path followed by a NUL, in entry order. */
  pathBuf: Uint8Array;
  pathLen: number;
  /** Where each path's NUL sits in `pathBuf`. */
  nameEnds: Uint32Array;
  /** Offset of the first byte after the entries. */
  off: number;
  /** The first entry with an empty path, or -1. */
  emptyPathAt: number;
}

/**
 * Entries read per call of {@linkcode EntryReader.read}. One long loop ran
 * most of a 50k-entry index in V8's baseline tier (its optimized code came
 * after about 20k entries, as an on-stack replacement): a short method
 * called once a chunk is optimized after a few calls instead. The whole
 * parse of a 50k-entry index took about 45 ms of CPU instead of 51 (a fresh
 * process with baton's V8 flags, medians of 10).
 */
const READ_CHUNK = 256;

/** The file pass 1 reads: its bytes, their view, the header's version and count, where the entries may end. */
interface EntrySource {
  bytes: Uint8Array;
  view: DataView;
  version: number;
  count: number;
  end: number;
  /**
   * Where the entries may end in the file, when `bytes` holds only a part
   * of it (a streamed parse: see {@linkcode EntryReader.setWindow}); else `end`.
   */
  fileEnd?: number;
  /** The path bytes may be gathered over `bytes` (versions 2 and 3). */
  consume: boolean;
  /** A zeroed buffer of its own for a column (see ParseIndexOptions.newBuffer). */
  newBuffer: (bytes: number) => Uint8Array;
}

/** Pass 1 of {@linkcode parseIndex}: every entry's fixed fields into the columns, its path bytes gathered. */
function readEntries(source: EntrySource): EntriesRead {
  const reader = new EntryReader(source);
  const count = source.count;
  for (let i = 0; i < count; i += READ_CHUNK) reader.read(i, Math.min(count, i + READ_CHUNK));
  return reader.result();
}

/** Versions 2 and 3 on a 4-byte boundary: `bytes` as native words (see EntryReader.words), else null. */
function wordsOf(version: number, bytes: Uint8Array): Uint32Array | null {
  return version !== 4 && (bytes.byteOffset & 3) === 0
    ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >>> 2)
    : null;
}

/** A column of `bytes` bytes from `newBuffer`, checked to be a whole zeroed buffer of its own. */
function byteColumn(newBuffer: (bytes: number) => Uint8Array, bytes: number): Uint8Array {
  const buf = newBuffer(bytes);
  if (
    !(buf instanceof Uint8Array) || buf.byteOffset !== 0 || buf.length !== bytes ||
    buf.buffer.byteLength !== bytes
  ) {
    throw new Error("newBuffer gave a buffer not of its own or of another size");
  }
  return buf;
}

/** A column of `words` 32-bit words from `newBuffer`. */
function wordColumn(newBuffer: (bytes: number) => Uint8Array, words: number): Uint32Array {
  return new Uint32Array(byteColumn(newBuffer, words * 4).buffer);
}

/**
 * Bytes a streamed parse wants held past an entry's start before it reads
 * it: the fixed fields, the extended flags, a version 4 prefix length. The
 * NUL after its path is looked for as well (see EntryReader.read).
 */
const ENTRY_HEAD_ROOM = ENTRY_FIXED + 2 + 16;

/** The state of pass 1 between chunks of entries. */
class EntryReader {
  bytes: Uint8Array;
  view: DataView;
  readonly version: number;
  /** Where the entries may end in `bytes` (as far as they hold, while more is to come). */
  end: number;
  /** `bytes` hold the file to its end (always, unless streamed). */
  complete = true;
  readonly fields: Uint32Array;
  readonly stat: Uint32Array;
  readonly oidBytes: Uint8Array;
  /** Versions 2 and 3 on a 4-byte boundary: the file as native words, else null. */
  words: Uint32Array | null;
  readonly oidWords: Uint32Array;
  /** Where each path's NUL sits in `pathBuf`. */
  readonly nameEnds: Uint32Array;
  readonly inPlace: boolean;
  pathBuf: Uint8Array;
  pathLen = 0;
  prevStart = 0;
  prevLen = 0;
  emptyPathAt = -1;
  off = HEADER_LEN;

  constructor({ bytes, view, version, count, end, consume, newBuffer, fileEnd }: EntrySource) {
    const len = (fileEnd ?? end) + HASH_LEN;
    this.bytes = bytes;
    this.view = view;
    this.version = version;
    this.end = end;
    this.fields = wordColumn(newBuffer, count * ENTRY_WORDS);
    this.stat = wordColumn(newBuffer, count * STAT_WORDS);
    // v2/v3: an entry spends 62 bytes on fields and at least one NUL after its
    // path, so the paths and one NUL each fit in what is left (about a third
    // of the file: 1.5 MB rather than 4.5 MB at 50k entries). In place, the
    // paths gathered so far always end before the entry being read: each
    // entry's path comes after its own 62 bytes of fields.
    this.inPlace = consume && version !== 4;
    this.pathBuf = this.inPlace ? bytes : new Uint8Array(
      version === 4
        ? Math.max(1024, len)
        : Math.max(0, len - HASH_LEN - HEADER_LEN - count * ENTRY_FIXED),
    );
    this.oidBytes = byteColumn(newBuffer, count * HASH_LEN);
    // Versions 2 and 3 keep every entry on a 4-byte boundary (a 12-byte
    // header, entries padded to multiples of 8): their fixed fields are read
    // as words of the file (big-endian on disk, swapped where the host is not).
    this.words = wordsOf(version, bytes);
    this.oidWords = new Uint32Array(this.oidBytes.buffer, 0, count * (HASH_LEN / 4));
    this.nameEnds = new Uint32Array(count);
  }

  /**
   * A streamed parse: the reader goes on over `bytes`, the file from where
   * the next entry starts (at `off` in them), held up to `limit`, to its end
   * when `complete` (then `limit` is where the entries may end).
   */
  setWindow(bytes: Uint8Array, limit: number, complete: boolean, off = 0): void {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.words = wordsOf(this.version, bytes);
    this.end = limit;
    this.complete = complete;
    this.off = off;
  }

  /**
   * Entries `from` to `to` (exclusive), which must follow the ones read so
   * far; returns where it stopped: `to`, or, while `bytes` do not hold the
   * file to its end, the first entry they do not hold whole.
   */
  read(from: number, to: number): number {
    const { bytes, view, version, end, fields, stat, oidBytes, words, oidWords, nameEnds } = this;
    const inPlace = this.inPlace;
    const complete = this.complete;
    const little = LITTLE_ENDIAN;
    let { pathBuf, pathLen, prevStart, prevLen, emptyPathAt, off } = this;
    let stop = to;
    for (let i = from; i < to; i++) {
      const entryStart = off;
      if (!complete && off + ENTRY_HEAD_ROOM > end) {
        stop = i;
        break;
      }
      if (off + ENTRY_FIXED > end) {
        throw new GitIndexError(`entry ${i} runs past the end of the entries`, off, "bounds");
      }
      const f = i * ENTRY_WORDS;
      // Big-endian words assembled from the bytes (a Uint32Array store wraps
      // the sign): about a fifth less of the parse than DataView calls, which
      // the tiers a one-pass loop reaches do not all inline. On disk: ctime,
      // mtime (seconds, nanoseconds), dev, ino, mode, uid, gid, size.
      let s = i * STAT_WORDS;
      if (words !== null) {
        // One load a word, swapped to the host's order, and the oid as five
        // words: a quarter of the loads of reading bytes.
        const at = off >>> 2;
        for (let w = 0; w < 10; w++) {
          const v = words[at + w]!;
          const word = little
            ? ((v & 0xff) << 24) | ((v & 0xff00) << 8) | ((v >>> 8) & 0xff00) | (v >>> 24)
            : v;
          if (w === 6) fields[f + FIELD.mode] = word;
          else stat[s++] = word;
        }
        const h = i * (HASH_LEN / 4);
        for (let w = 0; w < HASH_LEN / 4; w++) oidWords[h + w] = words[at + 10 + w]!;
      } else {
        for (let w = 0; w < 10; w++) {
          const o = off + w * 4;
          const word = (bytes[o]! << 24) | (bytes[o + 1]! << 16) | (bytes[o + 2]! << 8) |
            bytes[o + 3]!;
          if (w === 6) fields[f + FIELD.mode] = word;
          else stat[s++] = word;
        }
        let h = i * HASH_LEN;
        for (let b = off + 40; b < off + 60; b++) oidBytes[h++] = bytes[b]!;
      }
      const flags = view.getUint16(off + 60);
      fields[f + FIELD.flags] = flags;
      off += ENTRY_FIXED;
      if ((flags & 0x4000) !== 0) {
        if (version < 3) {
          throw new GitIndexError(
            `entry ${i} has extended flags in a version-2 index`,
            off,
            "flags",
          );
        }
        if (off + 2 > end) throw new GitIndexError(`entry ${i} is truncated`, off, "bounds");
        fields[f + FIELD.extended] = view.getUint16(off);
        off += 2;
      }

      const nameStart = pathLen;
      if (version === 4) {
        // Varint: bytes to drop from the end of the previous path.
        let c = off < end ? bytes[off++]! : 0x80;
        let strip = c & 0x7f;
        while ((c & 0x80) !== 0) {
          if (off >= end) throw new GitIndexError(`entry ${i} is truncated`, off, "bounds");
          c = bytes[off++]!;
          strip = ((strip + 1) * 128) + (c & 0x7f);
        }
        if (strip > prevLen) {
          throw new GitIndexError(`entry ${i} strips more than the previous path`, off, "prefix");
        }
        const keep = prevLen - strip;
        const nul = bytes.indexOf(0, off);
        if (!complete && (nul < 0 || nul >= end)) {
          off = entryStart;
          stop = i;
          break;
        }
        if (nul < 0 || nul >= end) {
          throw new GitIndexError(`entry ${i} path has no end`, off, "bounds");
        }
        const need = pathLen + keep + (nul - off) + 1;
        if (need > pathBuf.length) {
          const grown = new Uint8Array(Math.max(need, pathBuf.length * 2));
          grown.set(pathBuf.subarray(0, pathLen));
          pathBuf = grown;
        }
        pathBuf.copyWithin(nameStart, prevStart, prevStart + keep);
        pathLen = nameStart + keep;
        while (off < nul) pathBuf[pathLen++] = bytes[off++]!;
        off = nul + 1;
      } else {
        // The buffer has room (see its size above).
        const nul = bytes.indexOf(0, off);
        // Streamed: the entry's padding (at most 8 NULs) held too.
        if (!complete && (nul < 0 || nul + 8 > end)) {
          off = entryStart;
          stop = i;
          break;
        }
        if (nul < 0 || nul >= end) {
          throw new GitIndexError(`entry ${i} path has no end`, end, "bounds");
        }
        if (inPlace) {
          pathBuf.copyWithin(pathLen, off, nul);
          pathLen += nul - off;
          off = nul;
        } else {
          pathBuf.set(bytes.subarray(off, nul), pathLen);
          pathLen += nul - off;
          off = nul;
        }
        // Entries are padded with 1-8 NULs to a multiple of 8 bytes.
        off = entryStart + ((off - entryStart + 8) & ~7);
        if (off > end) {
          throw new GitIndexError(`entry ${i} padding runs past the end`, off, "bounds");
        }
      }
      prevStart = nameStart;
      prevLen = pathLen - nameStart;
      // A split index stores empty-path replacement entries; its "link"
      // extension (checked below) explains them, so fail only after that.
      if (prevLen === 0 && emptyPathAt < 0) emptyPathAt = i;
      nameEnds[i] = pathLen;
      pathBuf[pathLen++] = 0;
    }
    this.pathBuf = pathBuf;
    this.pathLen = pathLen;
    this.prevStart = prevStart;
    this.prevLen = prevLen;
    this.emptyPathAt = emptyPathAt;
    this.off = off;
    return stop;
  }

  /** What pass 1 read; `off` given, where the extensions start in the bytes that hold them. */
  result(off = this.off): EntriesRead {
    const { fields, stat, oidBytes, pathBuf, pathLen, nameEnds, emptyPathAt } = this;
    return { fields, stat, oidBytes, pathBuf, pathLen, nameEnds, off, emptyPathAt };
  }
}

/**
 * Pass 2 of {@linkcode parseIndex}: the paths over their decoded text,
 * whose NULs pass 1 placed at `nameEnds` (in bytes).
 */
function splitPaths(
  pathText: string,
  nameEnds: Uint32Array,
  count: number,
  pathLen: number,
): IndexPaths {
  // Every byte became one UTF-16 unit (ASCII, or a lone invalid byte as
  // U+FFFD; nothing decodes to more units than bytes): the NULs are where
  // pass 1 put them, so no search for each.
  if (pathText.length === pathLen) return new IndexPaths(pathText, nameEnds);
  const ends = new Uint32Array(count);
  let textPos = 0;
  for (let i = 0; i < count; i++) {
    const nul = pathText.indexOf("\0", textPos);
    ends[i] = nul;
    textPos = nul + 1;
  }
  return new IndexPaths(pathText, ends);
}

/**
 * Frees a buffer's memory now. V8 frees an ArrayBuffer only in a full
 * collection, which a whole preflight may never run, so a large buffer that
 * became garbage stays resident to the end; detaching it (a transfer to
 * length 0) frees it at once. Only a view over the whole of its own
 * ArrayBuffer is detached: any other could be shared.
 *
 * @param bytes A view the caller owns and will not read again.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { releaseBytes } from "./index_file.ts";
 * const bytes = new Uint8Array(8);
 * releaseBytes(bytes);
 * assert.equal(bytes.length, 0);
 * const shared = new Uint8Array(8);
 * releaseBytes(shared.subarray(2));
 * assert.equal(shared.length, 8);
 * ```
 */
export function releaseBytes(bytes: Uint8Array | Uint32Array): void {
  const buffer = bytes.buffer;
  if (
    buffer instanceof ArrayBuffer && typeof buffer.transfer === "function" &&
    !buffer.detached && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength
  ) {
    buffer.transfer(0);
  }
}

/** Escaped names of the entries whose NUL-separated path bytes are not valid UTF-8. */
function findInvalidNames(buf: Uint8Array, paths: IndexPaths): Map<number, string> {
  const out = new Map<number, string>();
  const fatal = new TextDecoder("utf-8", { fatal: true });
  let start = 0;
  for (let i = 0; i < paths.length; i++) {
    const nul = buf.indexOf(0, start);
    if (paths.get(i)!.includes("\uFFFD")) {
      const raw = buf.subarray(start, nul);
      try {
        fatal.decode(raw);
      } catch {
        out.set(i, escapePathBytes(raw));
      }
    }
    start = nul + 1;
  }
  return out;
}

/**
 * Whether any entry of `index` can carry extended flags (skip-worktree,
 * intent-to-add): never in a version-2 index, which the parser refuses with
 * one, unless it is a split index (its shared part has a version of its own).
 * Answers without a pass over every entry.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildIndex, mayHaveExtendedFlags } from "./index_file.ts";
 * assert.equal(mayHaveExtendedFlags(buildIndex([{ path: "a" }])), false);
 * assert.equal(mayHaveExtendedFlags(buildIndex([{ path: "a", skipWorktree: true }])), true);
 * ```
 */
export function mayHaveExtendedFlags(index: GitIndex): boolean {
  return index.version !== 2 || index.extensions.includes("link");
}

/**
 * The oid of entry `i` as 40 hex digits.
 *
 * @param index The parsed index.
 * @param i Entry position, 0 <= i < index.count.
 * @returns Lowercase hex.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildIndex, entryOid } from "./index_file.ts";
 * assert.equal(entryOid(buildIndex([{ path: "a", oid: "0a".repeat(20) }]), 0), "0a".repeat(20));
 * ```
 */
export function entryOid(index: GitIndex, i: number): string {
  if (index.oidBytes.length === 0 && index.count > 0) {
    throw new Error("index blob ids were released (releaseOids) and read afterwards");
  }
  return hexAt(index.oidBytes, i * HASH_LEN);
}

/**
 * Frees the index's stat data now ({@linkcode releaseBytes}): a scan calls it
 * once the work tree is compared. Reading an entry afterwards throws, so a
 * late reader fails loudly rather than seeing zeros.
 *
 * @param index The parsed index, whose stat column nobody reads again.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildIndex, readEntry, releaseStat } from "./index_file.ts";
 * const index = buildIndex([{ path: "a", size: 3 }]);
 * releaseStat(index);
 * assert.equal(index.stat.length, 0);
 * assert.throws(() => readEntry(index, 0));
 * ```
 */
export function releaseStat(index: GitIndex): void {
  releaseBytes(index.stat);
}

/**
 * Frees the index's blob ids now ({@linkcode releaseBytes}); a later
 * {@linkcode entryOid} (or {@linkcode readEntry}) throws.
 *
 * @param index The parsed index, whose blob ids nobody reads again.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildIndex, entryOid, releaseOids } from "./index_file.ts";
 * const index = buildIndex([{ path: "a" }]);
 * releaseOids(index);
 * assert.throws(() => entryOid(index, 0));
 * ```
 */
export function releaseOids(index: GitIndex): void {
  releaseBytes(index.oidBytes);
}

/**
 * One index entry seen through its columns, repositioned with
 * {@linkcode IndexEntryView.at}: hot loops read entries without allocating
 * (the oid's hex is made only when `oid` is read).
 *
 * `at` copies the entry's words into plain fields, so a reader's property
 * loads are plain loads: with a getter per field (each calling a private
 * word reader), the scan's stat comparison made about 20 calls per tracked
 * file, which the tiers baton runs with (`--max-opt=2`) did not all inline
 * (the comparison of 50k entries in a fresh process: about 9.5 ms of CPU
 * with getters, 7 with fields).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildIndex, IndexEntryView } from "./index_file.ts";
 * const view = new IndexEntryView(buildIndex([{ path: "a", size: 3 }, { path: "b", size: 5 }]));
 * assert.deepEqual([view.at(1).path, view.size], ["b", 5]);
 * ```
 */
export class IndexEntryView implements IndexEntry {
  #index: GitIndex;
  #i = 0;
  /** Path relative to the work tree. */
  path = "";
  /** Git mode. */
  mode = 0;
  /** Merge stage. */
  stage = 0;
  /** ctime seconds. */
  ctimeSec = 0;
  /** ctime nanoseconds. */
  ctimeNsec = 0;
  /** mtime seconds. */
  mtimeSec = 0;
  /** mtime nanoseconds. */
  mtimeNsec = 0;
  /** Device. */
  dev = 0;
  /** Inode. */
  ino = 0;
  /** Owner. */
  uid = 0;
  /** Group. */
  gid = 0;
  /** Size, truncated to 32 bits. */
  size = 0;
  /** assume-unchanged. */
  assumeValid = false;
  /** skip-worktree. */
  skipWorktree = false;
  /** intent-to-add. */
  intentToAdd = false;

  /** @param index The parsed index. */
  constructor(index: GitIndex) {
    this.#index = index;
  }

  /** Points the view at entry `i` and returns it. */
  at(i: number): this {
    this.#i = i;
    fillEntry(this, this.#index, i);
    return this;
  }

  /** Blob id, 40 hex digits (made on each read). */
  get oid(): string {
    return entryOid(this.#index, this.#i);
  }
}

/** Options of {@linkcode readEntry}. */
export interface ReadEntryOptions {
  /** An entry object to overwrite (hot loops reuse one). @default {a new object} */
  into?: IndexEntry;
}

/**
 * One entry of a parsed index as an object.
 *
 * @param index The parsed index.
 * @param i Entry position, 0 <= i < index.count.
 * @param options `into`: an object to overwrite instead of allocating one.
 * @returns The entry.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildIndex, readEntry } from "./index_file.ts";
 * const index = buildIndex([{ path: "a.txt", mode: 0o100755 }]);
 * assert.equal(readEntry(index, 0).mode, 0o100755);
 * ```
 */
export function readEntry(index: GitIndex, i: number, options: ReadEntryOptions = {}): IndexEntry {
  const e = options.into ?? ({} as IndexEntry);
  fillEntry(e, index, i);
  e.oid = entryOid(index, i);
  return e;
}

/** An index entry's fields but its stat data (see {@linkcode readEntryKeys}). */
export type IndexEntryKeys = Pick<
  IndexEntry,
  "path" | "oid" | "mode" | "stage" | "assumeValid" | "skipWorktree" | "intentToAdd"
>;

/**
 * Entry `i` of a parsed index without its stat data, which may be released
 * already ({@linkcode releaseStat}): for readers past the work tree's
 * comparison (the index against HEAD).
 *
 * @param index The parsed index.
 * @param i Entry position, 0 <= i < index.count.
 * @returns The entry's path, blob id, mode, stage and flags.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildIndex, readEntryKeys, releaseStat } from "./index_file.ts";
 * const index = buildIndex([{ path: "a.txt", stage: 2 }]);
 * releaseStat(index);
 * assert.equal(readEntryKeys(index, 0).stage, 2);
 * ```
 */
export function readEntryKeys(index: GitIndex, i: number): IndexEntryKeys {
  if (i < 0 || i >= index.count) throw new Error("entry out of range");
  const w = index.fields;
  const f = i * ENTRY_WORDS;
  const flags = w[f + FIELD.flags]!;
  const extended = w[f + FIELD.extended]!;
  return {
    path: index.paths.get(i)!,
    oid: entryOid(index, i),
    mode: w[f + FIELD.mode]!,
    stage: (flags >> 12) & 3,
    assumeValid: (flags & 0x8000) !== 0,
    skipWorktree: (extended & 0x4000) !== 0,
    intentToAdd: (extended & 0x2000) !== 0,
  };
}

/** Copies entry `i`'s fields but its blob id into `e` (one call, no getters). */
function fillEntry(e: Omit<IndexEntry, "oid">, index: GitIndex, i: number): void {
  const w = index.fields;
  const f = i * ENTRY_WORDS;
  const st = index.stat;
  const s = i * STAT_WORDS;
  if (s >= st.length) {
    throw new Error(
      st.length === 0
        ? "index stat data was released (releaseStat) and read afterwards"
        : "entry out of range",
    );
  }
  const flags = w[f + FIELD.flags]!;
  const extended = w[f + FIELD.extended]!;
  e.path = index.paths.get(i)!;
  e.mode = w[f + FIELD.mode]!;
  e.stage = (flags >> 12) & 3;
  e.ctimeSec = st[s + STAT.ctimeSec]!;
  e.ctimeNsec = st[s + STAT.ctimeNsec]!;
  e.mtimeSec = st[s + STAT.mtimeSec]!;
  e.mtimeNsec = st[s + STAT.mtimeNsec]!;
  e.dev = st[s + STAT.dev]!;
  e.ino = st[s + STAT.ino]!;
  e.uid = st[s + STAT.uid]!;
  e.gid = st[s + STAT.gid]!;
  e.size = st[s + STAT.size]!;
  e.assumeValid = (flags & 0x8000) !== 0;
  e.skipWorktree = (extended & 0x4000) !== 0;
  e.intentToAdd = (extended & 0x2000) !== 0;
}

/**
 * Every entry of a parsed index as objects (convenient, but allocates).
 *
 * @param index The parsed index.
 * @returns Entries in index order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildIndex, indexEntries } from "./index_file.ts";
 * assert.deepEqual(indexEntries(buildIndex([{ path: "a" }, { path: "b" }])).map((e) => e.path), ["a", "b"]);
 * ```
 */
export function indexEntries(index: GitIndex): IndexEntry[] {
  const out: IndexEntry[] = new Array(index.count);
  for (let i = 0; i < index.count; i++) out[i] = readEntry(index, i);
  return out;
}

/** The fields {@linkcode buildIndex} needs; everything else defaults to 0 / false. */
export type IndexEntryInit = Partial<IndexEntry> & { path: string };

/** Options of {@linkcode buildIndex}. */
export interface BuildIndexOptions {
  /** Index version recorded. @default {3 when an entry has extended flags (as git writes it), else 2} */
  version?: 2 | 3 | 4;
  /** Cache-tree to attach. @default {null} */
  cacheTree?: CacheTreeEntry[] | null;
}

/**
 * Builds a GitIndex from plain entries (already in index order), for callers
 * that compose an index in memory and for tests. Missing oids are the empty
 * blob, missing modes 0o100644.
 *
 * @param entries Entries in index order.
 * @param options Version and cache-tree.
 * @returns The columnar index.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildIndex } from "./index_file.ts";
 * const index = buildIndex([{ path: "a.txt", stage: 2 }]);
 * assert.equal(index.count, 1);
 * assert.equal(index.fields[1]! >> 12, 2);
 * ```
 */
export function buildIndex(
  entries: readonly IndexEntryInit[],
  options: BuildIndexOptions = {},
): GitIndex {
  const count = entries.length;
  const fields = new Uint32Array(count * ENTRY_WORDS);
  const stat = new Uint32Array(count * STAT_WORDS);
  const oidBytes = new Uint8Array(count * HASH_LEN);
  entries.forEach((e, i) => {
    const f = i * ENTRY_WORDS;
    const s = i * STAT_WORDS;
    stat[s + STAT.ctimeSec] = e.ctimeSec ?? 0;
    stat[s + STAT.ctimeNsec] = e.ctimeNsec ?? 0;
    stat[s + STAT.mtimeSec] = e.mtimeSec ?? 0;
    stat[s + STAT.mtimeNsec] = e.mtimeNsec ?? 0;
    stat[s + STAT.dev] = e.dev ?? 0;
    stat[s + STAT.ino] = e.ino ?? 0;
    stat[s + STAT.uid] = e.uid ?? 0;
    stat[s + STAT.gid] = e.gid ?? 0;
    stat[s + STAT.size] = e.size ?? 0;
    fields[f + FIELD.mode] = e.mode ?? 0o100644;
    fields[f + FIELD.flags] = ((e.stage ?? 0) << 12) | (e.assumeValid === true ? 0x8000 : 0);
    fields[f + FIELD.extended] = (e.skipWorktree === true ? 0x4000 : 0) |
      (e.intentToAdd === true ? 0x2000 : 0);
    const oid = e.oid ?? EMPTY_BLOB;
    for (let b = 0; b < HASH_LEN; b++) {
      oidBytes[i * HASH_LEN + b] = Number.parseInt(oid.slice(b * 2, b * 2 + 2), 16);
    }
  });
  return {
    version: options.version ??
      (entries.some((e) => e.skipWorktree === true || e.intentToAdd === true) ? 3 : 2),
    count,
    paths: IndexPaths.of(entries.map((e) => e.path)),
    fields,
    stat,
    oidBytes,
    cacheTree: options.cacheTree ?? null,
    extensions: [],
    checksum: "0".repeat(40),
  };
}

const EMPTY_BLOB = "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391";

/**
 * Parses the TREE extension body into pre-order nodes with full paths; with
 * `build: false`, only checks it (the same errors, at the same offsets) and
 * makes no node.
 */
function parseCacheTree(
  bytes: Uint8Array,
  start: number,
  end: number,
  { build }: { build: boolean } = { build: true },
): CacheTreeEntry[] {
  const out: CacheTreeEntry[] = [];
  let off = start;

  function readNumber(stop: number): number {
    let neg = false;
    let n = 0;
    let digits = 0;
    if (bytes[off] === 0x2d) {
      neg = true;
      off++;
    }
    while (off < end && bytes[off] !== stop) {
      const d = bytes[off]! - 0x30;
      if (d < 0 || d > 9) {
        throw new GitIndexError("cache-tree number is malformed", off, "tree");
      }
      n = n * 10 + d;
      digits++;
      off++;
    }
    if (off >= end || digits === 0) {
      throw new GitIndexError("cache-tree number is truncated", off, "tree");
    }
    off++;
    return neg ? -n : n;
  }

  function node(parent: string | null): void {
    const nul = bytes.indexOf(0, off);
    if (nul < 0 || nul >= end) {
      throw new GitIndexError("cache-tree name has no end", off, "tree");
    }
    const name = build ? UTF8.decode(bytes.subarray(off, nul)) : "";
    off = nul + 1;
    const entryCount = readNumber(0x20);
    const subtreeCount = readNumber(0x0a);
    let oid: string | null = null;
    if (entryCount >= 0) {
      if (off + HASH_LEN > end) {
        throw new GitIndexError("cache-tree oid is truncated", off, "tree");
      }
      if (build) oid = hexAt(bytes, off);
      off += HASH_LEN;
    }
    const path = parent === null ? "" : build ? `${parent}${name}/` : "";
    if (build) out.push({ path, entryCount, subtreeCount, oid });
    for (let i = 0; i < subtreeCount; i++) node(path);
  }

  node(null);
  return out;
}

/**
 * Verifies the trailing SHA-1 of an index file (costs one hash of the whole
 * file). An all-zero trailer (`index.skipHash`) counts as valid.
 *
 * @param bytes The whole index file.
 * @returns True when the checksum matches or was deliberately skipped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { verifyIndexChecksum } from "./index_file.ts";
 * assert.equal(await verifyIndexChecksum(new Uint8Array(32)), true);
 * ```
 */
export async function verifyIndexChecksum(bytes: Uint8Array): Promise<boolean> {
  if (bytes.length < HASH_LEN) return false;
  const end = bytes.length - HASH_LEN;
  const trailer = bytes.subarray(end);
  if (trailer.every((b) => b === 0)) return true;
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-1", bytes.slice(0, end)),
  );
  return digest.every((b, i) => b === trailer[i]);
}
