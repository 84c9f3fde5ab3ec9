/**
 * Pure: decides an `[includeIf "<condition>"]` section the way git's config
 * reader does for the conditions baton can evaluate without a git binary:
 * `gitdir:`, `gitdir/i:` (glob against the git directory), `onbranch:`
 * (glob against the checked-out branch) and `hasconfig:remote.*.url:` (glob
 * against every remote URL the cascade configures). Any other condition is
 * not included, as git does for a condition it does not know.
 * @module
 */

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

/** Whether `condition` (the includeIf subsection) holds. */
export function includeIfMatches(condition: string, ctx: IncludeIfContext): boolean {
  for (const [prefix, fold] of [["gitdir:", false], ["gitdir/i:", true]] as const) {
    if (!condition.startsWith(prefix)) continue;
    const pattern = gitdirPattern(condition.slice(prefix.length), ctx);
    if (pattern === null) return false;
    if (globMatches(pattern, ctx.gitDir, fold)) return true;
    const real = ctx.realGitDir ?? null;
    return real !== null && real !== ctx.gitDir && globMatches(pattern, real, fold);
  }
  if (isHasconfigRemoteUrl(condition)) {
    const pattern = condition.slice(HASCONFIG_REMOTE_URL.length);
    return (ctx.remoteUrls ?? []).some((url) => globMatches(pattern, url, false));
  }
  if (condition.startsWith("onbranch:")) {
    if (ctx.branch === null) return false;
    let pattern = condition.slice("onbranch:".length);
    if (pattern.endsWith("/")) pattern += "**";
    return globMatches(pattern, ctx.branch, false);
  }
  return false;
}

function gitdirPattern(raw: string, ctx: IncludeIfContext): string | null {
  let p = raw;
  if (p.startsWith("~/")) {
    if (ctx.home === null) return null;
    p = `${ctx.home}/${p.slice(2)}`;
  } else if (p.startsWith("./")) {
    // The "." becomes the config file's directory, compared literally (git's prefix).
    const dir = ctx.configDir.endsWith("/") ? ctx.configDir.slice(0, -1) : ctx.configDir;
    p = dir.replace(/[*?[\\]/g, "\\$&") + p.slice(1);
  } else if (!p.startsWith("/")) {
    p = `**/${p}`;
  }
  if (p.endsWith("/")) p += "**";
  return p;
}

/** wildmatch with WM_PATHNAME: `*` and `?` stop at "/", `**` crosses it. */
function globMatches(pattern: string, text: string, fold: boolean): boolean {
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "*" && pattern[i + 1] === "*") {
      const atStart = i === 0 || pattern[i - 1] === "/";
      i++;
      if (atStart && pattern[i + 1] === "/") {
        re += "(?:.*/)?";
        i++;
      } else re += ".*";
    } else if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else if (c === "[") {
      const end = pattern.indexOf("]", i + 2);
      if (end < 0) re += "\\[";
      else {
        const body = pattern.slice(i + 1, end).replace(/^!/, "^").replace(/\\/g, "\\\\");
        re += `[${body}]`;
        i = end;
      }
    } else if (c === "\\" && i + 1 < pattern.length) re += escape(pattern[++i]!);
    else re += escape(c);
  }
  return new RegExp(`^${re}$`, fold ? "is" : "s").test(text);
}

function escape(ch: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(ch) ? `\\${ch}` : ch;
}
