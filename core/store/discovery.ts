/**
 * git's repository search as the hooks' light path takes it: the two
 * variables that stop git's discovery (`GIT_DISCOVERY_ACROSS_FILESYSTEM`,
 * `GIT_CEILING_DIRECTORIES`) turned into the options of the lstat-only
 * `.baton` search (core/config/config_dir.ts), with the rules the store's
 * full discovery applies (core/store/find_layout.ts): a ceiling counts only
 * when set and no `GIT_DIR` names the repository, and the ceiling code is
 * loaded only when one is set. Edge-free: I/O through `ReadFs`.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import type { ConfigDiscovery } from "../config/config_dir.ts";
import type { GitEnvironment } from "../facts/git/git_environment.ts";

/**
 * git's boolean environment values: false for 0, false, no, off.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(envTrue("1"), true);
 * assert.equal(envTrue(" Off "), false);
 * assert.equal(envTrue(undefined), false);
 * ```
 */
export function envTrue(value: string | undefined): boolean {
  return value !== undefined && !/^(0|false|no|off)$/i.test(value.trim());
}

/**
 * Whether a ceiling can stop git's search under `env`: one is set and no
 * `GIT_DIR` names the repository (git then searches for none).
 */
export function ceilingApplies(env: GitEnvironment): boolean {
  return env["GIT_CEILING_DIRECTORIES"] !== undefined && !("GIT_DIR" in env);
}

/**
 * The light search's options under git's environment `env`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const fs = {} as never;
 * assert.deepEqual(lightDiscovery(fs, {}), { acrossFilesystems: false });
 * assert.equal(typeof lightDiscovery(fs, { GIT_CEILING_DIRECTORIES: "/r" }).ceilingStops, "function");
 * ```
 */
export function lightDiscovery(fs: ReadFs, env: GitEnvironment): ConfigDiscovery {
  const acrossFilesystems = envTrue(env["GIT_DISCOVERY_ACROSS_FILESYSTEM"]);
  if (!ceilingApplies(env)) return { acrossFilesystems };
  return {
    acrossFilesystems,
    ceilingStops: async (start, root) => {
      const { ceilingStopsSearchOnDisk } = await import("../facts/git/git_reach.ts");
      return await ceilingStopsSearchOnDisk(fs, start, root, env);
    },
  };
}
