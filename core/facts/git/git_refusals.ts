/**
 * Places where git refuses to compute a status that baton could still
 * list: started inside the git directory (git: "this operation must be run
 * in a work tree"), an exclude file that is a directory (the global
 * excludes file or `info/exclude`; git: "cannot use ... as an exclude
 * file"), a `status.showUntrackedFiles` value git does not accept
 * (read_repo_config.ts; git: "Invalid untracked files mode"), and a main
 * work tree whose repository says `core.bare = true` (git: "this operation
 * must be run in a work tree"; a linked worktree is not affected, and
 * `GIT_WORK_TREE` gives git its work tree back). baton then
 * reports the work tree unknown with the reason, never a status git would
 * not give. Also a `shallow` file with a line that is no object id (git:
 * "bad shallow line", on every command that parses a commit).
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import type { RepoLocation } from "../types.ts";
import { readOptionalText } from "./_read_optional.ts";

/** Why the work tree is unknown when started inside the git directory. */
export const INSIDE_GIT_DIR_REASON =
  "started inside the git directory: git has no work tree there and gives no status";

/** Why the work tree is unknown when an exclude file is a directory. */
export const EXCLUDE_DIR_REASON =
  "an exclude file (core.excludesFile, the XDG ignore file or info/exclude) is a directory: git refuses to give a status";

/** Why the work tree is unknown when status.showUntrackedFiles has a value git stops on. */
export const UNTRACKED_MODE_REASON =
  "status.showUntrackedFiles has a value git does not accept (only no, normal or all): git refuses to give a status";

/** Why the work tree is unknown when the repository's config says core.bare = true. */
export const BARE_REASON =
  "the repository's config says core.bare = true: git has no work tree here and gives no status";

/** Why nothing of the repository is reported when core.bare is not a boolean. */
export const BARE_INVALID_REASON =
  "the repository's core.bare is not a boolean: git refuses to read the repository";

/**
 * Whether git sees no work tree because the repository is configured bare:
 * `core.bare` true as git applies it to this work tree (read_repo_config.ts:
 * a linked worktree's git ignores the shared setting unless
 * `extensions.worktreeConfig` is on), with no `GIT_WORK_TREE` in the
 * environment (`core.worktree` beside it does not help: git stops on the
 * pair).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(bareWithoutWorkTree(true, {}), true);
 * assert.equal(bareWithoutWorkTree(true, { GIT_WORK_TREE: "/w" }), false);
 * assert.equal(bareWithoutWorkTree(false, {}), false);
 * ```
 */
export function bareWithoutWorkTree(
  bare: boolean | null,
  env: Readonly<Record<string, string>>,
): boolean {
  return bare === true && !("GIT_WORK_TREE" in env);
}

/** Whether `path` (real) is `dir` (real) or below it. */
function within(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith("/") ? dir : `${dir}/`);
}

/**
 * Whether `cwd` lies inside the repository's git directory or its common
 * directory (compared by real paths, as git compares its physical working
 * directory), where git has no work tree.
 */
export async function startedInsideGitDir(
  fs: ReadFs,
  cwd: string,
  repo: RepoLocation,
): Promise<boolean> {
  const real = (path: string) => fs.realPath(path).catch(() => null);
  const start = await real(cwd);
  if (start === null) return false;
  const workTree = await real(repo.workTree);
  for (const dir of new Set([repo.gitDir, repo.commonDir])) {
    const r = await real(dir);
    // A git directory that holds the work tree (core.worktree naming a
    // directory inside it) is not the case git refuses.
    if (
      r !== null && within(start, r) &&
      !(workTree !== null && within(start, workTree) && within(workTree, r))
    ) {
      return true;
    }
  }
  return false;
}

/**
 * Whether an exclude file git reads is a directory (links followed): the
 * global excludes file (`excludesFile`, null when none) or `info/exclude`.
 * A missing file is no refusal.
 */
export async function excludeFileIsDirectory(
  fs: ReadFs,
  repo: RepoLocation,
  excludesFile: string | null,
): Promise<boolean> {
  for (const path of [excludesFile, `${repo.commonDir}/info/exclude`]) {
    if (path === null) continue;
    const st = await fs.stat(path).catch(() => null);
    if (st?.isDirectory === true) return true;
  }
  return false;
}

/** Why the work tree is unknown when the shallow file holds a line git stops on. */
export const SHALLOW_INVALID_REASON =
  "the shallow file has a line that is not an object id (or is no regular file): git stops on it";

/**
 * Whether git stops on the repository's `shallow` file (is_repository_shallow:
 * each line read, 1023 bytes at most, must start with an object id of
 * `hexLength` digits; one that is no regular file hangs or stops git). A
 * missing file is no refusal.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shallowLinesInvalid } from "./git_refusals.ts";
 * assert.equal(shallowLinesInvalid("a".repeat(40) + "\n", 40), false);
 * assert.equal(shallowLinesInvalid("a".repeat(40) + "\nzzzz\n", 40), true);
 * assert.equal(shallowLinesInvalid("\n", 40), true);
 * ```
 */
export function shallowLinesInvalid(text: string, hexLength: number): boolean {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const oid = new RegExp(`^[0-9a-fA-F]{${hexLength}}`);
  return lines.some((line) => line.length > 1022 || !oid.test(line));
}

/**
 * {@linkcode shallowLinesInvalid} of the shallow file git reads, read
 * bounded: `shallowFile` (GIT_SHALLOW_FILE, absolute) when set, else the
 * repository's own.
 */
export async function shallowFileInvalid(
  fs: ReadFs,
  repo: RepoLocation,
  hexLength: number,
  shallowFile: string | null = null,
): Promise<boolean> {
  try {
    const text = await readOptionalText(fs, shallowFile ?? `${repo.commonDir}/shallow`);
    return text !== null && shallowLinesInvalid(text, hexLength);
  } catch {
    return true;
  }
}
