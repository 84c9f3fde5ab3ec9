/**
 * A relative path git reads as the system reads it. git joins a setting to
 * its base and hands the result to the system (open, stat, chdir,
 * realpath): a `..` after a symbolic link climbs from the link's target, not
 * from the link's own parent as the lexical {@linkcode resolvePath} does. A
 * `.git` file's `gitdir: lnk/../store`, a `commondir` read through a linked
 * `.git/worktrees/<name>`, a `core.worktree = ..` or an `include.path =
 * ../x` in the config of a `.git` that is itself a link, GIT_DIR or
 * GIT_WORK_TREE spelled through a link: each names another directory to git
 * than the lexical join. Only a path with a `..` step can differ, so only
 * such a one costs a look at the file system (one lstat per step). On a
 * POSIX system (a base from "/") a backslash is a byte of a name, not a
 * separator: git hands `..\\store` to the system as one name. baton's paths
 * cannot hold such a name, so it names nothing baton follows. There, too,
 * only a leading "/" makes a path absolute (git's is_absolute_path on
 * POSIX): `C:/x` is the directory `C:` below the base, never a drive.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import { isAbsolutePath, normalizePath, parentDir, resolvePath } from "../../path.ts";

/**
 * Whether `rel` holds a backslash that the system `base` is on reads as a
 * byte of a name: a POSIX one, whose paths start at "/" (a Windows path has
 * a drive, or is a UNC path from "//").
 */
function nameBackslash(base: string, rel: string): boolean {
  return rel.includes("\\") && base.startsWith("/") && !base.startsWith("//");
}

/** Whether `base` is a POSIX system's path: from "/" (not a UNC "//"). */
function posixBase(base: string): boolean {
  return base.startsWith("/") && !base.startsWith("//");
}

/**
 * Whether the system `base` is on reads `rel` as absolute: on a POSIX one
 * only a leading "/" does (`C:/x` and `C:x` are names below the base),
 * elsewhere {@linkcode isAbsolutePath}'s forms.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { systemAbsolute } from "./physical_path.ts";
 * assert.ok(systemAbsolute("/w", "/x") && systemAbsolute("C:/w", "D:/x"));
 * assert.ok(!systemAbsolute("/w", "C:/x"));
 * ```
 */
export function systemAbsolute(base: string, rel: string): boolean {
  return posixBase(base) ? rel.startsWith("/") : isAbsolutePath(rel);
}

/**
 * `rel` joined to `base` as the system `base` is on joins them: on a POSIX
 * one a relative `rel` is appended even when it looks like a Windows path,
 * and the result's leading slashes are one (the system reads `//x` as `/x`).
 */
function posixJoin(base: string, rel: string): string {
  return (rel.startsWith("/") ? rel : `${base}/${rel}`).replace(/^\/+/, "/");
}

/** Whether a "/"-separated path has a `..` step. */
function climbs(path: string): boolean {
  return path.split("/").includes("..");
}

/**
 * `rel` joined to `base` (or `rel` alone when absolute) and resolved step by
 * step as the system resolves it: each symbolic link met before a `..` is
 * replaced by its real path first. Null when a `..` follows a step that does
 * not exist (the system fails there, ENOENT). Without a `..` step it is
 * {@linkcode resolvePath}'s answer, no I/O. A path whose root is not `/` or
 * a drive (a UNC path) is resolved lexically. Null, too, for a backslash
 * on a POSIX system (see the module comment).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { physicalPath } from "./physical_path.ts";
 * import type { FileStat, ReadFs } from "../../fs.ts";
 * // /w/lnk is a link to /far/x.
 * const dir = { isFile: false, isDirectory: true, isSymlink: false } as FileStat;
 * const fs = {
 *   lstat: (p: string) =>
 *     Promise.resolve(p === "/w/lnk" ? { ...dir, isDirectory: false, isSymlink: true } : dir),
 *   realPath: (p: string) => Promise.resolve(p === "/w/lnk" ? "/far/x" : p),
 * } as unknown as ReadFs;
 * assert.equal(await physicalPath(fs, "/w", "lnk/../store"), "/far/store");
 * assert.equal(await physicalPath(fs, "/w", "d/store"), "/w/d/store");
 * assert.equal(await physicalPath(fs, "/w", "..\\store"), null);
 * ```
 */
export async function physicalPath(
  fs: ReadFs,
  base: string,
  rel: string,
): Promise<string | null> {
  if (nameBackslash(base, rel)) return null;
  const r = rel.replaceAll("\\", "/");
  if (posixBase(base)) {
    const full = posixJoin(base, r);
    if (!climbs(full)) return normalizePath(full);
    return await climbFrom(fs, "/", full.slice(1).split("/"));
  }
  const full = isAbsolutePath(r) ? r : `${base.replaceAll("\\", "/")}/${r}`;
  if (!climbs(full)) return resolvePath(base, r);
  const drive = /^[A-Za-z]:\//.exec(full);
  if (!full.startsWith("/") && drive === null || full.startsWith("//")) {
    return resolvePath(base, r);
  }
  const root = drive === null ? "/" : drive[0];
  return await climbFrom(fs, root, full.slice(root.length).split("/"));
}

/** `steps` taken one by one from `root`, each link met replaced by its real path. */
async function climbFrom(fs: ReadFs, root: string, steps: string[]): Promise<string | null> {
  let cur = root;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (step === "" || step === ".") continue;
    if (step === "..") {
      cur = parentDir(cur) ?? cur;
      continue;
    }
    const next = cur.endsWith("/") ? `${cur}${step}` : `${cur}/${step}`;
    const st = await fs.lstat(next).catch(() => null);
    const real = st?.isSymlink === true ? await fs.realPath(next).catch(() => null) : next;
    if (st === null || real === null) {
      // Missing (or a dangling link): the rest is only a name, unless it climbs.
      const rest = steps.slice(i + 1);
      return rest.includes("..") ? null : normalizePath([next, ...rest].join("/"));
    }
    cur = normalizePath(real);
  }
  return cur;
}

/**
 * `rel` joined to `base` for the system to resolve where it reads the file
 * (synchronous callers): lexically where it has no `..` step (the same
 * file), kept as written where it has one, so the system climbs from a
 * link's target as it does for git. A backslash on a POSIX system is kept
 * too, a byte of a name for the system to read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { systemJoin } from "./physical_path.ts";
 * assert.equal(systemJoin("/w", "a/./b"), "/w/a/b");
 * assert.equal(systemJoin("/w", "lnk/../b"), "/w/lnk/../b");
 * assert.equal(systemJoin("/w", "/x/lnk/../b"), "/x/lnk/../b");
 * ```
 */
export function systemJoin(base: string, rel: string): string {
  if (nameBackslash(base, rel)) return rel.startsWith("/") ? rel : `${base}/${rel}`;
  const r = rel.replaceAll("\\", "/");
  if (posixBase(base)) {
    const full = posixJoin(base, r);
    return climbs(full) ? full : normalizePath(full);
  }
  if (!climbs(r)) return resolvePath(base, r);
  return isAbsolutePath(r) ? r : `${base.replaceAll("\\", "/")}/${r}`;
}
