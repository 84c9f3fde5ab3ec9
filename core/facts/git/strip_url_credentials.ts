/**
 * Removes secrets from remote URLs before they enter facts or output.
 * Pure string work; never throws.
 * @module
 */

/** Schemes whose user name is an account name (kept), not a token. */
const SSH_SCHEMES = new Set(["ssh", "git+ssh", "ssh+git"]);

/**
 * Schemes whose path git hands on as it is: `?` and `#` there are characters of the path
 * (`file:///srv/a#1` and `file:///srv/a#2` are two repositories to git), never a query.
 */
const PATH_SCHEMES = new Set([...SSH_SCHEMES, "file", "git"]);

/**
 * Strips credentials from a git remote URL.
 *
 * Rules:
 * - `scheme://userinfo@host/...` for http(s) and every other non-ssh scheme:
 *   the whole userinfo goes, since a bare `https://TOKEN@host` is as secret
 *   as `user:password@`.
 * - `ssh://user:password@host/...`: the user name stays (it is an account
 *   such as `git`), the password goes.
 * - scp-like `user@host:path`: the user name stays; anything after a colon
 *   in the userinfo goes.
 * - Query strings and fragments go (they can carry tokens; git does not
 *   need them to name a remote), except under `file`, `git` and the ssh
 *   schemes, where git reads `?` and `#` as part of the path: cutting them
 *   there would make two repositories one URL.
 * - The userinfo ends at the last "@" before the first "/" (a password may
 *   hold "#" or "?", and none of it stays); the host then ends at the first
 *   "/", "?" or "#", or under the path schemes at the first "/", as in git's
 *   own URL parsing. Local paths and anything unrecognised are returned unchanged.
 * - `<transport>::<address>` (git's remote-helper form, such as
 *   `https::https://TOKEN@host/r.git`, which git fetches over https with that
 *   token): the helper's name stays and the address is stripped by the rules
 *   above.
 *
 * @param url A remote URL as written in config.
 * @returns The URL without credentials.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stripUrlCredentials } from "./strip_url_credentials.ts";
 * assert.equal(stripUrlCredentials("https://user:ghp_secret@github.com/x/y.git"), "https://github.com/x/y.git");
 * assert.equal(stripUrlCredentials("https://TOKEN@host/r.git"), "https://host/r.git");
 * assert.equal(stripUrlCredentials("ssh://git:pw@host:22/r.git"), "ssh://git@host:22/r.git");
 * assert.equal(stripUrlCredentials("git@github.com:x/y.git"), "git@github.com:x/y.git");
 * assert.equal(stripUrlCredentials("https://host/r.git?token=t"), "https://host/r.git");
 * assert.equal(stripUrlCredentials("file:///srv/a#1"), "file:///srv/a#1");
 * assert.equal(stripUrlCredentials("ssh://u:pa#ss@host/r"), "ssh://u@host/r");
 * assert.equal(stripUrlCredentials("https::https://TOKEN@host/r.git"), "https::https://host/r.git");
 * ```
 */
export function stripUrlCredentials(url: string): string {
  // git names a remote helper as "<transport>::<address>" (transport.c: the transport's name is
  // a letter or digit, then letters, digits, "+", "-" or "."), and hands the helper the address.
  // A helper's address may name another helper: every such name stays, the address is stripped.
  const helpers = /^(?:[A-Za-z0-9][A-Za-z0-9+.-]*::)+/.exec(url)?.[0] ?? "";
  return `${helpers}${stripAddress(url.slice(helpers.length))}`;
}

/** Strips credentials from a URL or scp-like address that names no remote helper. */
function stripAddress(url: string): string {
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(url);
  if (scheme !== null) {
    const name = scheme[1]!.toLowerCase();
    const rest = url.slice(scheme[0].length);
    // The userinfo ends at the last "@" before the first "/": a password may hold "#" or "?"
    // (`ssh://u:pa#ss@host/r`), and no part of it may stay in the URL.
    const at = rest.slice(0, firstIndexOf(rest, "/")).lastIndexOf("@");
    const hostAt = at + 1;
    const end = hostAt + firstIndexOf(rest.slice(hostAt), PATH_SCHEMES.has(name) ? "/" : "/?#");
    let authority = rest.slice(hostAt, end);
    let tail = rest.slice(end);
    if (at >= 0) {
      const keep = SSH_SCHEMES.has(name) ? beforeColon(rest.slice(0, at)) : "";
      if (keep !== "") authority = `${keep}@${authority}`;
    }
    if (!PATH_SCHEMES.has(name)) tail = tail.slice(0, firstIndexOf(tail, "?#"));
    return `${url.slice(0, scheme[0].length)}${authority}${tail}`;
  }
  // scp-like "[user@]host:path", or a local path: userinfo can only precede the first "/".
  const slash = url.indexOf("/");
  const head = slash < 0 ? url : url.slice(0, slash);
  const at = head.lastIndexOf("@");
  if (at < 0) return url;
  const user = beforeColon(head.slice(0, at));
  return `${user === "" ? "" : `${user}@`}${url.slice(at + 1)}`;
}

/** The part before the first ":" (the user name of "user:password"). */
function beforeColon(userinfo: string): string {
  const colon = userinfo.indexOf(":");
  return colon < 0 ? userinfo : userinfo.slice(0, colon);
}

/** Index of the first of `chars` in `s`, or `s.length`. */
function firstIndexOf(s: string, chars: string): number {
  for (let i = 0; i < s.length; i++) {
    if (chars.includes(s[i]!)) return i;
  }
  return s.length;
}
