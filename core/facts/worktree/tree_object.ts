/**
 * Pure parser of git tree objects (`<octal mode> <name>\0<20-byte oid>`
 * repeated), used to compare the index with HEAD. No I/O.
 * @module
 */
import { type CodedError, type ErrorData, EXIT } from "../../errors.ts";

/** One entry of a tree object. */
export interface TreeEntry {
  /** Git mode as a number: 0o40000 tree, 0o100644/0o100755 blob, 0o120000 symlink, 0o160000 gitlink. */
  mode: number;
  /** One path component. */
  name: string;
  /** 40 hex digits. */
  oid: string;
}

/**
 * A tree object is malformed or missing. Messages give offsets and kinds only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { GitTreeError, parseTree } from "./tree_object.ts";
 * assert.throws(() => parseTree(new Uint8Array([0x31])), GitTreeError);
 * ```
 */
export class GitTreeError extends SyntaxError implements CodedError {
  /** Stable code: "git_tree_invalid" or "git_object_missing". */
  readonly code: string;
  /** Exit status: malformed input. */
  readonly exitCode: number = EXIT.usage.code;
  /** Content-free details. */
  readonly data: ErrorData;

  /**
   * @param message The whole message (capitalised, no period).
   * @param code Stable code.
   * @param data Offsets, kinds, object ids.
   */
  constructor(message: string, code: string, data: ErrorData) {
    super(message);
    this.name = "GitTreeError";
    this.code = code;
    this.data = data;
  }

  /** The `--json` error object. */
  toJSON(): { error: { code: string; message: string; data: ErrorData } } {
    return { error: { code: this.code, message: this.message, data: this.data } };
  }
}

const UTF8 = new TextDecoder();
const HEX = "0123456789abcdef";

/**
 * Parses the body of a tree object.
 *
 * @param data The object body (without the `tree <len>\0` header).
 * @returns Entries in stored order.
 * @throws {GitTreeError} When an entry is truncated or its mode is not octal.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTree } from "./tree_object.ts";
 * const body = new Uint8Array([...new TextEncoder().encode("100644 a\0"), ...new Uint8Array(20)]);
 * assert.deepEqual(parseTree(body), [{ mode: 0o100644, name: "a", oid: "0".repeat(40) }]);
 * ```
 */
export function parseTree(data: Uint8Array): TreeEntry[] {
  const out: TreeEntry[] = [];
  let off = 0;
  while (off < data.length) {
    let mode = 0;
    const modeStart = off;
    while (off < data.length && data[off] !== 0x20) {
      const d = data[off]! - 0x30;
      if (d < 0 || d > 7) throw treeError("mode is not octal", modeStart);
      mode = mode * 8 + d;
      off++;
    }
    if (off === modeStart || off >= data.length) throw treeError("mode is truncated", modeStart);
    off++;
    const nul = data.indexOf(0, off);
    if (nul < 0 || nul + 21 > data.length) throw treeError("entry is truncated", off);
    const name = UTF8.decode(data.subarray(off, nul));
    let oid = "";
    for (let i = nul + 1; i < nul + 21; i++) {
      const b = data[i]!;
      oid += HEX[b >> 4]! + HEX[b & 15]!;
    }
    out.push({ mode, name, oid });
    off = nul + 21;
  }
  return out;
}

function treeError(detail: string, offset: number): GitTreeError {
  return new GitTreeError(
    `Cannot parse tree object: ${detail} at offset ${offset}`,
    "git_tree_invalid",
    {
      offset,
    },
  );
}
