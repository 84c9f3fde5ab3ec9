/**
 * The one home of absolute-path handling: "/"-separated paths, POSIX or
 * Windows. Absolute forms: "/x"; a drive root "C:/x" or "C:\\x"; a UNC path
 * "\\\\server\\share\\x" (or "//server/share/x"), whose root is
 * "//server/share/". A drive-relative "C:x" is not absolute: it means "x in
 * the current directory of drive C", which a pure function cannot know, so
 * {@linkcode resolvePath} resolves it against `base` when `base` is on that
 * drive and against the drive's root otherwise. Pure string work: no I/O.
 * @module
 */

const DRIVE_ROOT = /^[A-Za-z]:[\\/]/;
const DRIVE_RELATIVE = /^([A-Za-z]):(?![\\/])/;
const UNC_ROOT = /^[\\/]{2}([^\\/]+)[\\/]+([^\\/]+)(?:[\\/]+|$)/;

/**
 * True for "/x", "C:/x", "C:\\x" and UNC paths; false for "x", "./x" and the
 * drive-relative "C:x".
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isAbsolutePath } from "./path.ts";
 * assert.ok(isAbsolutePath("/home/a") && isAbsolutePath("C:/a") && isAbsolutePath("C:\\a"));
 * assert.ok(isAbsolutePath("\\\\server\\share\\a"));
 * assert.ok(!isAbsolutePath("C:a") && !isAbsolutePath("a/b"));
 * ```
 */
export function isAbsolutePath(path: string): boolean {
  return path.startsWith("/") || path.startsWith("\\") || DRIVE_ROOT.test(path);
}

/**
 * Length of the root prefix of a "/"-separated path: the whole
 * "//server/share/" for UNC, 3 for "C:/", 1 for "/", 0 when relative.
 */
function rootLength(path: string): number {
  const unc = UNC_ROOT.exec(path);
  if (unc !== null) return `//${unc[1]}/${unc[2]}/`.length;
  if (path.startsWith("/")) return 1;
  if (/^[A-Za-z]:\//.test(path)) return 3;
  return 0;
}

function rootOf(path: string): string {
  const unc = UNC_ROOT.exec(path);
  if (unc !== null) return `//${unc[1]}/${unc[2]}/`;
  return path.slice(0, rootLength(path));
}

/** Collapses "//", "." and ".."; never climbs above the root. */
export function normalizePath(path: string): string {
  const p = path.replaceAll("\\", "/");
  const root = rootOf(p);
  const out: string[] = [];
  const unc = UNC_ROOT.exec(p);
  for (const part of p.slice(unc === null ? root.length : unc[0].length).split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
      else if (root === "") out.push("..");
      continue;
    }
    out.push(part);
  }
  const joined = out.join("/");
  return root + joined || (root === "" ? "." : root);
}

/**
 * `base` joined with `rel` unless `rel` is absolute, then normalized. A
 * drive-relative `rel` ("C:x") resolves against `base` when `base` is on
 * that drive, else against the drive's root.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolvePath } from "./path.ts";
 * assert.equal(resolvePath("/repo/.git", "../x"), "/repo/x");
 * assert.equal(resolvePath("/repo", "C:\\w\\x"), "C:/w/x");
 * assert.equal(resolvePath("/repo", "\\\\srv\\share\\a\\..\\b"), "//srv/share/b");
 * assert.equal(resolvePath("C:/w", "C:x"), "C:/w/x");
 * assert.equal(resolvePath("D:/w", "C:x"), "C:/x");
 * ```
 */
export function resolvePath(base: string, rel: string): string {
  const r = rel.replaceAll("\\", "/");
  if (isAbsolutePath(r)) return normalizePath(r);
  const drive = DRIVE_RELATIVE.exec(r);
  if (drive !== null) {
    const onDrive = base.replaceAll("\\", "/").toLowerCase().startsWith(
      `${drive[1]!.toLowerCase()}:/`,
    );
    return normalizePath(`${onDrive ? base : `${drive[1]}:/`}/${r.slice(2)}`);
  }
  return normalizePath(`${base}/${r}`);
}

/** The parent directory, or null at the root. */
export function parentDir(path: string): string | null {
  const p = normalizePath(path);
  const root = rootLength(p);
  if (p.length <= root) return null;
  const slash = p.lastIndexOf("/");
  if (slash < root) return root > 0 ? p.slice(0, root) : null;
  return slash === root - 1 ? p.slice(0, root) : p.slice(0, slash);
}

/** Joins path parts with "/" (no normalization). */
export function joinPath(...parts: string[]): string {
  return parts.join("/").replace(/\/{2,}/g, "/");
}
