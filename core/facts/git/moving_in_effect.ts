/**
 * Which of git's moving variables (GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE,
 * GIT_OBJECT_DIRECTORY, GIT_COMMON_DIR, GIT_ALTERNATE_OBJECT_DIRECTORIES)
 * make git read something other than what baton found, and how much of the
 * repository that moves. A variable naming exactly what discovery found
 * (compared by real paths, as a git hook sets GIT_DIR=.git at the top of
 * its work tree) moves nothing. GIT_DIR or GIT_COMMON_DIR naming another
 * directory moves the whole repository (HEAD, refs, config, objects): no
 * fact of the one found is git's. GIT_INDEX_FILE naming another index is
 * followed (git compares the work tree with that index, and so does baton).
 * GIT_OBJECT_DIRECTORY naming another store and GIT_ALTERNATE_OBJECT_DIRECTORIES
 * are named in `worktree` (the handoff commit, which writes objects, refuses
 * them) and described in `objectStores`, which the facts follow: objects are
 * named by their content, so reading the stores git reads answers as git
 * does, and an object missing from them is missing to both. GIT_WORK_TREE
 * naming another directory moves the work-tree comparison. With GIT_DIR set and no GIT_WORK_TREE nor core.worktree, git takes
 * the directory it was started in as the top of the work tree (git(1)).
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import { parentDir } from "../../path.ts";
import type { RepoLocation } from "../types.ts";
import { type GitEnvironment, movingVariables } from "./git_environment.ts";
import { physicalPath, systemJoin } from "./physical_path.ts";
import { alternatesEntries } from "./alternates_list.ts";
import { gitFileTarget } from "./find_repo.ts";

/** What the moving variables set in the environment change. */
export interface MovingInEffect {
  /** Variables that make git read another repository than the one found (GIT_DIR, GIT_COMMON_DIR). */
  repository: string[];
  /** Variables that make git compare another work tree or object store. */
  worktree: string[];
  /**
   * The index file GIT_INDEX_FILE names where it is another one than
   * `<git dir>/index` (absolute: a relative one is read from the top of the
   * work tree, where git has moved by then); baton reads that one, as git
   * does; "" for an empty GIT_INDEX_FILE (a file git cannot open: an empty
   * index). Null when unset or the same file.
   */
  indexFile: string | null;
  /**
   * The object stores git reads where GIT_OBJECT_DIRECTORY or
   * GIT_ALTERNATE_OBJECT_DIRECTORIES move them (absolute paths): `directory`
   * the first one (null: `<common dir>/objects`), `alternates` the ones the
   * variable adds. Null when neither is set, or where baton cannot tell
   * which stores git reads (a C-quoted alternate whose bytes are not
   * UTF-8). A relative GIT_OBJECT_DIRECTORY is read from the top of the work
   * tree, where git reads objects, wherever it started.
   */
  objectStores: { directory: string | null; alternates: string[] } | null;
}

/** The variables that move only where git reads objects (followed through `objectStores`). */
export const OBJECT_VARIABLES: readonly string[] = [
  "GIT_OBJECT_DIRECTORY",
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
];

/** Why no fact of the repository found is git's while `names` are set (names only, never values). */
export function gitRepositoryReason(names: readonly string[]): string {
  return `${names.join(", ")} ${
    names.length === 1 ? "names" : "name"
  } another repository than the one baton finds here: git would read that one`;
}

/** Real path of `path`; for one that does not exist, its parent's real path and its name. */
async function realOf(fs: ReadFs, path: string): Promise<string | null> {
  try {
    return await fs.realPath(path);
  } catch {
    const parent = parentDir(path);
    if (parent === null) return null;
    const name = path.slice(parent.length).replace(/^\/+/, "");
    try {
      const real = await fs.realPath(parent);
      return `${real === "/" ? "" : real}/${name}`;
    } catch {
      return null;
    }
  }
}

/**
 * Whether `value` (relative to `base`, read as the system reads it: a `..`
 * after a link climbs from its target) names the same file as `target`.
 */
async function sameAs(fs: ReadFs, base: string, value: string, target: string): Promise<boolean> {
  const physical = await physicalPath(fs, base, value);
  const a = physical === null ? null : await realOf(fs, physical);
  const b = await realOf(fs, target);
  return a !== null && a === b;
}

/**
 * GIT_DIR's value, or where it names a git file (`gitdir: <path>`), the
 * directory that file names: git's setup_explicit_git_dir reads a git file
 * there as discovery reads a `.git` file. Null for one git cannot read
 * (not one gitdir line: git stops) or baton cannot (a path that is not
 * UTF-8), and for one that names nothing.
 */
async function followGitFile(fs: ReadFs, cwd: string, value: string): Promise<string | null> {
  const path = await physicalPath(fs, cwd, value);
  const st = path === null ? null : await fs.stat(path).catch(() => null);
  if (path === null || st === null || !st.isFile) return value;
  return await gitFileTarget(fs, path, st.size).catch(() => null);
}

/**
 * The moving variables of `env` in effect for `repo`, found from `cwd`.
 *
 * @param fs Read capability (real paths only).
 * @param cwd The directory baton (and git) started in.
 * @param repo The repository discovery found.
 * @param env git's variables in the environment.
 * @param hasWorkTreeSetting Whether the config sets core.worktree (then git takes that, checked elsewhere).
 */
export async function movingInEffect(
  fs: ReadFs,
  cwd: string,
  repo: RepoLocation,
  env: GitEnvironment,
  hasWorkTreeSetting: boolean,
): Promise<MovingInEffect> {
  const out: MovingInEffect = { repository: [], worktree: [], indexFile: null, objectStores: null };
  const names = movingVariables(env);
  // None set (the common case): no path is resolved at all.
  if (names.length === 0) return out;
  const realCwd = await realOf(fs, cwd);
  const realTop = await realOf(fs, repo.workTree);
  const atTop = realCwd !== null && realCwd === realTop;
  // Where git reads objects, while every variable that moves them can be followed.
  let stores: { directory: string | null; alternates: string[] } | null = {
    directory: null,
    alternates: [],
  };
  for (const name of names) {
    const value = env[name]!;
    if (value === "" && name !== "GIT_INDEX_FILE") {
      // git stops ("not a git repository: ''", "The empty string is not a valid path").
      out.repository.push(name);
      continue;
    }
    switch (name) {
      case "GIT_DIR": {
        const named = await followGitFile(fs, cwd, value);
        if (named === null || !await sameAs(fs, cwd, named, repo.gitDir)) out.repository.push(name);
        else if (!("GIT_WORK_TREE" in env) && !hasWorkTreeSetting && !atTop) {
          // git's work tree is then the start directory, not the top baton found.
          out.worktree.push(name);
        }
        break;
      }
      case "GIT_COMMON_DIR":
        if (!await sameAs(fs, cwd, value, repo.commonDir)) out.repository.push(name);
        break;
      case "GIT_WORK_TREE":
        if (!await sameAs(fs, cwd, value, repo.workTree)) out.worktree.push(name);
        break;
      case "GIT_INDEX_FILE": {
        // An empty one names the file "", which git cannot open: an empty index.
        if (value === "") {
          out.indexFile = "";
          break;
        }
        // A relative one is read after git moved to the top of the work tree.
        // Through a missing directory and `..`: a file git cannot open, as "".
        const index = await physicalPath(fs, repo.workTree, value) ?? "";
        if (index === "") out.indexFile = "";
        else if (!await sameAs(fs, repo.workTree, index, `${repo.gitDir}/index`)) {
          out.indexFile = index;
        }
        break;
      }
      case "GIT_OBJECT_DIRECTORY": {
        // git reads objects after it moved to the top of the work tree: a
        // relative one names the directory below the top's real path, from
        // wherever git started (its search, from there, is collect.ts's).
        if (realTop === null) {
          out.worktree.push(name);
          stores = null;
          break;
        }
        const dir = await physicalPath(fs, realTop, value) ?? systemJoin(realTop, value);
        if (await sameAs(fs, "/", dir, `${repo.commonDir}/objects`)) break;
        out.worktree.push(name);
        if (stores !== null) stores.directory = dir;
        break;
      }
      default: {
        // GIT_ALTERNATE_OBJECT_DIRECTORIES: more stores, each read with its
        // own info/alternates; a relative one from the top's real path (git
        // has moved there and resolves it by realpath).
        out.worktree.push(name);
        const added = alternatesEntries(value, ":");
        if (added === null || realTop === null || stores === null) stores = null;
        else {
          // Each is read as the system reads it (git takes its real path).
          const found = await Promise.all(added.map((p) => physicalPath(fs, realTop, p)));
          stores.alternates = found.filter((p) => p !== null);
        }
      }
    }
  }
  const objectsMoved = out.worktree.some((n) => OBJECT_VARIABLES.includes(n));
  if (objectsMoved) out.objectStores = stores;
  return out;
}
