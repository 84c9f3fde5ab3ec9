/**
 * The environment variables each host sets when it runs a hook: the one
 * home of these names (the hook command reads them from here). A light
 * module on purpose: the hook path does not load the host specs
 * (core/hosts/install/hosts.ts), only this table.
 * @module
 */
import type { HostId } from "./ids.ts";

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

/**
 * Every host's hook environment, in the order the hook tries the project
 * variables when a payload carries no cwd.
 */
export const HOOK_ENV: readonly HookEnv[] = [
  { host: "claude-code", projectDir: "CLAUDE_PROJECT_DIR" },
  { host: "gemini", projectDir: "GEMINI_PROJECT_DIR" },
  { host: "cursor", projectDir: "CURSOR_PROJECT_DIR" },
  { host: "codex", projectDir: null },
  { host: "opencode", projectDir: null },
  { host: "copilot", projectDir: null },
];

/**
 * The project directory the hosts' variables name, the first one set, or
 * undefined. (A payload's cwd wins over these: it follows worktrees.)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { projectDirFromEnv } from "./hook_env.ts";
 * const env = (n: string) => ({ GEMINI_PROJECT_DIR: "/g", CURSOR_PROJECT_DIR: "/c" })[n];
 * assert.equal(projectDirFromEnv(env), "/g");
 * assert.equal(projectDirFromEnv(() => undefined), undefined);
 * ```
 */
export function projectDirFromEnv(env: (name: string) => string | undefined): string | undefined {
  for (const h of HOOK_ENV) {
    if (h.projectDir === null) continue;
    const value = env(h.projectDir);
    if (value !== undefined) return value;
  }
  return undefined;
}
