/**
 * Cone-mode sparse-checkout patterns (`$GIT_DIR/info/sparse-checkout` under
 * core.sparseCheckoutCone), read as git reads them for one question: is a
 * path inside the cone (path_in_cone_mode_sparse_checkout)? git asks it
 * before taking a `.gitattributes` from the index when the work tree has
 * none: one outside the cone is not read at all, so the attributes it holds
 * do not apply to a file written back there. Lines git does not recognise
 * as cone patterns make git drop cone matching, and every path then counts
 * as inside (what {@linkcode parseSparseCone} returns null for).
 * @module
 */

/** The cone: directories included whole and directories included for their own files only. */
export interface SparseCone {
  /** "/*" without "!/*\/": everything is inside. */
  full: boolean;
  /** Directories included with everything below, as "/a/b". */
  recursive: Set<string>;
  /** Directories included for their direct files only, as "/a". */
  parent: Set<string>;
}

const GLOB_SPECIAL = new Set(["*", "?", "[", "\\"]);

/**
 * The cone of a sparse-checkout file's text, or null when its patterns are
 * not cone patterns (git then warns and matches every path).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const cone = parseSparseCone("/*\n!/*\/\n/docs/\n/src/\n!/src/*\/\n/src/deep/\n")!;
 * assert.equal(inSparseCone(cone, ".gitattributes"), true);
 * assert.equal(inSparseCone(cone, "docs/a/.gitattributes"), true);
 * assert.equal(inSparseCone(cone, "src/.gitattributes"), true);
 * assert.equal(inSparseCone(cone, "src/deep/x/.gitattributes"), true);
 * assert.equal(inSparseCone(cone, "src/other/.gitattributes"), false);
 * assert.equal(inSparseCone(cone, "lib/.gitattributes"), false);
 * assert.equal(parseSparseCone("*.txt\n"), null);
 * ```
 */
export function parseSparseCone(text: string): SparseCone | null {
  const cone: SparseCone = { full: false, recursive: new Set(), parent: new Set() };
  for (const raw of text.split("\n")) {
    let line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (line === "" || line.startsWith("#")) continue;
    line = trimTrailingSpaces(line);
    if (line === "") continue;
    let negative = false;
    if (line.startsWith("!")) {
      negative = true;
      line = line.slice(1);
    }
    let mustBeDir = false;
    if (line.endsWith("/")) {
      mustBeDir = true;
      line = line.slice(0, -1);
    }
    if (!addPattern(cone, line, negative, mustBeDir)) return null;
  }
  return cone;
}

/** git's add_pattern_to_hashsets for one parsed line; false where git drops cone matching. */
function addPattern(cone: SparseCone, p: string, negative: boolean, mustBeDir: boolean): boolean {
  if (negative && mustBeDir && p === "/*") {
    cone.full = false;
    return true;
  }
  if (!negative && !mustBeDir && p === "/*") {
    cone.full = true;
    return true;
  }
  if (p.length < 2 || !p.startsWith("/") || p.includes("**")) return false;
  if (!mustBeDir) return false;
  for (let i = 1; i < p.length; i++) {
    const cur = p[i]!;
    const prev = p[i - 1]!;
    const next = p[i + 1] ?? "";
    if (!GLOB_SPECIAL.has(cur)) continue;
    if (prev === "\\") continue;
    if (cur === "\\" && GLOB_SPECIAL.has(next)) continue;
    if (prev === "/" && cur === "*" && next === "") continue;
    return false;
  }
  const name = unescape(p);
  if (p.length > 2 && p.endsWith("/*")) {
    if (!negative || !cone.recursive.has(name)) return false;
    cone.parent.add(name);
    cone.recursive.delete(name);
    return true;
  }
  if (negative) return false;
  cone.recursive.add(name);
  // Already included at the parent level: git calls the file broken and drops cone matching.
  return !cone.parent.has(name);
}

/** git's dup_and_filter_pattern: escapes dropped once each, a trailing "/*" cut. */
function unescape(p: string): string {
  let out = "";
  for (let i = 0; i < p.length; i++) {
    if (p[i] === "\\") i++;
    if (i < p.length) out += p[i];
  }
  return out.length > 2 && out.endsWith("/*") ? out.slice(0, -2) : out;
}

/** git's trim_trailing_spaces: unescaped trailing spaces go. */
function trimTrailingSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && line[end - 1] === " ") {
    let backslashes = 0;
    for (let k = end - 2; k >= 0 && line[k] === "\\"; k--) backslashes++;
    if (backslashes % 2 === 1) break;
    end--;
  }
  return line.slice(0, end);
}

/** Whether a repository-relative file path is inside the cone (path_matches_pattern_list in cone mode). */
export function inSparseCone(cone: SparseCone, path: string): boolean {
  if (cone.full || path === "") return true;
  const full = `/${path}`;
  if (cone.recursive.has(full)) return true;
  const slash = full.lastIndexOf("/");
  if (slash === 0) return true; // every file of the root
  if (cone.parent.has(full.slice(0, slash))) return true;
  for (let at = slash; at > 0; at = full.lastIndexOf("/", at - 1)) {
    if (cone.recursive.has(full.slice(0, at))) return true;
  }
  return false;
}
