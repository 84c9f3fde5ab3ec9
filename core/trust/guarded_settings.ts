/**
 * baton's settings a repository must not choose: each is treated as unset
 * when a host file in the work tree names it (core/trust/repository_env.ts
 * finds those files). Its own module, of names only, so the entry point can
 * ask whether any is set without loading the search. The gate's
 * BATON_ENFORCE has its own rule (core/enforce/repo_off_switch.ts), and so do
 * BATON_HOME and BATON_LAUNCHER (where they lie: outside the work tree).
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
