/**
 * Finds where .baton lives for a directory: the root of the repository
 * containing it (a linked worktree's own root), or the directory itself
 * outside git. A `.git` file that names no git directory does not hide the
 * handoff: the directory holding that file is the root, the repository is
 * reported as unreadable (`repoProblem`) and callers degrade. Discovery
 * stops where git's does under the environment handed in: at a file-system
 * boundary unless `GIT_DISCOVERY_ACROSS_FILESYSTEM` says to cross it, and
 * where `GIT_CEILING_DIRECTORIES` stops git before the repository (git then
 * finds none, so neither does baton: the folder itself is the root, as
 * outside git, and the outer repository's store is never used). Light: loads
 * only repository discovery (the ceiling check only when a ceiling is set).
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { findRepo } from "../facts/git/find_repo.ts";
import { GitCorruptError } from "../facts/git/errors.ts";
import type { RepoLocation } from "../facts/types.ts";
import { type BatonLayout, batonLayout } from "./layout.ts";
import { checkBatonDir } from "./check_baton_dir.ts";
import { ceilingApplies, envTrue } from "./discovery.ts";

/** The repository found (or null) and the .baton layout for it. */
export interface FoundLayout {
  repo: RepoLocation | null;
  layout: BatonLayout;
  /** Set when a repository is there but cannot be located or read (content-free). */
  repoProblem?: string;
}

/** How git searches for the repository: its environment (the guarded one of commands). */
export interface GitDiscovery {
  /** git's variables as read (core/facts/git/git_environment.ts). @default {none} */
  gitEnvironment?: Readonly<Record<string, string>>;
}

/**
 * Locates the repository and the .baton layout for `cwd`, found as git
 * finds it under `discovery`'s environment.
 * @throws {BatonDirLinkError} when `.baton` or a path in it is a symbolic link.
 */
export async function findBatonLayout(
  fs: ReadFs,
  cwd: string,
  discovery: GitDiscovery = {},
): Promise<FoundLayout> {
  let repo: RepoLocation | null;
  let root: string = cwd;
  let repoProblem: string | undefined;
  const env = discovery.gitEnvironment ?? {};
  try {
    repo = await findRepo(fs, cwd, {
      acrossFilesystems: envTrue(env["GIT_DISCOVERY_ACROSS_FILESYSTEM"]),
    });
    // A repository GIT_DIR names is not searched for: no ceiling applies to it.
    if (repo !== null && ceilingApplies(env)) {
      const { ceilingStopsSearchOnDisk } = await import("../facts/git/git_reach.ts");
      if (await ceilingStopsSearchOnDisk(fs, cwd, repo.workTree, env)) repo = null;
    }
    if (repo !== null) root = repo.workTree;
  } catch (e) {
    const at = e instanceof GitCorruptError ? e.data?.["path"] : undefined;
    if (!(e instanceof GitCorruptError) || typeof at !== "string" || !at.endsWith("/.git")) {
      throw e;
    }
    repo = null;
    root = at.slice(0, -"/.git".length) || "/";
    repoProblem = e.message;
  }
  const layout = batonLayout(root);
  await checkBatonDir(fs, layout);
  return repoProblem === undefined ? { repo, layout } : { repo, layout, repoProblem };
}
