/**
 * The home directory to bound the search of the work trees around a folder
 * with (a work tree at the home or above it, past the nearest, is a
 * person's own dotfiles: core/facts/git/outer_work_tree.ts). HOME is itself
 * a variable a repository's host settings can set, and set to a
 * superproject's folder it would stop the search before that superproject's
 * own files; so a home that a host file in any work tree around sets (as a
 * key) bounds nothing. Edge-free: I/O through `ReadFs`.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { repositorySetVariables } from "./repository_env.ts";
import { HOME_NAMES } from "./guarded_settings.ts";

/**
 * HOME, else USERPROFILE, as `env` sets them, leaving out one a host file in
 * a work tree around `cwd` sets: every one, up to `outermost` (the caller's
 * outermostWorkTree with no home bound; null outside git). Null when none is
 * left, or when the search fails (no bound: the widest search).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const none = { stat: () => Promise.resolve(null), lstat: () => Promise.resolve(null), realPath: (p: string) => Promise.resolve(p), readDir: () => Promise.resolve([]) } as never;
 * assert.equal(await personsHome(none, null, "/nowhere", (n) => n === "HOME" ? "/home/a" : undefined), "/home/a");
 * ```
 */
export async function personsHome(
  fs: ReadFs,
  outermost: string | null,
  cwd: string,
  env: (name: string) => string | undefined,
): Promise<string | null> {
  const set = HOME_NAMES.filter((n) => (env(n) ?? "") !== "");
  if (set.length === 0) return null;
  try {
    const named = await repositorySetVariables(fs, outermost ?? cwd, cwd, set, "as-key");
    return set.map((n) => named.has(n) ? null : env(n)!).find((v) => v !== null) ?? null;
  } catch {
    return null;
  }
}
