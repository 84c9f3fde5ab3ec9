/**
 * The environment variables each host sets when it runs a hook, derived from
 * the host records (`projectDirEnv`): the project directory a hook falls
 * back to when its payload carries no cwd. Light: the hook path loads the
 * records, not the install specs.
 *
 * Such a variable is no proof the host set it: a repository's host settings
 * can set any of them (Claude Code's committed `env` block, the `.env` files
 * Gemini CLI and Qwen Code load), and a hook for a host that sets none of its
 * own takes another host's. So {@linkcode projectDirAt} uses one only when it
 * names, at its real path, the folder the host started the hook in or a folder
 * above it: never another repository, where a capture would write a capsule
 * or a band hook read thresholds the session never worked under.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { normalizePath, parentDir } from "../path.ts";
import { HOST_IDS, type HostId, hostRecord } from "./ids.ts";

/** What one host tells its hooks through the environment. */
export interface HookEnv {
  host: HostId;
  /**
   * The variable naming the project directory, or null when the host sets
   * none (the hook then relies on the payload's cwd and its own working
   * directory).
   */
  projectDir: string | null;
}

/** Every host's hook environment, in the records' order. */
export const HOOK_ENV: readonly HookEnv[] = HOST_IDS.map((host) => ({
  host,
  projectDir: hostRecord(host).projectDirEnv,
}));

/**
 * The project directory the hosts' variables name, or undefined: the calling
 * host's own variable first (when the host is known), then the first other
 * one set. (A payload's cwd wins over these: it follows worktrees.)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { projectDirFromEnv } from "./hook_env.ts";
 * const env = (n: string) => ({ GEMINI_PROJECT_DIR: "/g", CURSOR_PROJECT_DIR: "/c" })[n];
 * assert.equal(projectDirFromEnv(env, "gemini"), "/g");
 * assert.equal(projectDirFromEnv(env, "cursor"), "/c");
 * assert.equal(projectDirFromEnv(() => undefined), undefined);
 * ```
 */
export function projectDirFromEnv(
  env: (name: string) => string | undefined,
  host: HostId | null = null,
): string | undefined {
  return projectDirVariable(env, host)?.value;
}

/** The project variable that is set, its name and value, in {@linkcode projectDirFromEnv}'s order. */
function projectDirVariable(
  env: (name: string) => string | undefined,
  host: HostId | null,
): { name: string; value: string } | undefined {
  const own = HOOK_ENV.filter((h) => h.host === host);
  for (const h of [...own, ...HOOK_ENV]) {
    if (h.projectDir === null) continue;
    const value = env(h.projectDir);
    if (value !== undefined && value !== "") return { name: h.projectDir, value };
  }
  return undefined;
}

/** Where a hook without a cwd in its payload works, and why a project variable was not used. */
export interface ProjectDir {
  /** The folder: the project variable's, or the one the host started the hook in. */
  dir: string;
  /** Set when a project variable was ignored: the line to say why (its name, never its value). */
  ignored: string | null;
}

/** Whether `dir` is `start` or a folder above it (both real, normalised paths). */
function atOrAbove(dir: string, start: string): boolean {
  for (let at: string | null = start; at !== null; at = parentDir(at)) {
    if (at === dir) return true;
  }
  return false;
}

/**
 * The folder a hook works in when its payload names none: the project
 * variable {@linkcode projectDirFromEnv} picks, when at its real path it is the
 * folder the host started the hook in (`processCwd`) or one above it; else
 * `processCwd`, with one line naming the variable. A path that cannot be
 * resolved counts as elsewhere.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const fs = { realPath: (p: string) => Promise.resolve(p) } as never;
 * const env = (n: string) => n === "CLAUDE_PROJECT_DIR" ? "/r" : undefined;
 * assert.deepEqual(await projectDirAt(fs, env, "claude-code", "/r/sub"), { dir: "/r", ignored: null });
 * assert.equal((await projectDirAt(fs, env, "claude-code", "/other")).dir, "/other");
 * ```
 */
export async function projectDirAt(
  fs: Pick<ReadFs, "realPath">,
  env: (name: string) => string | undefined,
  host: HostId | null,
  processCwd: string,
): Promise<ProjectDir> {
  const set = projectDirVariable(env, host);
  if (set === undefined) return { dir: processCwd, ignored: null };
  const real = (p: string) => fs.realPath(p).then(normalizePath, () => null);
  const [dir, start] = await Promise.all([real(set.value), real(processCwd)]);
  if (dir !== null && start !== null && atOrAbove(dir, start)) {
    return { dir, ignored: null };
  }
  return {
    dir: processCwd,
    ignored:
      `${set.name} ignored: it names no folder at or above the one the hook runs in (a repository's host settings can set it); working in the hook's own folder`,
  };
}
