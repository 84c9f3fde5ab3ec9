/**
 * baton's settings a repository must not choose: each is treated as unset
 * when a host file in the work tree names it (core/trust/repository_env.ts
 * finds those files). Its own module, of names only, so the entry point can
 * ask whether any is set without loading the search. The gate's
 * BATON_ENFORCE has its own rule (core/enforce/repo_off_switch.ts), and so does
 * BATON_LAUNCHER (where it lies: outside the work tree).
 *
 * The second list is of the variables that say where baton looks: the home
 * directories (where the keys this machine trusts live, and where the search
 * of the work trees around stops), and git's variables that change which
 * repository, index, object store or config git reads. git honours them, and
 * a person may set them in their shell or their own user-level host
 * settings; a file in the work tree is a stranger's. They are common words
 * in settings (`$HOME/bin` in a PATH), so one counts as named only where a
 * file sets it, as a key (`"HOME":`, `HOME=`, `HOME =`), never where it is
 * only mentioned.
 * @module
 */

/** Each guarded setting, with what a repository could do with it. */
export const REPOSITORY_GUARDED: Readonly<Record<string, string>> = {
  BATON_BRIEFING_REPEAT: "stop new sessions from being briefed again",
  BATON_HOST: "choose the host that a capsule this machine signs says it was written from",
  BATON_SESSION: "choose the session that a capsule this machine signs names",
  BATON_HASH_CAP_BYTES: "stop changed files from being hashed, so their drift is never shown",
};

/** The names of {@linkcode REPOSITORY_GUARDED}. */
export const REPOSITORY_GUARDED_NAMES: readonly string[] = Object.keys(REPOSITORY_GUARDED);

const HOST_PLACE =
  "choose which host sessions baton reads, and where install writes that host's user settings";

/**
 * The variables that say where baton looks, with what a repository could do
 * by setting them (judged as {@linkcode REPOSITORY_GUARDED} is, by key).
 */
export const REPOSITORY_GUARDED_LOCATIONS: Readonly<Record<string, string>> = {
  HOME: "choose where baton keeps the keys this machine trusts",
  USERPROFILE: "choose where baton keeps the keys this machine trusts",
  XDG_CONFIG_HOME:
    "choose where baton keeps the keys this machine trusts or which git config it reads",
  APPDATA: "choose where baton keeps the keys this machine trusts",
  BATON_HOME: "choose where baton keeps the keys this machine trusts",
  GIT_DIR: "choose which repository baton describes",
  GIT_WORK_TREE: "choose which work tree baton describes",
  GIT_INDEX_FILE: "choose which index baton compares the work tree with",
  GIT_OBJECT_DIRECTORY: "choose which objects baton reads",
  GIT_ALTERNATE_OBJECT_DIRECTORIES: "choose which objects baton reads",
  GIT_COMMON_DIR: "choose which repository baton describes",
  GIT_CONFIG_GLOBAL: "choose which git config baton reads",
  GIT_CONFIG_SYSTEM: "choose which git config baton reads",
  GIT_CONFIG_NOSYSTEM: "choose which git config baton reads",
  GIT_ATTR_NOSYSTEM: "choose which git attributes baton reads",
  GIT_CONFIG_COUNT: "add git config that changes what baton counts as changed",
  GIT_CONFIG_PARAMETERS: "add git config that changes what baton counts as changed",
  GIT_CEILING_DIRECTORIES: "change how baton finds the repository",
  GIT_DISCOVERY_ACROSS_FILESYSTEM: "change how baton finds the repository",
  GIT_NO_REPLACE_OBJECTS: "change which commit baton reads for HEAD",
  GIT_REPLACE_REF_BASE: "change which commit baton reads for HEAD",
  // Where each host keeps its user settings and sessions (core/hosts/*.ts `userDir`, `root`).
  XDG_DATA_HOME: "choose which host sessions baton reads",
  CLAUDE_CONFIG_DIR: HOST_PLACE,
  CODEX_HOME: HOST_PLACE,
  COPILOT_HOME: HOST_PLACE,
  CLINE_DIR: HOST_PLACE,
  CONTINUE_GLOBAL_DIR: HOST_PLACE,
  PI_CODING_AGENT_DIR: HOST_PLACE,
};

/** The names of {@linkcode REPOSITORY_GUARDED_LOCATIONS}. */
export const REPOSITORY_GUARDED_LOCATION_NAMES: readonly string[] = Object.keys(
  REPOSITORY_GUARDED_LOCATIONS,
);

/**
 * The home directories among them: judged against every work tree around
 * the folder, since where the search stops is itself decided by the home.
 */
export const HOME_NAMES: readonly string[] = ["HOME", "USERPROFILE"];

/**
 * The guarded variables of both lists that `env` sets (not empty): nothing
 * is searched when there are none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { guardedSet } from "./guarded_settings.ts";
 * const env: Record<string, string> = { HOME: "/home/a", BATON_HOST: "", PATH: "/bin" };
 * assert.deepEqual(guardedSet((n) => env[n]), ["HOME"]);
 * ```
 */
export function guardedSet(env: (name: string) => string | undefined): string[] {
  return [...REPOSITORY_GUARDED_NAMES, ...REPOSITORY_GUARDED_LOCATION_NAMES].filter((n) =>
    (env(n) ?? "") !== ""
  );
}
