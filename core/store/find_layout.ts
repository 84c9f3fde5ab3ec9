/**
 * Finds where .baton lives for a directory: the root of the repository
 * containing it (a linked worktree's own root), or the directory itself
 * outside git. Light: loads only repository discovery.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { findRepo } from "../facts/git/find_repo.ts";
import type { RepoLocation } from "../facts/types.ts";
import { type BatonLayout, batonLayout } from "./layout.ts";
import { checkBatonDir } from "./check_baton_dir.ts";

/** The repository found (or null) and the .baton layout for it. */
export interface FoundLayout {
  repo: RepoLocation | null;
  layout: BatonLayout;
}

/**
 * Locates the repository and the .baton layout for `cwd`.
 * @throws {BatonDirLinkError} when `.baton` or a path in it is a symbolic link.
 */
export async function findBatonLayout(fs: ReadFs, cwd: string): Promise<FoundLayout> {
  const repo = await findRepo(fs, cwd);
  const layout = batonLayout(repo?.workTree ?? cwd);
  await checkBatonDir(fs, layout);
  return { repo, layout };
}
