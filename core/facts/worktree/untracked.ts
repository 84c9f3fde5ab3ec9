/**
 * Untracked files: a read-only walk of the work tree through the injected
 * ReadFs, honouring .gitignore at every level, .git/info/exclude and
 * core.excludesFile (matched by ./gitignore.ts), the way `git status -uall`
 * lists them.
 *
 * Rules kept from git's dir.c: `.git` entries are skipped at every level; an
 * ignored directory is never entered (nothing below it can be re-included);
 * symlinks are listed, never followed; a directory that holds a repository of
 * its own and has no tracked content is listed once as `dir/`; directories
 * with nothing to list do not appear.
 * @module
 */
import type { DirEntry, ReadFs } from "../../fs.ts";
import type { RepoLocation } from "../types.ts";
import { comparePaths } from "./compare_paths.ts";
import { type GitignoreRules, matchGitignore, parseGitignore } from "./gitignore.ts";
import {
  buildTrackedTree,
  dirFiles,
  someFile,
  type TrackedDir,
  type TrackedTree,
} from "./tracked_tree.ts";
import { buildIndex, ENTRY_WORDS, entryOid, FIELD, mayHaveExtendedFlags } from "./index_file.ts";
import { MODE_GITLINK, MODE_TREE, MODE_TYPE_MASK } from "./compare_stat.ts";
import { repoOrUnknownAtDir } from "../git/find_repo.ts";
import { readPatternFile } from "../git/read_git_file.ts";
import { pathTooLong, workTreeBytes } from "./path_too_long.ts";

/**
 * A directory listing in the listing cache's stored form: the names joined
 * with "/" (which no name holds) and one kind letter per name (`f` file,
 * `d` directory, `l` symlink, `o` other). The walk reads it in place and
 * makes a string only for the names it needs, where entry objects would be
 * one object and one string per name (50k of each at 50k files).
 */
export interface PackedListing {
  names: string;
  kinds: string;
  /**
   * Names left out (a compact listing: only subdirectories, `.git` and
   * `.gitignore` kept). Read only while the index tracks that many existing
   * names besides those; else the walk asks for the whole listing.
   * @default {0}
   */
  omitted?: number;
}

/** A listing as the walk takes it: entry objects, or the packed form. */
export type DirListing = DirEntry[] | PackedListing;

/** Options of {@linkcode findUntracked}. */
export interface FindUntrackedOptions {
  /**
   * Lists a directory (a cache may stand in front of `fs.readDir`); with
   * `whole` a compact listing is not enough. @default {fs.readDir}
   */
  readDir?: (path: string, whole?: boolean) => Promise<DirListing>;
  /** Told of each directory whose every listed name the index tracks. @default {nothing} */
  onAllTracked?: (path: string) => void;
  /** The index as directories, from {@linkcode buildTrackedTree}. @default {nothing tracked} */
  tracked?: TrackedTree;
  /**
   * The tracked names that are not UTF-8 as the runtime reads them (with
   * U+FFFD), each mapped to whether a valid tracked name reads the same: a
   * listed name reading as one is not taken for it unread. @default {none}
   */
  lossyTracked?: ReadonlyMap<string, boolean>;
  /** core.excludesFile as an absolute path, or null for none. @default {null} */
  excludesFile?: string | null;
  /** Stop after this many untracked paths and report truncation. @default {10000} */
  maxUntracked?: number;
  /** core.ignoreCase for ignore patterns. @default {false} */
  ignoreCase?: boolean;
  /** GIT_OBJECT_DIRECTORY (absolute) when set: git asks it of a nested repository. @default {null} */
  objectDirectory?: string | null;
  /** True once the time budget is spent: the walk stops and reports truncation. @default {never} */
  expired?: () => boolean;
  /**
   * Directories whose lstat size is larger are not listed (one listing of a
   * huge directory cannot be interrupted by the time budget); they are
   * reported in `skippedDirs` and the result is truncated. @default {no limit}
   */
  maxDirBytes?: number;
  /**
   * Reads a blob by id: where a directory's `.gitignore` is not in the work
   * tree (or is a link, which git does not follow) but the index holds it
   * with the skip-worktree bit, git reads the index's copy. @default {no fallback}
   */
  readBlob?: (oid: string) => Promise<Uint8Array | null>;
  /**
   * Whether any entry of the tracked index has the skip-worktree bit, when
   * the caller has looked already (a pass over every entry). @default {looked up when needed}
   */
  skipWorktree?: boolean;
}

/** Result of {@linkcode findUntracked}. */
export interface UntrackedResult {
  /** Untracked paths in git order; nested repositories end in "/". */
  paths: string[];
  /** True when the cap stopped the walk: `paths.length` is then a lower bound. */
  truncated: boolean;
  /** Directories listed. */
  dirsRead: number;
  /** True when the time budget (not the cap) stopped the walk. */
  expired: boolean;
  /** Directories ("a/b/") not listed because of `maxDirBytes`. */
  skippedDirs: string[];
  /**
   * Untracked directories ("a/b/") not listed because their `.git` names a
   * git directory by a path that is not UTF-8: git may take each for a
   * nested repository (one "a/b/") or not (its files), baton cannot tell.
   */
  unknownRepoDirs: string[];
  /**
   * Sparse-index directories ("a/b/") present in the work tree: git expands
   * the index there and compares each file; they are not listed here.
   */
  sparseDirs: string[];
  /**
   * Names that are not UTF-8 whose untracked state the runtime cannot tell,
   * so the list may lack them: one an ignore rule matched (git matches its
   * bytes, which the runtime lost), or one that reads as a tracked name
   * that is not UTF-8 either (the same bytes or others).
   */
  lossyIgnored: number;
}

/** Default cap on untracked paths. */
export const DEFAULT_MAX_UNTRACKED = 10_000;

interface IgnoreLevel {
  /** Directory the patterns are relative to: "" or "a/b/". */
  base: string;
  rules: GitignoreRules;
}

const UTF8 = new TextDecoder();

/**
 * Lists untracked, not-ignored files of a work tree, one by one (like
 * `-uall`), in git's order, stopping at a cap.
 *
 * Every level is consulted for every path, deepest first, and the first
 * level with a matching pattern decides, as in git.
 *
 * @param fs Read-only file access.
 * @param repo Work tree and git dirs (info/exclude is read from the common dir).
 * @param options The tracked tree, excludesFile, cap and case folding.
 * @returns The untracked paths and whether the cap cut them short.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { findUntracked } from "./untracked.ts";
 * import { buildTrackedTree } from "./tracked_tree.ts";
 * import { buildIndex } from "./index_file.ts";
 * const files: Record<string, string> = { "/w/a.txt": "", "/w/b.log": "", "/w/.gitignore": "*.log\n" };
 * const fs = {
 *   readDir: (dir: string) => Promise.resolve(Object.keys(files)
 *     .filter((p) => p.startsWith(dir + "/"))
 *     .map((p) => ({ name: p.slice(dir.length + 1), isFile: true, isDirectory: false, isSymlink: false }))),
 *   readFile: (p: string) => files[p] === undefined
 *     ? Promise.reject(new Error("missing"))
 *     : Promise.resolve(new TextEncoder().encode(files[p])),
 *   stat: (p: string) => Promise.resolve(files[p] === undefined ? null : {
 *     isFile: true, isDirectory: false, isSymlink: false, size: files[p].length,
 *   }),
 * };
 * const withLstat = { ...fs, lstat: fs.stat };
 * const res = await findUntracked(
 *   // deno-lint-ignore no-explicit-any
 *   withLstat as any,
 *   { workTree: "/w", gitDir: "/w/.git", commonDir: "/w/.git" },
 *   { tracked: buildTrackedTree(buildIndex([{ path: ".gitignore" }])) },
 * );
 * assert.deepEqual(res.paths, ["a.txt"]);
 * ```
 */
export async function findUntracked(
  fs: ReadFs,
  repo: RepoLocation,
  options: FindUntrackedOptions = {},
): Promise<UntrackedResult> {
  const tracked = options.tracked ?? buildTrackedTree(buildIndex([]));
  const max = options.maxUntracked ?? DEFAULT_MAX_UNTRACKED;
  const ignoreCase = options.ignoreCase ?? false;
  const readDir = options.readDir ?? ((path: string) => fs.readDir(path));
  const workBytes = workTreeBytes(repo.workTree);
  const paths: string[] = [];
  let truncated = false;
  let dirsRead = 0;
  const expiredFn = options.expired ?? (() => false);
  let expired = false;
  const maxDirBytes = options.maxDirBytes ?? Infinity;
  const skippedDirs: string[] = [];
  const unknownRepoDirs: string[] = [];
  const sparseDirs: string[] = [];
  let lossyIgnored = 0;

  /**
   * Counts a name an ignore rule matched that the runtime decoded lossily
   * (U+FFFD for bytes that are not UTF-8, and no such file by that name):
   * git matched its bytes, which are lost, so whether it is ignored is not
   * known. Names without U+FFFD cost nothing.
   */
  async function unsureIfIgnored(rel: string): Promise<void> {
    if (!rel.includes("\uFFFD")) return;
    if ((await fs.lstat(`${repo.workTree}/${rel}`)) === null) lossyIgnored++;
  }

  const lossyTracked = options.lossyTracked;

  /**
   * How often each name with U+FFFD occurs in a listing, counted once per
   * listing: asked for each such name, a count over the whole listing each
   * time cost a folder of n of them n² entries.
   */
  const lossyCountsOf = new WeakMap<DirListing, Map<string, number>>();
  function lossyCounts(listed: DirListing): Map<string, number> {
    let counts = lossyCountsOf.get(listed);
    if (counts === undefined) {
      counts = new Map();
      for (const x of entriesOf(listed, false)) {
        if (x.name.includes("\uFFFD")) counts.set(x.name, (counts.get(x.name) ?? 0) + 1);
      }
      lossyCountsOf.set(listed, counts);
    }
    return counts;
  }

  /**
   * A listed name with U+FFFD that reads as a tracked name that is not
   * UTF-8 (`rel`): a file this runtime opens by that text is a UTF-8 name
   * (U+FFFD itself), tracked only where a valid tracked name reads the same;
   * one it cannot open has other bytes, the tracked ones or not: unsure. Two
   * listed names reading the same are unsure too.
   */
  async function lossyTrackedName(
    abs: string,
    rel: string,
    name: string,
    listed: DirListing,
  ): Promise<"tracked" | "untracked" | "unsure"> {
    if ((lossyCounts(listed).get(name) ?? 0) > 1) return "unsure";
    if ((await fs.lstat(`${abs}/${name}`)) === null) return "unsure";
    return lossyTracked!.get(rel) === true ? "tracked" : "untracked";
  }

  const base: IgnoreLevel[] = [];
  const excludesFile = options.excludesFile ?? null;
  for (const file of [excludesFile, `${repo.commonDir}/info/exclude`]) {
    if (file === null) continue;
    const text = await readPatternFile(fs, file);
    const rules = text === null ? null : parseGitignore(text, { ignoreCase });
    // A file of comments alone (git's stock info/exclude) decides nothing:
    // not asked about every path.
    if (rules !== null && rules.rules.length > 0) base.push({ base: "", rules });
  }

  // Whether any index entry has the skip-worktree bit, looked up once: only
  // such an entry's .gitignore is read from the index, and without one the
  // per-directory search (a string comparison per tracked file of each
  // directory with no .gitignore, 50k at 50k files) finds nothing.
  let skipWorktree: boolean | null = options.skipWorktree ?? null;
  const anySkipWorktree = (): boolean => skipWorktree ??= hasSkipWorktree(tracked);

  /** Adds a path; false once the cap is passed. */
  function report(path: string): boolean {
    if ((paths.length & 255) === 0 && expiredFn()) {
      truncated = expired = true;
      return false;
    }
    if (paths.length >= max) {
      truncated = true;
      return false;
    }
    paths.push(path);
    return true;
  }

  /**
   * With core.ignoreCase git finds a name in the index whatever its ASCII
   * case (its name hash folds ASCII letters only): a file whose case
   * differs from the tracked one is not untracked.
   */
  const fold = ignoreCase
    ? (name: string) => name.replace(/[A-Z]+/g, (m) => m.toLowerCase())
    : (name: string) => name;
  let foldedDirs: Map<string, TrackedDir> | null = null;
  function trackedDir(rel: string): TrackedDir | undefined {
    const exact = tracked.dirs.get(rel);
    if (exact !== undefined || !ignoreCase) return exact;
    foldedDirs ??= new Map([...tracked.dirs].map(([p, d]) => [fold(p), d]));
    return foldedDirs.get(fold(rel));
  }

  let foldedGroups: Map<string, TrackedDir[]> | null = null;
  /**
   * The tracked directories git's case-folded lookup searches for a name in
   * `dir` ("a/b/"): under ignoreCase every one whose path folds alike ("A/"
   * and "a/" both), else `node` alone.
   */
  function lookedIn(node: TrackedDir, dir: string): TrackedDir[] {
    if (!ignoreCase || dir === "") return [node];
    if (foldedGroups === null) {
      foldedGroups = new Map();
      for (const [p, d] of tracked.dirs) {
        const key = fold(p);
        const group = foldedGroups.get(key);
        if (group === undefined) foldedGroups.set(key, [d]);
        else group.push(d);
      }
    }
    return foldedGroups.get(fold(dir.slice(0, -1))) ?? [node];
  }

  /** Names (with modes) directly in a tracked directory, case-folded under ignoreCase; built only when needed. */
  function directNames(node: TrackedDir, dir: string): Map<string, number> {
    const names = new Map<string, number>();
    const { paths, fields } = tracked.index;
    // Folding keeps lengths (ASCII letters only): each group member's names start at dir.length.
    for (const n of lookedIn(node, dir)) {
      for (const k of dirFiles(tracked, n)) {
        names.set(fold(paths.get(k)!.slice(dir.length)), fields[k * ENTRY_WORDS + FIELD.mode]!);
      }
    }
    return names;
  }

  /**
   * Every name is tracked when the listing has exactly as many names as
   * tracked content known to exist here: only subdirectories need a look.
   * (Not for a directory found only by folding case: its listing is another directory's.)
   */
  function allTrackedHere(count: number, dir: string, node: TrackedDir | undefined): boolean {
    const present = node === undefined ? -1 : tracked.present[node]!;
    return present >= 0 && count === present &&
      (!ignoreCase || dir === "" || tracked.dirs.get(dir.slice(0, -1)) === node);
  }

  /**
   * Walks one directory ("" or "a/b/"); `node` is its tracked content, if any.
   * Returns false once the cap stopped the walk.
   */
  async function walk(
    dir: string,
    node: TrackedDir | undefined,
    levels: IgnoreLevel[],
    namedInIndex = false,
  ): Promise<boolean> {
    const abs = dir === "" ? repo.workTree : `${repo.workTree}/${dir.slice(0, -1)}`;
    if (expiredFn()) {
      truncated = expired = true;
      return false;
    }
    if (maxDirBytes !== Infinity && ((await fs.lstat(abs))?.size ?? 0) > maxDirBytes) {
      skippedDirs.push(dir === "" ? "./" : dir);
      truncated = true;
      return true;
    }
    let listed: DirListing;
    let summary: ListingSummary;
    try {
      listed = await readDir(abs);
      summary = summarize(listed);
      if (
        !Array.isArray(listed) && (listed.omitted ?? 0) > 0 &&
        !allTrackedHere(summary.count, dir, node)
      ) {
        // A compact listing holds what an all-tracked directory needs; this
        // one no longer is (a name left the index): every name is read.
        listed = await readDir(abs, true);
        summary = summarize(listed);
      }
    } catch {
      // A name that is not UTF-8 comes from the listing with U+FFFD and
      // cannot be opened by it: an untracked one is listed as a directory
      // (shown lossily), never left out as if it were empty.
      if (node === undefined && dir.includes("\uFFFD")) return report(dir);
      if (pathTooLong(workBytes, dir.slice(0, -1))) {
        // Named from the top, git may open what baton's absolute path cannot.
        skippedDirs.push(dir);
        truncated = true;
        return true;
      }
      return true; // vanished or unreadable while walking: git skips it too
    }
    dirsRead++;
    const { count, hasIgnoreFile, dotGit } = summary;
    const nested = node === undefined && dir !== "" &&
      await nestedRepo(fs, abs, dotGit, options.objectDirectory ?? null);
    if (nested === "unknown") {
      unknownRepoDirs.push(dir);
      return true;
    }
    if (nested) {
      // A nested repository where the index tracks a file of its name is not
      // untracked (git's index_name_is_other); the scan names the change.
      return namedInIndex ? true : report(dir);
    }
    let here = levels;
    let text = hasIgnoreFile
      ? await readPatternFile(fs, `${abs}/.gitignore`, { follow: false })
      : null;
    if (
      text === null && node !== undefined && options.readBlob !== undefined && anySkipWorktree()
    ) {
      text = await skipWorktreeIgnore(tracked, node, `${dir}.gitignore`, options.readBlob);
    }
    if (text !== null && text.trim() !== "") {
      const rules = parseGitignore(text, { ignoreCase });
      if (rules.rules.length > 0) here = [...levels, { base: dir, rules }];
    }
    const allTracked = allTrackedHere(count, dir, node);
    if (allTracked) options.onAllTracked?.(abs);
    let names: Map<string, number> | null = null;
    const todo: DirEntry[] = [];
    // Where every name is tracked, only the subdirectories become entries.
    for (const e of entriesOf(listed, allTracked)) {
      // git skips its own name, under core.ignoreCase in any ASCII case (.GIT, .Git).
      if (e.name === ".git" || (ignoreCase && /^\.git$/i.test(e.name))) continue;
      if (e.isDirectory) todo.push(e);
      else if (!e.isFile && !e.isSymlink) continue;
      else if (allTracked) continue;
      else if (node !== undefined && (names ??= directNames(node, dir)).has(fold(e.name))) {
        if (e.name.includes("\uFFFD") && lossyTracked?.has(dir + e.name) === true) {
          const verdict = await lossyTrackedName(abs, dir + e.name, e.name, listed);
          if (verdict === "unsure") lossyIgnored++;
          else if (verdict === "untracked") todo.push(e);
        }
      } else todo.push(e);
    }
    if (todo.length > 1) {
      todo.sort((a, b) =>
        comparePaths(a.isDirectory ? `${a.name}/` : a.name, b.isDirectory ? `${b.name}/` : b.name)
      );
    }
    for (const e of todo) {
      const rel = dir + e.name;
      if (e.isDirectory) {
        const child = trackedDir(rel);
        let tracksName = false;
        if (child === undefined && node !== undefined) {
          // A submodule is never entered; a tracked file replaced by a
          // directory is walked like any untracked directory.
          const mode = (names ??= directNames(node, dir)).get(fold(e.name));
          if (mode !== undefined && (mode & MODE_TYPE_MASK) === MODE_GITLINK) continue;
          tracksName = mode !== undefined && tracksExactly(tracked, node, rel);
        }
        if (child !== undefined && isSparseDir(tracked, child)) {
          sparseDirs.push(`${rel}/`);
          continue;
        }
        if (isIgnored(here, base, `${rel}/`)) {
          await unsureIfIgnored(rel);
          continue;
        }
        if (!await walk(`${rel}/`, child, here, tracksName)) return false;
      } else {
        if (isIgnored(here, base, rel)) {
          await unsureIfIgnored(rel);
          continue;
        }
        if (!report(rel)) return false;
      }
    }
    return true;
  }

  await walk("", tracked.dirs.get(""), []);
  return {
    paths,
    truncated,
    dirsRead,
    expired,
    skippedDirs,
    unknownRepoDirs,
    sparseDirs,
    lossyIgnored,
  };
}

/**
 * Decides a path against the ignore sources, most specific first: the
 * deepest .gitignore, up to the root one, then info/exclude, then
 * core.excludesFile. Within one source the last matching pattern wins
 * (npm:ignore), and a negation there settles it.
 */
function isIgnored(levels: IgnoreLevel[], base: IgnoreLevel[], path: string): boolean {
  for (let k = levels.length - 1; k >= 0; k--) {
    const verdict = decide(levels[k]!, path);
    if (verdict !== null) return verdict;
  }
  for (let k = base.length - 1; k >= 0; k--) {
    const verdict = decide(base[k]!, path);
    if (verdict !== null) return verdict;
  }
  return false;
}

function decide(level: IgnoreLevel, path: string): boolean | null {
  const verdict = matchGitignore(level.rules, path.slice(level.base.length));
  return verdict === null ? null : verdict === "ignored";
}

/** What the walk needs of a whole listing before it looks at single names. */
interface ListingSummary {
  /** Names other than `.git`. */
  count: number;
  /** A `.gitignore` that is a regular file. */
  hasIgnoreFile: boolean;
  /**
   * Whether `.git` is there as a file, a directory or a symbolic link (git
   * follows a link: one to a git directory or a git file makes a nested
   * repository).
   */
  dotGit: boolean;
}

function summarize(listed: DirListing): ListingSummary {
  let count = 0;
  let hasIgnoreFile = false;
  let dotGit = false;
  if (Array.isArray(listed)) {
    for (const e of listed) {
      if (e.name === ".git") {
        dotGit ||= e.isFile || e.isDirectory || e.isSymlink;
        continue;
      }
      count++;
      if (e.name === ".gitignore" && e.isFile) hasIgnoreFile = true;
    }
    return { count, hasIgnoreFile, dotGit };
  }
  const { names, kinds } = listed;
  count = listed.omitted ?? 0;
  let start = 0;
  for (let i = 0; i < kinds.length; i++) {
    const slash = names.indexOf("/", start);
    const end = slash < 0 ? names.length : slash;
    const kind = kinds.charCodeAt(i);
    if (isName(names, start, end, ".git")) {
      dotGit ||= kind === KIND_FILE || kind === KIND_DIR || kind === KIND_LINK;
    } else {
      count++;
      if (kind === KIND_FILE && isName(names, start, end, ".gitignore")) hasIgnoreFile = true;
    }
    start = end + 1;
  }
  return { count, hasIgnoreFile, dotGit };
}

const KIND_FILE = 0x66; // "f"
const KIND_DIR = 0x64; // "d"
const KIND_LINK = 0x6c; // "l"

function isName(names: string, start: number, end: number, name: string): boolean {
  return end - start === name.length && names.startsWith(name, start);
}

/** The listing's entries (only its directories when `dirsOnly`), `.git` left in. */
function entriesOf(listed: DirListing, dirsOnly: boolean): DirEntry[] {
  if (Array.isArray(listed)) return listed;
  const { names, kinds } = listed;
  const out: DirEntry[] = [];
  let start = 0;
  for (let i = 0; i < kinds.length; i++) {
    const slash = names.indexOf("/", start);
    const end = slash < 0 ? names.length : slash;
    const kind = kinds.charCodeAt(i);
    if (!dirsOnly || kind === KIND_DIR) {
      out.push({
        name: names.slice(start, end),
        isFile: kind === KIND_FILE,
        isDirectory: kind === KIND_DIR,
        isSymlink: kind === KIND_LINK,
      });
    }
    start = end + 1;
  }
  return out;
}

/**
 * A `.git` here that names a valid git directory (one that names nothing
 * does not count); "unknown" where it names one by bytes that are not UTF-8.
 */
async function nestedRepo(
  fs: ReadFs,
  abs: string,
  dotGit: boolean,
  objectDirectory: string | null,
): Promise<boolean | "unknown"> {
  if (!dotGit) return false;
  const found = await repoOrUnknownAtDir(fs, abs, { objectDirectory });
  return found === "unknown" ? found : found !== null;
}

/**
 * The index's `.gitignore` at `path` when its stage-0 entry has the
 * skip-worktree bit (git's read_skip_worktree_file_from_index), else null.
 */
async function skipWorktreeIgnore(
  tracked: TrackedTree,
  node: TrackedDir,
  path: string,
  readBlob: (oid: string) => Promise<Uint8Array | null>,
): Promise<string | null> {
  const { paths, fields } = tracked.index;
  for (const k of dirFiles(tracked, node)) {
    if (paths.get(k) !== path) continue;
    const f = k * ENTRY_WORDS;
    if (((fields[f + FIELD.flags]! >> 12) & 3) !== 0) continue;
    if ((fields[f + FIELD.extended]! & 0x4000) === 0) return null;
    const blob = await readBlob(entryOid(tracked.index, k)).catch(() => null);
    return blob === null ? null : UTF8.decode(blob);
  }
  return null;
}

/** Whether any entry of the tracked index has the skip-worktree bit. */
function hasSkipWorktree(tracked: TrackedTree): boolean {
  if (!mayHaveExtendedFlags(tracked.index)) return false;
  const { count, fields } = tracked.index;
  const end = count * ENTRY_WORDS;
  for (let at = FIELD.extended; at < end; at += ENTRY_WORDS) {
    if ((fields[at]! & 0x4000) !== 0) return true;
  }
  return false;
}

/** Whether an entry of `node` (any stage) has exactly the path `rel` (git compares bytes, not folded case). */
function tracksExactly(tracked: TrackedTree, node: TrackedDir, rel: string): boolean {
  return someFile(tracked, node, (k) => tracked.index.paths.get(k) === rel);
}

/** A sparse-index directory entry ("dir/", mode 040000) stands for this tracked directory. */
function isSparseDir(tracked: TrackedTree, node: TrackedDir): boolean {
  const { paths, fields } = tracked.index;
  return someFile(tracked, node, (k) =>
    paths.get(k)!.endsWith("/") &&
    (fields[k * ENTRY_WORDS + FIELD.mode]! & MODE_TYPE_MASK) === MODE_TREE);
}
