/**
 * The repository check-clean and the handoff commit read under git's moving
 * variables (../facts/git/moving_in_effect.ts), as git reads it: an index
 * GIT_INDEX_FILE names is the one git's next commit takes, so check-clean
 * lists that one; a GIT_DIR or GIT_COMMON_DIR naming another repository
 * (or set empty, where git stops) and a GIT_OBJECT_DIRECTORY naming another
 * object store make git read another HEAD or tree, so neither check nor
 * commit answers for the repository found. `baton commit` and `baton clean`
 * update `<git dir>/index` only, so they refuse where git would update
 * another index. The work-tree variables move neither HEAD nor the index.
 * Errors name the variables, never their values.
 * @module
 */
import { UnavailableError } from "../errors.ts";
import type { ReadFs } from "../fs.ts";
import type { GitEnvironment } from "../facts/git/git_environment.ts";
import { gitRepositoryReason, movingInEffect } from "../facts/git/moving_in_effect.ts";
import type { RepoLocation } from "../facts/types.ts";

/**
 * `repo` as git reads its HEAD and index under `env`, started in `cwd`.
 *
 * @param use "read" (check-clean: another index is followed) or "write"
 *   (the handoff commit: another index is refused).
 * @throws {UnavailableError} Where git would read another repository or
 *   object store, or (for "write") update another index.
 */
export async function handoffRepository(
  fs: ReadFs,
  cwd: string,
  repo: RepoLocation,
  env: GitEnvironment,
  use: "read" | "write",
): Promise<RepoLocation> {
  const effect = await movingInEffect(fs, cwd, repo, env, false);
  if (effect.repository.length > 0) {
    throw new UnavailableError(gitRepositoryReason(effect.repository));
  }
  if (effect.worktree.includes("GIT_OBJECT_DIRECTORY")) {
    throw new UnavailableError(
      "GIT_OBJECT_DIRECTORY names another object store than the one baton finds here: git would read HEAD's tree from that one",
    );
  }
  if (effect.indexFile === null) return repo;
  if (use === "write") {
    throw new UnavailableError(
      "GIT_INDEX_FILE names another index than the repository's: baton updates only the repository's own index; unset it, or run git add / git rm --cached and git commit under it",
    );
  }
  return { ...repo, indexFile: effect.indexFile };
}
