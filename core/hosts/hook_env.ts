/**
 * The environment variables each host sets when it runs a hook, derived from
 * the host records (`projectDirEnv`): the project directory a hook falls
 * back to when its payload carries no cwd. Light: the hook path loads the
 * records, not the install specs.
 * @module
 */
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
  const own = HOOK_ENV.filter((h) => h.host === host);
  for (const h of [...own, ...HOOK_ENV]) {
    if (h.projectDir === null) continue;
    const value = env(h.projectDir);
    if (value !== undefined) return value;
  }
  return undefined;
}
