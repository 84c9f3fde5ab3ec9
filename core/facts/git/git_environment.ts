/**
 * git's environment variables that change what `git status` reads. Those
 * naming which config files git reads (GIT_CONFIG_GLOBAL, GIT_CONFIG_SYSTEM,
 * GIT_CONFIG_NOSYSTEM) are applied to baton's config cascade as git applies
 * them, and so are the entries GIT_CONFIG_COUNT and GIT_CONFIG_PARAMETERS
 * add (environment_config.ts). Those that move the repository itself
 * (another git directory, work tree, index or object store) are not
 * followed: a git hook or a tool may set them for its own git calls, and
 * then the facts they move are not git's answer and are reported
 * unavailable, never compared (which ones, moving_in_effect.ts: one naming
 * exactly what baton found moves nothing). GIT_CONFIG is read by
 * `git config` alone (git status ignores it), so baton ignores it too.
 * @module
 */
import type { GitConfigEntry } from "./parse_config.ts";
import { countedConfigNames, environmentConfig } from "./environment_config.ts";
import { parseConfigBool } from "./config_lookup.ts";

/** Variables that move what git reads and baton does not follow (git(1), git-config(1)). */
export const GIT_MOVING_VARIABLES = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_OBJECT_DIRECTORY",
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
  "GIT_COMMON_DIR",
] as const;

/** Variables naming which config (and attributes) files git reads; baton's cascade applies them. */
export const GIT_CONFIG_FILE_VARIABLES = [
  "GIT_CONFIG_GLOBAL",
  "GIT_CONFIG_SYSTEM",
  "GIT_CONFIG_NOSYSTEM",
  "GIT_ATTR_NOSYSTEM",
  "GIT_CONFIG_COUNT",
  "GIT_CONFIG_PARAMETERS",
] as const;

/** git's system attributes file (its compiled-in `$(sysconfdir)/gitattributes`). */
export const SYSTEM_ATTRIBUTES_FILE = "/etc/gitattributes";

/**
 * The system attributes file git reads under `env`: `/etc/gitattributes`
 * unless GIT_ATTR_NOSYSTEM is true (GIT_CONFIG_NOSYSTEM does not skip it).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(systemAttributesFile({}), "/etc/gitattributes");
 * assert.equal(systemAttributesFile({ GIT_CONFIG_NOSYSTEM: "1" }), "/etc/gitattributes");
 * assert.equal(systemAttributesFile({ GIT_ATTR_NOSYSTEM: "true" }), null);
 * assert.equal(systemAttributesFile({ GIT_ATTR_NOSYSTEM: "0" }), "/etc/gitattributes");
 * ```
 */
export function systemAttributesFile(env: GitEnvironment): string | null {
  const off = env["GIT_ATTR_NOSYSTEM"];
  return off !== undefined && envBool(off) === true ? null : SYSTEM_ATTRIBUTES_FILE;
}

/**
 * Variables that change how git finds the repository or which objects it
 * reads for HEAD: baton checks what they would change (git_reach.ts).
 */
export const GIT_REACH_VARIABLES = [
  "GIT_CEILING_DIRECTORIES",
  // Whether git's search for a repository crosses a mount point.
  "GIT_DISCOVERY_ACROSS_FILESYSTEM",
  "GIT_NO_REPLACE_OBJECTS",
  "GIT_REPLACE_REF_BASE",
  // A grafts file other than info/grafts: the parents git reads for the publication walk.
  "GIT_GRAFT_FILE",
  // A shallow file other than <git dir>/shallow: the commits git takes as parentless, and
  // the file whose junk line stops git.
  "GIT_SHALLOW_FILE",
  // As root, git takes the owner sudo ran it for as the current user.
  "SUDO_UID",
] as const;

/**
 * The shell's variable git spells the current directory with: a `.git`
 * directory found there is matched against includeIf "gitdir:" through
 * `$PWD` when `$PWD` names it (include_gitdir.ts).
 */
export const GIT_CWD_VARIABLES = ["PWD"] as const;

/**
 * Where git finds the program of a filter it runs (its exec path first,
 * then PATH): baton checks that Git LFS's is there (worktree/lfs_program.ts).
 */
export const GIT_PROGRAM_VARIABLES = ["PATH", "GIT_EXEC_PATH"] as const;

/**
 * Variables git takes as set even when empty (git 2.39: an empty
 * GIT_INDEX_FILE is an index file named "", which does not exist; an empty
 * GIT_DIR, GIT_WORK_TREE, GIT_OBJECT_DIRECTORY or GIT_COMMON_DIR stops git;
 * an empty GIT_CONFIG_GLOBAL or GIT_CONFIG_SYSTEM names no file).
 * An empty GIT_ALTERNATE_OBJECT_DIRECTORIES adds no store, as if unset.
 */
const EMPTY_IS_SET: ReadonlySet<string> = new Set([
  ...GIT_MOVING_VARIABLES.filter((name) => name !== "GIT_ALTERNATE_OBJECT_DIRECTORIES"),
  // A config file named "": git tries to open it, finds nothing, and so
  // reads no global (no XDG one either) or no system file.
  "GIT_CONFIG_GLOBAL",
  "GIT_CONFIG_SYSTEM",
]);

/** The git variables of the lists above that are set (not empty, but see EMPTY_IS_SET), by name. */
export type GitEnvironment = Readonly<Record<string, string>>;

/**
 * The git variables of both lists that `env` sets to something other than
 * the empty string, and the moving variables git takes as set when empty.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const env: Record<string, string> = { GIT_INDEX_FILE: "/tmp/alt", PATH: "", HOME: "/home/u" };
 * assert.deepEqual(readGitEnvironment((n) => env[n]), { GIT_INDEX_FILE: "/tmp/alt" });
 * assert.deepEqual(readGitEnvironment((n) => ({ GIT_DIR: "" })[n]), { GIT_DIR: "" });
 * ```
 */
export function readGitEnvironment(env: (name: string) => string | undefined): GitEnvironment {
  const out: Record<string, string> = {};
  for (
    const name of [
      ...GIT_MOVING_VARIABLES,
      ...GIT_CONFIG_FILE_VARIABLES,
      ...GIT_REACH_VARIABLES,
      ...GIT_CWD_VARIABLES,
      ...GIT_PROGRAM_VARIABLES,
    ]
  ) {
    const value = env(name);
    if (value !== undefined && (value !== "" || EMPTY_IS_SET.has(name))) out[name] = value;
  }
  // The counted keys and values, an empty value included (git takes it as set).
  for (const name of countedConfigNames(out["GIT_CONFIG_COUNT"])) {
    const value = env(name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** The moving variables set, in the list's order. */
export function movingVariables(env: GitEnvironment): string[] {
  return GIT_MOVING_VARIABLES.filter((name) => name in env);
}

/**
 * Why the work tree is not compared while `names` are set (names only,
 * never their values); moving_in_effect.ts tells when they move the whole
 * repository instead.
 */
export function gitEnvironmentReason(names: readonly string[]): string {
  return `${names.join(", ")} ${
    names.length === 1 ? "is" : "are"
  } set in the environment: git would compare another work tree, index or object store than baton finds here`;
}

/**
 * Why the config entries git takes from `env` (GIT_CONFIG_COUNT) cannot be
 * applied exactly, or null when they can (or none are set).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(environmentConfigProblem({}), null);
 * assert.match(environmentConfigProblem({ GIT_CONFIG_COUNT: "x" })!, /not a count/);
 * ```
 */
export function environmentConfigProblem(env: GitEnvironment): string | null {
  const bad = BOOLEAN_VARIABLES.find((name) => name in env && envBool(env[name]!) === null);
  if (bad !== undefined) return `${bad} is not a boolean git accepts: git stops`;
  const counted = environmentConfig(env);
  return "reason" in counted ? counted.reason : null;
}

/**
 * The variables above git reads as booleans (git_env_bool), and stops on
 * ("bad boolean config value") when they are not: GIT_CONFIG_NOSYSTEM on
 * every config read, GIT_DISCOVERY_ACROSS_FILESYSTEM on its search for the
 * repository, GIT_ATTR_NOSYSTEM once it reads attributes.
 */
const BOOLEAN_VARIABLES = [
  "GIT_CONFIG_NOSYSTEM",
  "GIT_DISCOVERY_ACROSS_FILESYSTEM",
  "GIT_ATTR_NOSYSTEM",
] as const;

/**
 * A boolean variable as git reads it (git_env_bool, which is
 * git_config_bool): true, yes, on or a number not 0 (`1k`, `0x1`) is true;
 * false, no, off, the empty string or a number 0 (`00`, `0k`) is false;
 * anything else is null, which git stops on.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(envBool("Yes"), true);
 * assert.equal(envBool("00"), false);
 * assert.equal(envBool("0k"), false);
 * assert.equal(envBool("junk"), null);
 * ```
 */
export function envBool(value: string): boolean | null {
  return parseConfigBool(value);
}

/**
 * The config cascade's file options under `env`, as git chooses them:
 * GIT_CONFIG_GLOBAL replaces the global files (XDG and ~/.gitconfig) with
 * one, GIT_CONFIG_SYSTEM replaces the system file (either set empty: none),
 * GIT_CONFIG_NOSYSTEM (a true value) skips the system file. Options not
 * named are left out (the defaults apply).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(configFileOptions({ GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" }), {
 *   globalConfigPaths: ["/dev/null"],
 *   systemConfigPath: null,
 * });
 * assert.deepEqual(configFileOptions({ GIT_CONFIG_GLOBAL: "", GIT_CONFIG_SYSTEM: "" }), {
 *   globalConfigPaths: [],
 *   systemConfigPath: null,
 * });
 * assert.deepEqual(configFileOptions({}), {});
 * ```
 */
export function configFileOptions(
  env: GitEnvironment,
): {
  globalConfigPaths?: string[];
  systemConfigPath?: string | null;
  environmentEntries?: GitConfigEntry[];
} {
  const out: {
    globalConfigPaths?: string[];
    systemConfigPath?: string | null;
    environmentEntries?: GitConfigEntry[];
  } = {};
  // An empty name is no file to git; a relative one is opened from the work
  // tree's top, where git has changed directory (read_repo_config.ts).
  const global = env["GIT_CONFIG_GLOBAL"];
  if (global !== undefined) out.globalConfigPaths = global === "" ? [] : [global];
  const system = env["GIT_CONFIG_SYSTEM"];
  if (system !== undefined) out.systemConfigPath = system === "" ? null : system;
  const nosystem = env["GIT_CONFIG_NOSYSTEM"];
  if (nosystem !== undefined && envBool(nosystem) === true) out.systemConfigPath = null;
  const counted = environmentConfig(env);
  if ("entries" in counted && counted.entries.length > 0) {
    out.environmentEntries = counted.entries;
  }
  return out;
}
