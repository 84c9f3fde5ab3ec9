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
import { C_ESCAPES } from "../git/alternates_list.ts";
import type { ReadFs } from "../../fs.ts";
import { type GitignoreRules, matchGitignore, parseGitignore } from "./gitignore.ts";
import { notRegularError, readPatternFile } from "../git/read_git_file.ts";
import { GitCorruptError } from "../git/errors.ts";

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
  /**
   * Whether a `.gitattributes` missing from the work tree may be read from
   * the index, by its repository path: in a cone-mode sparse checkout git
   * reads none outside the cone (worktree/sparse_cone.ts). @default {every one}
   */
  indexFileAllowed?: (path: string) => boolean;
}

/** The index's blob at a repository-relative path (git's read_blob_data_from_index), or null. */
export type IndexBlob = (path: string) => Promise<Uint8Array | null>;

/** Looks attributes up per path; files are read once each, on first need. */
export interface AttributeLookup {
  /** `fromIndex`: where the work tree's `.gitattributes` cannot be read, the index's. */
  get(path: string, fromIndex?: IndexBlob): Promise<PathAttributes>;
}

/**
 * The index holds a `.gitattributes` the work tree lacks, and its blob is in
 * no object store read: a partial clone's (git fetches it from the promisor
 * remote, or stops where it cannot). The rules git would apply are not
 * known, so a file they may convert is not compared. Content-free.
 */
export class IndexAttributesMissingError extends GitCorruptError {
  constructor() {
    super(
      "the index's .gitattributes is in no object store read (a partial clone's: git fetches it), so how git converts the file is not known",
      "git_index_attributes_missing",
    );
  }
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
  const allowed = options.indexFileAllowed ?? (() => true);
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
      p = abs === null ? Promise.resolve(null) : (fromIndex !== null
        ? readInTree(
          fs,
          abs,
          () => allowed(indexPath) ? fromIndex(indexPath) : Promise.resolve(null),
        )
        : readText(fs, abs))
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
    // git reads each line as a C string (a NUL ends it); its blanks are
    // space, tab, CR and LF only.
    const nul = raw.indexOf("\0");
    const line = (nul < 0 ? raw : raw.slice(0, nul)).replace(/^[ \t\r]+|[ \t\r]+$/g, "");
    if (line === "" || line.startsWith("#")) continue;
    // git ignores a line of 2,048 bytes or more (its CR counted, not its LF).
    if (raw.length * 3 >= ATTR_MAX_LINE_BYTES && utf8Length(raw) >= ATTR_MAX_LINE_BYTES) continue;
    // A C-quoted pattern as git unquotes it; one git cannot unquote is a plain word.
    const quoted = line.startsWith('"') ? unquoteC(line) : null;
    let pattern: string;
    let rest: string;
    if (quoted !== null) {
      [pattern, rest] = quoted;
    } else {
      const m = /^([^ \t\r]+)[ \t\r]*(.*)$/s.exec(line)!;
      pattern = m[1]!;
      rest = m[2]!;
    }
    const tokens = rest.split(/[ \t\r]+/).filter((t) => t !== "");
    // git drops the whole line when one attribute name (or the macro's) is
    // not a valid one: a letter, digit, "-", "." or "_", not starting with "-".
    if (!tokens.every(validAttrToken)) continue;
    const attrs = tokens.map(parseAttr);
    if (pattern.startsWith("[attr]")) {
      if (!validAttrName(pattern.slice(6))) continue;
      if (macros !== null) macros.set(pattern.slice(6), attrs);
      continue;
    }
    // Negative patterns are forbidden in attributes files; git ignores them.
    if (pattern.startsWith("!") || attrs.length === 0) continue;
    lines.push({ rules: parseGitignore(pattern, { ignoreCase, wholeFile: false }), attrs });
  }
  return { base, lines };
}

/** git's limit on one attributes line, in bytes. */
const ATTR_MAX_LINE_BYTES = 2048;

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * git's unquote_c_style on a line that starts with a quote: the pattern and
 * the text after its closing quote, or null where git cannot unquote it
 * (no closing quote, an escape it does not know). Octal escapes are bytes,
 * decoded as UTF-8 with the rest.
 */
function unquoteC(line: string): [string, string] | null {
  const bytes: number[] = [];
  const enc = new TextEncoder();
  let plainFrom = 1;
  const flush = (to: number) => bytes.push(...enc.encode(line.slice(plainFrom, to)));
  for (let i = 1; i < line.length; i++) {
    const c = line[i];
    if (c === '"') {
      flush(i);
      // ignoreBOM: a pattern that opens with U+FEFF keeps it (git skips a mark only at
      // the start of the file, which the file's decoding drops).
      return [
        new TextDecoder("utf-8", { ignoreBOM: true }).decode(new Uint8Array(bytes)),
        line.slice(i + 1),
      ];
    }
    if (c !== "\\") continue;
    flush(i);
    const next = line[i + 1] ?? "";
    if (next in C_ESCAPES) {
      bytes.push(C_ESCAPES[next]!);
      i += 1;
    } else if (/^[0-3][0-7][0-7]$/.test(line.slice(i + 1, i + 4))) {
      bytes.push(parseInt(line.slice(i + 1, i + 4), 8));
      i += 3;
    } else return null;
    plainFrom = i + 1;
  }
  return null;
}

/** git's attr_name_valid: letters, digits, "-", "." and "_", not empty and not starting with "-". */
function validAttrName(name: string): boolean {
  return /^[A-Za-z0-9._][-A-Za-z0-9._]*$/.test(name);
}

/** Whether git's parse_attr takes `token`: its name (after one "-" or "!", before "=") is valid. */
function validAttrToken(token: string): boolean {
  const eq = token.indexOf("=");
  const name = eq < 0 ? token : token.slice(0, eq);
  return validAttrName(name.startsWith("-") || name.startsWith("!") ? name.slice(1) : name);
}

/** One attribute as git's parse_attr sets it: "-name" unset, "!name" unspecified (a value after either is dropped). */
function parseAttr(token: string): [string, AttrValue] {
  const eq = token.indexOf("=");
  const name = eq < 0 ? token : token.slice(0, eq);
  if (name.startsWith("-")) return [name.slice(1), false];
  if (name.startsWith("!")) return [name.slice(1), "!unspecified"];
  return eq < 0 ? [token, true] : [name, token.slice(eq + 1)];
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
  // A FIFO or a device: git's open blocks (or never ends), so no answer is git's.
  if (st !== null && !st.isFile && !st.isSymlink) throw notRegularError();
  if (st !== null && st.isFile) {
    const text = await readPatternFile(fs, path, {
      follow: false,
      skipFrom: ATTR_MAX_FILE_SIZE,
      maxBytes: ATTR_MAX_FILE_SIZE,
    });
    if (text !== null) return text;
  }
  const blob = await fromIndex().catch((e) => {
    if (e instanceof IndexAttributesMissingError) throw e;
    return null;
  });
  if (blob === null) return null;
  // git reads the index's copy as one C string: its first NUL ends the file;
  // and it skips no byte-order mark there (git 2.39's read_attr_from_buf),
  // so a BOM stays the first pattern's first bytes.
  const nul = blob.indexOf(0);
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(
    nul < 0 ? blob : blob.subarray(0, nul),
  );
}

/** An attributes file outside the tree (system, global, info), links followed; a directory holds no line. */
async function readText(fs: ReadFs, path: string): Promise<string | null> {
  const st = await fs.stat(path).catch(() => null);
  if (st === null || st.isDirectory) return null;
  return await readPatternFile(fs, path, {
    skipFrom: ATTR_MAX_FILE_SIZE,
    maxBytes: ATTR_MAX_FILE_SIZE,
  });
}
