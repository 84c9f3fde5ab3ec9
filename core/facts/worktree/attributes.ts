/**
 * gitattributes lookup for the attributes that change what git stores for a
 * work-tree file (`text`, `eol`, `crlf`, `filter`, `ident`,
 * `working-tree-encoding`), read lazily from the sources git consults, most
 * precedent first: `$GIT_DIR/info/attributes`, the `.gitattributes` of the
 * path's directory and each parent up to the root, then core.attributesFile
 * (or the XDG default), then the system file (`/etc/gitattributes`). Within one file the last matching line wins. Macros
 * (`binary`, `[attr]` lines) are expanded. Patterns match like gitignore's,
 * except that negation is not allowed and a directory-only pattern never
 * matches a file. A `.gitattributes` of the work tree that is a symbolic link
 * is not followed, as git does not follow one (it opens them with
 * O_NOFOLLOW): its target may lie outside the repository. Where the work
 * tree has no readable one (missing, a link, or over git's size limit), git
 * reads the index's (stage 0, else "ours" in a merge), and so does the
 * lookup when given `fromIndex`.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import { type GitignoreRules, matchGitignore, parseGitignore } from "./gitignore.ts";

/** An attribute's state: set, unset (`-a`), a value (`a=v`), or unspecified (`!a`). */
export type AttrValue = true | false | string | "!unspecified";

/** The attributes of one path that baton reads; a missing key is unspecified. */
export type PathAttributes = ReadonlyMap<string, true | false | string>;

interface AttrLine {
  rules: GitignoreRules;
  attrs: [string, AttrValue][];
}

interface AttrFile {
  base: string;
  lines: AttrLine[];
}

/** The attributes baton asks for. */
export const CONVERSION_ATTRS = ["text", "eol", "crlf", "filter", "ident", "working-tree-encoding"];

const BUILTIN_MACROS: Record<string, [string, AttrValue][]> = {
  binary: [["diff", false], ["merge", false], ["text", false]],
};

/** Options of {@linkcode createAttributeLookup}. */
export interface AttributeLookupOptions {
  /** core.attributesFile (or its XDG default), absolute; null for none. */
  globalFile: string | null;
  /** The system attributes file (git reads `/etc/gitattributes` unless GIT_ATTR_NOSYSTEM); null for none. @default {null} */
  systemFile?: string | null;
  /** core.ignoreCase. @default {false} */
  ignoreCase?: boolean;
}

/** The index's blob at a repository-relative path (git's read_blob_data_from_index), or null. */
export type IndexBlob = (path: string) => Promise<Uint8Array | null>;

/** Looks attributes up per path; files are read once each, on first need. */
export interface AttributeLookup {
  /** `fromIndex`: where the work tree's `.gitattributes` cannot be read, the index's. */
  get(path: string, fromIndex?: IndexBlob): Promise<PathAttributes>;
}

/** git's ATTR_MAX_FILE_SIZE: a larger attributes file is skipped with a warning. */
const ATTR_MAX_FILE_SIZE = 100 * 1024 * 1024;

/** A lookup over the work tree `workTree` with git directory files under `commonDir`. */
export function createAttributeLookup(
  fs: ReadFs,
  workTree: string,
  commonDir: string,
  options: AttributeLookupOptions,
): AttributeLookup {
  const ignoreCase = options.ignoreCase ?? false;
  const files = new Map<string, Promise<AttrFile | null>>();
  const macros = new Map<string, [string, AttrValue][]>(Object.entries(BUILTIN_MACROS));
  const load = (
    key: string,
    abs: string | null,
    base: string,
    allowMacros: boolean,
    fromIndex: IndexBlob | null = null,
  ) => {
    let p = files.get(key);
    if (p === undefined) {
      // An in-tree file's path in the index: the key is its directory ("" at the root).
      const indexPath = key === "" ? ".gitattributes" : `${key}/.gitattributes`;
      p = abs === null
        ? Promise.resolve(null)
        : (fromIndex !== null ? readInTree(fs, abs, () => fromIndex(indexPath)) : readText(fs, abs))
          .then((t) =>
            t === null ? null : parseAttrFile(t, base, ignoreCase, allowMacros ? macros : null)
          );
      files.set(key, p);
    }
    return p;
  };
  return {
    async get(path: string, fromIndex?: IndexBlob): Promise<PathAttributes> {
      const index = fromIndex ?? (() => Promise.resolve(null));
      // Macros are defined only in the root, global and info files: read those first.
      // Keys of files outside the tree start with a NUL, which no directory name holds.
      const system = await load("\0system", options.systemFile ?? null, "", true);
      const global = await load("\0global", options.globalFile, "", true);
      const root = await load("", `${workTree}/.gitattributes`, "", true, index);
      const info = await load("\0info", `${commonDir}/info/attributes`, "", true);
      const chain: (AttrFile | null)[] = [info];
      const segs = path.split("/");
      const dirs: string[] = [];
      for (let k = segs.length - 1; k >= 1; k--) dirs.push(segs.slice(0, k).join("/"));
      for (const d of dirs) {
        chain.push(await load(d, `${workTree}/${d}/.gitattributes`, `${d}/`, false, index));
      }
      chain.push(root, global, system);
      const out = new Map<string, true | false | string>();
      const decided = new Set<string>();
      for (const file of chain) {
        if (file === null) continue;
        const rel = path.slice(file.base.length);
        for (let l = file.lines.length - 1; l >= 0; l--) {
          const line = file.lines[l]!;
          if (matchGitignore(line.rules, rel) === null) continue;
          for (let a = line.attrs.length - 1; a >= 0; a--) {
            const [name, value] = line.attrs[a]!;
            for (const [n, v] of expand(name, value, macros)) {
              if (decided.has(n)) continue;
              decided.add(n);
              if (v !== "!unspecified") out.set(n, v);
            }
          }
        }
      }
      return out;
    },
  };
}

function expand(
  name: string,
  value: AttrValue,
  macros: ReadonlyMap<string, [string, AttrValue][]>,
): [string, AttrValue][] {
  const macro = macros.get(name);
  if (macro === undefined || value !== true) return [[name, value]];
  // The macro's own name first (it wins over what it expands to, as read last-to-first).
  return [[name, value], ...[...macro].reverse()];
}

function parseAttrFile(
  text: string,
  base: string,
  ignoreCase: boolean,
  macros: Map<string, [string, AttrValue][]> | null,
): AttrFile {
  const lines: AttrLine[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.replace(/\r$/, "").trim();
    if (line === "" || line.startsWith("#")) continue;
    let pattern: string;
    let rest: string;
    if (line.startsWith('"')) {
      const end = line.indexOf('"', 1);
      if (end < 0) continue;
      pattern = line.slice(1, end).replace(/\\(.)/g, "$1");
      rest = line.slice(end + 1);
    } else {
      const m = /^(\S+)\s*(.*)$/.exec(line)!;
      pattern = m[1]!;
      rest = m[2]!;
    }
    const attrs = rest.split(/\s+/).filter((t) => t !== "").map(parseAttr);
    if (pattern.startsWith("[attr]")) {
      if (macros !== null) macros.set(pattern.slice(6), attrs);
      continue;
    }
    // Negative patterns are forbidden in attributes files; git ignores them.
    if (pattern.startsWith("!") || attrs.length === 0) continue;
    lines.push({ rules: parseGitignore(pattern, { ignoreCase }), attrs });
  }
  return { base, lines };
}

function parseAttr(token: string): [string, AttrValue] {
  if (token.startsWith("-")) return [token.slice(1), false];
  if (token.startsWith("!")) return [token.slice(1), "!unspecified"];
  const eq = token.indexOf("=");
  return eq < 0 ? [token, true] : [token.slice(0, eq), token.slice(eq + 1)];
}

/**
 * A work tree's `.gitattributes` as git reads it for a check-in: the file
 * when it is a regular one within git's size limit, never through a link;
 * a directory there reads as empty (git opens it and reads no line); else
 * (missing, a link, too large) the index's copy.
 */
async function readInTree(
  fs: ReadFs,
  path: string,
  fromIndex: () => Promise<Uint8Array | null>,
): Promise<string | null> {
  const st = await fs.lstat(path).catch(() => null);
  if (st !== null && st.isDirectory) return "";
  if (st !== null && st.isFile && !st.isSymlink && st.size < ATTR_MAX_FILE_SIZE) {
    const text = await readText(fs, path);
    if (text !== null) return text;
  }
  const blob = await fromIndex().catch(() => null);
  return blob === null ? null : new TextDecoder().decode(blob);
}

async function readText(fs: ReadFs, path: string): Promise<string | null> {
  try {
    return new TextDecoder().decode(await fs.readFile(path));
  } catch {
    return null;
  }
}
