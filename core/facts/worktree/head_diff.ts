/**
 * Index vs HEAD (the X column of `git status --porcelain=v2`), read-only.
 *
 * The cache-tree makes the common case cheap: when a directory's cache-tree
 * node is valid and names the same tree as HEAD, nothing under it is read or
 * compared (HEAD's root tree itself is always read, as git reads it). Renames are detected as git's status detects them: exact ones
 * (same blob id and file type), then regular files similar enough, scored
 * from their blobs (rename_similarity.ts), unless status.renames or
 * diff.renames turns detection off.
 * @module
 */
import type { GitObjectReader, StatusCode } from "../types.ts";
import { type GitIndex, type IndexEntry, readEntryKeys } from "./index_file.ts";
import { MODE_FILE, MODE_TREE, MODE_TYPE_MASK } from "./compare_stat.ts";
import {
  basenameCandidates,
  pairBasenames,
  pairBest,
  type RenameSide,
  type SpanCounts,
  spanCounts,
} from "./rename_similarity.ts";
import { GitCorruptError } from "../git/errors.ts";
import { parseTree } from "../git/parse_tree.ts";
import { comparePaths } from "./compare_paths.ts";
import { escapePathBytes, escapePathText } from "../escape_path.ts";

/** Options of {@linkcode diffIndexHead}. Both fields are required. */
export interface DiffIndexHeadOptions {
  /** Tree id of the HEAD commit, or null when the branch has no commit yet. */
  headTreeOid: string | null;
  /** Object store reader used for HEAD's tree objects. */
  objects: GitObjectReader;
  /** Tree objects read at once. @default {32} */
  concurrency?: number;
  /**
   * Rename detection as status.renames (else diff.renames) sets it: false
   * reports every rename as a deletion and an addition. @default {true}
   */
  renames?: boolean;
  /**
   * Whether git's rename score reads a path as text (its diff attribute:
   * true, false, null for the content's word, "either" where not known
   * here, which leaves the pairs unscored). @default {by content}
   */
  renameText?: (path: string) => Promise<boolean | null | "either">;
  /** status.renameLimit (else diff.renameLimit): most sources or destinations for inexact renames. @default {1000} */
  renameLimit?: number;
  /** Largest blob read for an inexact rename; a larger one leaves its candidates uncompared. @default {8 MiB} */
  maxRenameBlobBytes?: number;
  /**
   * Copy detection is on (status.renames or diff.renames = copies): git may
   * then report an added file as a copy (C) of a modified one or of a
   * source already renamed, which baton does not detect; the additions and
   * renames that could be copies are returned in
   * {@linkcode HeadDiff.copiesUncompared}. @default {false}
   */
  copies?: boolean;
}

/** One staged change. */
export interface StagedChange {
  path: string;
  /** A, D, M, T or R. */
  x: StatusCode;
  /** Mode in HEAD, 0 when added. */
  headMode: number;
  /** Mode in the index, 0 when deleted. */
  indexMode: number;
  /** For R: the path in HEAD. */
  origPath?: string;
}

/** One path with unresolved merge stages, with porcelain's XY letters. */
export interface UnmergedPath {
  path: string;
  x: StatusCode;
  y: StatusCode;
  /** Mode of the highest stage present. */
  mode: number;
}

/** Result of {@linkcode diffIndexHead}. */
export interface HeadDiff {
  /** Staged changes sorted by path (renames by their new path). */
  staged: StagedChange[];
  /** Unmerged paths sorted by path. */
  unmerged: UnmergedPath[];
  /** Tree objects read from the object store. */
  treesRead: number;
  /**
   * HEAD paths whose names are not valid UTF-8 (escaped, exact) that the
   * index does not hold under the same name, blob and mode: the index
   * side of such a name is never compared here (the caller names those
   * unchecked), so neither is this one.
   */
  invalidHeadNames: string[];
  /**
   * Index paths whose names are not valid UTF-8 (escaped, exact) that HEAD
   * does not hold under the same name, blob and mode, or that are unmerged:
   * git shows each (`A.`, `M.`, `.A`, `UU`...) whether or not the work-tree
   * comparison reaches it (a skip-worktree or assume-unchanged entry it
   * passes over), so the caller names them unchecked too.
   */
  invalidIndexNames: string[];
  /** Deleted and added paths whose possible inexact rename was not scored (a blob over the cap, too many pairs). */
  renamesUncompared: string[];
  /** With copy detection on, added and renamed paths git may report as copies (see {@linkcode DiffIndexHeadOptions.copies}). */
  copiesUncompared: string[];
}

/** What the HEAD diff needs of an index entry. */
type IndexedFile = Pick<IndexEntry, "path" | "mode" | "oid">;

/** A deleted side of a possible rename: its mode and blob (or commit) id. */
export interface HeadBlob {
  mode: number;
  oid: string;
}

/** XY of porcelain `u` lines by the set of stages present (bit 0 = base). */
const UNMERGED_XY: Record<number, [StatusCode, StatusCode]> = {
  1: ["D", "D"],
  2: ["A", "U"],
  3: ["U", "D"],
  4: ["U", "A"],
  5: ["D", "U"],
  6: ["A", "A"],
  7: ["U", "U"],
};

/**
 * Compares the index with HEAD's tree.
 *
 * Statuses: A (in the index only), D (in HEAD only), M (blob id or mode
 * changed), T (file type changed: file, symlink, gitlink), R (an exact rename:
 * a D and an A with the same blob id and file type; a same-basename source is
 * preferred). Entries added with `git add -N` are not part of the index here,
 * as in git. Paths with stages 1-3 are reported in `unmerged` only. With no
 * HEAD every stage-0 entry is A.
 *
 * @param index The parsed index.
 * @param options HEAD's tree id and the object reader.
 * @returns Staged changes, unmerged paths and how many trees were read.
 * @throws {GitCorruptError} When a tree object is missing or malformed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { diffIndexHead } from "./head_diff.ts";
 * import { buildIndex } from "./index_file.ts";
 * const index = buildIndex([{ path: "a.txt" }]);
 * const diff = await diffIndexHead(index, {
 *   headTreeOid: null,
 *   objects: { read: () => Promise.resolve(null) },
 * });
 * assert.deepEqual(diff.staged.map((c) => c.x + " " + c.path), ["A a.txt"]);
 * ```
 */
export async function diffIndexHead(
  index: GitIndex,
  options: DiffIndexHeadOptions,
): Promise<HeadDiff> {
  const { objects } = options;
  const concurrency = Math.max(1, options.concurrency ?? 32);
  const validNodes = new Map<string, string>();
  const cacheCounts = new Map<string, number>();
  // Read once: the index makes its nodes on each read (worktree/index_file.ts).
  for (const node of index.cacheTree ?? []) {
    if (node.oid !== null && node.entryCount >= 0) validNodes.set(node.path, node.oid);
    cacheCounts.set(node.path, node.entryCount);
  }

  const head = new Map<string, HeadBlob>();
  /** HEAD's tree id of each directory read, by prefix ("dir/"). */
  const headTrees = new Map<string, string>();
  /** HEAD directories whose cache-tree node matched: prefix -> tree id. */
  const skipped = new Map<string, string>();
  let treesRead = 0;

  /**
   * HEAD paths with a name that is not valid UTF-8, by their exact escaped
   * form: kept apart, as the decoded text of two such names can be equal.
   */
  const headInvalid = new Map<string, HeadBlob>();
  const indexInvalid = new Set<string>();

  /** A tree to read: id, prefix ("dir/"), and the escaped prefix once a name in it is not UTF-8. */
  type TreeAt = [string, string, string | null];

  async function readTrees(roots: TreeAt[], allowSkip: boolean): Promise<void> {
    let level = roots;
    while (level.length > 0) {
      const next: TreeAt[] = [];
      const todo: TreeAt[] = [];
      for (const at of level) {
        if (allowSkip && at[2] === null && validNodes.get(at[1]) === at[0]) {
          skipped.set(at[1], at[0]);
        } else todo.push(at);
      }
      for (let at = 0; at < todo.length; at += concurrency) {
        const batch = todo.slice(at, at + concurrency);
        const bodies = await Promise.all(batch.map(([oid]) => readTree(objects, oid)));
        treesRead += batch.length;
        bodies.forEach((tree, b) => {
          const [oid, prefix, exactPrefix] = batch[b]!;
          if (exactPrefix === null) headTrees.set(prefix, oid);
          for (const t of tree) {
            const path = prefix + t.name;
            const exact = t.invalid !== undefined || exactPrefix !== null
              ? (exactPrefix ?? escapePathText(prefix)) +
                (t.invalid !== undefined ? escapePathBytes(t.invalid) : escapePathText(t.name))
              : null;
            if ((t.mode & MODE_TYPE_MASK) === MODE_TREE) {
              next.push([t.oid, `${path}/`, exact === null ? null : `${exact}/`]);
            } else if (exact !== null) headInvalid.set(exact, { mode: t.mode, oid: t.oid });
            else head.set(path, { mode: t.mode, oid: t.oid });
          }
        });
      }
      level = next;
    }
  }

  if (options.headTreeOid !== null) {
    // git parses HEAD's root tree whatever the cache-tree says (diff-index
    // reads it before its walk, and spares only subtrees), so a root tree
    // that is missing, corrupt or not a tree stops git even where the
    // cache-tree names it: it is read here too, and fails the same way.
    if (validNodes.get("") === options.headTreeOid) {
      await readTree(objects, options.headTreeOid);
      treesRead++;
    }
    await readTrees([[options.headTreeOid, "", null]], true);
  }

  const paths = index.paths;
  const n = index.count;
  const staged: StagedChange[] = [];
  const added: IndexedFile[] = [];
  const unmergedMasks = new Map<string, { mask: number; mode: number }>();
  const sparseDirs: string[] = [];

  /** Compares one index entry (stage 0, a file, symlink or gitlink) with HEAD. */
  function compareWithHead(e: IndexedFile): void {
    const h = head.get(e.path);
    if (h === undefined) {
      added.push(e);
      return;
    }
    head.delete(e.path);
    if ((h.mode & MODE_TYPE_MASK) !== (e.mode & MODE_TYPE_MASK)) {
      staged.push({ path: e.path, x: "T", headMode: h.mode, indexMode: e.mode });
    } else if (h.oid !== e.oid || h.mode !== e.mode) {
      staged.push({ path: e.path, x: "M", headMode: h.mode, indexMode: e.mode });
    }
  }

  /**
   * A sparse-index directory stands for its tree. The same tree as HEAD's
   * directory: nothing under it changed. Another tree (`git rm --sparse`,
   * `git add --sparse` of a file out of the cone): its files are compared
   * with HEAD's one by one, as git compares the expanded index.
   */
  async function compareSparseDir(prefix: string, oid: string): Promise<void> {
    sparseDirs.push(prefix);
    if (headTrees.get(prefix) === oid) return;
    const rows: IndexedFile[] = [];
    // A name that is not UTF-8 (or below one) is compared by its bytes with
    // HEAD's: unchanged, it is no change; else it is named unchecked, as
    // HEAD's own such names are (random seed 1115: it was an addition).
    const walk = async (
      treeOid: string,
      at: string,
      exactAt: string | null,
      depth: number,
    ): Promise<void> => {
      if (depth > 256) {
        throw new GitCorruptError(
          "Cannot read a sparse directory: nested too deep",
          "git_tree_invalid",
        );
      }
      for (const t of await readTree(objects, treeOid)) {
        const exact = t.invalid !== undefined || exactAt !== null
          ? (exactAt ?? escapePathText(at)) +
            (t.invalid !== undefined ? escapePathBytes(t.invalid) : escapePathText(t.name))
          : null;
        if ((t.mode & MODE_TYPE_MASK) === MODE_TREE) {
          await walk(t.oid, `${at}${t.name}/`, exact === null ? null : `${exact}/`, depth + 1);
        } else if (exact === null) rows.push({ path: at + t.name, mode: t.mode, oid: t.oid });
        else {
          const h = headInvalid.get(exact);
          if (h !== undefined && h.oid === t.oid && h.mode === t.mode) headInvalid.delete(exact);
          else headInvalid.set(exact, { mode: t.mode, oid: t.oid });
        }
      }
    };
    await walk(oid, prefix, null, 0);
    for (const r of rows) compareWithHead(r);
    // What HEAD has under the directory and its tree does not: deleted.
    for (const path of [...head.keys()]) {
      if (path.startsWith(prefix)) {
        const h = head.get(path)!;
        head.delete(path);
        deletedInSparse.set(path, h);
      }
    }
  }
  /** HEAD files under a changed sparse directory that its tree lacks. */
  const deletedInSparse = new Map<string, HeadBlob>();

  /**
   * If a skipped HEAD directory starts at entry i, returns the index after its
   * range. The cache-tree count is trusted only when the range really is the
   * prefix's whole run of entries; otherwise that tree is read after all.
   */
  async function skipEnd(i: number): Promise<number> {
    const path = paths.get(i)!;
    let slash = -1;
    do {
      const prefix = path.slice(0, slash + 1);
      const treeOid = skipped.get(prefix);
      if (treeOid !== undefined) {
        const count = cacheCounts.get(prefix) ?? -1;
        const last = i + count - 1;
        const ok = count > 0 && last < n &&
          (i === 0 || !paths.get(i - 1)!.startsWith(prefix)) &&
          paths.get(last)!.startsWith(prefix) &&
          (last + 1 === n || !paths.get(last + 1)!.startsWith(prefix));
        skipped.delete(prefix);
        if (ok) return last + 1;
        await readTrees([[treeOid, prefix, null]], false);
      }
      slash = path.indexOf("/", slash + 1);
    } while (slash >= 0);
    return i;
  }

  let i = 0;
  while (i < n) {
    if (skipped.size > 0) {
      const end = await skipEnd(i);
      if (end !== i) {
        i = end;
        continue;
      }
    }
    const invalid = index.invalidNames?.get(i);
    const e = readEntryKeys(index, i++);
    if (invalid !== undefined) {
      // Compared by its exact name only; the caller names it unchecked.
      const h = headInvalid.get(invalid);
      if (e.stage === 0 && h !== undefined && h.oid === e.oid && h.mode === e.mode) {
        headInvalid.delete(invalid);
      } else indexInvalid.add(invalid);
      continue;
    }
    if (e.stage !== 0) {
      const u = unmergedMasks.get(e.path) ?? { mask: 0, mode: 0 };
      u.mask |= 1 << (e.stage - 1);
      u.mode = e.mode;
      unmergedMasks.set(e.path, u);
      head.delete(e.path);
      continue;
    }
    if ((e.mode & MODE_TYPE_MASK) === MODE_TREE) {
      await compareSparseDir(e.path.endsWith("/") ? e.path : `${e.path}/`, e.oid);
      continue;
    }
    if (e.intentToAdd) continue;
    compareWithHead(e);
  }
  // A matched HEAD directory no index entry fell into (only possible with an
  // inconsistent cache-tree): read it, so its files show up as deleted.
  if (skipped.size > 0) await readTrees([...skipped].map(([p, oid]) => [oid, p, null]), false);
  if (sparseDirs.length > 0) {
    for (const path of [...head.keys()]) {
      if (sparseDirs.some((d) => path.startsWith(d))) head.delete(path);
    }
  }
  for (const [path, h] of deletedInSparse) head.set(path, h);

  const renamesUncompared = await pairRenames(head, added, staged, {
    renames: options.renames ?? true,
    limit: options.renameLimit ?? 1000,
    maxBytes: options.maxRenameBlobBytes ?? 8 * 1024 * 1024,
    objects,
    ...(options.renameText === undefined ? {} : { text: options.renameText }),
  });
  const copiesUncompared = (options.renames ?? true) && options.copies === true
    ? copyCandidates(staged)
    : [];

  const unmerged: UnmergedPath[] = [];
  for (const [path, { mask, mode }] of unmergedMasks) {
    const [x, y] = UNMERGED_XY[mask]!;
    unmerged.push({ path, x, y, mode });
  }
  staged.sort((a, b) => comparePaths(a.path, b.path));
  unmerged.sort((a, b) => comparePaths(a.path, b.path));
  return {
    staged,
    unmerged,
    treesRead,
    invalidHeadNames: [...headInvalid.keys()].sort(),
    invalidIndexNames: [...indexInvalid].sort(),
    renamesUncompared,
    copiesUncompared,
  };
}

/**
 * The additions git may report as copies under copy detection: when an
 * addition (A) remains and there is a source git would copy from (a
 * modified file, M or T, or a source already paired as a rename, whose
 * further matches git reports as copies), every addition and every rename
 * destination: which of several matches of one source git calls the
 * rename and which the copy follows its own pairing order. Without an
 * addition, or without such a source, git finds no copy either (status
 * does not look at unmodified files), and nothing is returned.
 */
function copyCandidates(staged: readonly StagedChange[]): string[] {
  // A gitlink too: git copies one from a modified submodule's old commit (CD).
  const added = (s: StagedChange) => s.x === "A";
  if (!staged.some(added)) return [];
  if (!staged.some((s) => s.x === "M" || s.x === "T" || s.x === "R")) return [];
  return staged.filter((s) => added(s) || s.x === "R").map((s) => s.path).sort(comparePaths);
}

/**
 * Turns D/A pairs into R as git's status does: exact ones (same blob id, or
 * commit for a gitlink, and file type; a same-basename source preferred), then regular files similar
 * enough (rename_similarity.ts); the rest stay D and A. Returns the paths
 * whose inexact pairing could not be scored.
 */
export async function pairRenames(
  deleted: Map<string, HeadBlob>,
  added: IndexedFile[],
  out: StagedChange[],
  options: {
    renames: boolean;
    limit: number;
    maxBytes: number;
    objects: GitObjectReader;
    text?: (path: string) => Promise<boolean | null | "either">;
  },
): Promise<string[]> {
  if (!options.renames) {
    for (const e of added) out.push({ path: e.path, x: "A", headMode: 0, indexMode: e.mode });
    for (const [path, h] of deleted) out.push({ path, x: "D", headMode: h.mode, indexMode: 0 });
    return [];
  }
  const byKey = new Map<string, string[]>();
  // A gitlink pairs too (git mv of a submodule is R.), by its commit alone.
  for (const [path, h] of deleted) {
    const key = `${h.oid}:${h.mode & MODE_TYPE_MASK}`;
    const list = byKey.get(key);
    if (list === undefined) byKey.set(key, [path]);
    else list.push(path);
  }
  const unpaired: IndexedFile[] = [];
  for (const e of added) {
    const list = byKey.get(`${e.oid}:${e.mode & MODE_TYPE_MASK}`);
    if (list === undefined || list.length === 0) {
      unpaired.push(e);
      continue;
    }
    list.sort(comparePaths);
    const base = basename(e.path);
    let pick = list.findIndex((p) => basename(p) === base);
    if (pick < 0) pick = 0;
    const from = list.splice(pick, 1)[0]!;
    const h = deleted.get(from)!;
    deleted.delete(from);
    out.push({ path: e.path, x: "R", headMode: h.mode, indexMode: e.mode, origPath: from });
  }
  const regular = (mode: number) => (mode & MODE_TYPE_MASK) === MODE_FILE;
  // Everything left counts where git asks whether a basename is unique and
  // how many candidates there are; only regular files score.
  const sources: RenameSide[] = [...deleted].map(([path, h]) => ({
    path,
    oid: h.oid,
    regular: regular(h.mode),
  })).sort((a, b) => comparePaths(a.path, b.path));
  const dests: RenameSide[] = unpaired.map((e) => ({
    path: e.path,
    oid: e.oid,
    regular: regular(e.mode),
  })).sort((a, b) => comparePaths(a.path, b.path));
  const scoring = (list: RenameSide[]) => list.filter((s) => s.regular).map((s) => s.path);
  const similar = new Map<string, string>();
  const uncompared: string[] = [];
  const cache = new Map<string, SpanCounts>();
  // Each path's reading is asked once: a path is scored against many others.
  const readings = new Map<string, boolean | null | "either">();
  const counts = async (oid: string, path: string) => {
    // git reads a CR before LF as nothing only in text, which the path's diff attribute may say.
    let text = readings.get(path);
    if (text === undefined) {
      text = (await options.text?.(path)) ?? null;
      readings.set(path, text);
    }
    if (text === "either") throw new RenameNotScored();
    const key = `${oid}:${text}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const obj = await options.objects.read(oid);
    if (obj === null || obj.type !== "blob") throw new RenameNotScored();
    if (obj.data.length > options.maxBytes) throw new RenameNotScored();
    const c = spanCounts(obj.data, text ?? undefined);
    cache.set(key, c);
    return c;
  };
  if (sources.length > 0 && dests.length > 0) {
    // git pairs unique basenames first, whatever the rename limit says
    // (diffcore-rename's find_basename_matches), then weighs the limit
    // against what is left. Each pair scored costs a pass over a blob's
    // spans: past MAX_SCORED_PAIRS the candidates are named uncompared
    // rather than held up.
    try {
      if (basenameCandidates(sources, dests).length > MAX_SCORED_PAIRS) {
        throw new RenameNotScored();
      }
      for (const [d, s] of await pairBasenames(sources, dests, counts)) similar.set(d, s);
    } catch (e) {
      if (!(e instanceof RenameNotScored)) throw e;
      uncompared.push(...scoring(sources), ...scoring(dests));
    }
    const paired = new Set(similar.values());
    const srcLeft = sources.filter((s) => !paired.has(s.path));
    const dstLeft = dests.filter((d) => !similar.has(d.path));
    const withinLimit = srcLeft.length * dstLeft.length <= options.limit * options.limit;
    const scored = scoring(srcLeft).length * scoring(dstLeft).length;
    if (uncompared.length > 0 || !withinLimit || scored === 0) {
      // Named already, or git stops here: what is left stays D and A.
    } else if (scored > MAX_SCORED_PAIRS) {
      uncompared.push(...scoring(srcLeft), ...scoring(dstLeft));
    } else {
      try {
        for (const [d, s] of await pairBest(srcLeft, dstLeft, counts)) similar.set(d, s);
      } catch (e) {
        if (!(e instanceof RenameNotScored)) throw e;
        uncompared.push(...scoring(srcLeft), ...scoring(dstLeft));
      }
    }
  }
  for (const e of unpaired) {
    const from = similar.get(e.path);
    if (from === undefined) {
      out.push({ path: e.path, x: "A", headMode: 0, indexMode: e.mode });
      continue;
    }
    const h = deleted.get(from)!;
    deleted.delete(from);
    out.push({ path: e.path, x: "R", headMode: h.mode, indexMode: e.mode, origPath: from });
  }
  for (const [path, h] of deleted) out.push({ path, x: "D", headMode: h.mode, indexMode: 0 });
  return uncompared.sort(comparePaths);
}

/** Most (source, destination) pairs scored for inexact renames. */
const MAX_SCORED_PAIRS = 10_000;

/** A blob missing or over the cap: the inexact pairing is not scored. */
class RenameNotScored extends Error {}

function basename(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

async function readTree(
  objects: GitObjectReader,
  oid: string,
): Promise<{ mode: number; name: string; oid: string; invalid?: Uint8Array }[]> {
  const obj = await objects.read(oid);
  if (obj === null) {
    throw new GitCorruptError(
      "Cannot read HEAD tree: a tree object is missing",
      "git_object_missing",
      {
        data: { oid },
      },
    );
  }
  if (obj.type !== "tree") {
    throw new GitCorruptError(
      `Cannot read HEAD tree: object is a ${obj.type}, not a tree`,
      "git_tree_invalid",
      {
        data: { oid },
      },
    );
  }
  return parseTree(obj.data).map((t) =>
    t.invalid === undefined
      ? { mode: parseInt(t.mode, 8), name: t.name, oid: t.oid }
      : { mode: parseInt(t.mode, 8), name: t.name, oid: t.oid, invalid: t.invalid }
  );
}
