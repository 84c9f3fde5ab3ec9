/**
 * Pure: decides an `[includeIf "<condition>"]` section the way git's config
 * reader does for the conditions baton can evaluate without a git binary:
 * `gitdir:`, `gitdir/i:` (glob against the git directory), `onbranch:`
 * (glob against the checked-out branch) and `hasconfig:remote.*.url:` (glob
 * against every remote URL the cascade configures). Any other condition is
 * not included, as git does for a condition it does not know. Every glob is
 * git's wildmatch with WM_PATHNAME (core/facts/worktree/gitignore.ts): `**`
 * glued to a name is one `*`, brackets know POSIX classes and never take
 * "/", and gitdir/i folds ASCII letters only.
 * @module
 */
import { compileWildmatch } from "../worktree/gitignore.ts";

/** What a condition is evaluated against. */
export interface IncludeIfContext {
  /** The repository's git directory, absolute. */
  gitDir: string;
  /** The same with symbolic links resolved, when known: git tries both. */
  realGitDir?: string | null;
  /** The branch HEAD names, or null when detached or unborn-unknown. */
  branch: string | null;
  /** Home directory for `~/` (git takes its real path), or null. */
  home: string | null;
  /** Directory of the config file holding the condition, for `./` (git takes its real path). */
  configDir: string;
  /** Every remote URL the whole cascade configures; null when not read yet (no match). */
  remoteUrls?: readonly string[] | null;
}

const HASCONFIG_REMOTE_URL = "hasconfig:remote.*.url:";

/** Whether `condition` is `hasconfig:remote.*.url:<glob>`. */
export function isHasconfigRemoteUrl(condition: string): boolean {
  return condition.startsWith(HASCONFIG_REMOTE_URL);
}

/** Whether baton can evaluate `condition` at all (gitdir, gitdir/i, onbranch, hasconfig:remote.*.url). */
export function includeIfKnown(condition: string): boolean {
  return /^(gitdir:|gitdir\/i:|onbranch:)/.test(condition) || isHasconfigRemoteUrl(condition);
}

/**
 * Whether `condition` is a gitdir: pattern git expands from something baton
 * does not look up: another user's home (`~user/`) or git's own install
 * prefix (`%(prefix)/`).
 */
export function includeIfUnexpandable(condition: string): boolean {
  const m = /^gitdir(?:\/i)?:/.exec(condition);
  return m !== null && isUnexpandablePath(condition.slice(m[0].length));
}

/** Whether git expands `value` from another user's home (`~user`) or its install prefix (`%(prefix)/`). */
export function isUnexpandablePath(value: string): boolean {
  if (value.startsWith("%(prefix)/")) return true;
  return value.startsWith("~") && value !== "~" && !value.startsWith("~/");
}

/** Whether `condition` (the includeIf subsection) holds. */
export function includeIfMatches(condition: string, ctx: IncludeIfContext): boolean {
  for (const [prefix, fold] of [["gitdir:", false], ["gitdir/i:", true]] as const) {
    if (!condition.startsWith(prefix)) continue;
    const pattern = gitdirPattern(condition.slice(prefix.length), ctx);
    if (pattern === null) return false;
    const rest = compileWildmatch(pattern.rest, fold);
    const fits = (text: string) => {
      // git compares the literal prefix as is (strncasecmp under gitdir/i) and globs the rest.
      const head = text.slice(0, pattern.literal.length);
      const same = fold ? foldAscii(head) === foldAscii(pattern.literal) : head === pattern.literal;
      return same && rest(text.slice(pattern.literal.length));
    };
    if (fits(ctx.gitDir)) return true;
    const real = ctx.realGitDir ?? null;
    return real !== null && real !== ctx.gitDir && fits(real);
  }
  if (isHasconfigRemoteUrl(condition)) {
    const match = compileWildmatch(condition.slice(HASCONFIG_REMOTE_URL.length), false);
    return (ctx.remoteUrls ?? []).some((url) => match(url));
  }
  if (condition.startsWith("onbranch:")) {
    if (ctx.branch === null) return false;
    let pattern = condition.slice("onbranch:".length);
    if (pattern.endsWith("/")) pattern += "**";
    return compileWildmatch(pattern, false)(ctx.branch);
  }
  return false;
}

/**
 * A gitdir: pattern as git prepares it: `~` and `~/` from the home's real
 * path, `./` from the config file's directory (a literal prefix, compared
 * as is), a relative pattern under two stars and a slash, a trailing "/" taking
 * everything below. Null where it cannot be expanded.
 */
function gitdirPattern(
  raw: string,
  ctx: IncludeIfContext,
): { literal: string; rest: string } | null {
  let p = raw;
  if (isUnexpandablePath(p)) return null;
  if (p === "~" || p.startsWith("~/")) {
    if (ctx.home === null) return null;
    p = ctx.home + p.slice(1);
  }
  if (p.startsWith("./")) {
    // The "." becomes the config file's directory: git's literal prefix.
    const dir = ctx.configDir.endsWith("/") ? ctx.configDir.slice(0, -1) : ctx.configDir;
    const rest = p.slice(2);
    return { literal: `${dir}/`, rest: rest === "" || rest.endsWith("/") ? `${rest}**` : rest };
  }
  if (!p.startsWith("/")) p = `**/${p}`;
  if (p.endsWith("/")) p += "**";
  return { literal: "", rest: p };
}

/** Lower-cases ASCII letters only (git's strncasecmp in the C locale). */
function foldAscii(text: string): string {
  return text.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}
