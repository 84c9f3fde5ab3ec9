/**
 * Pure: the index seen as a directory tree, for the untracked walk. Each
 * tracked directory knows its direct entries, its parent and, when the
 * caller has lstat results, how many of its names exist on disk, so the
 * walk can skip per-name lookups in directories that hold nothing new.
 *
 * The tree is columns, not one object per directory: a directory is a
 * number (its row), its entries a range of one Int32Array. At 50k files in
 * 2,600 directories, per-directory objects with `files` and `subdirs`
 * arrays held about 1 MB of heap through the scan's lstat peak.
 * @module
 */
import type { GitIndex } from "./index_file.ts";

/** A tracked directory: its row in the tree's columns (the root is 0). */
export type TrackedDir = number;

/** Index paths as directories: "" is the root, others have no trailing slash. */
export interface TrackedTree {
  /** The index the entry positions refer to. */
  index: GitIndex;
  /** Tracked directory -> its row. */
  dirs: ReadonlyMap<string, TrackedDir>;
  /** Per row: the row of its parent directory, -1 for the root. */
  parent: Int32Array;
  /**
   * Positions in {@linkcode TrackedTree.index} of entries directly in each
   * directory (any stage), grouped by row and in index order within a row:
   * row `d`'s are `files[fileStart[d]]` up to `files[fileStart[d + 1]]`.
   */
  files: Int32Array;
  /** Per row, where its entries start in `files`; one more slot ends the last row. */
  fileStart: Int32Array;
  /**
   * Per row: distinct names of the directory known to exist on disk
   * (present tracked files plus existing tracked subdirectories), or -1
   * when unknown. A listing with exactly this many names (besides `.git`)
   * holds nothing untracked.
   */
  present: Int32Array;
}

/** What the caller's lstat calls found, to fill {@linkcode TrackedTree.present}. */
export interface TrackedPresence {
  /** Per entry position: 1 exists, 0 missing, any other value unknown. */
  files: Uint8Array;
  /** Tracked directory -> whether it exists as a real directory; absent means unknown. */
  dirs: { get(dir: string): boolean | undefined };
}

/** Options of {@linkcode buildTrackedTree}. */
export interface BuildTrackedTreeOptions {
  /** What lstat found (see {@linkcode countPresent}); without it every `present` is -1. @default {undefined} */
  presence?: TrackedPresence;
}

/**
 * Groups index entries by directory.
 *
 * @param index The parsed index (entries sorted by path, any stage).
 * @param options lstat results (`presence`); without them every `present` is -1.
 * @returns The tracked directories.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTrackedTree, dirFiles, subdirNames } from "./tracked_tree.ts";
 * import { buildIndex } from "./index_file.ts";
 * const tree = buildTrackedTree(buildIndex([{ path: "a/b.txt" }, { path: "a/c/d.txt" }, { path: "e.txt" }]));
 * assert.deepEqual([...tree.dirs.keys()].sort(), ["", "a", "a/c"]);
 * assert.deepEqual(subdirNames(tree, tree.dirs.get("a")!), ["c"]);
 * assert.deepEqual([...dirFiles(tree, tree.dirs.get("")!)], [2]);
 * ```
 */
export function buildTrackedTree(
  index: GitIndex,
  options: BuildTrackedTreeOptions = {},
): TrackedTree {
  const dirs = new Map<string, TrackedDir>();
  // Pass 1 finds each entry's directory row and counts them; pass 2 places
  // the entries, grouped by row (a counting sort).
  const parents: number[] = [];
  const counts: number[] = [];
  const newRow = (parent: number): TrackedDir => {
    parents.push(parent);
    counts.push(0);
    return parents.length - 1;
  };
  const root = newRow(-1);
  dirs.set("", root);

  function rowFor(dir: string): TrackedDir {
    let row = dirs.get(dir);
    if (row !== undefined) return row;
    const slash = dir.lastIndexOf("/");
    row = newRow(rowFor(slash < 0 ? "" : dir.slice(0, slash)));
    dirs.set(dir, row);
    return row;
  }

  const owner = new Int32Array(index.count);
  let prevDir = "";
  let prevId = root;
  const paths = index.paths;
  for (let i = 0; i < index.count; i++) {
    const path = paths.get(i)!;
    const slash = path.lastIndexOf("/");
    // Sorted entries mostly share the previous entry's directory: test that
    // without slicing a new string.
    if (slash > 0 && slash === prevDir.length && path.startsWith(prevDir)) {
      owner[i] = prevId;
      counts[prevId]!++;
      continue;
    }
    if (slash < 0) {
      prevDir = "";
      prevId = root;
    } else {
      prevDir = path.slice(0, slash);
      prevId = rowFor(prevDir);
    }
    owner[i] = prevId;
    counts[prevId]!++;
  }
  const rows = parents.length;
  const fileStart = new Int32Array(rows + 1);
  for (let d = 0; d < rows; d++) fileStart[d + 1] = fileStart[d]! + counts[d]!;
  // counts becomes each row's next free slot.
  for (let d = 0; d < rows; d++) counts[d] = fileStart[d]!;
  const files = new Int32Array(index.count);
  for (let i = 0; i < index.count; i++) files[counts[owner[i]!]!++] = i;
  const tree: TrackedTree = {
    index,
    dirs,
    parent: Int32Array.from(parents),
    files,
    fileStart,
    present: new Int32Array(rows).fill(-1),
  };
  if (options.presence !== undefined) countPresent(tree, options.presence);
  return tree;
}

/**
 * Positions of the entries directly in a directory, in index order: a view
 * over the tree's column, not a copy.
 *
 * @param tree The tracked tree.
 * @param dir The directory's row.
 * @returns The entry positions.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTrackedTree, dirFiles } from "./tracked_tree.ts";
 * import { buildIndex } from "./index_file.ts";
 * const tree = buildTrackedTree(buildIndex([{ path: "a/b" }, { path: "a/c/d" }, { path: "a/e" }]));
 * assert.deepEqual([...dirFiles(tree, tree.dirs.get("a")!)], [0, 2]);
 * ```
 */
export function dirFiles(tree: TrackedTree, dir: TrackedDir): Int32Array {
  return tree.files.subarray(tree.fileStart[dir]!, tree.fileStart[dir + 1]!);
}

/**
 * Whether some entry directly in a directory passes `test`, in index order.
 *
 * @param tree The tracked tree.
 * @param dir The directory's row.
 * @param test Called with each entry position until it returns true.
 * @returns Whether `test` returned true for one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTrackedTree, someFile } from "./tracked_tree.ts";
 * import { buildIndex } from "./index_file.ts";
 * const tree = buildTrackedTree(buildIndex([{ path: "a/b" }, { path: "c" }]));
 * assert.equal(someFile(tree, tree.dirs.get("")!, (k) => k === 1), true);
 * ```
 */
export function someFile(
  tree: TrackedTree,
  dir: TrackedDir,
  test: (k: number) => boolean,
): boolean {
  const end = tree.fileStart[dir + 1]!;
  for (let f = tree.fileStart[dir]!; f < end; f++) {
    if (test(tree.files[f]!)) return true;
  }
  return false;
}

/**
 * Names of a directory's tracked subdirectories (those holding index
 * entries), in no set order. A scan over every directory: for tests and
 * tools, not the walk.
 *
 * @param tree The tracked tree.
 * @param dir The directory's row.
 * @returns The subdirectory names.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTrackedTree, subdirNames } from "./tracked_tree.ts";
 * import { buildIndex } from "./index_file.ts";
 * const tree = buildTrackedTree(buildIndex([{ path: "a/b/c" }, { path: "a/d/e" }]));
 * assert.deepEqual(subdirNames(tree, tree.dirs.get("a")!).sort(), ["b", "d"]);
 * ```
 */
export function subdirNames(tree: TrackedTree, dir: TrackedDir): string[] {
  const names: string[] = [];
  for (const [path, row] of tree.dirs) {
    if (row !== 0 && tree.parent[row] === dir) names.push(path.slice(path.lastIndexOf("/") + 1));
  }
  return names;
}

/**
 * Sets {@linkcode TrackedTree.present} of every directory from lstat
 * results, in place (the tree is built before the lstat calls that feed this).
 *
 * @param tree The tracked tree.
 * @param presence What lstat found for entries and directories.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTrackedTree, countPresent } from "./tracked_tree.ts";
 * import { buildIndex } from "./index_file.ts";
 * const tree = buildTrackedTree(buildIndex([{ path: "a/b" }, { path: "c" }, { path: "d" }]));
 * countPresent(tree, { files: Uint8Array.from([1, 1, 0]), dirs: new Map([["a", true]]) });
 * assert.equal(tree.present[tree.dirs.get("")!], 2);
 * ```
 */
export function countPresent(tree: TrackedTree, presence: TrackedPresence): void {
  const { files, fileStart, present, parent } = tree;
  for (let d = 0; d < present.length; d++) {
    let n = 0;
    const end = fileStart[d + 1]!;
    for (let f = fileStart[d]!; f < end; f++) {
      const state = presence.files[files[f]!];
      if (state === 1) n++;
      else if (state !== 0) {
        n = -1;
        break;
      }
    }
    present[d] = n;
  }
  // Each tracked subdirectory counts in its parent: existing +1, unknown -1.
  for (const [dir, row] of tree.dirs) {
    const up = parent[row]!;
    if (up < 0 || present[up]! < 0) continue;
    const exists = presence.dirs.get(dir);
    if (exists === undefined) present[up] = -1;
    else if (exists) present[up]!++;
  }
}
