/**
 * Parser for tree objects: "<mode> <name>\0<20-byte id>" entries.
 * Modes are read as git's tree walk reads them (decode_tree_entry): any
 * run of octal digits, then made canonical (canon_mode), so a mode old
 * tools wrote (`100664`, `100775`, zero-padded `0100644`, `40755`) is the
 * `100644`, `100755` or `40000` git compares and `git ls-tree` prints.
 * Pure: bytes in, data out.
 * @module
 */
import { GitCorruptError } from "./errors.ts";

/** One tree entry. */
export interface TreeEntry {
  /**
   * Octal mode as git reads it (canonical, whatever the tree stores):
   * "100644", "100755", "120000" (symlink), "40000" (tree), "160000"
   * (submodule, and any mode that is none of the others).
   */
  mode: string;
  /** What the entry names. */
  type: "blob" | "tree" | "commit";
  /** The entry name, decoded as UTF-8 (invalid bytes become U+FFFD). */
  name: string;
  oid: string;
  /** The name's bytes, only when they are not valid UTF-8 (`name` is then lossy). */
  invalid?: Uint8Array;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/**
 * Parses the data of a tree object.
 *
 * @param data The object's data (without the "tree <size>\0" header).
 * @returns Entries in stored order (git's sort order).
 * @throws {GitCorruptError} When an entry is truncated, its name is empty or its mode is not octal.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTree } from "./parse_tree.ts";
 * const id = new Uint8Array(20).fill(0xab);
 * const data = new Uint8Array([...new TextEncoder().encode("100644 a.txt\0"), ...id]);
 * assert.deepEqual(parseTree(data), [{ mode: "100644", type: "blob", name: "a.txt", oid: "ab".repeat(20) }]);
 * ```
 */
export function parseTree(data: Uint8Array): TreeEntry[] {
  // ignoreBOM: a name that begins with U+FEFF keeps it (the default decoder drops it,
  // and "\uFEFFa.txt" would read as "a.txt", another file).
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  const out: TreeEntry[] = [];
  let pos = 0;
  while (pos < data.length) {
    const space = data.indexOf(0x20, pos);
    const nul = space < 0 ? -1 : data.indexOf(0, space);
    if (space < 0 || nul < 0 || nul + 21 > data.length) throw corrupt();
    const mode = canonicalMode(data, pos, space);
    const nameBytes = data.subarray(space + 1, nul);
    if (mode === null || nameBytes.length === 0) throw corrupt();
    const name = decoder.decode(nameBytes);
    let oid = "";
    for (let i = nul + 1; i < nul + 21; i++) oid += HEX[data[i]!];
    const type = mode === "40000" ? "tree" : mode === "160000" ? "commit" : "blob";
    if (name.includes("\uFFFD") && !validUtf8(nameBytes)) {
      out.push({ mode, type, name, oid, invalid: nameBytes.slice() });
    } else out.push({ mode, type, name, oid });
    pos = nul + 21;
  }
  return out;
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;

/**
 * The mode in `data[from, to)` as git's tree walk reads it: get_mode (one or
 * more octal digits, accumulated in 32 bits) then canon_mode (a regular
 * file is 100644 or 100755 by its owner's execute bit, a link 120000, a
 * directory 40000, anything else a gitlink). Null where git rejects it.
 */
function canonicalMode(data: Uint8Array, from: number, to: number): string | null {
  if (to === from) return null;
  let mode = 0;
  for (let i = from; i < to; i++) {
    const c = data[i]!;
    if (c < 0x30 || c > 0x37) return null;
    mode = ((mode << 3) + (c - 0x30)) >>> 0;
  }
  const kind = mode & S_IFMT;
  if (kind === S_IFREG) return (mode & 0o100) !== 0 ? "100755" : "100644";
  if (kind === S_IFLNK) return "120000";
  if (kind === S_IFDIR) return "40000";
  return "160000";
}

const FATAL = new TextDecoder("utf-8", { fatal: true });

function validUtf8(bytes: Uint8Array): boolean {
  try {
    FATAL.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function corrupt(): GitCorruptError {
  return new GitCorruptError(
    "Cannot parse tree: an entry is truncated or malformed",
    "git_tree_corrupt",
  );
}
