/**
 * The index of a large repository read a window at a time
 * (index_file.ts parseIndexStreamed), never held whole: at 50k entries its
 * 4.5 MB, held while the parse filled its columns, made a preflight's peak
 * memory. Used only where the answer is the whole-file parse's: the bytes
 * read were one version of the file, and where its trailing checksum is to
 * be verified (no record proves it), the windows, hashed as they pass
 * (sha1.ts), match it. Otherwise (a checksum that does not match), and on
 * any error, the caller reads and parses the whole file, which gives the
 * answer, or the error, it always gave.
 * @module
 */
import type { FileStat, ReadFs } from "../../fs.ts";
import {
  type GitIndex,
  hexAt,
  parseIndexStreamed,
  type StreamedParseOptions,
} from "./index_file.ts";
import { Sha1 } from "./sha1.ts";
import { provenBefore, type VerifiedIndex } from "./verified_index.ts";

/** Smallest index streamed: below it the file is small beside the rest of a run. */
export const STREAM_MIN_BYTES = 1024 * 1024;

/** Options of {@linkcode readIndexStreamed}. */
export interface StreamedIndexOptions extends StreamedParseOptions {
  /** The checksum is to be verified, unless proven by `verifiedIndex`. */
  verifyChecksum: boolean;
  /** The record of an earlier verification, or null. */
  verifiedIndex: VerifiedIndex | null;
  /** Smallest file streamed. @default {STREAM_MIN_BYTES} */
  minBytes?: number;
}

/**
 * The index at `path`, whose lstat (`stat`, taken before) is given, parsed
 * from windows of it; null where it must be read whole instead: the fs
 * reads no ranges, the file is small, not a regular file, written without
 * a checksum (index.skipHash: nothing would tell a version read in parts),
 * its checksum is to be hashed and does not match the bytes read (the
 * whole read then refuses it as before), it changed while read, or it is not a readable index (the whole parse
 * reports why). An index returned where the checksum was to be verified
 * and no record proves it has had its checksum hashed and matched.
 *
 * Each window's read may open the file anew, so one that git replaced
 * meanwhile could give parts of two versions: the checksum the parse found
 * must be the trailer read first, and an lstat afterwards must give the
 * file's identity as before (size, times, inode), else null.
 *
 * @param fs Where the file is read.
 * @param path The index file.
 * @param stat Its lstat, taken before.
 * @param options Whether the checksum is verified, the record that proves it, the parse's options.
 * @returns The parsed index, or null.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readIndexStreamed } from "./streamed_index.ts";
 * // An fs that reads no ranges: the caller reads the whole file.
 * // deno-lint-ignore no-explicit-any
 * const fs = {} as any;
 * const stat = { isFile: true, isSymlink: false, size: 1 << 21 };
 * // deno-lint-ignore no-explicit-any
 * assert.equal(await readIndexStreamed(fs, "/r/.git/index", stat as any, { verifyChecksum: false, verifiedIndex: null }), null);
 * ```
 */
export async function readIndexStreamed(
  fs: ReadFs,
  path: string,
  stat: FileStat,
  options: StreamedIndexOptions,
): Promise<GitIndex | null> {
  const readInto = fs.readInto?.bind(fs);
  if (
    readInto === undefined || !stat.isFile || stat.isSymlink ||
    stat.size < (options.minBytes ?? STREAM_MIN_BYTES)
  ) return null;
  try {
    const tail = new Uint8Array(20);
    if (await readInto(path, stat.size - 20, tail) !== 20 || tail.every((b) => b === 0)) {
      return null;
    }
    const trailer = hexAt(tail, 0);
    const hashNow = options.verifyChecksum && !provenBefore(options.verifiedIndex, stat, trailer);
    const sha1 = hashNow ? new Sha1() : null;
    // The parse reads the file in order, each read where the last ended:
    // the bytes before the trailer are hashed as they come.
    const hashEnd = stat.size - 20;
    let next = 0;
    const readAt = async (at: number, into: Uint8Array): Promise<number> => {
      const got = await readInto(path, at, into);
      if (sha1 !== null) {
        if (at !== next) throw new StreamedHashOrderError();
        const n = Math.min(got, hashEnd - at);
        if (n > 0) sha1.update(into.subarray(0, n));
        next = at + got;
      }
      return got;
    };
    const index = await parseIndexStreamed(readAt, stat.size, { ...options });
    if (index.checksum !== trailer) return null;
    if (sha1 !== null && (next !== stat.size || hexAt(sha1.digest(), 0) !== trailer)) return null;
    const after = await fs.lstat(path);
    if (
      after === null || !after.isFile || after.isSymlink || after.size !== stat.size ||
      after.mtimeMs !== stat.mtimeMs || after.ctimeMs !== stat.ctimeMs || after.ino !== stat.ino ||
      after.dev !== stat.dev
    ) return null;
    return index;
  } catch {
    return null;
  }
}

/** A read not where the last ended: the hash would not be the file's (never thrown by the parse as it is). */
class StreamedHashOrderError extends Error {}
