/**
 * Whether the `lfs` filter driver runs Git LFS's own command, so that the
 * pointer convert_to_git.ts computes is what git would store. git runs the
 * driver's last `process` command when one is set (an empty one turns the
 * driver off, `clean` included), else its last non-empty `clean` command
 * (convert.c apply_filter). A driver named `lfs` whose command is someone
 * else's (another program, other arguments) is not Git LFS: its files are
 * unknown, never compared as pointers.
 * @module
 */

/** The arguments after `git-lfs clean` / `git-lfs filter-process` Git LFS itself writes. */
const LFS_ARGS = new Set(["--", "%f", "--skip"]);

/**
 * Whether `process` (the driver's last `process` value, undefined when
 * none) and `clean` (its last `clean` value) make git run Git LFS.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(isGitLfsDriver(undefined, "git-lfs clean -- %f"), true);
 * assert.equal(isGitLfsDriver("git-lfs filter-process", "tr a-z A-Z"), true);
 * assert.equal(isGitLfsDriver(undefined, "tr a-z A-Z"), false);
 * assert.equal(isGitLfsDriver("", "git-lfs clean -- %f"), false);
 * ```
 */
export function isGitLfsDriver(
  process: string | null | undefined,
  clean: string | null | undefined,
): boolean {
  if (process !== undefined) return runsGitLfs(process, "filter-process");
  return runsGitLfs(clean, "clean");
}

/**
 * Whether a filter driver runs any command at all in git's clean direction:
 * its last `process` value when set (empty: none), else its last `clean`
 * value (empty: none), as convert.c's apply_filter chooses.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(filterRunsCommand(undefined, "tr a-z A-Z"), true);
 * assert.equal(filterRunsCommand("", "tr a-z A-Z"), false);
 * assert.equal(filterRunsCommand(undefined, ""), false);
 * assert.equal(filterRunsCommand("git-lfs filter-process", undefined), true);
 * ```
 */
export function filterRunsCommand(
  process: string | null | undefined,
  clean: string | null | undefined,
): boolean {
  if (process !== undefined) return typeof process === "string" && process !== "";
  return typeof clean === "string" && clean !== "";
}

/** `command` is `git-lfs <verb>` or `git lfs <verb>` with only Git LFS's own arguments. */
function runsGitLfs(command: string | null | undefined, verb: string): boolean {
  if (typeof command !== "string") return false;
  const words = command.trim().split(/[ \t]+/);
  const rest = words[0] === "git-lfs"
    ? words.slice(1)
    : words[0] === "git" && words[1] === "lfs"
    ? words.slice(2)
    : null;
  return rest !== null && rest[0] === verb && rest.slice(1).every((w) => LFS_ARGS.has(w));
}
