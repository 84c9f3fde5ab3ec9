/**
 * Edge: the folders above the baton home. Whoever can write a folder on the
 * way to the home can rename the home (or a symbolic link on its path) and
 * put a folder of their own in its place, holding their key as this
 * machine's and their trusted-keys file, between the home's checks and the
 * reads; the home's own checks (key_ring.ts) cannot see that. So every
 * folder above it, on its path as given and on its real path, must be owned
 * by this user or by root and be writable by no one else, unless it is
 * sticky (as /tmp is: there others cannot rename what they do not own). A
 * folder that cannot be read is passed over (its own check is the next read).
 * {@linkcode homeFolderProblem} judges the home folder itself as well: what the
 * key ring (key_ring.ts) and install's record of the rules blocks it wrote
 * outside git (core/hosts/install/block_ledger.ts) require of it.
 * @module
 */

/** Why a folder above the home does not hold: a fixed phrase (never the path). */
export type ParentProblem = "owned by another user" | "writable by other users";

/** What is asked of one folder. */
export interface FolderInfo {
  isSymlink: boolean;
  uid: number | null;
  mode: number | null;
}

/**
 * The folders above `path` (an absolute POSIX path), nearest first, the root last.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(foldersAbove("/a/b/home"), ["/a/b", "/a", "/"]);
 * assert.deepEqual(foldersAbove("/home/"), ["/"]);
 * ```
 */
export function foldersAbove(path: string): string[] {
  const parts = path.split("/").filter((p) => p !== "" && p !== ".");
  const out: string[] = [];
  for (let i = parts.length - 1; i >= 1; i--) out.push(`/${parts.slice(0, i).join("/")}`);
  out.push("/");
  return out;
}

/**
 * The problem with one folder above the home, or null when it holds. A
 * symbolic link is judged by the folder it is in (it is checked as well) and
 * by the real path's folders.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const dir = (uid: number, mode: number) => ({ isSymlink: false, uid, mode });
 * assert.equal(parentProblem(dir(0, 0o40755), 1000), null);
 * assert.equal(parentProblem(dir(0, 0o41777), 1000), null); // sticky, as /tmp
 * assert.equal(parentProblem(dir(1000, 0o40777), 1000), "writable by other users");
 * assert.equal(parentProblem(dir(1001, 0o40700), 1000), "owned by another user");
 * ```
 */
export function parentProblem(info: FolderInfo, uid: number | null): ParentProblem | null {
  if (info.isSymlink) return null;
  if (uid !== null && info.uid !== null && info.uid !== uid && info.uid !== 0) {
    return "owned by another user";
  }
  if (info.mode !== null && (info.mode & 0o022) !== 0 && (info.mode & 0o1000) === 0) {
    return "writable by other users";
  }
  return null;
}

/**
 * The first problem with a folder above `home` (as given and as its real
 * path), or null. POSIX only; `uid` null skips the owner check.
 */
export function homeParentsProblem(home: string, uid: number | null): ParentProblem | null {
  const paths = new Set<string>();
  const absolute = home.startsWith("/") ? home : `${Deno.cwd()}/${home}`;
  for (const p of foldersAbove(absolute)) paths.add(p);
  try {
    for (const p of foldersAbove(Deno.realPathSync(absolute))) paths.add(p);
  } catch {
    // A home not made yet: the folders as given are all there is.
  }
  for (const path of paths) {
    let info: Deno.FileInfo;
    try {
      info = Deno.lstatSync(path);
    } catch {
      continue;
    }
    const problem = parentProblem(info, uid);
    if (problem !== null) return problem;
  }
  return null;
}

/**
 * Why the baton home folder cannot hold files that grant trust (its key files, install's
 * record of the blocks it wrote), or null when it can or is missing: another user owns it or
 * can write to it, or a folder above it is (see the module comment). Content-free: never the
 * path. POSIX only; `uid` null skips the owner checks.
 */
export function homeFolderProblem(home: string, uid: number | null): string | null {
  let info: Deno.FileInfo;
  try {
    info = Deno.statSync(home);
  } catch {
    return null;
  }
  if (uid !== null && info.uid !== null && info.uid !== uid) {
    return "the baton home folder is owned by another user";
  }
  if (info.mode !== null && (info.mode & 0o022) !== 0) {
    return `the baton home folder is writable by other users (mode ${
      (info.mode & 0o777).toString(8)
    }): run chmod 700 on it`;
  }
  const above = homeParentsProblem(home, uid);
  if (above !== null) {
    return `a folder above the baton home is ${above} (not sticky): they could put a baton home of their own in its place; move the baton home (BATON_HOME) or fix that folder's owner or mode`;
  }
  return null;
}

/**
 * This process's user id; null when it cannot be told. Deno.uid() needs
 * `--allow-sys=uid`, which a launcher written by an older install may lack:
 * then the owner of /proc/self (Linux) is the process's user; elsewhere the
 * owner check is skipped, as it was before there was one, rather than every
 * key refused.
 */
export function processUid(): number | null {
  try {
    return Deno.uid();
  } catch {
    try {
      return Deno.statSync("/proc/self").uid;
    } catch {
      return null;
    }
  }
}
