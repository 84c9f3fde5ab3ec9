/**
 * Index paths baton never opens: a crafted `.git/index` (an unpacked archive
 * holds whatever its author wrote) may name `zzz/../../secret`, which lstat
 * and read would resolve outside the work tree, and whose hash and size
 * would then land in the facts. git's own verify_path refuses to add such a
 * path (a `.` or `..` component, an empty one, a leading slash, `.git` in any
 * case); the scan lists one as unchecked instead of comparing it.
 * @module
 */

/** Why such an entry is not compared. */
export const UNSAFE_PATH_REASON =
  "an index path git refuses (a '.', '..', empty or .git component): not opened, it may lead outside the work tree";

/**
 * Whether an index path has a component that could lead out of the work
 * tree or into the git directory. A trailing slash is an empty last
 * component: a sparse-directory entry ("dir/", mode 040000) is skipped by
 * the caller before this is asked.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(unsafeIndexPath("src/a.txt"), false);
 * assert.equal(unsafeIndexPath("a/../../etc/passwd"), true);
 * assert.equal(unsafeIndexPath("/etc/passwd"), true);
 * assert.equal(unsafeIndexPath("x/.GIT/config"), true);
 * assert.equal(unsafeIndexPath("a//b"), true);
 * assert.equal(unsafeIndexPath("a/"), true);
 * assert.equal(unsafeIndexPath("..a/b.."), false);
 * ```
 */
export function unsafeIndexPath(path: string): boolean {
  // The common case, a path with no dot after a slash or at its start and
  // no empty component (none at either end either), needs no split.
  if (
    path !== "" && !path.startsWith("/") && !path.endsWith("/") && !path.includes("//") &&
    !path.startsWith(".")
  ) {
    if (!path.includes("/.")) return false;
  }
  for (const part of path.split("/")) {
    if (part === "" || part === "." || part === "..") return true;
    if (part.length === 4 && part.toLowerCase() === ".git") return true;
  }
  return false;
}
