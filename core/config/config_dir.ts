/**
 * Where `.baton/config.yaml` is for a working directory, found with
 * lstat calls only and nothing else loaded, so the hooks that run before or
 * after every tool call can tell "not opted in" at the cost of a few stats.
 * I/O through `ReadFs`.
 * @module
 */
import type { ReadFs } from "../fs.ts";

/**
 * The `.baton` directory that holds the config for `cwd`: beside the
 * nearest `.git` (directory or worktree file) at or above it, else in
 * `cwd` itself, as the store's layout puts it. Only lstat calls: hooks that
 * fire after every tool call use it instead of the full repository lookup.
 */
export async function configBatonDir(fs: ReadFs, cwd: string): Promise<string> {
  let dir = cwd.replace(/(.)\/+$/, "$1");
  for (let i = 0; i < 256; i++) {
    if ((await fs.lstat(`${dir === "/" ? "" : dir}/.git`)) !== null) {
      return `${dir === "/" ? "" : dir}/.baton`;
    }
    const up = dir.replace(/\/[^/]*$/, "") || "/";
    if (up === dir || /^[A-Za-z]:$/.test(up)) break;
    dir = up;
  }
  return `${cwd.replace(/\/+$/, "")}/.baton`;
}

/** Path of the config file for a `.baton` directory. */
export function configPath(batonDir: string): string {
  return `${batonDir}/config.yaml`;
}
