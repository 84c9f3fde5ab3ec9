/**
 * git's environment variables that move what `git status` reads: another
 * git directory, work tree, index, object store or config file than the
 * ones baton finds from the working directory. baton reads none of them
 * (a git hook or a tool may set them for its own git calls); when one is set,
 * the work-tree facts are not git's answer and are reported unavailable,
 * never compared.
 * @module
 */

/** The variables, by name (git(1) "Environment Variables", git-config(1) "ENVIRONMENT"). */
export const GIT_LOCATION_VARIABLES = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_OBJECT_DIRECTORY",
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
  "GIT_COMMON_DIR",
  "GIT_CONFIG",
  "GIT_CONFIG_GLOBAL",
  "GIT_CONFIG_SYSTEM",
  "GIT_CONFIG_NOSYSTEM",
  "GIT_CONFIG_COUNT",
  "GIT_CONFIG_PARAMETERS",
] as const;

/**
 * The names among {@linkcode GIT_LOCATION_VARIABLES} that `env` sets (to
 * anything but the empty string), in the list's order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const env = { GIT_INDEX_FILE: "/tmp/alt", GIT_DIR: "", PATH: "/bin" };
 * assert.deepEqual(setGitLocationVariables((n) => env[n as keyof typeof env]), ["GIT_INDEX_FILE"]);
 * ```
 */
export function setGitLocationVariables(env: (name: string) => string | undefined): string[] {
  return GIT_LOCATION_VARIABLES.filter((name) => (env(name) ?? "") !== "");
}

/** Why the work tree is not compared while `names` are set (names only, never their values). */
export function gitEnvironmentReason(names: readonly string[]): string {
  return `${names.join(", ")} ${
    names.length === 1 ? "is" : "are"
  } set in the environment: git would read another repository, index or config than baton finds here`;
}
