/**
 * Pure: invalidates the nodes of git's cache-tree index extension ("TREE")
 * that a changed path passes through, as git does when it adds or removes
 * an entry, so the rest of the cache (the trees of untouched directories)
 * stays valid and a sparse index keeps the trees it stands on. An invalid
 * node has the entry count -1 and no tree id; git recomputes it when it next
 * writes a tree.
 *
 * Dropping the whole extension would be simpler, but git 2.39's fsck of a
 * sparse index without one names the trees it has to compute as missing
 * (measured: `git fsck` exit 2 on the first run after such a write).
 * @module
 */
import { UnavailableError } from "../errors.ts";

interface Node {
  name: Uint8Array;
  entryCount: number;
  oid: Uint8Array | null;
  children: Node[];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder("latin1");

/**
 * The TREE body with every node on `path`'s way invalidated: the root and
 * each directory above the path; a subtree named like the last component is
 * removed (git's rule: the path is now a file, or a directory whose entries
 * all went).
 *
 * @param body The extension's body (without signature and size).
 * @param path A "/"-separated path inside the work tree.
 * @returns The new body.
 * @throws {UnavailableError} When the body is malformed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { invalidateCacheTree } from "./cache_tree_edit.ts";
 * const oid = "\x01".repeat(20);
 * const body = new TextEncoder().encode(`\u00002 1\n${oid}d\u00001 0\n${oid}`);
 * const out = new TextDecoder().decode(invalidateCacheTree(body, "e/x"));
 * assert.equal(out, `\u0000-1 1\nd\u00001 0\n${oid}`);
 * ```
 */
export function invalidateCacheTree(body: Uint8Array, path: string): Uint8Array {
  const at = { off: 0 };
  const root = readNode(body, at);
  if (at.off !== body.length) throw malformed();
  const parts = path.split("/");
  let node: Node | undefined = root;
  for (let i = 0; node !== undefined && i < parts.length; i++) {
    node.entryCount = -1;
    node.oid = null;
    const name = parts[i]!;
    const child = node.children.findIndex((c) => decoder.decode(c.name) === latin1(name));
    if (i === parts.length - 1) {
      if (child >= 0) node.children.splice(child, 1);
      break;
    }
    node = child >= 0 ? node.children[child] : undefined;
  }
  const out: number[] = [];
  writeNode(root, out);
  return new Uint8Array(out);
}

/** The path's UTF-8 bytes read as latin1, to compare with names read the same way. */
function latin1(name: string): string {
  return decoder.decode(encoder.encode(name));
}

function malformed(): UnavailableError {
  return new UnavailableError("Cannot update the index: its cache-tree extension is malformed");
}

function readNode(body: Uint8Array, at: { off: number }): Node {
  const nul = body.indexOf(0, at.off);
  if (nul < 0) throw malformed();
  const name = body.subarray(at.off, nul);
  const nl = body.indexOf(0x0a, nul + 1);
  if (nl < 0) throw malformed();
  const m = /^(-?\d+) (\d+)$/.exec(decoder.decode(body.subarray(nul + 1, nl)));
  if (m === null) throw malformed();
  const entryCount = Number(m[1]);
  const subtrees = Number(m[2]);
  at.off = nl + 1;
  let oid: Uint8Array | null = null;
  if (entryCount >= 0) {
    if (at.off + 20 > body.length) throw malformed();
    oid = body.subarray(at.off, at.off + 20);
    at.off += 20;
  }
  const children: Node[] = [];
  for (let i = 0; i < subtrees; i++) {
    if (at.off >= body.length) throw malformed();
    children.push(readNode(body, at));
  }
  return { name, entryCount, oid, children };
}

function writeNode(node: Node, out: number[]): void {
  out.push(...node.name, 0);
  out.push(...encoder.encode(`${node.entryCount} ${node.children.length}\n`));
  if (node.oid !== null) out.push(...node.oid);
  for (const c of node.children) writeNode(c, out);
}
