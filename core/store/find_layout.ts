/**
 * Finds where .baton lives for a directory: the root of the repository
 * containing it (a linked worktree's own root), or the directory itself
 * outside git. A `.git` file that names no git directory does not hide the
 * handoff: the directory holding that file is the root, the repository is
 * reported as unreadable (`repoProblem`) and callers degrade. Light: loads
 * only repository discovery.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { findRepo } from "../facts/git/find_repo.ts";
import { GitCorruptError } from "../facts/git/errors.ts";
import type { RepoLocation } from "../facts/types.ts";
import { type BatonLayout, batonLayout } from "./layout.ts";
import { checkBatonDir } from "./check_baton_dir.ts";

/** The repository found (or null) and the .baton layout for it. */
export interface FoundLayout {
  repo: RepoLocation | null;
  layout: BatonLayout;
  /** Set when a repository is there but cannot be located or read (content-free). */
  repoProblem?: string;
}

/**
 * Locates the repository and the .baton layout for `cwd`.
 * @throws {BatonDirLinkError} when `.baton` or a path in it is a symbolic link.
 */
export async function findBatonLayout(fs: ReadFs, cwd: string): Promise<FoundLayout> {
  let repo: RepoLocation | null;
  let root: string = cwd;
  let repoProblem: string | undefined;
  try {
    repo = await findRepo(fs, cwd);
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
