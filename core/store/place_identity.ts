/**
 * The identities a repository's place goes by, for telling whether two
 * places are the same project: a work tree's path, and the project a remote
 * URL names. Two spellings of one remote give one identity: the scheme, the
 * user and the port go, `git@host:path` and `https://host/path` meet, a
 * host's case and a trailing `.git` or `/` do not count; a local remote (a
 * path or `file://`) is the path it names, so a clone of a local clone meets
 * the work tree it was cloned from. A path keeps its case and a `.git` at
 * the end of its name (`/w/proj.git` may be another work tree than
 * `/w/proj`): two spellings of a path left apart only tie nothing.
 * Pure string work.
 * @module
 */
import { isAbsolutePath, normalizePath, resolvePath } from "../path.ts";
import { stripUrlCredentials } from "../facts/git/strip_url_credentials.ts";

/**
 * The identity of a work tree or a local repository at `path`: the path
 * normalised, without a trailing `/` or `/.git` (a work tree's git directory
 * is that work tree).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pathIdentity } from "./place_identity.ts";
 * assert.equal(pathIdentity("/w/proj/.git/"), pathIdentity("/w/proj"));
 * assert.equal(pathIdentity("/srv/proj.git"), "path:/srv/proj.git");
 * ```
 */
export function pathIdentity(path: string): string {
  const p = normalizePath(path);
  return `path:${p.endsWith("/.git") ? p.slice(0, -"/.git".length) || "/" : p}`;
}

/**
 * The identity of the project a remote URL names, or null when it names
 * none that can be compared (empty, a `<transport>::<address>` helper, a
 * relative path with no base to resolve it against).
 *
 * @param url The remote's URL as git uses it (credentials, if any, are dropped here).
 * @param base The work tree a relative local path is resolved against (git runs from its top), or null.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { remoteIdentity } from "./place_identity.ts";
 * const https = remoteIdentity("https://GitHub.com/team/proj.git/", null);
 * assert.equal(remoteIdentity("git@github.com:team/proj", null), https);
 * assert.equal(remoteIdentity("ssh://git@github.com:22/team/proj.git", null), https);
 * assert.notEqual(remoteIdentity("https://github.com/team/other", null), https);
 * assert.equal(remoteIdentity("file:///srv/proj.git/", null), remoteIdentity("/srv/proj.git", null));
 * assert.equal(remoteIdentity("../proj", "/w/mine"), "path:/w/proj");
 * assert.equal(remoteIdentity("../proj", null), null);
 * ```
 */
export function remoteIdentity(url: string, base: string | null): string | null {
  const plain = stripUrlCredentials(url.trim());
  if (plain === "") return null;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(plain);
  if (scheme !== null) {
    const rest = plain.slice(scheme[0].length);
    if (scheme[1]!.toLowerCase() === "file") {
      // file:///path, or file://host/path (the host is the local machine's).
      const slash = rest.indexOf("/");
      return slash < 0 ? null : pathIdentity(decodeLocal(rest.slice(slash)));
    }
    const slash = rest.indexOf("/");
    if (slash < 0) return null;
    return networkIdentity(rest.slice(0, slash), rest.slice(slash));
  }
  // "<transport>::<address>" runs a remote helper: nothing to compare.
  if (/^[A-Za-z][A-Za-z0-9+.-]*::/.test(plain)) return null;
  // git's rule (connect.c): a colon before the first slash makes an scp-like
  // `[user@]host:path`, a bracketed host's own colons left out.
  const slash = plain.indexOf("/");
  const at = plain.indexOf("@");
  const hostAt = at >= 0 && (slash < 0 || at < slash) ? at + 1 : 0;
  const close = plain[hostAt] === "[" ? plain.indexOf("]", hostAt) : -1;
  const colon = plain.indexOf(":", close < 0 ? 0 : close);
  if (colon > 0 && (slash < 0 || colon < slash) && !/^[A-Za-z]:[\\/]/.test(plain)) {
    return networkIdentity(plain.slice(0, colon), plain.slice(colon + 1));
  }
  if (colon === 0) return null;
  if (isAbsolutePath(plain)) return pathIdentity(plain);
  return base === null || !isAbsolutePath(base) ? null : pathIdentity(resolvePath(base, plain));
}

/** `url:<host>/<path>`: the host lower-cased without user or port, the path trimmed. */
function networkIdentity(authority: string, path: string): string | null {
  let host = authority.slice(authority.lastIndexOf("@") + 1);
  if (host.startsWith("[")) {
    const close = host.indexOf("]");
    host = close < 0 ? host : host.slice(0, close + 1);
  } else {
    host = host.replace(/:\d*$/, "");
  }
  const trimmed = trimRepoSuffix(path.replace(/^\/+/, ""));
  if (host === "" || trimmed === "") return null;
  return `url:${host.toLowerCase()}/${trimmed}`;
}

/** A path without trailing slashes, then a trailing `/.git` or `.git`, then trailing slashes again. */
function trimRepoSuffix(path: string): string {
  const bare = path.replace(/\/+$/, "");
  const noGit = bare.endsWith("/.git")
    ? bare.slice(0, -"/.git".length)
    : bare.endsWith(".git")
    ? bare.slice(0, -".git".length)
    : bare;
  return noGit.replace(/\/+$/, "");
}

/** A file URL's path with its %XX escapes decoded (kept as written when they do not decode). */
function decodeLocal(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
