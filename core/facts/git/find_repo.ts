/**
 * Repository discovery: walk up from a directory to the nearest `.git`,
 * following `gitdir:` files (linked worktrees, submodules) and `commondir`.
 * Reads through the injected ReadFs only.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import type { RepoLocation } from "../types.ts";
import { GitCorruptError, GitUnsupportedError } from "./errors.ts";
import { normalizePath, parentDir } from "../../path.ts";
import { physicalPath } from "./physical_path.ts";
import { readOptionalFile } from "./_read_optional.ts";
import { beforeNul } from "./_ref_store.ts";

/** Options for {@linkcode findRepo}. */
export interface FindRepoOptions extends GitDirOptions {
  /**
   * Directories the walk never climbs into, like `GIT_CEILING_DIRECTORIES`
   * (the start directory itself is always examined).
   * @default []
   */
  ceilingDirs?: readonly string[];
  /**
   * Keep walking when a parent lies on another file system. Git stops there
   * unless `GIT_DISCOVERY_ACROSS_FILESYSTEM` is set.
   * @default false
   */
  acrossFilesystems?: boolean;
}

/**
 * Largest `.git` file taken, git's read_gitfile limit (1 MiB): real ones are
 * one short line, but git reads past any run of trailing line ends.
 */
const MAX_GITFILE_BYTES = 1 << 20;

/**
 * Finds the repository containing `startDir`.
 *
 * Checks `<dir>/.git` for `startDir` and each parent up to the file-system
 * root (or a ceiling, or a file-system boundary). A `.git` directory is used
 * when it looks like a git dir (valid HEAD, objects/ and refs/); an invalid
 * one is skipped, as git does. A `.git` file must read `gitdir: <path>`
 * (relative paths resolve against the file's directory); `commondir` inside
 * the git dir names the shared directory of a linked worktree.
 *
 * Starting inside a `.git` directory finds the repository that owns it,
 * because the walk reaches its parent. Bare repositories are not recognised
 * (null): baton needs a working tree. A bare repository met on the way
 * inside a work tree stops the search as it stops git's (an error).
 *
 * @param fs Read capability.
 * @param startDir Absolute directory to start from.
 * @param options Ceilings, file-system boundary behaviour, and the
 *   directory GIT_OBJECT_DIRECTORY names (git asks it, not `objects/`, of
 *   every directory on the way).
 * @returns The location, or null when no repository contains `startDir`.
 * @throws {GitCorruptError} When a `.git` file is malformed or names no git dir.
 * @throws {GitUnsupportedError} When the walk passes a bare repository inside a work tree.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { findRepo } from "./find_repo.ts";
 * import type { ReadFs } from "../../fs.ts";
 * const empty: ReadFs = {
 *   readFile: () => Promise.reject(Object.assign(new Error("missing"), { code: "ENOENT" })),
 *   readRange: () => Promise.reject(new Error("missing")),
 *   lstat: () => Promise.resolve(null),
 *   lstatMany: (p) => Promise.resolve(p.map(() => null)),
 *   stat: () => Promise.resolve(null),
 *   readDir: () => Promise.resolve([]),
 *   readLink: () => Promise.reject(new Error("missing")),
 *   realPath: (p) => Promise.resolve(p),
 * };
 * assert.equal(await findRepo(empty, "/nowhere/at/all"), null);
 * ```
 */
export async function findRepo(
  fs: ReadFs,
  startDir: string,
  options: FindRepoOptions = {},
): Promise<RepoLocation | null> {
  const ceilings = new Set((options.ceilingDirs ?? []).map(normalizePath));
  let dir: string | null = normalizePath(startDir);
  let dev = options.acrossFilesystems === true ? null : (await fs.stat(dir))?.dev ?? null;
  // A directory on the way that is itself a git directory: git's search
  // stops there (a bare repository) unless it belongs to the repository found
  // above (its own .git or a directory inside it, which collect.ts reports).
  let bareAt: string | null = null;
  let damaged: RepoLocation | null = null;
  while (dir !== null) {
    const found = await checkDir(fs, dir, options);
    if (found !== null) {
      if (bareAt !== null && !insideGitDirs(bareAt, found)) throw bareRepository();
      return found;
    }
    // A `.git` directory git skips for its HEAD alone (junk, a crash's empty
    // file): git goes on upwards, and so does the walk; where it finds nothing
    // above, this one is reported, its HEAD then named unreadable (a damaged
    // repository) rather than no repository at all.
    if (damaged === null) {
      const git = await asGitDir(fs, `${dir === "/" ? "" : dir}/.git`, {
        ...options,
        anyHead: true,
      });
      if (git !== null) damaged = { workTree: dir, ...git };
    }
    if (bareAt === null && await asGitDir(fs, dir, options) !== null) bareAt = dir;
    const parent = parentDir(dir);
    if (parent === null || ceilings.has(parent)) return damaged;
    if (dev !== null) {
      const parentDev = (await fs.stat(parent))?.dev ?? null;
      if (parentDev !== null && parentDev !== dev) return damaged;
      dev = parentDev;
    }
    dir = parent;
  }
  return damaged;
}

/**
 * The repository whose `.git` entry is directly inside `dir`, or null when
 * there is none or it is not valid (a `.git` file naming nothing, a `.git`
 * directory that is not a git directory): git's is_nonbare_repository_dir,
 * which decides whether an untracked directory is a nested repository.
 */
export async function repoAtDir(
  fs: ReadFs,
  dir: string,
  options: GitDirOptions = {},
): Promise<RepoLocation | null> {
  try {
    return await checkDir(fs, dir, options);
  } catch {
    return null;
  }
}

/**
 * {@linkcode repoAtDir}, but "unknown" where the `.git` there names its git
 * directory (or that one its common directory) by a path that is not UTF-8,
 * or a git file names it with a backslash on POSIX: git opens those bytes,
 * which baton cannot, so whether a repository is there cannot be told.
 */
export async function repoOrUnknownAtDir(
  fs: ReadFs,
  dir: string,
  options: GitDirOptions = {},
): Promise<RepoLocation | null | "unknown"> {
  try {
    return await checkDir(fs, dir, options);
  } catch (e) {
    return e instanceof GitUnsupportedError &&
        (e.code === NOT_UTF8_CODE || e.code === BACKSLASH_CODE)
      ? "unknown"
      : null;
  }
}

/** The code of the error for a git directory named by bytes that are not UTF-8. */
const NOT_UTF8_CODE = "git_gitdir_path_unsupported";

/**
 * The code of the error for a git file naming its directory with a
 * backslash on a POSIX system (`gitdir: ../.git/modules/a\\b`, a submodule
 * whose name holds one): a byte of a name to git, which baton's paths
 * cannot hold (physical_path.ts).
 */
const BACKSLASH_CODE = "git_gitdir_path_backslash";

/** git opens a gitdir or commondir path's bytes; one that is not UTF-8 cannot be opened here. */
function notUtf8Path(): GitUnsupportedError {
  return new GitUnsupportedError(
    "a .git file or commondir names a directory by a path that is not UTF-8: git opens those bytes, which baton cannot",
    NOT_UTF8_CODE,
  );
}

/** The repository whose `.git` entry is directly inside `dir`, if any. */
async function checkDir(
  fs: ReadFs,
  dir: string,
  options: GitDirOptions = {},
): Promise<RepoLocation | null> {
  const dotGit = `${dir === "/" ? "" : dir}/.git`;
  const st = await fs.stat(dotGit);
  if (st === null) return null;
  if (st.isDirectory) {
    const git = await asGitDir(fs, dotGit, options);
    return git === null ? null : { workTree: dir, ...git };
  }
  if (!st.isFile) return null;
  const target = await gitFileTarget(fs, dotGit, st.size);
  const git = target === null ? null : await asGitDir(fs, target, options);
  if (git === null) {
    throw new GitCorruptError(
      "Cannot use .git file: the directory it names is not a git directory",
      "git_gitfile_invalid",
      { data: { path: dotGit } },
    );
  }
  return { workTree: dir, ...git };
}

/**
 * The directory a git file (`gitdir: <path>`, git's read_gitfile) names, as
 * the system reads the path from the file's own directory; null where it
 * names nothing the system can reach (a `..` past a missing step, a
 * backslash on POSIX). Whether it is a git directory is not asked.
 *
 * @param fs Read capability.
 * @param file The git file's absolute path.
 * @param size Its size in bytes, from a stat already taken.
 * @throws {GitCorruptError} When the file is larger than a gitdir line or not one `gitdir: <path>` line.
 * @throws {GitUnsupportedError} When the path is not UTF-8, or holds a backslash on POSIX (git opens a name baton cannot).
 */
export async function gitFileTarget(
  fs: ReadFs,
  file: string,
  size: number,
): Promise<string | null> {
  if (size > MAX_GITFILE_BYTES) {
    throw new GitCorruptError(
      "Cannot use .git file: it is larger than a gitdir line",
      "git_gitfile_invalid",
      { data: { path: file } },
    );
  }
  const text = (await readPathText(fs, file, "gitdir: ")) ?? "";
  // git's read_gitfile: "gitdir: " exactly (one space, no BOM), only
  // trailing CR and LF dropped, the rest read as a C string (a NUL ends
  // it); anything else is an invalid git file.
  const path = text.startsWith("gitdir: ")
    ? beforeNul(dropLineEnds(text.slice("gitdir: ".length)))
    : "";
  if (path === "") {
    throw new GitCorruptError(
      'Cannot use .git file: expected one line "gitdir: <path>"',
      "git_gitfile_invalid",
      { data: { path: file } },
    );
  }
  const base = parentDir(file) ?? "/";
  if (path.includes("\\") && base.startsWith("/") && !base.startsWith("//")) {
    throw new GitUnsupportedError(
      "a .git file names its directory by a path holding a backslash: git opens that name, which baton cannot",
      BACKSLASH_CODE,
    );
  }
  // git reads the path as the system does: a `..` after a link climbs from its target.
  return await physicalPath(fs, base, path);
}

/** How git's is_git_directory is asked. */
export interface GitDirOptions {
  /**
   * GIT_OBJECT_DIRECTORY's directory (absolute) when it is set: git then
   * checks it, not the candidate's own `objects/`, for every directory it
   * asks about (a nested repository's too). @default {the candidate's objects/}
   */
  objectDirectory?: string | null;
}

/**
 * git's is_git_directory: HEAD looks valid, and objects/ (or the directory
 * GIT_OBJECT_DIRECTORY names) and refs/ exist in the common dir; with
 * `anyHead`, any HEAD file or link will do (a damaged repository's).
 */
async function asGitDir(
  fs: ReadFs,
  gitDir: string,
  options: { anyHead?: boolean } & GitDirOptions = {},
): Promise<{ gitDir: string; commonDir: string } | null> {
  if (options.anyHead === true) {
    const head = await fs.lstat(`${gitDir}/HEAD`);
    if (head === null || !(head.isFile || head.isSymlink)) return null;
  } else if (!(await validHead(fs, `${gitDir}/HEAD`))) return null;
  let commonDir = gitDir;
  // git keeps every byte of commondir but trailing CR and LF, up to a NUL.
  const read = await readPathText(fs, `${gitDir}/commondir`, "");
  const common = read === null ? "" : beforeNul(dropLineEnds(read));
  if (common !== "") {
    // git takes the real path of <git dir>/<commondir>: through a linked
    // worktrees/<name>, `../..` climbs from the link's target.
    const physical = await physicalPath(fs, gitDir, common);
    if (physical === null) return null;
    commonDir = physical;
  }
  const [objects, refs] = await Promise.all([
    fs.stat(options.objectDirectory ?? `${commonDir}/objects`),
    fs.stat(`${commonDir}/refs`),
  ]);
  if (objects === null || !objects.isDirectory || refs === null || !refs.isDirectory) return null;
  return { gitDir, commonDir };
}

/** How much of HEAD git's validate_headref reads. */
const HEAD_PROBE_BYTES = 255;

/**
 * git's validate_headref: HEAD is a symbolic link whose text starts with
 * `refs/`, or a file whose first 255 bytes, read as a C string (a NUL ends
 * them), start with `ref:`, blanks and `refs/`, or with 40 hex digits. A
 * HEAD that is none of these (a half-written `.git`, junk) makes the
 * directory no git directory to git, whatever else is there.
 */
async function validHead(fs: ReadFs, path: string): Promise<boolean> {
  const st = await fs.lstat(path);
  if (st === null) return false;
  try {
    if (st.isSymlink) return (await fs.readLink(path)).startsWith("refs/");
    if (!st.isFile) return false;
    const text = beforeNul(LATIN1.decode(await fs.readRange(path, 0, HEAD_PROBE_BYTES)));
    return /^ref:[ \t\n\r]*refs\//.test(text) || /^[0-9a-fA-F]{40}/.test(text);
  } catch {
    return false;
  }
}

/** One character per byte: HEAD is matched against ASCII alone. */
const LATIN1 = new TextDecoder("latin1");

/** Text without its trailing CR and LF characters (all of them), as git trims a git file or commondir. */
function dropLineEnds(text: string): string {
  return text.replace(/[\r\n]+$/, "");
}

/** Whether `dir` is the found repository's git or common directory or lies inside one. */
function insideGitDirs(dir: string, repo: RepoLocation): boolean {
  return [repo.gitDir, repo.commonDir].some((g) => dir === g || dir.startsWith(`${g}/`));
}

/** git stops its search at a bare repository: it has no work tree to compare. */
function bareRepository(): GitUnsupportedError {
  return new GitUnsupportedError(
    "started inside a bare repository (a git directory inside the work tree): git stops its search there and gives no status",
    "git_bare_repository_unsupported",
  );
}

/**
 * A file holding a path after `prefix`, its text with every byte kept (a
 * BOM too, which git does not skip), or null when missing. Text without
 * the prefix is decoded lossily (it names no path: git rejects it).
 *
 * @throws {GitUnsupportedError} When the text has the prefix and its bytes
 *   (up to a NUL, where git's C string ends) are not UTF-8: baton cannot
 *   name what git opens.
 */
async function readPathText(fs: ReadFs, path: string, prefix: string): Promise<string | null> {
  const bytes = await readOptionalFile(fs, path);
  if (bytes === null) return null;
  const nul = bytes.indexOf(0);
  const text = nul < 0 ? bytes : bytes.subarray(0, nul);
  try {
    return EXACT_UTF8.decode(text);
  } catch {
    if (LATIN1.decode(text.subarray(0, prefix.length)) === prefix) throw notUtf8Path();
    return new TextDecoder("utf-8", { ignoreBOM: true }).decode(text);
  }
}

/** UTF-8 with every byte kept, failing on bytes that are not UTF-8. */
const EXACT_UTF8 = new TextDecoder("utf-8", { ignoreBOM: true, fatal: true });
