/**
 * Which directory `core.worktree` makes git compare. git changes into the
 * git directory, then into the setting (so a relative one is read from the
 * git directory, and a `..` after a link climbs from the link's target):
 * the directory it lands in is the work tree, whatever directory baton
 * found. Used for the repository itself (collect.ts) and for a submodule
 * git runs `git status` in (submodule_state.ts): an old git wrote a
 * submodule's `core.worktree` as an absolute path, so a superproject copied
 * elsewhere still names the old place, and git compares that one there, or
 * stops where it is gone ("cannot chdir").
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import type { RepoLocation } from "../types.ts";
import { physicalPath } from "./physical_path.ts";

/**
 * How `core.worktree` (null: unset) stands to the work tree `repo` names:
 * "same" when unset or naming it (by real path), "other" when naming another
 * directory that is there, "missing" when naming nothing git can change
 * into.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { workTreeSetting } from "./work_tree_setting.ts";
 * import type { ReadFs } from "../../fs.ts";
 * const fs = {
 *   realPath: (p: string) =>
 *     p.startsWith("/gone") ? Promise.reject(new Error("missing")) : Promise.resolve(p),
 *   lstat: () => Promise.resolve(null),
 * } as unknown as ReadFs;
 * const repo = { workTree: "/w", gitDir: "/w/.git", commonDir: "/w/.git" };
 * assert.equal(await workTreeSetting(fs, repo, null), "same");
 * assert.equal(await workTreeSetting(fs, repo, "/w"), "same");
 * assert.equal(await workTreeSetting(fs, repo, "/elsewhere"), "other");
 * assert.equal(await workTreeSetting(fs, repo, "/gone"), "missing");
 * ```
 */
export async function workTreeSetting(
  fs: ReadFs,
  repo: RepoLocation,
  setting: string | null,
): Promise<"same" | "other" | "missing"> {
  if (setting === null) return "same";
  const physical = await physicalPath(fs, repo.gitDir, setting);
  if (physical === null) return "missing";
  const named = await fs.realPath(physical).catch(() => null);
  if (named === null) return "missing";
  const own = await fs.realPath(repo.workTree).catch(() => null);
  return named === own ? "same" : "other";
}
