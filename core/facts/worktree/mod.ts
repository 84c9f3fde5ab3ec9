/**
 * Read-only working-tree status without a git binary: the index parser, the
 * stat comparison, index-vs-HEAD, the untracked walk and `scanWorktree`, which
 * combines them into what `git status --porcelain=v2 -uall` reports.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseIndex } from "./mod.ts";
 * const bytes = new Uint8Array(32);
 * bytes.set([0x44, 0x49, 0x52, 0x43, 0, 0, 0, 3, 0, 0, 0, 0]);
 * assert.equal(parseIndex(bytes).version, 3);
 * ```
 * @module
 */
export {
  buildIndex,
  type BuildIndexOptions,
  type CacheTreeEntry,
  ENTRY_WORDS,
  entryOid,
  FIELD,
  type GitIndex,
  GitIndexError,
  indexEntries,
  type IndexEntry,
  type IndexEntryInit,
  IndexEntryView,
  parseIndex,
  readEntry,
  type ReadEntryOptions,
  verifyIndexChecksum,
} from "./index_file.ts";
export {
  compareStat,
  type CompareStatOptions,
  EMPTY_BLOB_OID,
  MODE_FILE,
  MODE_GITLINK,
  MODE_SYMLINK,
  MODE_TREE,
  MODE_TYPE_MASK,
  type StatVerdict,
} from "./compare_stat.ts";
export { hashBlob } from "./blob_oid.ts";
export { comparePaths } from "./compare_paths.ts";
export {
  diffIndexHead,
  type DiffIndexHeadOptions,
  type HeadDiff,
  type StagedChange,
  type UnmergedPath,
} from "./head_diff.ts";
export {
  DEFAULT_MAX_UNTRACKED,
  findUntracked,
  type FindUntrackedOptions,
  type UntrackedResult,
} from "./untracked.ts";
export {
  buildTrackedTree,
  type BuildTrackedTreeOptions,
  countPresent,
  type TrackedDir,
  type TrackedPresence,
  type TrackedTree,
} from "./tracked_tree.ts";
export { scanWorktree, type ScanWorktreeOptions, type WorktreeStatus } from "./scan.ts";
