/**
 * Parser for tree objects: "<mode> <name>\0<20-byte id>" entries.
 * Pure: bytes in, data out.
 * @module
 */
import { GitCorruptError } from "./errors.ts";

/** One tree entry. */
export interface TreeEntry {
  /** Octal mode as stored: "100644", "100755", "120000" (symlink), "40000" (tree), "160000" (submodule). */
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
 * @throws {GitCorruptError} When an entry is truncated or its mode is not octal.
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
    const mode = decoder.decode(data.subarray(pos, space));
    if (!/^[0-7]{5,6}$/.test(mode)) throw corrupt();
    const nameBytes = data.subarray(space + 1, nul);
    const name = decoder.decode(nameBytes);
    let oid = "";
    for (let i = nul + 1; i < nul + 21; i++) oid += HEX[data[i]!];
    const type = mode === "40000" || mode === "040000"
      ? "tree"
      : mode === "160000"
      ? "commit"
      : "blob";
    if (name.includes("\uFFFD") && !validUtf8(nameBytes)) {
      out.push({ mode, type, name, oid, invalid: nameBytes.slice() });
    } else out.push({ mode, type, name, oid });
    pos = nul + 21;
  }
  return out;
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
