/**
 * A sparse index expanded where the work tree has its directory back: git
 * 2.37+ (clear_skip_worktree_from_present_files) expands the whole index
 * when a sparse-directory entry's directory exists on disk, so each file
 * below it is compared like any other (the ones present) and the rest of
 * the directory is walked for untracked files. Here only the directories
 * that exist are expanded, which gives the same status: a sparse directory
 * absent from the work tree holds nothing to compare or list.
 *
 * The expanded entries come from the directory entry's tree object, in
 * index order, skip-worktree set and with no stat data (size 0), so each
 * present one is hashed. The cache-tree no longer counts these entries and
 * is dropped (the HEAD diff then reads HEAD's trees).
 * @module
 */
import { IndexPaths } from "./index_paths.ts";
import type { GitObjectReader } from "../types.ts";
import type { ReadFs } from "../../fs.ts";
import { ENTRY_WORDS, FIELD, type GitIndex, STAT_WORDS } from "./index_file.ts";
import { MODE_TREE, MODE_TYPE_MASK } from "./compare_stat.ts";
import { parseTree } from "../git/parse_tree.ts";

const HASH_LEN = 20;
const SKIP_WORKTREE = 0x4000;

/** Options of {@linkcode expandPresentSparseDirs}. */
export interface ExpandSparseOptions {
  /** True once the time budget is spent: nothing more is expanded. */
  expired: () => boolean;
  /** Most entries the expansion may add. @default {1000000} */
  maxEntries?: number;
}

/** Why the index was not expanded, or the expanded index. */
export type ExpandResult = { index: GitIndex } | { unknown: string };

/**
 * Positions of sparse-directory entries (mode 040000, skip-worktree) whose
 * directory exists as a real directory in the work tree.
 */
async function presentSparseDirs(fs: ReadFs, workTree: string, index: GitIndex): Promise<number[]> {
  const candidates: number[] = [];
  for (let i = 0; i < index.count; i++) {
    const f = i * ENTRY_WORDS;
    if ((index.fields[f + FIELD.mode]! & MODE_TYPE_MASK) !== MODE_TREE) continue;
    if ((index.fields[f + FIELD.extended]! & SKIP_WORKTREE) === 0) continue;
    candidates.push(i);
  }
  if (candidates.length === 0) return [];
  const stats = await fs.lstatMany(
    candidates.map((i) => `${workTree}/${index.paths.get(i)!.replace(/\/$/, "")}`),
  );
  const present: number[] = [];
  for (let k = 0; k < candidates.length; k++) {
    const st = stats[k];
    if (st?.isDirectory === true && !st.isSymlink) present.push(candidates[k]!);
    else if (st?.isSymlink === true) {
      // git lstats the entry's name with its trailing slash ("build/"),
      // which resolves a link there: a link to a directory is present.
      const target = await fs.stat(
        `${workTree}/${index.paths.get(candidates[k]!)!.replace(/\/$/, "")}`,
      )
        .catch(() => null);
      if (target?.isDirectory === true) present.push(candidates[k]!);
    }
  }
  return present;
}

interface Row {
  path: string;
  mode: number;
  oid: Uint8Array;
}

function oidBytesOf(hex: string): Uint8Array {
  const out = new Uint8Array(HASH_LEN);
  for (let b = 0; b < HASH_LEN; b++) out[b] = Number.parseInt(hex.slice(b * 2, b * 2 + 2), 16);
  return out;
}

/**
 * Expands the sparse-directory entries whose directory the work tree has;
 * the index itself when there are none.
 *
 * @param fs Read-only file access (lstat of the sparse directories).
 * @param workTree The work tree.
 * @param index The parsed index.
 * @param objects Reads the trees the directory entries name.
 * @param options The time budget and a cap on added entries.
 * @returns The expanded index, or why it could not be expanded.
 */
export async function expandPresentSparseDirs(
  fs: ReadFs,
  workTree: string,
  index: GitIndex,
  objects: GitObjectReader,
  options: ExpandSparseOptions,
): Promise<ExpandResult> {
  const expand = await presentSparseDirs(fs, workTree, index);
  if (expand.length === 0) return { index };
  const maxEntries = options.maxEntries ?? 1_000_000;
  const added = new Map<number, Row[]>();
  let total = 0;
  for (const i of expand) {
    const rows: Row[] = [];
    const dir = index.paths.get(i)!;
    const prefix = dir.endsWith("/") ? dir : `${dir}/`;
    const hex = readOid(index, i);
    const problem = await flatten(
      objects,
      hex,
      prefix,
      rows,
      { tooMany: () => total + rows.length > maxEntries, expired: options.expired },
    );
    if (problem !== null) return { unknown: problem };
    total += rows.length;
    added.set(i, rows);
  }
  const count = index.count - expand.length + total;
  const fields = new Uint32Array(count * ENTRY_WORDS);
  // Expanded entries have no stat data (zeros), so a present file is hashed.
  const stat = new Uint32Array(count * STAT_WORDS);
  const oidBytes = new Uint8Array(count * HASH_LEN);
  const paths: string[] = new Array(count);
  const invalidNames = new Map<number, string>();
  let w = 0;
  for (let i = 0; i < index.count; i++) {
    const rows = added.get(i);
    if (rows === undefined) {
      fields.set(index.fields.subarray(i * ENTRY_WORDS, (i + 1) * ENTRY_WORDS), w * ENTRY_WORDS);
      stat.set(index.stat.subarray(i * STAT_WORDS, (i + 1) * STAT_WORDS), w * STAT_WORDS);
      oidBytes.set(index.oidBytes.subarray(i * HASH_LEN, (i + 1) * HASH_LEN), w * HASH_LEN);
      paths[w] = index.paths.get(i)!;
      const bad = index.invalidNames?.get(i);
      if (bad !== undefined) invalidNames.set(w, bad);
      w++;
      continue;
    }
    for (const r of rows) {
      const f = w * ENTRY_WORDS;
      fields[f + FIELD.mode] = r.mode;
      // Stage 0, not assume-valid; no stat data, so a present file is hashed.
      fields[f + FIELD.extended] = SKIP_WORKTREE;
      oidBytes.set(r.oid, w * HASH_LEN);
      paths[w] = r.path;
      w++;
    }
  }
  return {
    index: {
      version: index.version,
      count,
      paths: IndexPaths.of(paths),
      fields,
      stat,
      oidBytes,
      cacheTree: null,
      extensions: index.extensions.filter((e) => e !== "TREE" && e !== "sdir"),
      checksum: index.checksum,
      ...(invalidNames.size === 0 ? {} : { invalidNames }),
    },
  };
}

function readOid(index: GitIndex, i: number): string {
  let hex = "";
  for (let b = 0; b < HASH_LEN; b++) {
    hex += index.oidBytes[i * HASH_LEN + b]!.toString(16).padStart(2, "0");
  }
  return hex;
}

/** Appends the tree's files in index order; a problem (content-free) or null. */
async function flatten(
  objects: GitObjectReader,
  treeOid: string,
  prefix: string,
  rows: Row[],
  stop: { tooMany: () => boolean; expired: () => boolean },
  depth = 0,
): Promise<string | null> {
  if (depth > 256) return "sparse directory nested too deep";
  // Checked at every tree: a large directory cannot outlast a hook's deadline.
  if (stop.expired()) return "time budget ran out";
  const obj = await objects.read(treeOid);
  if (obj === null || obj.type !== "tree") return "sparse directory tree could not be read";
  const entries = parseTree(obj.data);
  // Tree order compares a directory as "name/": sorted that way, the paths come out in index order.
  for (const t of entries) {
    if (t.name.includes("\uFFFD")) return "a name in a sparse directory is not valid UTF-8";
    const mode = Number.parseInt(t.mode, 8);
    if ((mode & MODE_TYPE_MASK) === MODE_TREE) {
      const problem = await flatten(
        objects,
        t.oid,
        `${prefix}${t.name}/`,
        rows,
        stop,
        depth + 1,
      );
      if (problem !== null) return problem;
    } else {
      rows.push({ path: prefix + t.name, mode, oid: oidBytesOf(t.oid) });
      if (stop.tooMany()) return "sparse directory too large to expand";
    }
  }
  return null;
}
