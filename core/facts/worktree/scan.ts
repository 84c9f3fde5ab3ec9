/**
 * Read-only working-tree status that agrees with `git status --porcelain=v2
 * -uall`, without a git binary: parse the index, lstat every tracked path,
 * hash only the files whose stat data cannot be trusted, diff the index
 * against HEAD through the cache-tree, and walk for untracked files.
 *
 * Never writes anything: git refreshes stale stat data into .git/index, baton
 * re-hashes those files on every call instead (see measurements, section 2).
 * @module
 */
import { indexFileOf } from "./index_path.ts";
import { type FileStat, FsNotFoundError, type ReadFs } from "../../fs.ts";
import type { GitObjectReader, RepoLocation, StatusCode, WorktreeEntry } from "../types.ts";
import { hashBlob } from "./blob_oid.ts";
import {
  compareStat,
  MODE_FILE,
  MODE_GITLINK,
  MODE_SYMLINK,
  MODE_TREE,
  MODE_TYPE_MASK,
  type StatVerdict,
} from "./compare_stat.ts";
import { comparePaths } from "./compare_paths.ts";
import { diffIndexHead } from "./head_diff.ts";
import {
  buildIndex,
  ENTRY_WORDS,
  entryOid,
  FIELD,
  type GitIndex,
  GitIndexError,
  type IndexEntry,
  IndexEntryView,
  mayHaveExtendedFlags,
  parseIndex,
  readEntry,
  readEntryKeys,
  releaseBytes,
  releaseOids,
  releaseStat,
  verifyIndexChecksum,
} from "./index_file.ts";
import { MAX_SHARED_INDEX_BYTES, readSplitIndex } from "./split_index.ts";
import { requireRegularFile } from "../git/read_git_file.ts";
import { UNSAFE_PATH_REASON, unsafeIndexPath } from "./unsafe_path.ts";
import { PATH_TOO_LONG_REASON, pathTooLong, workTreeBytes } from "./path_too_long.ts";
import { repoAtDir } from "../git/find_repo.ts";
import { readHead } from "../git/read_head.ts";
import { DEFAULT_MAX_UNTRACKED, type DirListing, findUntracked } from "./untracked.ts";
import { expandPresentSparseDirs } from "./expand_sparse.ts";
import { duplicateEntry } from "./index_duplicates.ts";
import { GitUnsupportedError } from "../git/errors.ts";
import { IndexAttributesMissingError } from "./attributes.ts";
import { GitmodulesBlobMissingError } from "./gitmodules_blob.ts";
import { StorageError } from "../../errors.ts";
import { goneMaybeRenamed } from "./unmerged_renames.ts";
import { pairWorktreeRenames } from "./worktree_renames.ts";
import { possibleCopies } from "./worktree_copies.ts";
import { buildTrackedTree, countPresent, type TrackedTree } from "./tracked_tree.ts";
import { DirStats } from "./dir_stats.ts";
import { provenBefore, type VerifiedIndex, verifiedIndexRecord } from "./verified_index.ts";
import { readIndexStreamed } from "./streamed_index.ts";

/**
 * Why no tree is scanned where core.splitIndex is on and a sparse index is
 * allowed: git collapses the index it reads, then cannot split it ("cannot
 * use split index with a sparse index") and stops. A submodule's scan that
 * meets it is a stop of the superproject's status too (submodule_state.ts).
 */
export const SPLIT_SPARSE_STOP_REASON =
  "core.splitIndex with a sparse index allowed: git stops (it cannot split a sparse index)";

/** Options of {@linkcode scanWorktree}. `headTreeOid` and `objects` are required. */
export interface ScanWorktreeOptions {
  /** Tree id of the HEAD commit, or null when the branch has no commit yet. */
  headTreeOid: string | null;
  /** Object store reader for HEAD's trees. */
  objects: GitObjectReader;
  /** core.excludesFile as an absolute path, or null. @default {null} */
  excludesFile?: string | null;
  /** GIT_OBJECT_DIRECTORY (absolute) when set, for nested repositories (untracked.ts). @default {null} */
  objectDirectory?: string | null;
  /** core.fileMode: whether the executable bit counts. @default {true} */
  fileMode?: boolean;
  /** core.trustctime. @default {true} */
  trustCtime?: boolean;
  /** core.checkStat. @default {"default"} */
  checkStat?: "default" | "minimal";
  /** core.ignoreCase for ignore patterns. @default {false} */
  ignoreCase?: boolean;
  /** Cap on untracked paths; past it the walk stops and says so. @default {10000} */
  maxUntracked?: number;
  /** Whether to look for untracked files at all. @default {true} */
  untracked?: boolean;
  /** Verify the index's trailing SHA-1 (one hash of the whole file). @default {false} */
  verifyChecksum?: boolean;
  /**
   * What an earlier scan verified (worktree/verified_index.ts): when it
   * vouches for the index read now, its checksum counts as verified without
   * hashing it again, with or without `verifyChecksum`. @default {null}
   */
  verifiedIndex?: VerifiedIndex | null;
  /**
   * Lists directories for the untracked walk (a listing cache); `known` is
   * the directory's lstat when the scan already made it. @default {fs.readDir}
   */
  readDir?: (path: string, known?: FileStat | null, whole?: boolean) => Promise<DirListing>;
  /** Told of each directory whose every listed name the index tracks (the listing cache keeps it compact). @default {nothing} */
  onAllTracked?: (path: string) => void;
  /** Files read and hashed at once. @default {8} */
  hashConcurrency?: number;
  /**
   * True once the time budget is spent: tracked paths not yet compared go to
   * `unchecked` and the untracked walk stops. @default {never}
   */
  expired?: () => boolean;
  /**
   * Largest file hashed when its stat data is not trusted; a larger one goes
   * to `oversized` (content not compared). @default {unbounded}
   */
  maxHashBytes?: number;
  /** Directories larger than this (lstat size) are not listed for untracked files. @default {no limit} */
  maxDirBytes?: number;
  /**
   * Sparse checkout in force (core.sparseCheckout and not
   * sparse.expectFilesOutsideOfPatterns): a skip-worktree file present in
   * the work tree is compared like any other, as git 2.37+ does.
   * @default {false}
   */
  sparseCheckout?: boolean;
  /**
   * A sparse index allowed by the config (see RepoConfig.sparseIndex): a
   * split index is then declined, as git 2.39 collapses the shared index
   * before merging it and may stop or mismerge. @default {false}
   */
  sparseIndex?: boolean;
  /**
   * core.splitIndex (RepoConfig.splitIndex): true where a sparse index is
   * allowed makes git stop, as it splits the index it has just collapsed.
   * @default {null}
   */
  splitIndex?: boolean | null;
  /** Rename detection of the staged side (status.renames, status.renameLimit). @default {git's defaults} */
  renames?: { renames: boolean; renameLimit: number; copies?: boolean };
  /** core.symlinks: false means a symlink is checked out as a file of its text. @default {true} */
  symlinks?: boolean;
  /**
   * The state of a populated submodule whose gitlink records `oid`: its HEAD
   * against the gitlink and whether its work tree is dirty. Without it every
   * present submodule is unchecked. `seen` is what its path is in the work
   * tree when that is not a directory: then "modified" means git shows the
   * deletion or type change and "clean" that git's ignore settings hide it.
   * `indexBlob` reads a blob of the index by path (git reads `.gitmodules`
   * from the index when the work tree has none).
   * @default {undefined}
   */
  submoduleState?: (
    path: string,
    oid: string,
    seen?: SubmoduleSeen,
    indexBlob?: (path: string) => Promise<Uint8Array | null>,
    /** Whether the index holds `path` in conflict (git then skips a `.gitmodules`). */
    unmerged?: (path: string) => boolean,
  ) => Promise<SubmoduleState>;
  /**
   * What git would store for a work-tree file (eol conversion, a clean
   * filter); `rawIsIndexed` tells whether the raw content is the index's
   * blob (then the index's own line endings are known); `indexBlob` reads
   * a blob of the index by path (the `.gitattributes` git falls back to).
   * @default {no conversion}
   */
  convertToGit?: (
    path: string,
    data: Uint8Array,
    rawIsIndexed: boolean,
    indexBlob: (path: string) => Promise<Uint8Array | null>,
  ) => Promise<ConvertedContent>;
  /**
   * Whether git's rename scoring reads a path as text, from its diff
   * attribute (head_diff.ts, unmerged_renames.ts); absent: by content.
   */
  renameText?: (
    path: string,
    indexBlob: (path: string) => Promise<Uint8Array | null>,
  ) => Promise<boolean | null | "either">;
  /**
   * Told as each phase of the scan ends, in the order of
   * {@linkcode SCAN_PHASES} (the index phases only when there is an index):
   * the facts bench measures where the time and memory go with it.
   * @default {nothing}
   */
  onPhase?: (phase: ScanPhase) => void;
  /**
   * Whether a large scan ends with one full collection (see
   * {@linkcode FULL_GC_PATHS}). A caller that goes on to drop what the scan
   * held (the index, its paths, the listing cache) runs it itself with
   * {@linkcode collectScanGarbage} once they are garbage: inside the scan
   * they are still referenced. @default {true}
   */
  closingCollection?: boolean;
}

/** The phases of {@linkcode scanWorktree}, in the order they end. */
export const SCAN_PHASES = [
  "index read",
  "index parsed",
  "index checksum",
  "tracked tree built",
  "tracked directories lstat",
  "tracked files lstat",
  "files hashed",
  "submodules",
  "index vs HEAD",
  "untracked walk",
] as const;

/** One of {@linkcode SCAN_PHASES}. */
export type ScanPhase = typeof SCAN_PHASES[number];

/** What a submodule's path is in the work tree: its directory, nothing, a file or a symlink. */
export type SubmoduleSeen = "directory" | "gone" | "file" | "symlink";

/** A submodule as git status sees it. */
export type SubmoduleState = "clean" | "modified" | "unpopulated" | { unknown: string };

/** Content as git would store it: converted bytes, unchanged (null) or unknown (why). */
export type ConvertedContent = Uint8Array | null | { unknown: string };

/** Result of {@linkcode scanWorktree}. */
export interface WorktreeStatus {
  /** Index format version, or null when there is no index file yet. */
  indexVersion: 2 | 3 | 4 | null;
  /**
   * The index's trailing checksum: hashed and found right now, vouched for
   * by `verifiedIndex`, or not checked; null when there is no index.
   */
  indexChecksum: "verified" | "proven" | "unverified" | null;
  /**
   * The record to keep for the index read now when its checksum was
   * verified or proven (null when its stat data cannot identify it).
   */
  verifiedIndex: VerifiedIndex | null;
  /** Tracked paths that differ from HEAD or the index, sorted by path. */
  entries: WorktreeEntry[];
  /** Untracked paths, sorted; nested repositories appear once as "dir/". */
  untracked: string[];
  /** True when `maxUntracked` stopped the walk: `untracked.length` is a lower bound. */
  untrackedTruncated: boolean;
  /** Work-tree files read and hashed because their stat data was not trusted. */
  hashedCount: number;
  /** lstat calls made (tracked paths plus their directories). */
  lstatCount: number;
  /** Entries whose stat matched but that were hashed under the racy-git rule. */
  racyCount: number;
  /** HEAD tree objects read (1, its root, when the cache-tree matched HEAD). */
  treesRead: number;
  /**
   * Tracked paths whose work-tree state was not compared in time, sorted:
   * neither clean nor changed.
   */
  unchecked: string[];
  /** unchecked paths by reason (also `other`: why each of those was not compared). */
  uncheckedBy: { time: number; size: number; other: Map<string, number> };
  /**
   * Tracked files whose stat data changed but which are over `maxHashBytes`,
   * so their content was not compared, sorted.
   */
  oversized: string[];
  /**
   * Tracked entries whose path bytes are not valid UTF-8, in escaped form
   * (facts/escape_path.ts): no path string can open them here, so their
   * work-tree state is not compared.
   */
  badNames: string[];
  /** True when the time budget stopped the untracked walk. */
  untrackedExpired: boolean;
  /** True when the index holds git's untracked cache (the UNTR extension). */
  untrackedCache: boolean;
  /** Directories not listed for untracked files because of `maxDirBytes`. */
  untrackedSkippedDirs: string[];
  /** Untracked directories whose `.git` names a git directory by a path baton cannot open (not UTF-8, or a backslash). */
  untrackedUnknownRepoDirs: string[];
  /** Untracked names that are not UTF-8 an ignore rule matched, or that read as a tracked name not UTF-8 (git matches bytes the runtime lost). */
  untrackedLossyIgnored: number;
  /**
   * False only when every `.gitattributes` the index holds is in the work
   * tree unchanged: none is changed, left uncompared or unnameable, and
   * none was skipped (assume-unchanged, or skip-worktree and absent). git
   * reads the index's copy where the work tree has none; where this is
   * false no such copy exists, and a reader of attributes need not read
   * the index for one.
   */
  attributesMayBeMissing: boolean;
}

/**
 * Computes the status of a work tree the way `git status --porcelain=v2 -uall`
 * does, read-only.
 *
 * Semantics: X is index vs HEAD with exact renames only (see
 * {@linkcode diffIndexHead}); Y is work tree vs index, trusting stat data at
 * Deno's precision and hashing the rest; unmerged paths carry porcelain's `u`
 * letters (UU, AA, DU...); `git add -N` entries show ".A" (".D" when the file
 * is gone); assume-unchanged entries are clean, and so are skip-worktree
 * entries unless sparse checkout is in force and the file is present (git
 * 2.37+ then compares it). A sparse-index directory present in the work tree
 * is expanded from its tree, as git does (worktree/expand_sparse.ts); one
 * that cannot be expanded is named unchecked. Submodules are "submodule" entries: missing (D),
 * replaced by a file or a symlink (T), else as `submoduleState` says (".M" when their
 * HEAD moved or their work tree is dirty; unchecked when it cannot tell); it
 * also says whether git's ignore settings hide a missing or replaced one,
 * and when git stops on it (a symlink in its place).
 * A file whose raw content does not hash to the index's blob is compared as
 * `convertToGit` says git would store it (eol conversion, LFS pointers);
 * under core.symlinks=false a symlink entry may be a plain file of its text.
 * Untracked files are listed one by one like `-uall`; a nested repository
 * shows once as "dir/"; past `maxUntracked` the walk stops and
 * `untrackedTruncated` says the list is a lower bound.
 *
 * Precision: mtime is compared to the millisecond and ctime to the second
 * (what Deno reports). git builds without USE_NSEC, the default on Linux,
 * compare both to the second: a file whose mtime moved only below the
 * second is hashed, clean when its content is the index's and otherwise
 * named unchecked (such a git calls it clean unread, a USE_NSEC build reads
 * it); a rewrite that keeps size and inode and restores mtime (`touch -d`)
 * within the same ctime second is invisible to both unless the racy rule
 * applies.
 *
 * @param fs Read-only file access.
 * @param repo Where the work tree, its git dir and the common dir are.
 * @param options HEAD's tree, the object reader and config values.
 * @returns Changed entries, untracked paths and cost counters.
 * @throws {GitIndexError} When .git/index is malformed.
 * @throws {GitUnsupportedError} For an unknown required index extension, a split index of a shape git never writes, or an index that lists a path twice.
 * @throws {GitCorruptError} When a HEAD tree object is missing or malformed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scanWorktree } from "./scan.ts";
 * // A work tree with no index yet and no files.
 * const fs = {
 *   lstat: () => Promise.resolve(null),
 *   stat: () => Promise.resolve(null),
 *   lstatMany: (p: readonly string[]) => Promise.resolve(p.map(() => null)),
 *   readFile: () => Promise.reject(new Error("missing")),
 *   readDir: () => Promise.resolve([]),
 * };
 * const status = await scanWorktree(
 *   // deno-lint-ignore no-explicit-any
 *   fs as any,
 *   { workTree: "/w", gitDir: "/w/.git", commonDir: "/w/.git" },
 *   { headTreeOid: null, objects: { read: () => Promise.resolve(null) } },
 * );
 * assert.deepEqual(status.entries, []);
 * assert.equal(status.indexVersion, null);
 * ```
 */
export async function scanWorktree(
  fs: ReadFs,
  repo: RepoLocation,
  options: ScanWorktreeOptions,
): Promise<WorktreeStatus> {
  const indexPath = indexFileOf(repo);
  const phase = options.onPhase ?? (() => {});
  // lstat before reading: should git rewrite the index in between, the older
  // mtime only makes more entries racy, never fewer.
  const indexStat = await fs.lstat(indexPath);
  let index: GitIndex | null = null;
  let indexChecksum: WorktreeStatus["indexChecksum"] = null;
  let verifiedIndex: VerifiedIndex | null = null;
  if (indexStat !== null) {
    // Only a regular file within the shared index's bound is opened: a FIFO
    // there would block the open, a sparse file of terabytes fill memory.
    const target = indexStat.isSymlink ? await fs.stat(indexPath) : indexStat;
    if (target !== null) requireRegularFile(target, MAX_SHARED_INDEX_BYTES);
    const newBuffer = fs.newBackedBuffer === undefined
      ? {}
      : { newBuffer: (n: number) => fs.newBackedBuffer!(n) };
    // A large index is read a window at a time where that gives the whole
    // parse's answer (worktree/streamed_index.ts); else, or on any error,
    // it is read whole, as git reads it.
    index = await readIndexStreamed(fs, indexPath, indexStat, {
      verifyChecksum: options.verifyChecksum === true,
      verifiedIndex: options.verifiedIndex ?? null,
      splitLink: true,
      releaseBytes: true,
      ...newBuffer,
    });
    // Read in windows, its checksum was hashed and matched if it was to be.
    const streamed = index !== null;
    let bytes: Uint8Array = new Uint8Array();
    if (index === null) {
      try {
        bytes = await fs.readFile(indexPath);
      } catch (e) {
        if (!(e instanceof FsNotFoundError)) throw e;
      }
    }
    phase("index read");
    // An index file that is there but empty: git stops ("index file smaller
    // than expected"); one gone since the lstat is no index.
    if (index === null && bytes.length === 0 && await fs.lstat(indexPath) !== null) {
      throw new GitIndexError("file is too short", 0, "too_short");
    }
    if (index === null && bytes.length > 0) {
      // The parse may gather the paths over the bytes (consumeBytes) unless
      // they are hashed afterwards: its trailing checksum, all the record
      // of an earlier verification needs, stays as it was.
      const identifiedNow = indexStat.isFile && !indexStat.isSymlink;
      const hashedLater = options.verifyChecksum === true &&
        !(identifiedNow &&
          provenBefore(options.verifiedIndex ?? null, indexStat, trailerOf(bytes)));
      // A split index is merged with its shared part (worktree/split_index.ts).
      // Unless hashed afterwards, the parse also frees the bytes itself as
      // soon as it has read them (releaseBytes), before the paths' strings.
      index = parseIndex(bytes, {
        splitLink: true,
        consumeBytes: !hashedLater,
        releaseBytes: !hashedLater,
        // The columns' pages backed up front where the fs can (1.2 µs a
        // page instead of a fault each, ~830 pages at 50k entries).
        ...newBuffer,
      });
    }
    if (index !== null) {
      if (index.splitLink !== undefined && options.sparseIndex === true) {
        throw new GitUnsupportedError(
          "a split index with a sparse index allowed: git collapses the shared index before merging it and may stop",
          "git_split_index_unsupported",
        );
      }
      if (options.splitIndex === true && options.sparseIndex === true) {
        // git collapses the index it reads where a sparse index is allowed,
        // then core.splitIndex splits it: "cannot use split index with a
        // sparse index" (unless nothing could be collapsed, which is not
        // worked out here).
        throw new GitUnsupportedError(SPLIT_SPARSE_STOP_REASON, "git_split_index_unsupported");
      }
      if (index.splitLink !== undefined) index = await readSplitIndex(fs, repo.gitDir, index);
      if (duplicateEntry(index) >= 0) {
        throw new GitUnsupportedError(
          "the index lists a path twice or out of path order (git's fsck refuses such an index)",
          "git_index_duplicate_unsupported",
        );
      }
      phase("index parsed");
      // The identity is the lstat's: for a symbolic link it is the link's,
      // which stays the same while its target is rewritten in place.
      const identified = indexStat.isFile && !indexStat.isSymlink;
      if (identified && provenBefore(options.verifiedIndex ?? null, indexStat, index.checksum)) {
        indexChecksum = "proven";
      } else if (options.verifyChecksum === true) {
        if (!streamed && !await verifyIndexChecksum(bytes)) {
          throw new GitIndexError(
            "trailing checksum does not match",
            bytes.length - 20,
            "checksum",
          );
        }
        indexChecksum = "verified";
      } else {
        indexChecksum = "unverified";
      }
      if (indexChecksum !== "unverified" && identified) {
        verifiedIndex = verifiedIndexRecord(indexStat, index.checksum);
      }
      phase("index checksum");
      // The columns are copies: the file's bytes (4.5 MB at 50k entries)
      // are garbage now, and would stay resident to the end (releaseBytes).
      // fs.readFile gives each caller a buffer of its own.
      releaseBytes(bytes);
    }
  }
  let idx = index ?? emptyIndex();
  const expired = options.expired ?? (() => false);
  // Sparse index: a sparse directory the work tree has again is expanded,
  // as git 2.37+ does, so its files are compared and its new files listed.
  let sparseUnknown: string | null = null;
  if (index !== null && (options.sparseCheckout ?? false) && index.extensions.includes("sdir")) {
    const expanded = await expandPresentSparseDirs(fs, repo.workTree, index, options.objects, {
      expired,
    });
    if ("index" in expanded) idx = expanded.index;
    else sparseUnknown = expanded.unknown;
  }
  const count = idx.count;
  const indexMtimeMs = indexStat?.mtimeMs ?? null;

  // Work tree vs index. Tracked directories are lstat-ed first: a path
  // below a directory that became a symlink or a file counts as deleted.
  const work = repo.workTree;
  const tree = buildTrackedTree(idx);
  phase("tracked tree built");
  const dirs = await lstatTrackedDirs(fs, work, tree);
  phase("tracked directories lstat");
  const presence = new Uint8Array(count).fill(PRESENCE_UNKNOWN);
  const compareOptions = {
    fileMode: options.fileMode ?? true,
    trustCtime: options.trustCtime ?? true,
    symlinks: options.symlinks ?? true,
    checkStat: options.checkStat ?? "default",
    indexMtimeMs,
  };
  const changes = new Map<string, WorktreeEntry>();
  const toHash: number[] = [];
  /** Entries whose stat data differs from git's only below the second (see StatVerdict). */
  const subsecond = new Set<number>();
  const maxHashBytes = options.maxHashBytes ?? Infinity;
  const unchecked: string[] = [];
  const uncheckedBy = { time: 0, size: 0, other: new Map<string, number>() };
  const notCompared = (path: string, why: string) => {
    unchecked.push(path);
    uncheckedBy.other.set(why, (uncheckedBy.other.get(why) ?? 0) + 1);
  };
  const sparse = options.sparseCheckout ?? false;
  const symlinks = options.symlinks ?? true;
  const submodules: number[] = [];
  // Submodules whose path is no longer a directory: D or T unless git's ignore settings hide them.
  const replacedSubmodules: { k: number; y: StatusCode; seen: SubmoduleSeen }[] = [];
  // Files and symlinks whose path is now a directory: D, or T where it holds a repository.
  const replacedByDir: number[] = [];
  // Intent-to-add entries whose path is now a directory: D, or .A where it holds a repository.
  const intentToAddDirs: number[] = [];
  const badNames: string[] = [];
  const oversized: string[] = [];
  /** Intent-to-add entries (present or gone): work-tree rename candidates. */
  const intentToAdd = new Set<string>();
  /** Whether a present intent-to-add file is empty: a gone one's empty blob can be its source. */
  let emptyIntentToAdd = false;
  let racyCount = 0;
  let lstatCount = dirs.exists.size;
  // Chunks keep the FileStat objects short-lived, which keeps GC cheap.
  const chunk: number[] = [];
  const chunkPaths: string[] = [];
  // One view over the columns: 50k short-lived objects would be GC work.
  const view = new IndexEntryView(idx);
  const chunkOf = {
    chunk,
    chunkPaths,
    sparse,
    badNames,
    notCompared,
    hiddenAttributes: false,
    workBytes: workTreeBytes(work),
  };
  for (let next = 0;;) {
    next = nextLstatChunk(idx, next, chunkOf);
    if (chunk.length === 0) break;
    if (expired()) {
      for (const k of chunk) unchecked.push(idx.paths.get(k)!);
      uncheckedBy.time += chunk.length;
      chunk.length = 0;
      chunkPaths.length = 0;
      continue;
    }
    // Each stat is judged as it comes and kept by nobody (see lstatEach).
    await lstatEach(fs, chunkPaths, work, (c, lstat) => {
      const k = chunk[c]!;
      const e = view.at(k);
      const stat = dirs.bad.size > 0 && underBadDir(dirs.bad, e.path) ? null : lstat;
      presence[k] = stat === null ? 0 : 1;
      // A skip-worktree file that is absent is what sparse checkout expects.
      // "Absent" is git's path_found: its lstat follows leading symlinks, so
      // a file reached through a symlinked directory clears the bit and is
      // then compared, and found gone (has_symlink_leading_path).
      if (lstat === null && e.skipWorktree) {
        if (isAttributesPath(e.path)) chunkOf.hiddenAttributes = true;
        return;
      }
      if (e.intentToAdd) {
        intentToAdd.add(e.path);
        if (stat !== null && stat.isDirectory) {
          // git's check_removed first: a directory is the file gone, unless
          // it holds a repository with a commit (then still "added").
          intentToAddDirs.push(k);
          return;
        }
        setY(
          changes,
          e.path,
          stat === null ? "D" : "A",
          kindOf(e.mode, seenAsLink(e.mode, stat, symlinks)),
        );
        if (stat !== null && stat.isFile && stat.size === 0) emptyIntentToAdd = true;
        return;
      }
      const verdict: StatVerdict = compareStat(e, stat, compareOptions);
      if (verdict === "clean") {
        if ((e.mode & MODE_TYPE_MASK) === MODE_GITLINK) submodules.push(k);
        return;
      }
      if (verdict === "suspect" || verdict === "racy" || verdict === "subsecond") {
        if (verdict === "racy") racyCount++;
        if (verdict === "subsecond") subsecond.add(k);
        if (stat !== null && stat.size > maxHashBytes) {
          // Stat data equal to the index's, written in the index's second:
          // neither clean nor changed without the hash the cap forbids.
          if (verdict === "racy") notCompared(e.path, RACY_OVER_CAP);
          else if (verdict === "subsecond") notCompared(e.path, SUBSECOND);
          else {
            oversized.push(e.path);
            uncheckedBy.size++;
          }
          return;
        }
        toHash.push(k);
        return;
      }
      const y: StatusCode = verdict === "deleted" ? "D" : verdict === "typeChanged" ? "T" : "M";
      if (verdict === "deleted" && stat !== null && stat.isDirectory) {
        // A repository with a commit in its place is a type change to git (check_removed).
        replacedByDir.push(k);
        return;
      }
      if ((e.mode & MODE_TYPE_MASK) === MODE_GITLINK && options.submoduleState !== undefined) {
        const seen = stat === null ? "gone" : stat.isSymlink ? "symlink" : "file";
        replacedSubmodules.push({ k, y, seen });
        return;
      }
      setY(changes, e.path, y, kindOf(e.mode, seenAsLink(e.mode, stat, symlinks)));
    });
    lstatCount += chunk.length;
    chunk.length = 0;
    chunkPaths.length = 0;
  }

  phase("tracked files lstat");

  // Hashing keeps the file type lstat saw: a type change never gets here.
  const concurrency = Math.max(1, options.hashConcurrency ?? 8);
  const indexBlob = async (path: string) => {
    const blob = await readIndexBlob(idx, options.objects, path);
    // An index .gitattributes whose blob is missing: not the same as none.
    if (blob === null && isAttributesPath(path) && indexBlobEntry(idx, path) >= 0) {
      throw new IndexAttributesMissingError();
    }
    if (blob === null && path === ".gitmodules" && indexBlobEntry(idx, path) >= 0) {
      throw new GitmodulesBlobMissingError();
    }
    return blob;
  };
  const unmerged = (path: string) => firstStage(idx, path) > 0;
  for (let at = 0; at < toHash.length; at += concurrency) {
    const batch = toHash.slice(at, at + concurrency);
    if (expired()) {
      for (const k of batch) unchecked.push(idx.paths.get(k)!);
      uncheckedBy.time += batch.length;
      continue;
    }
    const oids = await Promise.all(
      batch.map((k) =>
        hashWorktree(fs, work, readEntry(idx, k), symlinks, options.convertToGit, indexBlob)
      ),
    );
    batch.forEach((k, b) => {
      const oid = oids[b]!;
      const entry = readEntry(idx, k);
      if (oid === entry.oid) return;
      if (typeof oid === "object" && oid !== null) {
        if (oid.converted === entry.oid) return;
        if (oid.converted === undefined) {
          notCompared(entry.path, oid.unknown ?? "conversion");
          return;
        }
      }
      if (oid !== null && subsecond.has(k)) {
        // Other content, stat data git's whole seconds call equal: clean to a
        // git built without USE_NSEC, modified to one built with it.
        notCompared(entry.path, SUBSECOND);
        return;
      }
      if (oid === null) presence[k] = 0;
      setY(changes, entry.path, oid === null ? "D" : "M", kindOf(entry.mode, undefined));
    });
  }

  phase("files hashed");

  // Populated submodules: their HEAD against the gitlink, and their own tree.
  for (const k of submodules) {
    const entry = readEntry(idx, k);
    if (expired()) {
      unchecked.push(entry.path);
      uncheckedBy.time++;
      continue;
    }
    const state = options.submoduleState === undefined
      ? { unknown: "submodule state not read" }
      : await options.submoduleState(entry.path, entry.oid, "directory", indexBlob, unmerged);
    if (state === "modified") setY(changes, entry.path, "M", "submodule");
    else if (typeof state === "object") notCompared(entry.path, state.unknown);
  }
  for (const k of replacedByDir) {
    const e = readEntry(idx, k);
    const y = await holdsCommittedRepo(fs, `${work}/${e.path}`) ? "T" : "D";
    setY(changes, e.path, y, kindOf(e.mode, undefined));
  }
  for (const k of intentToAddDirs) {
    const e = readEntry(idx, k);
    const repo = await holdsCommittedRepo(fs, `${work}/${e.path}`);
    setY(changes, e.path, repo ? "A" : "D", repo ? "submodule" : kindOf(e.mode, undefined));
  }
  for (const { k, y, seen } of replacedSubmodules) {
    const path = idx.paths.get(k)!;
    const state = await options.submoduleState!(
      path,
      readEntry(idx, k).oid,
      seen,
      indexBlob,
      unmerged,
    );
    if (state === "modified") setY(changes, path, y, "submodule");
    else if (typeof state === "object") notCompared(path, state.unknown);
  }

  phase("submodules");

  // Nothing reads the stat data past the comparison (the index against HEAD
  // reads its entries without it: readEntryKeys), so it is freed before it
  // (1.8 MB at 50k entries, held through the diff's own structures; a late
  // reader throws).
  const columns = index === null || idx === index ? [idx] : [idx, index];
  for (const c of columns) releaseStat(c);

  // Index vs HEAD.
  const headDiff = index === null && options.headTreeOid === null
    ? {
      staged: [],
      unmerged: [],
      treesRead: 0,
      invalidHeadNames: [],
      invalidIndexNames: [],
      renamesUncompared: [],
      copiesUncompared: [],
    }
    : await diffIndexHead(idx, {
      headTreeOid: options.headTreeOid,
      objects: options.objects,
      ...(options.renames === undefined ? {} : options.renames),
      ...(options.renameText === undefined
        ? {}
        : { renameText: (path: string) => options.renameText!(path, indexBlob) }),
    });
  for (const s of headDiff.staged) {
    const mode = s.indexMode !== 0 ? s.indexMode : s.headMode;
    const prev = changes.get(s.path);
    const entry: WorktreeEntry = {
      path: s.path,
      x: s.x,
      y: prev?.y ?? ".",
      kind: prev?.kind ?? kindOf(mode, undefined),
    };
    if (s.origPath !== undefined) entry.origPath = s.origPath;
    changes.set(s.path, entry);
  }
  for (const u of headDiff.unmerged) {
    changes.set(u.path, { path: u.path, x: u.x, y: u.y, kind: kindOf(u.mode, undefined) });
  }
  // HEAD's names that are not UTF-8 and not in the index as they were: unchecked too.
  badNames.push(...headDiff.invalidHeadNames);
  // The index's that differ from HEAD, where the comparison passed them over (skip-worktree...).
  const named = new Set(badNames);
  badNames.push(...headDiff.invalidIndexNames.filter((n) => !named.has(n)));
  for (const p of headDiff.renamesUncompared) {
    notCompared(
      p,
      "a possible rename not scored (a blob over the size cap or not in the object stores read, or too many candidates)",
    );
  }
  for (const p of headDiff.copiesUncompared) {
    notCompared(p, "a possible copy (status.renames = copies), which baton does not detect");
  }
  // git status (2.18+) pairs an intent-to-add file with a file gone from the
  // work tree as a work-tree rename (.R): scored as git scores it
  // (worktree_renames.ts) where nothing else may take part (a conflicted
  // file, a path not compared, copy detection), else neither side is stated.
  if (options.renames?.renames ?? true) {
    const ita: string[] = [];
    const gone: string[] = [];
    for (const e of changes.values()) {
      if (e.y === "A" && intentToAdd.has(e.path)) ita.push(e.path);
      // A gone intent-to-add entry (its blob is empty) is a source git pairs
      // with nothing but an empty new file: one only where such a file is.
      else if (e.y === "D" && (emptyIntentToAdd || !intentToAdd.has(e.path))) gone.push(e.path);
    }
    const scored = ita.length > 0 && gone.length > 0 && options.renames?.copies !== true &&
        headDiff.unmerged.length === 0 && unchecked.length + oversized.length === 0
      ? await pairWorktreeRenames(
        [...changes.values()].filter((e) => e.y === "D").map((e) => {
          const entry = readEntryKeys(idx, firstEntryAt(idx, e.path));
          return { path: e.path, mode: entry.mode, oid: entry.oid };
        }),
        ita,
        {
          objects: options.objects,
          content: (path) => addedContent(fs, work, path, maxHashBytes, options, indexBlob),
          limit: options.renames?.renameLimit ?? 1000,
          maxBytes: Math.min(maxHashBytes, 8 * 1024 * 1024),
          ...(options.renameText === undefined
            ? {}
            : { text: (path: string) => options.renameText!(path, indexBlob) }),
        },
      )
      : null;
    if (scored !== null && !("unknown" in scored)) {
      for (const [to, from] of scored.pairs) {
        changes.get(to)!.y = "R";
        changes.get(to)!.origPath = from;
        const source = changes.get(from)!;
        if (source.x === ".") changes.delete(from);
        else source.y = ".";
      }
      for (const p of scored.uncompared) notCompared(p, WORKTREE_RENAME);
    } else if (ita.length > 0 && gone.length > 0) {
      for (const p of [...ita, ...gone]) {
        notCompared(
          p,
          "a possible work-tree rename of an intent-to-add file, which baton does not score",
        );
      }
    } else if (ita.length > 0 && options.renames?.copies === true) {
      // Under copy detection diff-files takes every modified file as a
      // source too (its index blob): an intent-to-add file that scores
      // against one is a copy (.C), the source still .M. Only file types
      // that can pair are (worktree_copies.ts): a symlink source is copied
      // to a symlink of its exact text alone.
      const copies = unchecked.length + oversized.length > 0 ? ita : await possibleCopies(
        [...changes.values()]
          .filter((e) => (e.y === "M" || e.y === "T") && e.kind !== "submodule")
          .map((e) => readEntryKeys(idx, firstEntryAt(idx, e.path))),
        ita,
        (path) => addedContent(fs, work, path, maxHashBytes, options, indexBlob),
      );
      for (const p of copies) notCompared(p, WORKTREE_COPY);
    }
    // A conflicted file present in the work tree is a rename destination to
    // git too: a gone file that may pair with one (the same blob, the empty
    // one too, or a score of half) is not stated (unmerged_renames.ts).
    // (Beside an intent-to-add file every gone one is unchecked already.)
    if (headDiff.unmerged.length > 0 && !(ita.length > 0 && gone.length > 0)) {
      // Sources are stage-0 files only: a conflicted path is never one.
      const conflicted = new Set(headDiff.unmerged.map((u) => u.path));
      // A symlink pairs with a symlink of its exact text (under
      // core.symlinks=false git may take a conflicted plain file for a link:
      // a gone link is then named beside any present conflicted file).
      const links = new Set<string>();
      const goneLinks: string[] = [];
      const goneFiles = [...changes.values()]
        .filter((e) =>
          e.y === "D" && (e.kind === "file" || e.kind === "symlink") &&
          !intentToAdd.has(e.path) && !conflicted.has(e.path)
        )
        .map((e) => {
          if (e.kind === "symlink" && symlinks) links.add(e.path);
          else if (e.kind === "symlink") goneLinks.push(e.path);
          return e.path;
        });
      // Present: a regular file or a symlink, reached through real
      // directories only (git's has_symlink_leading_path makes one behind a
      // link gone); never a path git refuses, which could lead out of the
      // work tree.
      const present: string[] = [];
      const sizes = new Map<string, number>();
      if (goneFiles.length > 0) {
        for (const u of headDiff.unmerged) {
          if (unsafeIndexPath(u.path) || !await realParents(fs, work, u.path)) continue;
          const st = await fs.lstat(`${work}/${u.path}`);
          if (st?.isSymlink === true) links.add(u.path);
          else if (st?.isFile !== true) continue;
          present.push(u.path);
          sizes.set(u.path, st.size);
        }
      }
      const paired = await goneMaybeRenamed(goneFiles, present, {
        source: indexBlob,
        symlink: (path) => links.has(path),
        destination: async (path) => {
          if (links.has(path)) {
            const text = await linkText(fs, `${work}/${path}`);
            return typeof text === "string" ? new TextEncoder().encode(text) : text;
          }
          if ((sizes.get(path) ?? Infinity) > maxHashBytes) return { unknown: "over the hash cap" };
          const data = await fs.readFile(`${work}/${path}`);
          const converted = options.convertToGit === undefined
            ? null
            : await options.convertToGit(path, data, false, indexBlob);
          return converted === null ? data : converted;
        },
        ...(options.renameText === undefined
          ? {}
          : { text: (path: string) => options.renameText!(path, indexBlob) }),
      });
      const named = new Set([...paired, ...(present.length > 0 ? goneLinks : [])]);
      for (const p of goneFiles) if (named.has(p)) notCompared(p, UNMERGED_RENAME_REASON);
    }
  }

  phase("index vs HEAD");

  // Untracked.
  let untracked: string[] = [];
  let untrackedTruncated = false;
  let untrackedExpired = false;
  let untrackedSkippedDirs: string[] = [];
  let untrackedUnknownRepoDirs: string[] = [];
  let untrackedLossyIgnored = 0;
  // Only a skip-worktree .gitignore (read from its blob) needs the blob ids
  // in the walk, so they are freed before it (1 MB at 50k entries; a late
  // reader throws), as the stat data were before the index against HEAD.
  const oidsNeeded = anySkipWorktree(idx);
  for (const c of columns) {
    if (!oidsNeeded) releaseOids(c);
  }
  // The garbage of the comparison and of the index against HEAD (its cache
  // tree's nodes, ~0.5 MB at 50k entries) collected, and what the C
  // allocator holds free then (those columns, the JIT's scratch for the
  // comparison's loops) back to the system, before the walk adds its own
  // (at 50k files about 0.6 MiB off preflight's peak for the latter, 0.5
  // for the collection, whose cost is a few ms).
  if (lstatCount >= FULL_GC_PATHS) {
    fullGc();
    fs.releaseFreedMemory?.();
  }
  if (options.untracked ?? true) {
    countPresent(tree, { files: presence, dirs: dirs.exists });
    const res = await findUntracked(fs, repo, {
      tracked: tree,
      ...(idx.invalidNames === undefined ? {} : { lossyTracked: lossyTrackedNames(idx) }),
      excludesFile: options.excludesFile ?? null,
      objectDirectory: options.objectDirectory ?? null,
      maxUntracked: options.maxUntracked ?? DEFAULT_MAX_UNTRACKED,
      ignoreCase: options.ignoreCase ?? false,
      expired,
      // Looked up above, over the same index: not a second pass over every entry.
      skipWorktree: oidsNeeded,
      readBlob: async (oid: string) => {
        const obj = await options.objects.read(oid);
        return obj !== null && obj.type === "blob" ? obj.data : null;
      },
      ...(options.maxDirBytes === undefined ? {} : { maxDirBytes: options.maxDirBytes }),
      ...(options.readDir === undefined ? {} : {
        readDir: (abs: string, whole?: boolean) =>
          options.readDir!(abs, dirs.exists.statOf(abs), whole),
      }),
      ...(options.onAllTracked === undefined ? {} : { onAllTracked: options.onAllTracked }),
    });
    untracked = res.paths;
    for (const d of res.sparseDirs) {
      notCompared(
        d,
        `sparse-index directory present in the work tree, not expanded: ${
          sparseUnknown ?? "unknown"
        }`,
      );
    }
    untrackedTruncated = res.truncated;
    untrackedExpired = res.expired;
    untrackedSkippedDirs = res.skippedDirs;
    untrackedUnknownRepoDirs = res.unknownRepoDirs;
    untrackedLossyIgnored = res.lossyIgnored;
  }
  phase("untracked walk");

  // Nothing reads the columns past this point and no caller gets them:
  // freed now rather than resident to the end.
  for (const c of columns) {
    releaseBytes(c.fields);
    releaseOids(c);
  }
  // V8 runs no full collection in a run this short, so the scan's garbage
  // would stay resident through what follows; one full collection
  // (--expose-gc, in the baton task's flags) returns it.
  if (options.closingCollection !== false) collectScanGarbage(fs, lstatCount, untracked.length);

  return {
    indexVersion: index?.version ?? null,
    indexChecksum,
    verifiedIndex,
    entries: [...changes.values()].sort((a, b) => comparePaths(a.path, b.path)),
    untracked,
    untrackedTruncated,
    hashedCount: toHash.length,
    lstatCount,
    racyCount,
    treesRead: headDiff.treesRead,
    unchecked: unchecked.sort(comparePaths),
    uncheckedBy,
    oversized,
    badNames,
    untrackedExpired,
    untrackedSkippedDirs,
    untrackedUnknownRepoDirs,
    untrackedLossyIgnored,
    untrackedCache: index?.extensions.includes("UNTR") ?? false,
    attributesMayBeMissing: chunkOf.hiddenAttributes || badNames.length > 0 ||
      [...changes.keys()].some(isAttributesPath) || unchecked.some(isAttributesPath) ||
      oversized.some(isAttributesPath),
  };
}

/**
 * Whether `abs` holds a repository whose HEAD names a commit (git's
 * resolve_gitlink_ref in check_removed): then a file or symlink replaced by
 * it is a type change, not a deletion.
 */
async function holdsCommittedRepo(fs: ReadFs, abs: string): Promise<boolean> {
  const sub = await repoAtDir(fs, abs);
  if (sub === null) return false;
  try {
    return (await readHead(fs, sub)).oid !== null;
  } catch {
    return false;
  }
}

function emptyIndex(): GitIndex {
  return buildIndex([]);
}

/**
 * Whether git takes the work-tree copy for a symlink: a real one, or under
 * core.symlinks=false a plain file at a symlink entry (git keeps the
 * entry's mode for it, ce_mode_from_stat); undefined when there is no copy.
 */
function seenAsLink(
  mode: number,
  stat: { isSymlink: boolean; isFile: boolean } | null | undefined,
  symlinks: boolean,
): boolean | undefined {
  if (stat === null || stat === undefined) return undefined;
  return stat.isSymlink || (!symlinks && stat.isFile && (mode & MODE_TYPE_MASK) === MODE_SYMLINK);
}

function kindOf(mode: number, isSymlink: boolean | undefined): WorktreeEntry["kind"] {
  const type = mode & MODE_TYPE_MASK;
  if (type === MODE_GITLINK) return "submodule";
  if (isSymlink ?? type === MODE_SYMLINK) return "symlink";
  return "file";
}

function setY(
  changes: Map<string, WorktreeEntry>,
  path: string,
  y: StatusCode,
  kind: WorktreeEntry["kind"],
): void {
  const prev = changes.get(path);
  if (prev !== undefined) prev.y = y;
  else changes.set(path, { path, x: ".", y, kind });
}

/**
 * Git blob id of the work-tree copy (symlinks: of the link text, or of the
 * file's content under core.symlinks=false); null when gone. When the raw
 * content does not hash to the index's blob and a conversion applies, the
 * id of what git would store (`converted`), or why that is unknown.
 */
async function hashWorktree(
  fs: ReadFs,
  work: string,
  e: IndexEntry,
  symlinks: boolean,
  convert: ScanWorktreeOptions["convertToGit"],
  indexBlob: (path: string) => Promise<Uint8Array | null>,
): Promise<string | null | { converted?: string; unknown?: string }> {
  const abs = `${work}/${e.path}`;
  try {
    // A symlink entry is its link's text; under core.symlinks=false only a
    // plain file stands for it, and a real link is still read as a link (git's
    // ce_compare_link), never followed.
    if (
      (e.mode & MODE_TYPE_MASK) === MODE_SYMLINK &&
      (symlinks || (await fs.lstat(abs))?.isSymlink === true)
    ) {
      const text = await linkText(fs, abs);
      return typeof text === "string" ? await hashBlob(new TextEncoder().encode(text)) : text;
    }
    const data = await fs.readFile(abs);
    const raw = await hashBlob(data);
    if (convert === undefined || (e.mode & MODE_TYPE_MASK) !== MODE_FILE) return raw;
    const converted = await convert(e.path, data, raw === e.oid, indexBlob);
    if (converted === null) return raw;
    if (converted instanceof Uint8Array) return { converted: await hashBlob(converted) };
    return { unknown: converted.unknown };
  } catch (err) {
    if (err instanceof FsNotFoundError) return null;
    if (err instanceof IndexAttributesMissingError) return { unknown: err.message };
    // A file this user may not read: git cannot compare it either (it calls it
    // modified); the one path is unknown, the rest of the tree is still compared.
    if (err instanceof StorageError && ["EACCES", "EPERM"].includes(String(err.data?.os_error))) {
      return { unknown: UNREADABLE_REASON };
    }
    throw err;
  }
}

/** Why a tracked file whose stat data changed was not compared (content-free). */
export const UNREADABLE_REASON = "the file cannot be read by this user (permission denied)";

/** The position of the first entry of `path` in the index's order (git's index_name_pos). */
function firstEntryAt(idx: GitIndex, path: string): number {
  let lo = 0;
  let hi = idx.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (comparePaths(idx.paths.get(mid)!, path) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The stage of the first entry of `path` (0 when merged), or -1 when the index has none. */
function firstStage(idx: GitIndex, path: string): number {
  const lo = firstEntryAt(idx, path);
  if (lo >= idx.count || idx.paths.get(lo) !== path) return -1;
  return (idx.fields[lo * ENTRY_WORDS + FIELD.flags]! >> 12) & 3;
}

/**
 * The index's blob at `path` (stage 0, else "ours" in a merge: git's
 * read_blob_data_from_index), or null when there is none or it cannot be read.
 */
export async function readIndexBlob(
  idx: GitIndex,
  objects: GitObjectReader,
  path: string,
): Promise<Uint8Array | null> {
  const found = indexBlobEntry(idx, path);
  if (found < 0) return null;
  try {
    const obj = await objects.read(entryOid(idx, found));
    return obj !== null && obj.type === "blob" ? obj.data : null;
  } catch {
    return null;
  }
}

/** The entry git reads `path`'s blob from (stage 0, else "ours"), or -1 when there is none. */
function indexBlobEntry(idx: GitIndex, path: string): number {
  let found = -1;
  for (let k = firstEntryAt(idx, path); k < idx.count && idx.paths.get(k) === path; k++) {
    const stage = (idx.fields[k * ENTRY_WORDS + FIELD.flags]! >> 12) & 3;
    if (stage === 0 || (stage === 2 && found < 0)) found = k;
    if (stage === 0) break;
  }
  return found;
}

/** The trailing checksum of an index file as hex ("" when it is too short to hold one). */
function trailerOf(bytes: Uint8Array): string {
  if (bytes.length < 20) return "";
  let hex = "";
  for (let i = bytes.length - 20; i < bytes.length; i++) {
    hex += bytes[i]!.toString(16).padStart(2, "0");
  }
  return hex;
}

/** Why a file over the hash cap whose stat data matches a racy index entry is not compared. */
const RACY_OVER_CAP =
  "over the hash cap and modified in the second the index was written (racily clean)";

/** Whether every directory above `path` (below `work`) is a real directory, not a link. */
async function realParents(fs: ReadFs, work: string, path: string): Promise<boolean> {
  const parts = path.split("/");
  for (let i = 1; i < parts.length; i++) {
    const st = await fs.lstat(`${work}/${parts.slice(0, i).join("/")}`);
    if (st === null || !st.isDirectory || st.isSymlink) return false;
  }
  return true;
}

/** Why a file gone from the work tree is not stated deleted beside a conflicted file it may pair with. */
const UNMERGED_RENAME_REASON =
  "gone beside a conflicted file whose content is or scores as its own: git may show it renamed, not deleted";

/** Why an intent-to-add file is not stated added beside a file it may be a copy of. */
const WORKTREE_COPY =
  "a possible work-tree copy of a modified file (status.renames = copies), which baton does not score";

/**
 * The tracked names that are not UTF-8, as the runtime reads them (with
 * U+FFFD), each mapped to whether a valid name reads the same.
 */
function lossyTrackedNames(idx: GitIndex): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const i of idx.invalidNames?.keys() ?? []) out.set(idx.paths.get(i)!, false);
  for (let i = 0; i < idx.count; i++) {
    if (idx.invalidNames?.has(i) === true) continue;
    const p = idx.paths.get(i)!;
    if (p.includes("\uFFFD") && out.has(p)) out.set(p, true);
  }
  return out;
}

/** Why a path of a possible work-tree rename is not stated (see worktree_renames.ts). */
const WORKTREE_RENAME =
  "a possible work-tree rename of an intent-to-add file not scored (a blob over the size cap or not in the object stores read, or too many candidates)";

/**
 * A present intent-to-add file's content as git's diff-files gives it to
 * rename detection: a symlink's link text, a file's content converted as
 * git would store it; unknown for anything else (a directory holding a
 * repository), past the hash cap, or where the conversion is not known.
 */
async function addedContent(
  fs: ReadFs,
  work: string,
  path: string,
  maxHashBytes: number,
  options: ScanWorktreeOptions,
  indexBlob: (path: string) => Promise<Uint8Array | null>,
): Promise<{ mode: number; data: Uint8Array } | { unknown: string }> {
  const abs = `${work}/${path}`;
  const st = await fs.lstat(abs);
  if (st?.isSymlink === true && (options.symlinks ?? true)) {
    const text = await linkText(fs, abs);
    if (typeof text !== "string") return text;
    return { mode: MODE_SYMLINK, data: new TextEncoder().encode(text) };
  }
  if (st?.isFile !== true) return { unknown: "not a regular file" };
  if (st.size > maxHashBytes) return { unknown: "over the hash cap" };
  const data = await fs.readFile(abs);
  const converted = options.convertToGit === undefined
    ? null
    : await options.convertToGit(path, data, false, indexBlob);
  if (converted === null) return { mode: MODE_FILE, data };
  return converted instanceof Uint8Array ? { mode: MODE_FILE, data: converted } : converted;
}

/**
 * A symlink's text, or why it is unknown: the file system adapter reads it
 * as a string, and a link whose text is not UTF-8 (a stranger's repository
 * may hold one) is refused there (os_error EILSEQ). That one path is then
 * not compared; the rest of the tree still is.
 */
async function linkText(fs: ReadFs, abs: string): Promise<string | { unknown: string }> {
  try {
    return await fs.readLink(abs);
  } catch (err) {
    if (err instanceof StorageError && err.data?.os_error === "EILSEQ") {
      return { unknown: "a symlink whose text is not UTF-8" };
    }
    throw err;
  }
}

/** Why a file whose mtime moved only below the second is not compared (see StatVerdict). */
const SUBSECOND =
  "mtime moved within its second: git compares whole seconds unless built with USE_NSEC";

/**
 * Paths (lstat-ed or listed untracked) from which a scan ends with one full
 * collection, and gives freed memory back (ReadFs.releaseFreedMemory) before
 * its untracked walk (lstat-ed paths only) and at its end.
 */
export const FULL_GC_PATHS = 20_000;

/**
 * The closing full collection of a scan that lstat-ed `lstatCount` paths and
 * listed `untrackedCount` untracked ones, when that reaches
 * {@linkcode FULL_GC_PATHS}: V8 runs no full collection in a run this short,
 * so the scan's garbage would stay resident through what follows. Then the
 * buffers it freed (the listing cache's bytes among them) are given back.
 * With `reduceMemory` it is V8's memory-reducing collection (its last-resort
 * flavour): it also compacts the heap and gives back the pages the scan made
 * it grow, which an ordinary one keeps committed (50k files: 4.5 MB of RSS).
 *
 * @param fs The scan's file access (its releaseFreedMemory, where it has one).
 * @param lstatCount {@linkcode WorktreeStatus.lstatCount}.
 * @param untrackedCount The number of untracked paths found.
 * @param reduceMemory The memory-reducing collection. @default {false}
 */
export function collectScanGarbage(
  fs: ReadFs,
  lstatCount: number,
  untrackedCount: number,
  reduceMemory = false,
): void {
  if (lstatCount + untrackedCount < FULL_GC_PATHS) return;
  fullGc(reduceMemory);
  fs.releaseFreedMemory?.();
}

/** The options of V8's memory-reducing collection (its gc extension, --expose-gc). */
export const REDUCING_GC = { type: "major", execution: "sync", flavor: "last-resort" } as const;

/**
 * A full garbage collection where the runtime exposes one (--expose-gc), the
 * memory-reducing one with `reduce`; else nothing.
 */
function fullGc(reduce = false): void {
  const gc = (globalThis as { gc?: (options?: typeof REDUCING_GC) => void }).gc;
  if (typeof gc !== "function") return;
  if (reduce) gc(REDUCING_GC);
  else gc();
}

/** Whether any entry has the skip-worktree bit (its .gitignore is read from its blob). */
function anySkipWorktree(index: GitIndex): boolean {
  if (!mayHaveExtendedFlags(index)) return false;
  const fields = index.fields;
  const end = index.count * ENTRY_WORDS;
  for (let at = FIELD.extended; at < end; at += ENTRY_WORDS) {
    if ((fields[at]! & 0x4000) !== 0) return true;
  }
  return false;
}

/** lstat calls per lstatMany batch. */
const LSTAT_CHUNK = 2048;

/** Where {@linkcode nextLstatChunk} gathers entries and sets aside those never lstat-ed. */
interface LstatChunk {
  /** Entry positions to lstat; filled up to LSTAT_CHUNK. */
  chunk: number[];
  /** Their paths, in the same order. */
  chunkPaths: string[];
  /** Sparse checkout in force: skip-worktree entries are compared too. */
  sparse: boolean;
  /** Names of entries whose path is not UTF-8 (neither clean nor changed). */
  badNames: string[];
  /** Takes an entry not compared, with the reason. */
  notCompared: (path: string, why: string) => void;
  /**
   * Set when an entry the comparison skips (assume-unchanged,
   * skip-worktree) is a `.gitattributes`: its work-tree copy may be gone
   * while git still reads the index's.
   */
  hiddenAttributes: boolean;
  /** UTF-8 bytes of the work tree's absolute path (path_too_long.ts). */
  workBytes: number;
}

/**
 * Gathers the entries from position `from` on that the work-tree comparison
 * lstats, into `to.chunk` until it holds LSTAT_CHUNK; returns the position
 * to go on from (`index.count` once every entry was seen).
 *
 * The scan's hottest loop, in a function of its own: in scanWorktree's body
 * it made V8 optimize the whole of that long function once the loop ran hot
 * (at 50k entries ~10 ms of compiling on the JavaScript thread, and about a
 * megabyte of the compiler's memory at the moment the scan's memory peaks);
 * here only this loop is compiled.
 */
function nextLstatChunk(index: GitIndex, from: number, to: LstatChunk): number {
  const fields = index.fields;
  const count = index.count;
  for (let i = from; i < count; i++) {
    const f = i * ENTRY_WORDS;
    // Stage 0 only; skip assume-valid (0x8000) and sparse-index
    // directories; skip-worktree (extended 0x4000) unless sparse checkout
    // is in force, where git compares a present file like any other.
    const flags = fields[f + FIELD.flags]!;
    if ((flags & 0xb000) !== 0) {
      if ((flags & 0x8000) !== 0) noteHiddenAttributes(index, i, to);
      continue;
    }
    if ((fields[f + FIELD.mode]! & MODE_TYPE_MASK) === MODE_TREE) continue;
    if ((fields[f + FIELD.extended]! & 0x4000) !== 0 && !to.sparse) {
      noteHiddenAttributes(index, i, to);
      continue;
    }
    if (index.invalidNames?.has(i) === true) {
      // No path string can name it here: neither clean nor changed.
      to.badNames.push(index.invalidNames.get(i)!);
      continue;
    }
    const path = index.paths.get(i)!;
    if (unsafeIndexPath(path)) {
      // Never opened: it may resolve outside the work tree (worktree/unsafe_path.ts).
      to.notCompared(path, UNSAFE_PATH_REASON);
      continue;
    }
    if (pathTooLong(to.workBytes, path)) {
      // lstat would fail (ENAMETOOLONG): git says nothing of it either way.
      to.notCompared(path, PATH_TOO_LONG_REASON);
      continue;
    }
    to.chunk.push(i);
    to.chunkPaths.push(path);
    if (to.chunk.length >= LSTAT_CHUNK) return i + 1;
  }
  return count;
}

/** Marks `to.hiddenAttributes` when entry `i`, skipped by the comparison, is a `.gitattributes`. */
function noteHiddenAttributes(index: GitIndex, i: number, to: LstatChunk): void {
  if (to.hiddenAttributes) return;
  const path = index.paths.get(i);
  if (path !== undefined && isAttributesPath(path)) to.hiddenAttributes = true;
}

/** Whether a repository-relative path names a `.gitattributes` file. */
function isAttributesPath(path: string): boolean {
  return path === ".gitattributes" || path.endsWith("/.gitattributes");
}

/** `fs.lstatEach`, or `lstatMany` then one visit per result where the fs has no lstatEach. */
async function lstatEach(
  fs: ReadFs,
  paths: readonly string[],
  base: string,
  visit: (index: number, stat: FileStat | null) => void,
): Promise<void> {
  if (fs.lstatEach !== undefined) return await fs.lstatEach(paths, base, visit);
  const stats = await fs.lstatMany(paths, base);
  for (let i = 0; i < stats.length; i++) visit(i, stats[i]!);
}
/** Presence of an entry that was not lstat-ed (see TrackedPresence). */
const PRESENCE_UNKNOWN = 2;

/**
 * lstat of every directory holding index entries. `bad` are those that are no
 * longer real directories (missing, a file, or a symlink): git counts a path
 * below a symlink as deleted even when lstat through the link finds a file
 * (has_symlink_leading_path). `exists` feeds the untracked walk (whether
 * each is a real directory, and its lstat for the listing cache).
 *
 * A directory named by a path git refuses (`..`, `x/.`, `x/` of `x//y`,
 * `.git`: worktree/unsafe_path.ts) is not lstat-ed and stays unknown: it
 * may lead outside the work tree, and it is never a name the walk counts in
 * a listing, so counting it as present (TrackedTree.present) would let one
 * untracked file of its parent pass for tracked. Its entries are unsafe
 * paths themselves, never compared. Nor is one the system cannot name
 * (worktree/path_too_long.ts), whose entries are not compared either.
 */
async function lstatTrackedDirs(
  fs: ReadFs,
  work: string,
  tree: TrackedTree,
): Promise<{ bad: Set<string>; exists: DirStats }> {
  const workBytes = workTreeBytes(work);
  const dirs = [...tree.dirs.keys()].filter((d) =>
    d !== "" && !unsafeIndexPath(d) && !pathTooLong(workBytes, d)
  );
  const exists = new DirStats(work, dirs);
  const bad = new Set<string>();
  await lstatEach(fs, dirs, work, (k, st) => {
    exists.set(k, st);
    if (st === null || !st.isDirectory) bad.add(dirs[k]!);
  });
  return { bad, exists };
}

function underBadDir(bad: Set<string>, path: string): boolean {
  let slash = path.indexOf("/");
  while (slash >= 0) {
    if (bad.has(path.slice(0, slash))) return true;
    slash = path.indexOf("/", slash + 1);
  }
  return false;
}
