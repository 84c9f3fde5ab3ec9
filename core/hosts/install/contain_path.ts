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

/**
 * Checks that `path` really leads inside `rootReal` (a real path).
 * @throws {InstallEscapeError}
 */
export async function assertInside(fs: ReadFs, path: string, rootReal: string): Promise<void> {
  const real = await realLocation(fs, path);
  if (real === null || !isInside(real, rootReal)) throw new InstallEscapeError(path, rootReal);
}
