/**
 * Where `.baton/config.yaml` is for a working directory, found with
 * lstat calls only and nothing else loaded, so the hooks that run before or
 * after every tool call can tell "not opted in" at the cost of a few stats.
 * The search stops where git's repository discovery stops, under the
 * environment the hook was handed: at a file-system boundary unless
 * `GIT_DISCOVERY_ACROSS_FILESYSTEM` is set, and where `GIT_CEILING_DIRECTORIES`
 * keeps git below the repository (the caller decides that one, only when a
 * ceiling is set). There git finds no repository, so the folder's own `.baton`
 * holds the config, as the store's full discovery (core/store/find_layout.ts)
 * and every command find it. Paths follow the platform's rules (core/path.ts:
 * `\` separators, drive and UNC roots). I/O through `ReadFs`.
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

/** How git's search runs for the hook: from its environment (core/store/find_layout.ts's rules). */
export interface ConfigDiscovery {
  /** GIT_DISCOVERY_ACROSS_FILESYSTEM is set true: climb past a file-system boundary. */
  acrossFilesystems?: boolean;
  /**
   * Whether git, started in `start`, stops before the work tree `root` (its
   * GIT_CEILING_DIRECTORIES); asked once, when a `.git` is found above `start`.
   */
  ceilingStops?: (start: string, root: string) => Promise<boolean>;
}

/**
 * The `.baton` directory that holds the config for `cwd`: beside the
 * nearest `.git` (directory or worktree file) at or above it that git's own
 * search reaches, else in `cwd` itself, as the store's layout puts it. Only
 * lstat and stat calls: hooks that fire after every tool call use it instead
 * of the full repository lookup.
 */
export async function configBatonDir(
  fs: ReadFs,
  cwd: string,
  discovery: ConfigDiscovery = {},
): Promise<string> {
  const start = normalizePath(cwd);
  const under = (dir: string) => `${dir.endsWith("/") ? dir.slice(0, -1) : dir}`;
  const own = `${under(start)}/.baton`;
  let dir: string | null = start;
  let dev = discovery.acrossFilesystems === true ? null : (await fs.stat(start))?.dev ?? null;
  for (let i = 0; i < MAX_CLIMB && dir !== null; i++) {
    if ((await fs.lstat(`${under(dir)}/.git`)) !== null) {
      const stops = dir !== start && discovery.ceilingStops !== undefined &&
        await discovery.ceilingStops(start, dir);
      return stops ? own : `${under(dir)}/.baton`;
    }
    const parent = parentDir(dir);
    // git stops at a mount point unless told to cross it (find_repo.ts does the same).
    if (dev !== null && parent !== null) {
      const parentDev = (await fs.stat(parent))?.dev ?? null;
      if (parentDev !== null && parentDev !== dev) return own;
      dev = parentDev;
    }
    dir = parent;
  }
  return own;
}

/** Path of the config file for a `.baton` directory. */
export function configPath(batonDir: string): string {
  return `${batonDir}/config.yaml`;
}
