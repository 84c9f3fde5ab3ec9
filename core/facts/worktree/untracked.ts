/**
 * Untracked files: a read-only walk of the work tree through the injected
 * ReadFs, honouring .gitignore at every level, .git/info/exclude and
 * core.excludesFile (matched with npm:ignore), the way `git status -uall`
 * lists them.
 *
 * Rules kept from git's dir.c: `.git` entries are skipped at every level; an
 * ignored directory is never entered (nothing below it can be re-included);
 * symlinks are listed, never followed; a directory that holds a repository of
 * its own and has no tracked content is listed once as `dir/`; directories
 * with nothing to list do not appear.
 * @module
 */
import ignore from "ignore";
import type { DirEntry, ReadFs } from "../../fs.ts";
import type { RepoLocation } from "../types.ts";
import { comparePaths } from "./compare_paths.ts";

/** What the walk needs to know about the index. */
export interface TrackedPaths {
  /** Every index path (any stage). */
  files: ReadonlySet<string>;
  /** Every directory that holds index entries, without a trailing slash. */
  dirs: ReadonlySet<string>;
  /** Gitlink (submodule) paths: directories that are never entered. */
  gitlinks: ReadonlySet<string>;
}

/** Options of {@linkcode findUntracked}. */
export interface FindUntrackedOptions {
  /** core.excludesFile as an absolute path, or null for none. @default {null} */
  excludesFile?: string | null;
  /** Stop after this many untracked paths and report truncation. @default {10000} */
  maxUntracked?: number;
  /** core.ignoreCase for ignore patterns. @default {false} */
  ignoreCase?: boolean;
}

/** Result of {@linkcode findUntracked}. */
export interface UntrackedResult {
  /** Untracked paths in git order; nested repositories end in "/". */
  paths: string[];
  /** True when the cap stopped the walk: `paths.length` is then a lower bound. */
  truncated: boolean;
  /** Directories listed. */
  dirsRead: number;
}

/** Default cap on untracked paths. */
export const DEFAULT_MAX_UNTRACKED = 10_000;

type Matcher = ReturnType<typeof ignore>;

interface IgnoreLevel {
  /** Directory the patterns are relative to: "" or "a/b/". */
  base: string;
  matcher: Matcher;
}

const UTF8 = new TextDecoder();

/**
 * Builds the tracked-path sets the walk consults from index paths.
 *
 * @param entries Index entries (path and mode) in index order, any stage.
 * @returns File, directory and gitlink sets.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTrackedPaths } from "./untracked.ts";
 * const t = buildTrackedPaths([{ path: "a/b/c.txt", mode: 0o100644 }, { path: "s", mode: 0o160000 }]);
 * assert.deepEqual([...t.dirs].sort(), ["a", "a/b"]);
 * assert.ok(t.gitlinks.has("s"));
 * ```
 */
export function buildTrackedPaths(
  entries: Iterable<{ readonly path: string; readonly mode: number }>,
): TrackedPaths {
  const files = new Set<string>();
  const dirs = new Set<string>();
  const gitlinks = new Set<string>();
  let lastDir = "";
  for (const { path, mode } of entries) {
    files.add(path);
    if ((mode & 0o170000) === 0o160000) gitlinks.add(path);
    const slash = path.lastIndexOf("/");
    if (slash < 0) continue;
    const dir = path.slice(0, slash);
    if (dir === lastDir) continue;
    lastDir = dir;
    let d = dir;
    while (!dirs.has(d)) {
      dirs.add(d);
      const up = d.lastIndexOf("/");
      if (up < 0) break;
      d = d.slice(0, up);
    }
  }
  return { files, dirs, gitlinks };
}

/**
 * Lists untracked, not-ignored files of a work tree, one by one (like
 * `-uall`), in git's order, stopping at a cap.
 *
 * Known gap: npm:ignore judges a path together with its parent directories
 * within one ignore file. When a shallower source ignores a directory and a
 * deeper .gitignore re-includes it, that shallower source is not consulted
 * again for the files inside (git would still apply its file patterns).
 *
 * @param fs Read-only file access.
 * @param repo Work tree and git dirs (info/exclude is read from the common dir).
 * @param tracked Index paths, from {@linkcode buildTrackedPaths}.
 * @param options excludesFile, cap and case folding.
 * @returns The untracked paths and whether the cap cut them short.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTrackedPaths, findUntracked } from "./untracked.ts";
 * const files: Record<string, string> = { "/w/a.txt": "", "/w/b.log": "", "/w/.gitignore": "*.log\n" };
 * const fs = {
 *   readDir: (dir: string) => Promise.resolve(Object.keys(files)
 *     .filter((p) => p.startsWith(dir + "/"))
 *     .map((p) => ({ name: p.slice(dir.length + 1), isFile: true, isDirectory: false, isSymlink: false }))),
 *   readFile: (p: string) => files[p] === undefined
 *     ? Promise.reject(new Error("missing"))
 *     : Promise.resolve(new TextEncoder().encode(files[p])),
 * };
 * const res = await findUntracked(
 *   // deno-lint-ignore no-explicit-any
 *   fs as any,
 *   { workTree: "/w", gitDir: "/w/.git", commonDir: "/w/.git" },
 *   buildTrackedPaths([{ path: ".gitignore", mode: 0o100644 }]),
 * );
 * assert.deepEqual(res.paths, ["a.txt"]);
 * ```
 */
export async function findUntracked(
  fs: ReadFs,
  repo: RepoLocation,
  tracked: TrackedPaths,
  options: FindUntrackedOptions = {},
): Promise<UntrackedResult> {
  const max = options.maxUntracked ?? DEFAULT_MAX_UNTRACKED;
  const ignoreCase = options.ignoreCase ?? false;
  const paths: string[] = [];
  let truncated = false;
  let dirsRead = 0;

  const base: IgnoreLevel[] = [];
  const excludesFile = options.excludesFile ?? null;
  for (const file of [excludesFile, `${repo.commonDir}/info/exclude`]) {
    if (file === null) continue;
    const text = await readOptionalText(fs, file);
    if (text !== null) {
      base.push({ base: "", matcher: ignore({ ignorecase: ignoreCase }).add(text) });
    }
  }

  /** Adds a path; false once the cap is passed. */
  function report(path: string): boolean {
    if (paths.length >= max) {
      truncated = true;
      return false;
    }
    paths.push(path);
    return true;
  }

  async function walk(dir: string, levels: IgnoreLevel[], untrackedDir: boolean): Promise<boolean> {
    const abs = dir === "" ? repo.workTree : `${repo.workTree}/${dir.slice(0, -1)}`;
    let list: DirEntry[];
    try {
      list = await fs.readDir(abs);
    } catch {
      return true; // vanished or unreadable while walking: git skips it too
    }
    dirsRead++;
    if (untrackedDir && await isNestedRepo(fs, abs, list)) return report(dir);
    let here = levels;
    const gitignore = list.find((e) => e.name === ".gitignore" && e.isFile);
    if (gitignore !== undefined) {
      const text = await readOptionalText(fs, `${abs}/.gitignore`);
      if (text !== null && text.trim() !== "") {
        here = [...levels, { base: dir, matcher: ignore({ ignorecase: ignoreCase }).add(text) }];
      }
    }
    const sorted = list
      .filter((e) => e.name !== ".git" && (e.isFile || e.isDirectory || e.isSymlink))
      .map((e) => ({ e, key: e.isDirectory ? `${e.name}/` : e.name }))
      .sort((a, b) => comparePaths(a.key, b.key));
    for (const { e } of sorted) {
      const rel = dir + e.name;
      if (e.isDirectory) {
        // A submodule is never entered; a tracked file replaced by a
        // directory is walked like any untracked directory.
        if (tracked.gitlinks.has(rel)) continue;
        if (isIgnored(here, base, `${rel}/`)) continue;
        const hasTracked = tracked.dirs.has(rel);
        if (!await walk(`${rel}/`, here, !hasTracked)) return false;
      } else {
        if (tracked.files.has(rel)) continue;
        if (isIgnored(here, base, rel)) continue;
        if (!report(rel)) return false;
      }
    }
    return true;
  }

  await walk("", [], false);
  return { paths, truncated, dirsRead };
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
  const sub = path.slice(level.base.length);
  const r = level.matcher.test(sub);
  if (r.unignored) return false;
  if (!r.ignored) return null;
  // npm:ignore reports a path as ignored when a parent directory is; the walk
  // only reaches paths whose parents were found not ignored overall, so such
  // an inherited verdict was overridden by a more specific source.
  const end = sub.endsWith("/") ? sub.length - 1 : sub.length;
  const slash = sub.lastIndexOf("/", end - 1);
  if (slash > 0 && level.matcher.test(sub.slice(0, slash + 1)).ignored) return null;
  return true;
}

/** git's is_nonbare_repository_dir, lightly: a .git file, or a .git dir with HEAD. */
async function isNestedRepo(fs: ReadFs, abs: string, list: DirEntry[]): Promise<boolean> {
  const dotGit = list.find((e) => e.name === ".git");
  if (dotGit === undefined) return false;
  if (dotGit.isFile) return true;
  if (!dotGit.isDirectory) return false;
  return (await fs.lstat(`${abs}/.git/HEAD`)) !== null;
}

async function readOptionalText(fs: ReadFs, path: string): Promise<string | null> {
  try {
    return UTF8.decode(await fs.readFile(path));
  } catch {
    return null;
  }
}
