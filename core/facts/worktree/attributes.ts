/**
 * gitattributes lookup for the attributes that change what git stores for a
 * work-tree file (`text`, `eol`, `crlf`, `filter`, `ident`,
 * `working-tree-encoding`), read lazily from the sources git consults, most
 * precedent first: `$GIT_DIR/info/attributes`, the `.gitattributes` of the
 * path's directory and each parent up to the root, then core.attributesFile
 * (or the XDG default), then the system file (`/etc/gitattributes`). Within one file the last matching line wins. Macros
 * (`binary`, `[attr]` lines) are expanded. Patterns match like gitignore's,
 * except that negation is not allowed and a directory-only pattern never
 * matches a file.
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

/** Looks attributes up per path; files are read once each, on first need. */
export interface AttributeLookup {
  get(path: string): Promise<PathAttributes>;
}

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
  const load = (key: string, abs: string | null, base: string, allowMacros: boolean) => {
    let p = files.get(key);
    if (p === undefined) {
      p = abs === null
        ? Promise.resolve(null)
        : readText(fs, abs).then((t) =>
          t === null ? null : parseAttrFile(t, base, ignoreCase, allowMacros ? macros : null)
        );
      files.set(key, p);
    }
    return p;
  };
  return {
    async get(path: string): Promise<PathAttributes> {
      // Macros are defined only in the root, global and info files: read those first.
      const system = await load("system", options.systemFile ?? null, "", true);
      const global = await load("global", options.globalFile, "", true);
      const root = await load("", `${workTree}/.gitattributes`, "", true);
      const info = await load("info", `${commonDir}/info/attributes`, "", true);
      const chain: (AttrFile | null)[] = [info];
      const segs = path.split("/");
      const dirs: string[] = [];
      for (let k = segs.length - 1; k >= 1; k--) dirs.push(segs.slice(0, k).join("/"));
      for (const d of dirs) {
        chain.push(await load(d, `${workTree}/${d}/.gitattributes`, `${d}/`, false));
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

async function readText(fs: ReadFs, path: string): Promise<string | null> {
  try {
    return new TextDecoder().decode(await fs.readFile(path));
  } catch {
    return null;
  }
}
