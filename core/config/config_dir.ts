/**
 * Where `.baton/config.yaml` is for a working directory, found with
 * lstat calls only and nothing else loaded, so the hooks that run before or
 * after every tool call can tell "not opted in" at the cost of a few stats.
 * Paths follow the platform's rules (core/path.ts: `\` separators, drive
 * and UNC roots). I/O through `ReadFs`.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { normalizePath, parentDir } from "../path.ts";

/**
 * Folders climbed at most: as many as a path can hold (PATH_MAX 4096 holds at
 * most 2,048 of them), as the gate's store search and the host-settings
 * search climb. A lower cap let a session 300 folders down a committed tree
 * read the thresholds of a `.baton` there instead of the repository's.
 */
const MAX_CLIMB = 4096;

/**
 * The `.baton` directory that holds the config for `cwd`: beside the
 * nearest `.git` (directory or worktree file) at or above it, else in
 * `cwd` itself, as the store's layout puts it. Only lstat calls: hooks that
 * fire after every tool call use it instead of the full repository lookup.
 */
export async function configBatonDir(fs: ReadFs, cwd: string): Promise<string> {
  const start = normalizePath(cwd);
  const under = (dir: string) => `${dir.endsWith("/") ? dir.slice(0, -1) : dir}`;
  let dir: string | null = start;
  for (let i = 0; i < MAX_CLIMB && dir !== null; i++) {
    if ((await fs.lstat(`${under(dir)}/.git`)) !== null) return `${under(dir)}/.baton`;
    dir = parentDir(dir);
  }
  return `${under(start)}/.baton`;
}

/** Path of the config file for a `.baton` directory. */
export function configPath(batonDir: string): string {
  return `${batonDir}/config.yaml`;
}
