/**
 * Private path helpers for "/"-separated absolute paths (POSIX, or Windows
 * paths written as "C:/..."). Pure string work: no I/O.
 * @module
 */

/** True for "/x", "C:/x" and "C:\x". */
export function isAbsolutePath(path: string): boolean {
  return path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path);
}

/** Length of the root prefix: 1 for "/", 3 for "C:/", 0 when relative. */
function rootLength(path: string): number {
  if (path.startsWith("/")) return 1;
  if (/^[A-Za-z]:\//.test(path)) return 3;
  return 0;
}

/** Collapses "//", "." and ".."; never climbs above the root. */
export function normalizePath(path: string): string {
  const p = path.replaceAll("\\", "/");
  const root = p.slice(0, rootLength(p));
  const out: string[] = [];
  for (const part of p.slice(root.length).split("/")) {
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

/** `base` joined with `rel` unless `rel` is absolute, then normalized. */
export function resolvePath(base: string, rel: string): string {
  const r = rel.replaceAll("\\", "/");
  return normalizePath(isAbsolutePath(r) ? r : `${base}/${r}`);
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
