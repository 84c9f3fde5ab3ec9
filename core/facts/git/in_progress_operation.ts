/**
 * Which multi-step git operation is unfinished in a worktree, from the
 * marker files git leaves in the git dir.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import type { RepoLocation } from "../types.ts";

/** An unfinished operation; "am" is `git am` (rebase-apply/ with an "applying" marker). */
export type InProgressOperation = "merge" | "rebase" | "am" | "cherry_pick" | "revert" | "bisect";

/**
 * Reports the unfinished operation, outermost first: rebase (rebase-merge/
 * or rebase-apply/) or am, then merge (MERGE_HEAD), cherry-pick
 * (CHERRY_PICK_HEAD), revert (REVERT_HEAD), bisect (BISECT_LOG). A rebase
 * that stopped on a conflicting merge reports "rebase".
 *
 * @param fs Read capability.
 * @param repo Repository location (markers live in the per-worktree git dir).
 * @returns The operation, or null when none is in progress.
 *
 * @example
 * ```ts ignore
 * await inProgressOperation(fs, repo); // "merge" while a merge has conflicts
 * ```
 */
export async function inProgressOperation(
  fs: ReadFs,
  repo: RepoLocation,
): Promise<InProgressOperation | null> {
  const g = repo.gitDir;
  const [rebaseMerge, rebaseApply, applying, merge, pick, revert, bisect] = await fs.lstatMany([
    `${g}/rebase-merge`,
    `${g}/rebase-apply`,
    `${g}/rebase-apply/applying`,
    `${g}/MERGE_HEAD`,
    `${g}/CHERRY_PICK_HEAD`,
    `${g}/REVERT_HEAD`,
    `${g}/BISECT_LOG`,
  ]);
  if (rebaseMerge?.isDirectory) return "rebase";
  if (rebaseApply?.isDirectory) return applying ? "am" : "rebase";
  if (merge) return "merge";
  if (pick) return "cherry_pick";
  if (revert) return "revert";
  if (bisect) return "bisect";
  return null;
}
