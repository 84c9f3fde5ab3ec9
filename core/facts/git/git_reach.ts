/**
 * Two ways git's answer can differ from the repository baton found without
 * moving it: `GIT_CEILING_DIRECTORIES` can stop git's search for a
 * repository below the one baton found (git then says "not a git
 * repository"), and replace refs (`refs/replace/*`) make git read another
 * commit for HEAD than the one HEAD names. baton follows neither; where a
 * ceiling stops git nothing of the repository is reported (git reads none),
 * and where replace refs apply the work tree is not compared (`unknown`,
 * with the reason), never answered from the wrong tree.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import { normalizePath } from "../../path.ts";
import type { RepoLocation } from "../types.ts";
import type { GitEnvironment } from "./git_environment.ts";
import { listRefs } from "./list_refs.ts";
import { getConfigBool } from "./config_lookup.ts";
import type { GitConfig } from "./parse_config.ts";

/**
 * Whether `GIT_CEILING_DIRECTORIES` stops git before `workTree` ({@linkcode ceilingsStop}),
 * the variable read as git reads it: each absolute
 * entry before the first empty one is resolved to its real path (an entry
 * that does not resolve is dropped), the entries after an empty one are
 * kept as written, and the start and the work tree are compared by their
 * real paths (git's start is its physical working directory). A ceiling
 * named through a symbolic link stops git as the directory it names.
 */
export async function ceilingStopsSearchOnDisk(
  fs: ReadFs,
  cwd: string,
  workTree: string,
  env: GitEnvironment,
): Promise<boolean> {
  const raw = env["GIT_CEILING_DIRECTORIES"];
  if (raw === undefined) return false;
  const real = (path: string) => fs.realPath(path).catch(() => null);
  const entries: string[] = [];
  let emptySeen = false;
  for (const entry of raw.split(":")) {
    if (entry === "") emptySeen = true;
    else if (!entry.startsWith("/")) continue;
    else if (emptySeen) entries.push(entry);
    else {
      const resolved = await real(entry);
      if (resolved !== null) entries.push(resolved);
    }
  }
  return ceilingsStop((await real(cwd)) ?? cwd, (await real(workTree)) ?? workTree, entries);
}

/**
 * Whether git, started in `cwd`, would stop before reaching `workTree` under
 * the ceiling `entries` (absolute paths, already resolved as git resolves
 * them). git examines `cwd` itself and climbs only while the directory stays
 * strictly below the longest ceiling that is a proper ancestor of `cwd`;
 * relative entries are ignored, as git ignores them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(ceilingsStop("/r/sub", "/r", ["/r"]), true);
 * assert.equal(ceilingsStop("/r", "/r", ["/r"]), false);
 * assert.equal(ceilingsStop("/r/a/b", "/r/a", ["/r"]), false);
 * assert.equal(ceilingsStop("/r/sub", "/r", ["r"]), false);
 * ```
 */
export function ceilingsStop(cwd: string, workTree: string, entries: readonly string[]): boolean {
  const start = normalizePath(cwd);
  const top = normalizePath(workTree);
  if (start === top) return false;
  for (const entry of entries) {
    if (!entry.startsWith("/")) continue;
    const ceiling = normalizePath(entry);
    const properAncestor = ceiling === "/" ? start !== "/" : start.startsWith(`${ceiling}/`);
    // git stops at the ceiling: a work tree at or above it is never reached.
    const atOrAbove = top === ceiling || ceiling === "/" || ceiling.startsWith(`${top}/`) ||
      top === "/";
    if (properAncestor && atOrAbove) return true;
  }
  return false;
}

/** Why the work tree is not compared when replace refs apply (content-free). */
export const REPLACE_REFS_REASON =
  "replace refs (refs/replace/) change which objects git reads for HEAD; baton does not follow them";

/**
 * Whether git would read HEAD through replace refs: not disabled by
 * `GIT_NO_REPLACE_OBJECTS` or `core.useReplaceRefs=false`, and at least one
 * ref under the replace base. Another base (`GIT_REPLACE_REF_BASE`) counts
 * as applying: baton does not list it.
 */
export async function replaceRefsApply(
  fs: ReadFs,
  repo: RepoLocation,
  config: GitConfig | null,
  env: GitEnvironment,
): Promise<boolean> {
  if (env["GIT_NO_REPLACE_OBJECTS"] !== undefined) return false;
  try {
    // Without the config (null), core.useReplaceRefs is taken at its default, true.
    if (config !== null && !getConfigBool(config, "core.usereplacerefs", true)) return false;
  } catch {
    // Not a boolean: git refuses to run, so its answer is not baton's either.
    return true;
  }
  const base = env["GIT_REPLACE_REF_BASE"];
  if (base !== undefined && base !== "refs/replace/" && base !== "refs/replace") return true;
  try {
    return (await listRefs(fs, repo, "refs/replace/")).length > 0;
  } catch {
    // Refs that cannot be listed: whether git replaces anything is unknown.
    return true;
  }
}

/**
 * Whether git walks other parents than the commits hold: replace refs in
 * effect ({@linkcode replaceRefsApply}), or a grafts file git reads
 * (`GIT_GRAFT_FILE`, any value taken as one, else `info/grafts` in the
 * common directory) that is not empty, or a shallow file named by
 * `GIT_SHALLOW_FILE` (git takes the commits it lists as parentless in place
 * of the repository's own). Without the config (null) replace refs are
 * taken to apply whenever there are any.
 */
export async function parentsRewritten(
  fs: ReadFs,
  repo: RepoLocation,
  config: GitConfig | null,
  env: GitEnvironment,
): Promise<boolean> {
  if (env["GIT_GRAFT_FILE"] !== undefined || env["GIT_SHALLOW_FILE"] !== undefined) return true;
  const grafts = await fs.lstat(`${repo.commonDir}/info/grafts`);
  if (grafts !== null && grafts.size > 0) return true;
  return await replaceRefsApply(fs, repo, config, env);
}

/** Why the work tree is not compared when git refuses the repository's owner (content-free). */
export const OWNERSHIP_REASON =
  "the repository is owned by another user and safe.directory does not name it: git refuses to read it";

/**
 * Why the work tree is not compared when only newer git reads the
 * repository of another user (content-free).
 */
export const OWNERSHIP_VERSIONS_REASON =
  "the repository is owned by another user and safe.directory names it only as git 2.46 and later read it (a trailing slash, a path through a link, or a /* prefix): older git refuses to read it";

/**
 * How git takes a repository owned by another user: `accepted` (owned by
 * this user, or a `safe.directory` every git version reads names it),
 * `refused` (no value names it), or `versions differ` (only git 2.46 and
 * later read a value as naming it).
 */
export type OwnershipVerdict = "accepted" | "refused" | "versions differ";

/**
 * Whether git would refuse the repository as of "dubious ownership": the
 * work tree, the git directory or a `.git` file is owned by a user other
 * than this process's (as root, the one `SUDO_UID` names), and no
 * `safe.directory` value of the system or global config (`safeDirectories`)
 * is `*` or names the work tree (`~/` is the home directory). A value
 * naming the work tree's physical path as written is read so by every git;
 * one naming it only through its real path (a trailing slash, a link on the
 * way) or ending in `/*` over it is read so by git 2.46 and later alone
 * (older git compares the string, and has no prefix form). A value naming
 * the git directory names nothing: git compares the work tree. Without a
 * process user id (an fs that cannot tell, or Windows) nothing is compared.
 */
export async function ownershipVerdict(
  fs: ReadFs,
  repo: RepoLocation,
  safeDirectories: readonly string[],
  options: { env: GitEnvironment; homeDir: string | null },
): Promise<OwnershipVerdict> {
  const uid = fs.processUid?.() ?? null;
  if (uid === null) return "accepted";
  const sudo = options.env["SUDO_UID"];
  const current = uid === 0 && sudo !== undefined && /^[0-9]+$/.test(sudo) ? Number(sudo) : uid;
  const owned = async (path: string) => {
    const st = await fs.lstat(path);
    return st === null || st.uid === null || st.uid === current;
  };
  const gitFile = `${repo.workTree}/.git`;
  const gitFileStat = await fs.lstat(gitFile);
  const paths = [repo.workTree, repo.gitDir];
  if (gitFileStat?.isFile === true) paths.push(gitFile);
  let allOwned = true;
  for (const path of paths) {
    if (!(await owned(path))) allOwned = false;
  }
  if (allOwned) return "accepted";
  const real = async (path: string) => normalizePath(await fs.realPath(path).catch(() => path));
  // git compares the work tree as its setup found it: the physical path.
  const top = await real(repo.workTree);
  let newerOnly = false;
  for (const raw of safeDirectories) {
    if (raw === "*") return "accepted";
    const value = raw.startsWith("~/") && options.homeDir !== null
      ? `${options.homeDir.replace(/\/+$/, "")}/${raw.slice(2)}`
      : raw;
    if (!value.startsWith("/")) continue;
    if (value === top) return "accepted";
    const prefix = value.endsWith("/*");
    const named = await real(prefix ? value.slice(0, -2) : value);
    if (named === top || (prefix && (named === "/" || top.startsWith(`${named}/`)))) {
      newerOnly = true;
    }
  }
  return newerOnly ? "versions differ" : "refused";
}

/**
 * Whether git may refuse the repository for its owner: {@linkcode ownershipVerdict}
 * is not `accepted` (a value only newer git reads counts as a refusal).
 */
export async function ownershipRefused(
  fs: ReadFs,
  repo: RepoLocation,
  safeDirectories: readonly string[],
  options: { env: GitEnvironment; homeDir: string | null },
): Promise<boolean> {
  return (await ownershipVerdict(fs, repo, safeDirectories, options)) !== "accepted";
}
