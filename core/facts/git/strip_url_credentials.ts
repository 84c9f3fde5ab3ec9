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
 * - The authority ends at the first "/", "?" or "#", as git and curl read an
 *   http(s) URL (`https://evil?@github.com/r` is evil's), or under the path
 *   schemes at the first "/" (a password there may hold "#" or "?"). A URL
 *   whose "@" lies past that end keeps no ":" part of its authority, so no
 *   piece of a password stays. Local paths and anything unrecognised are
 *   returned unchanged.
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
    // Under the path schemes the authority ends at the first "/" (git hands "?" and "#" on as
    // path characters), so a password may hold them (`ssh://u:pa#ss@host/r`). Elsewhere it ends
    // at the first "/", "?" or "#", as git and curl read it (`https://evil?@github.com/r`
    // fetches from evil); an "@" after that end, before the first "/", leaves the part before
    // it unsure, so only what precedes a ":" there is kept (`https://u:pa#ss@host/r` names u).
    const path = PATH_SCHEMES.has(name);
    const end = firstIndexOf(rest, path ? "/" : "/?#");
    let authority = rest.slice(0, end);
    let tail = rest.slice(end);
    const at = authority.lastIndexOf("@");
    if (at >= 0) {
      const keep = SSH_SCHEMES.has(name) ? beforeColon(authority.slice(0, at)) : "";
      const host = authority.slice(at + 1);
      authority = keep === "" ? host : `${keep}@${host}`;
    } else if (!path && tail.slice(0, firstIndexOf(tail, "/")).includes("@")) {
      authority = beforeColon(authority);
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
