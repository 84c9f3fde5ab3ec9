/**
 * Where a path really leads, and the refusal of one that leads out of its
 * scope: install writes into a repository (project scope) or the home
 * directory (user scope), and a symbolic link on the way (the file itself
 * or any directory above it, shipped in a cloned repository) must not carry
 * a write anywhere else. Edge-free: I/O through `ReadFs`.
 * @module
 */
import { BatonError, EXIT } from "../../errors.ts";
import type { ReadFs } from "../../fs.ts";

/** A path install would write leads outside its scope through a symbolic link. */
export class InstallEscapeError extends BatonError {
  /** @param path The path (baton's own target, safe to show). @param root The scope root. */
  constructor(path: string, root: string) {
    super(
      `Cannot write "${path}": a symbolic link on its way leads outside "${root}"; baton wrote nothing`,
      "install_symlink_escape",
      EXIT.io.code,
      { data: { path, root } },
    );
  }
}

function parentOf(path: string): string {
  const i = path.lastIndexOf("/");
  return i <= 0 ? "/" : path.slice(0, i);
}

/**
 * The real location of `path`: the real path of its deepest existing
 * ancestor (symlinks resolved) with the rest appended; null when a link on
 * the way leads nowhere.
 */
export async function realLocation(fs: ReadFs, path: string): Promise<string | null> {
  let p = path.replace(/\/+$/, "") || "/";
  const rest: string[] = [];
  while ((await fs.lstat(p)) === null) {
    if (p === "/") break;
    rest.unshift(p.slice(p.lastIndexOf("/") + 1));
    p = parentOf(p);
  }
  let real: string;
  try {
    real = (await fs.realPath(p)).replaceAll("\\", "/").replace(/\/+$/, "");
  } catch {
    return null;
  }
  return rest.length === 0 ? real || "/" : `${real}/${rest.join("/")}`;
}

/** True when `real` is `root` or below it. */
export function isInside(real: string, root: string): boolean {
  const r = root.replace(/\/+$/, "");
  return real === r || real.startsWith(`${r}/`);
}

/** A path install would write leads into a git directory (through a symbolic link on its way). */
export class InstallGitDirError extends BatonError {
  /** @param path The path (baton's own target, safe to show). */
  constructor(path: string) {
    super(
      `Cannot write "${path}": it leads into a git directory; baton writes no host file there (baton wrote nothing)`,
      "install_into_git_dir",
      EXIT.io.code,
      { data: { path } },
    );
  }
}

/**
 * True when `real` lies in a git directory: one of `gitDirsReal`, or below
 * `rootReal` past an entry named `.git` (git checks none out, so only a
 * symbolic link leads there; any letter case, as case-insensitive disks match it).
 */
export function inGitDir(real: string, rootReal: string, gitDirsReal: readonly string[]): boolean {
  if (gitDirsReal.some((g) => isInside(real, g))) return true;
  const r = rootReal.replace(/\/+$/, "");
  if (!real.startsWith(`${r}/`)) return false;
  return real.slice(r.length + 1).split("/").some((part) => part.toLowerCase() === ".git");
}

/**
 * Checks that `path` really leads inside `rootReal` (a real path) and, with
 * `gitDirsReal`, into no git directory (a host config committed as a link to
 * `../.git/baton/…` would have install edit baton's own per-clone state).
 * @throws {InstallEscapeError}
 * @throws {InstallGitDirError}
 */
export async function assertInside(
  fs: ReadFs,
  path: string,
  rootReal: string,
  gitDirsReal?: readonly string[],
): Promise<void> {
  const real = await realLocation(fs, path);
  if (real === null || !isInside(real, rootReal)) throw new InstallEscapeError(path, rootReal);
  if (gitDirsReal !== undefined && inGitDir(real, rootReal, gitDirsReal)) {
    throw new InstallGitDirError(path);
  }
}
