/**
 * Split index (`core.splitIndex`, `git update-index --split-index`): the
 * `.git/index` file holds only the changes to a shared index
 * (`sharedindex.<hash>` beside it), named by its "link" extension: the
 * shared file's trailing hash, an EWAH bitmap of shared entries deleted and
 * one of shared entries replaced by this file's first entries (whose paths
 * are left empty); the rest of this file's entries are added. Merged here
 * as git's merge_base_index does (replacements first, then deletions, then
 * the additions inserted in order). Anything git would stop on, and any
 * shape git never writes (an addition colliding with a kept entry, names
 * that are not UTF-8, a sparse index), is an error, so the work tree is
 * reported unknown rather than compared against a guessed index.
 *
 * Pure apart from {@linkcode readSplitIndex}, which reads the shared file
 * through the injected ReadFs.
 * @module
 */
import { IndexPaths } from "./index_paths.ts";
import { FsNotFoundError, type ReadFs } from "../../fs.ts";
import { GitUnsupportedError } from "../git/errors.ts";
import { comparePaths } from "./compare_paths.ts";
import {
  ENTRY_WORDS,
  FIELD,
  type GitIndex,
  GitIndexError,
  parseIndex,
  releaseBytes,
  STAT_WORDS,
} from "./index_file.ts";

/** The decoded "link" extension. */
export interface SplitLink {
  /** The shared index's trailing hash (hex); all zeros: no shared index. */
  baseOid: string;
  /** Shared-index positions deleted, ascending (null: no bitmaps). */
  deleted: number[] | null;
  /** Shared-index positions replaced, ascending (null: no bitmaps). */
  replaced: number[] | null;
}

const HASH_LEN = 20;
const NULL_OID = "0".repeat(40);

function hex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

/**
 * The set bits of the EWAH bitmap at `off` (git's ewah_read_mmap and
 * ewah_each_bit), each below `limit`: a bit at or past it is an error, as
 * git stops on a position past the shared index. Bounded by the data: the
 * words are read once, a run of ones only when it fits under `limit`.
 *
 * @returns The positions, ascending, and the offset after the bitmap.
 * @throws {GitIndexError} When the bitmap is truncated or names a position past `limit`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ewahBits } from "./split_index.ts";
 * // bit size 3, one word: an RLW (no run, one literal word), then 0b101.
 * const b = new Uint8Array(4 + 4 + 16 + 4);
 * const v = new DataView(b.buffer);
 * v.setUint32(0, 3);
 * v.setUint32(4, 2);
 * v.setUint32(8, 2); // high half of the RLW: literal count 1 (bits 33..63)
 * v.setUint32(20, 5); // low half of the literal word
 * assert.deepEqual(ewahBits(b, 0, 3), { bits: [0, 2], end: 28 });
 * ```
 */
export function ewahBits(
  data: Uint8Array,
  off: number,
  limit: number,
): { bits: number[]; end: number } {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const need = (n: number, what: string) => {
    if (off + n > data.length) {
      throw new GitIndexError(`split index bitmap is truncated (${what})`, off, "split_bitmap");
    }
  };
  need(8, "header");
  const words = view.getUint32(off + 4);
  off += 8;
  need(words * 8 + 4, "words");
  const start = off;
  const stop = start + words * 8;
  const bits: number[] = [];
  const past = (pos: number) =>
    new GitIndexError(
      `split index bitmap names entry ${pos} of a shared index of ${limit}`,
      start,
      "split_bitmap",
    );
  let pos = 0;
  let at = start;
  while (at < stop) {
    const high = view.getUint32(at);
    const low = view.getUint32(at + 4);
    at += 8;
    const runLen = (low >>> 1) + (high & 1) * 0x80000000;
    const literals = high >>> 1;
    if ((low & 1) !== 0) {
      if (pos + runLen * 64 > limit) throw past(pos + runLen * 64 - 1);
      for (let k = 0; k < runLen * 64; k++) bits.push(pos++);
    } else {
      pos += runLen * 64;
    }
    if (at + literals * 8 > stop) {
      throw new GitIndexError(
        "split index bitmap is truncated (literal words)",
        at,
        "split_bitmap",
      );
    }
    for (let w = 0; w < literals; w++) {
      const wordHigh = view.getUint32(at);
      const wordLow = view.getUint32(at + 4);
      at += 8;
      for (let c = 0; c < 64; c++, pos++) {
        const set = c < 32 ? (wordLow >>> c) & 1 : (wordHigh >>> (c - 32)) & 1;
        if (set === 0) continue;
        if (pos >= limit) throw past(pos);
        bits.push(pos);
      }
    }
  }
  // The RLW position that ends the bitmap (git keeps it for appending only).
  return { bits, end: stop + 4 };
}

/**
 * Decodes the body of the "link" extension: the shared index's hash, then
 * (when present) the delete and the replace bitmaps, with nothing after.
 *
 * @param data The extension's body.
 * @param sharedCount Entries of the shared index (bitmap positions must be below it).
 * @throws {GitIndexError} When the body is malformed, as git's read_link_extension says.
 */
export function parseSplitLink(data: Uint8Array, sharedCount: number): SplitLink {
  if (data.length < HASH_LEN) {
    throw new GitIndexError("split index link extension is too short", 0, "split_link");
  }
  const baseOid = hex(data.subarray(0, HASH_LEN));
  if (data.length === HASH_LEN) return { baseOid, deleted: null, replaced: null };
  const del = ewahBits(data, HASH_LEN, sharedCount);
  const rep = ewahBits(data, del.end, sharedCount);
  if (rep.end !== data.length) {
    throw new GitIndexError(
      "split index link extension has bytes after its bitmaps",
      rep.end,
      "split_link",
    );
  }
  return { baseOid, deleted: del.bits, replaced: rep.bits };
}

/** The base oid named by a link extension body (hex), or null when it is too short. */
function linkedOid(data: Uint8Array): string | null {
  return data.length < HASH_LEN ? null : hex(data.subarray(0, HASH_LEN));
}

/** Stage of entry `i`. */
function stageOf(index: GitIndex, i: number): number {
  return (index.fields[i * ENTRY_WORDS + FIELD.flags]! >> 12) & 3;
}

/**
 * Merges the split part `main` (parsed with its link) over `shared`, as
 * git's merge_base_index: each replaced shared entry takes the stat data,
 * mode, id and flags of the next of `main`'s empty-path entries and keeps
 * its own path; deleted ones go; `main`'s remaining entries are inserted in
 * path order. An addition meeting a kept entry of its path (git would
 * replace it; git itself deletes the old one first, so never writes this)
 * or out of order is refused rather than guessed. The result carries
 * `main`'s version, cache-tree, extensions and checksum.
 *
 * @throws {GitIndexError} Where git stops (a replacement with a path, an addition without one, more replacements than entries, a replaced or deleted position past the shared index).
 * @throws {GitUnsupportedError} For shapes git never writes and baton does not merge (see the module comment).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildIndex } from "./index_file.ts";
 * import { mergeSplitIndex } from "./split_index.ts";
 * const shared = buildIndex([{ path: "a" }, { path: "b" }, { path: "c" }]);
 * const main = buildIndex([{ path: "", size: 7 }, { path: "d" }]);
 * const merged = mergeSplitIndex(main, { baseOid: "1".repeat(40), deleted: [2], replaced: [1] }, shared);
 * assert.deepEqual(merged.paths.toArray(), ["a", "b", "d"]);
 * assert.equal(merged.stat[9 + 8], 7);
 * ```
 */
export function mergeSplitIndex(main: GitIndex, link: SplitLink, shared: GitIndex): GitIndex {
  if (main.invalidNames !== undefined || shared.invalidNames !== undefined) {
    throw new GitUnsupportedError(
      "Cannot read git index: a split index holding names that are not UTF-8 is not merged",
      "git_split_index_unsupported",
    );
  }
  if (main.extensions.includes("sdir") || shared.extensions.includes("sdir")) {
    throw new GitUnsupportedError(
      "Cannot read git index: a split index that is also sparse is not merged",
      "git_split_index_unsupported",
    );
  }
  // The entry of `main` that replaces each shared position, -1 for none.
  const fromMain = new Int32Array(shared.count).fill(-1);
  const replaced = link.replaced ?? [];
  if (replaced.length > main.count) {
    throw new GitIndexError(
      `split index replaces ${replaced.length} entries with ${main.count}`,
      0,
      "split_replace",
    );
  }
  replaced.forEach((pos, r) => {
    if (main.paths.get(r) !== "") {
      throw new GitIndexError(`split index replacement ${r} has a path`, 0, "split_replace");
    }
    // git stops here too ("position for replacement exceeds base index size").
    if (pos >= shared.count) {
      throw new GitIndexError(
        `split index replaces position ${pos} of a shared index of ${shared.count} entries`,
        0,
        "split_replace",
      );
    }
    fromMain[pos] = r;
  });
  const gone = new Uint8Array(shared.count);
  for (const pos of link.deleted ?? []) {
    if (pos >= shared.count) {
      throw new GitIndexError(
        `split index deletes position ${pos} of a shared index of ${shared.count} entries`,
        0,
        "split_delete",
      );
    }
    gone[pos] = 1;
  }

  // Kept shared entries (a replaced one with main's data, its own path), in shared order.
  type Source = { path: string; index: GitIndex; i: number };
  const kept: Source[] = [];
  for (let i = 0; i < shared.count; i++) {
    if (gone[i] === 1) continue;
    const r = fromMain[i]!;
    kept.push(
      r >= 0 ? { path: shared.paths.get(i)!, index: main, i: r } : {
        path: shared.paths.get(i)!,
        index: shared,
        i,
      },
    );
  }

  // Additions: main's entries after the replacements, each with a path, in order.
  const added: number[] = [];
  for (let r = replaced.length; r < main.count; r++) {
    if (main.paths.get(r) === "") {
      throw new GitIndexError(`split index entry ${r} has an empty path`, 0, "split_add");
    }
    if (added.length > 0) {
      const prev = added[added.length - 1]!;
      const order = comparePaths(main.paths.get(prev)!, main.paths.get(r)!) ||
        stageOf(main, prev) - stageOf(main, r);
      if (order >= 0) {
        throw new GitUnsupportedError(
          "Cannot read git index: a split index whose added entries are out of order is not merged",
          "git_split_index_unsupported",
        );
      }
    }
    added.push(r);
  }

  // One merge of two sorted lists; an addition meeting a kept entry of its
  // path is a shape git never writes (it deletes the old one first).
  const out: Source[] = [];
  let k = 0;
  for (const r of added) {
    const path = main.paths.get(r)!;
    while (k < kept.length) {
      const order = comparePaths(kept[k]!.path, path);
      if (order > 0) break;
      if (order === 0) {
        throw new GitUnsupportedError(
          "Cannot read git index: a split index adding an entry the shared index keeps is not merged",
          "git_split_index_unsupported",
        );
      }
      out.push(kept[k++]!);
    }
    out.push({ path, index: main, i: r });
  }
  while (k < kept.length) out.push(kept[k++]!);

  const count = out.length;
  const fields = new Uint32Array(count * ENTRY_WORDS);
  const stat = new Uint32Array(count * STAT_WORDS);
  const oidBytes = new Uint8Array(count * HASH_LEN);
  const paths: string[] = new Array(count);
  out.forEach((e, n) => {
    fields.set(
      e.index.fields.subarray(e.i * ENTRY_WORDS, (e.i + 1) * ENTRY_WORDS),
      n * ENTRY_WORDS,
    );
    stat.set(e.index.stat.subarray(e.i * STAT_WORDS, (e.i + 1) * STAT_WORDS), n * STAT_WORDS);
    oidBytes.set(e.index.oidBytes.subarray(e.i * HASH_LEN, (e.i + 1) * HASH_LEN), n * HASH_LEN);
    paths[n] = e.path;
  });
  return {
    version: main.version,
    count,
    paths: IndexPaths.of(paths),
    fields,
    stat,
    oidBytes,
    cacheTree: main.cacheTree,
    extensions: main.extensions,
    checksum: main.checksum,
  };
}

/** Largest shared index read (git's own are the size of a full index). */
export const MAX_SHARED_INDEX_BYTES = 512 * 1024 * 1024;

/**
 * The whole index of a split `main` (parsed with `{ splitLink: true }`):
 * reads `sharedindex.<hash>` from `gitDir`, checks its trailing hash is the
 * one the link names (git: "broken index"), and merges. `main` without a
 * link, or with a null base, is returned as it is. `main` is the caller's
 * to give up: once merged, its columns are released (see releaseBytes).
 *
 * @throws {GitIndexError} When either part is malformed or the shared file is not the one named.
 * @throws {GitUnsupportedError} For a shape baton does not merge, or a missing shared file.
 */
export async function readSplitIndex(
  fs: ReadFs,
  gitDir: string,
  main: GitIndex,
): Promise<GitIndex> {
  const data = main.splitLink;
  if (data === undefined) return main;
  const base = linkedOid(data);
  if (base === null) {
    throw new GitIndexError("split index link extension is too short", 0, "split_link");
  }
  if (base === NULL_OID) {
    // No shared index: the file is whole; empty paths are then malformed.
    if (main.paths.includes("")) {
      throw new GitIndexError("split index entry has an empty path", 0, "split_add");
    }
    const { splitLink: _, ...whole } = main;
    return whole;
  }
  const path = `${gitDir}/sharedindex.${base}`;
  const st = await fs.lstat(path);
  if (st === null || !st.isFile) {
    throw new GitUnsupportedError(
      "Cannot read git index: the shared index of a split index is missing",
      "git_split_index_unsupported",
    );
  }
  if (st.size > MAX_SHARED_INDEX_BYTES) {
    throw new GitUnsupportedError(
      "Cannot read git index: the shared index of a split index is too large",
      "git_split_index_unsupported",
    );
  }
  let bytes: Uint8Array;
  try {
    bytes = await fs.readFile(path);
  } catch (e) {
    if (!(e instanceof FsNotFoundError)) throw e;
    throw new GitUnsupportedError(
      "Cannot read git index: the shared index of a split index is missing",
      "git_split_index_unsupported",
    );
  }
  // A shared index never links on: parsed without splitLink, a link refuses.
  const shared = parseIndex(bytes);
  if (shared.checksum !== base) {
    throw new GitIndexError(
      "the shared index is not the one the split index names",
      bytes.length - HASH_LEN,
      "split_base",
    );
  }
  const merged = mergeSplitIndex(main, parseSplitLink(data, shared.count), shared);
  // Both parts' columns are garbage now: freed rather than resident to the end.
  for (const part of [main, shared]) {
    releaseBytes(part.fields);
    releaseBytes(part.stat);
    releaseBytes(part.oidBytes);
  }
  return merged;
}
