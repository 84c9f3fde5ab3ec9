/**
 * Pure: decides from lstat data alone whether a tracked file is clean,
 * changed, or must be hashed, following git's `ie_match_stat` at the precision
 * Deno gives (mtime in whole milliseconds, ctime in whole seconds).
 *
 * Every rule errs towards "hash it": a wrong "suspect" costs one read, a wrong
 * "clean" would hide a change. The racy rule is git's (is_racy_stat without
 * USE_NSEC): an entry whose recorded mtime second is not older than the
 * index file's is hashed. A finer rule (ms) missed no edit, but git also
 * hashes such an entry when only its conversion changed (attributes or
 * core.autocrlf edited since it was staged) and then calls it modified;
 * the finer rule called it clean (found by the random differential suite).
 * @module
 */
import type { FileStat } from "../../fs.ts";
import type { IndexEntry } from "./index_file.ts";

/**
 * What a stat comparison concluded. "suspect", "racy" and "subsecond" need
 * hashing; "subsecond" is stat data git compares equal (mtime in the same
 * whole second, not racy) that differs below the second: a git built
 * without USE_NSEC (distributions' default) calls the file clean without
 * reading it, one built with it reads it, so equal content is clean and
 * other content is not settled.
 */
export type StatVerdict =
  | "clean"
  | "suspect"
  | "racy"
  | "subsecond"
  | "modified"
  | "typeChanged"
  | "deleted";

/** Options of {@linkcode compareStat}. */
export interface CompareStatOptions {
  /** core.fileMode: whether the executable bit counts. @default {true} */
  fileMode?: boolean;
  /** core.trustctime: whether ctime counts. @default {true} */
  trustCtime?: boolean;
  /** core.symlinks: false means a symlink entry is checked out as a plain file. @default {true} */
  symlinks?: boolean;
  /** core.checkStat: "minimal" ignores ctime, owner and inode. @default {"default"} */
  checkStat?: "default" | "minimal";
  /**
   * The index file's own mtime in ms. Entries whose recorded mtime is not older
   * are racily clean and get hashed. Null means unknown: every entry is racy.
   * @default {null}
   */
  indexMtimeMs?: number | null;
}

/** Git mode type bits. */
export const MODE_TYPE_MASK = 0o170000;
/** Regular file type bits. */
export const MODE_FILE = 0o100000;
/** Symlink type bits. */
export const MODE_SYMLINK = 0o120000;
/** Gitlink (submodule commit) type bits. */
export const MODE_GITLINK = 0o160000;
/** Tree type bits (sparse-index directory entries). */
export const MODE_TREE = 0o040000;
/** Id of the empty blob. */
export const EMPTY_BLOB_OID = "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391";

/**
 * Compares one index entry with the lstat of its work-tree path.
 *
 * - no file: "deleted"; a directory where a file or symlink was: "deleted"
 *   (git's check_removed), its contents are untracked;
 * - another file type: "typeChanged", except a FIFO, socket or device where
 *   a regular file was: "modified" (git's ce_mode_from_stat takes it for a
 *   regular file); executable bit flipped (fileMode):
 *   "modified"; size differs from a non-zero recorded size: "modified";
 * - gitlinks only need a directory to be "clean" (submodule contents are not
 *   inspected);
 * - any other difference (mtime in whole seconds, ctime at s, ino, dev,
 *   uid, gid), or a recorded size of 0 for a non-empty blob: "suspect";
 * - everything equal but the entry's mtime is not older than the index file
 *   (whose mtime second is not 0: git reads 0 as no timestamp): "racy";
 * - everything git compares equal but the mtime below the second: "subsecond".
 *
 * @param entry The index entry (stage 0).
 * @param stat lstat of the work-tree path, or null when missing.
 * @param options core.fileMode / trustctime / checkStat and the index mtime.
 * @returns The verdict.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compareStat } from "./compare_stat.ts";
 * const entry = {
 *   path: "a", oid: "0".repeat(40), mode: 0o100644, stage: 0, ctimeSec: 10, ctimeNsec: 5,
 *   mtimeSec: 10, mtimeNsec: 123_456_789, dev: 1, ino: 2, uid: 3, gid: 4, size: 5,
 *   assumeValid: false, skipWorktree: false, intentToAdd: false,
 * };
 * const stat = {
 *   isFile: true, isDirectory: false, isSymlink: false, size: 5, mtimeMs: 10_123,
 *   ctimeMs: 10_000, ino: 2, dev: 1, uid: 3, gid: 4, mode: 0o100644,
 * };
 * assert.equal(compareStat(entry, stat, { indexMtimeMs: 20_000 }), "clean");
 * assert.equal(compareStat(entry, stat, { indexMtimeMs: 10_123 }), "racy");
 * assert.equal(compareStat(entry, { ...stat, size: 6 }, { indexMtimeMs: 20_000 }), "modified");
 * assert.equal(compareStat(entry, { ...stat, mtimeMs: 10_500 }, { indexMtimeMs: 20_000 }), "subsecond");
 * ```
 */
export function compareStat(
  entry: IndexEntry,
  stat: FileStat | null,
  options: CompareStatOptions = {},
): StatVerdict {
  if (stat === null) return "deleted";
  const type = entry.mode & MODE_TYPE_MASK;
  if (type === MODE_GITLINK) return stat.isDirectory ? "clean" : "typeChanged";
  if (type === MODE_FILE) {
    if (stat.isDirectory) return "deleted";
    if (stat.isSymlink) return "typeChanged";
    // A FIFO, socket or device: git takes its mode as a regular file's, a modification.
    if (!stat.isFile) return "modified";
    if (
      (options.fileMode ?? true) && stat.mode !== null && ((entry.mode ^ stat.mode) & 0o100) !== 0
    ) {
      return "modified";
    }
  } else if (type === MODE_SYMLINK) {
    if (stat.isDirectory) return "deleted";
    // Under core.symlinks=false git keeps the link text in a plain file.
    if (!stat.isSymlink && !(stat.isFile && options.symlinks === false)) return "typeChanged";
  } else {
    return "clean";
  }

  if (entry.size !== stat.size >>> 0) return entry.size !== 0 ? "modified" : "suspect";
  const entryMtimeMs = entry.mtimeSec * 1000 + Math.floor(entry.mtimeNsec / 1e6);
  if (stat.mtimeMs === null || Math.floor(stat.mtimeMs / 1000) !== entry.mtimeSec) {
    return "suspect";
  }
  if ((options.checkStat ?? "default") === "default") {
    if ((options.trustCtime ?? true) && !ctimeMatches(entry, stat.ctimeMs)) return "suspect";
    if (differs(entry.ino, stat.ino) || differs(entry.dev, stat.dev)) return "suspect";
    if (differs(entry.uid, stat.uid) || differs(entry.gid, stat.gid)) return "suspect";
  }
  // Right after read-tree or update-index --cacheinfo git records size 0; it
  // also zeroes the size of racily clean entries it could not verify.
  if (entry.size === 0 && entry.oid !== EMPTY_BLOB_OID) return "suspect";
  const indexMtimeMs = options.indexMtimeMs ?? null;
  // git's is_racy_stat as distributions build it (no USE_NSEC): whole
  // seconds, so an entry written earlier in the second the index was
  // written is racy too, and git hashes it.
  // An mtime moved below the second in the index's second is hashed by
  // every git, as racy; baton keeps calling it suspect, since its stat data
  // did move (over the hash cap it is then judged changed by stat).
  const subsecond = stat.mtimeMs !== entryMtimeMs;
  // git takes an index stamped in second 0 for one with no timestamp: nothing is racy.
  const indexSec = indexMtimeMs === null ? null : Math.floor(indexMtimeMs / 1000);
  if (indexSec === null || (indexSec !== 0 && entry.mtimeSec >= indexSec)) {
    return subsecond ? "suspect" : "racy";
  }
  return subsecond ? "subsecond" : "clean";
}

/** Deno gives whole seconds; should it ever give more, compare that too. */
function ctimeMatches(entry: IndexEntry, ctimeMs: number | null): boolean {
  if (ctimeMs === null) return false;
  if (Math.floor(ctimeMs / 1000) !== entry.ctimeSec) return false;
  const frac = ctimeMs % 1000;
  return frac === 0 || frac === Math.floor(entry.ctimeNsec / 1e6);
}

/** Index stat words are 32-bit truncations; a missing value is not evidence. */
function differs(recorded: number, actual: number | null): boolean {
  return actual !== null && recorded !== actual >>> 0;
}
