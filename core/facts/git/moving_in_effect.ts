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
 * The others move the work-tree comparison only. With GIT_DIR set and no GIT_WORK_TREE nor core.worktree, git takes
 * the directory it was started in as the top of the work tree (git(1)).
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import { isAbsolutePath, parentDir, resolvePath } from "../../path.ts";
import type { RepoLocation } from "../types.ts";
import { type GitEnvironment, movingVariables } from "./git_environment.ts";

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
}

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

/** Whether `value` (relative to `base`) names the same file as `target`. */
async function sameAs(fs: ReadFs, base: string, value: string, target: string): Promise<boolean> {
  const a = await realOf(fs, resolvePath(base, value));
  const b = await realOf(fs, target);
  return a !== null && a === b;
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
  const out: MovingInEffect = { repository: [], worktree: [], indexFile: null };
  const names = movingVariables(env);
  // None set (the common case): no path is resolved at all.
  if (names.length === 0) return out;
  const realCwd = await realOf(fs, cwd);
  const atTop = realCwd !== null && realCwd === await realOf(fs, repo.workTree);
  for (const name of names) {
    const value = env[name]!;
    if (value === "" && name !== "GIT_INDEX_FILE") {
      // git stops ("not a git repository: ''", "The empty string is not a valid path").
      out.repository.push(name);
      continue;
    }
    switch (name) {
      case "GIT_DIR": {
        if (!await sameAs(fs, cwd, value, repo.gitDir)) out.repository.push(name);
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
        const index = resolvePath(repo.workTree, value);
        if (!await sameAs(fs, repo.workTree, index, `${repo.gitDir}/index`)) out.indexFile = index;
        break;
      }
      case "GIT_OBJECT_DIRECTORY": {
        // A relative one is read after git moved to the top of the work tree:
        // the same directory either way only when started there.
        const target = `${repo.commonDir}/objects`;
        const exact = (isAbsolutePath(value) || atTop) && await sameAs(fs, cwd, value, target);
        if (!exact) out.worktree.push(name);
        break;
      }
      default:
        // GIT_ALTERNATE_OBJECT_DIRECTORIES: more object stores than baton reads.
        out.worktree.push(name);
    }
  }
  return out;
}
