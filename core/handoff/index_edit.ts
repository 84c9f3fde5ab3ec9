/**
 * Pure: the one change `baton commit` and `baton clean` make to git's index
 * (`.git/index`), made on the file's bytes so that everything else in it
 * stays as git wrote it. Put adds or replaces one stage-0 entry (as
 * `git add -f --sparse` would); remove drops every entry under a directory
 * (as `git rm -r --cached` would). No I/O: the edge holds `index.lock`,
 * reads the bytes, writes the result and renames it into place.
 *
 * Decisions:
 * - Entries are copied byte for byte, so flags no writer of ours knows
 *   (skip-worktree, intent-to-add, sparse directory entries) survive. A
 *   general index writer (isomorphic-git's) rebuilt every entry and wrote no
 *   extension at all: the sparse index lost its `sdir` marker and a resolved
 *   conflict its `REUC` record (`git checkout -m` could no longer recreate it).
 * - Extensions that only describe entries by path and carry meaning are kept:
 *   `sdir` (a sparse index) and `REUC` (resolve-undo). The cache-tree (`TREE`)
 *   is kept with the nodes on the changed path invalidated, as git does
 *   (./cache_tree_edit.ts). Caches that git rebuilds when they are missing
 *   are dropped, because they would be wrong after the change: `UNTR`
 *   (untracked cache; it lists the file we now track), `FSMN` (fsmonitor;
 *   a bitmap by entry position), `EOIE`/`IEOT` (byte offsets) and any other
 *   optional one. git drops them itself in the same situations.
 * - Refused, before anything is written ({@linkcode indexEditBlocker}): a
 *   version-4 index (prefix-compressed paths; not rewritten here), a split
 *   index (its bitmaps count entries of another file), an unknown required
 *   extension, an unresolved conflict on the put path, and a put path inside
 *   a sparse directory entry (the entry stands for files baton cannot list
 *   without reading trees; git would expand it first).
 * @module
 */
import { UnavailableError } from "../errors.ts";
import { invalidateCacheTree } from "./cache_tree_edit.ts";
import {
  ENTRY_WORDS,
  FIELD,
  type GitIndex,
  type IndexEntry,
  parseIndex,
} from "../facts/worktree/index_file.ts";

/** The stat data an index entry records (git keeps each field's low 32 bits). */
export type IndexStat = Pick<
  IndexEntry,
  "ctimeSec" | "ctimeNsec" | "mtimeSec" | "mtimeNsec" | "dev" | "ino" | "uid" | "gid" | "size"
>;

/** One change to the index. */
export type IndexEdit =
  | { kind: "put"; path: string; oid: string; mode: number; stat: IndexStat }
  | { kind: "remove"; dir: string };

/** What {@linkcode editIndex} made. */
export interface IndexEditResult {
  /** The new index file, checksum included. */
  bytes: Uint8Array;
  /** Paths whose entries were added, replaced or removed, in index order. */
  changed: string[];
  /** Extensions dropped because git rebuilds them (see the module notes). */
  dropped: string[];
}

const HEADER = 12;
const HASH = 20;
const FIXED = 62;
const KEEP = new Set(["sdir", "REUC"]);
const encoder = new TextEncoder();

/**
 * Why the index cannot take `edit`, or null when it can. Called by the plan
 * before any object or ref is written, and again on the bytes read under the
 * lock.
 *
 * @param index The parsed index (a split index merged: see `split`).
 * @param edit What will change; only its kind and path matter here.
 * @param options Whether the file on disk is the split part of a split index.
 * @returns The reason and what to run instead, for the user, or null.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildIndex } from "../facts/worktree/index_file.ts";
 * import { indexEditBlocker } from "./index_edit.ts";
 * const put = { kind: "put" as const, path: ".baton/latest.md" };
 * assert.equal(indexEditBlocker(buildIndex([{ path: "a" }]), put), null);
 * const sparse = buildIndex([{ path: ".baton/", mode: 0o40000, skipWorktree: true }]);
 * assert.match(indexEditBlocker(sparse, put) ?? "", /sparse/);
 * ```
 */
export function indexEditBlocker(
  index: GitIndex,
  edit: { kind: "put"; path: string } | { kind: "remove"; dir: string },
  options: { split?: boolean } = {},
): string | null {
  if (options.split === true || index.splitLink !== undefined) {
    return "the index is a split index (core.splitIndex)";
  }
  if (index.version === 4) return "the index uses version 4";
  if (edit.kind === "remove") return null;
  for (let i = 0; i < index.count; i++) {
    const p = index.paths.get(i)!;
    const mode = index.fields[i * ENTRY_WORDS + FIELD.mode]!;
    const stage = (index.fields[i * ENTRY_WORDS + FIELD.flags]! >> 12) & 3;
    if (p === edit.path && stage !== 0) {
      return `${edit.path} has an unresolved conflict in the index: resolve it (git add -f ${edit.path}), then run the command again`;
    }
    if (mode === 0o40000 && edit.path.startsWith(p)) {
      return `${edit.path} is outside the sparse-checkout cone of this sparse index: run git sparse-checkout add ${
        p.slice(0, -1)
      }, then run the command again`;
    }
  }
  return null;
}

/**
 * Applies `edit` to the bytes of an index file of version 2 or 3.
 *
 * @param bytes The index as read (under `index.lock`); null for no index yet.
 * @param edit The change.
 * @returns The new file and what changed.
 * @throws {UnavailableError} When {@linkcode indexEditBlocker} names a reason.
 * @throws {GitIndexError} When the bytes are not a readable index.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseIndex } from "../facts/worktree/index_file.ts";
 * import { editIndex } from "./index_edit.ts";
 * const stat = { ctimeSec: 1, ctimeNsec: 0, mtimeSec: 1, mtimeNsec: 0, dev: 1, ino: 2, uid: 0, gid: 0, size: 3 };
 * const put = { kind: "put" as const, path: ".baton/latest.md", oid: "a".repeat(40), mode: 0o100644, stat };
 * const { bytes, changed } = await editIndex(null, put);
 * assert.deepEqual(changed, [".baton/latest.md"]);
 * assert.deepEqual(parseIndex(bytes).paths.toArray(), [".baton/latest.md"]);
 * ```
 */
export async function editIndex(
  bytes: Uint8Array | null,
  edit: IndexEdit,
): Promise<IndexEditResult> {
  const source = bytes ?? emptyIndex();
  const index = parseIndex(source, { splitLink: true });
  const blocker = indexEditBlocker(index, edit);
  if (blocker !== null) {
    throw new UnavailableError(`Cannot update the index: ${blocker}`);
  }
  const view = new DataView(source.buffer, source.byteOffset, source.byteLength);
  const end = source.length - HASH;
  // Byte ranges of every entry, in file order (parseIndex checked the bounds).
  const starts: number[] = [];
  let off = HEADER;
  for (let i = 0; i < index.count; i++) {
    starts.push(off);
    const extended = (view.getUint16(off + 60) & 0x4000) !== 0;
    const nameAt = off + FIXED + (extended ? 2 : 0);
    const nul = source.indexOf(0, nameAt);
    off = off + ((nul - off + 8) & ~7);
  }
  starts.push(off);
  const entriesEnd = off;

  const pieces: Uint8Array[] = [];
  const changed: string[] = [];
  let count = 0;
  const target = edit.kind === "put" ? encoder.encode(edit.path) : null;
  let inserted = false;
  for (let i = 0; i < index.count; i++) {
    const p = index.paths.get(i)!;
    const entry = source.subarray(starts[i]!, starts[i + 1]!);
    if (edit.kind === "remove") {
      if (p.startsWith(`${edit.dir}/`)) {
        changed.push(p);
        continue;
      }
    } else {
      // A file entry named like a parent of the path, or entries below the
      // path (it was a directory), give way, as git add replaces them.
      if (p === edit.path || edit.path.startsWith(`${p}/`) || p.startsWith(`${edit.path}/`)) {
        if (p !== edit.path) changed.push(p);
        continue;
      }
      if (!inserted && comparePathBytes(entryName(entry), target!) > 0) {
        pieces.push(newEntry(edit, target!));
        changed.push(edit.path);
        count++;
        inserted = true;
      }
    }
    pieces.push(entry);
    count++;
  }
  if (target !== null && !inserted && edit.kind === "put") {
    pieces.push(newEntry(edit, target));
    changed.push(edit.path);
    count++;
  }

  const dropped: string[] = [];
  off = entriesEnd;
  while (off + 8 <= end) {
    const sig = String.fromCharCode(...source.subarray(off, off + 4));
    const size = view.getUint32(off + 4);
    if (KEEP.has(sig)) {
      pieces.push(source.subarray(off, off + 8 + size));
    } else if (sig === "TREE") {
      let body = source.subarray(off + 8, off + 8 + size);
      // As git does for each path it adds or removes.
      for (const p of changed) body = invalidateCacheTree(body, p);
      const head = new Uint8Array(8);
      head.set(source.subarray(off, off + 4));
      new DataView(head.buffer).setUint32(4, body.length);
      pieces.push(head, body);
    } else {
      dropped.push(sig);
    }
    off += 8 + size;
  }

  const header = source.slice(0, HEADER);
  new DataView(header.buffer).setUint32(8, count);
  const body = concat([header, ...pieces]);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-1", body));
  return { bytes: concat([body, digest]), changed, dropped };
}

/** The path bytes of one v2/v3 entry. */
function entryName(entry: Uint8Array): Uint8Array {
  const extended = (entry[60]! & 0x40) !== 0;
  const at = FIXED + (extended ? 2 : 0);
  return entry.subarray(at, entry.indexOf(0, at));
}

/** git's order: the path bytes as unsigned bytes, shorter first on a tie. */
function comparePathBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return a[i]! - b[i]!;
  }
  return a.length - b.length;
}

/** A stage-0 entry without extended flags (valid in versions 2 and 3). */
function newEntry(edit: Extract<IndexEdit, { kind: "put" }>, name: Uint8Array): Uint8Array {
  const length = (FIXED + name.length + 8) & ~7;
  const out = new Uint8Array(length);
  const v = new DataView(out.buffer);
  const s = edit.stat;
  const words = [
    s.ctimeSec,
    s.ctimeNsec,
    s.mtimeSec,
    s.mtimeNsec,
    s.dev,
    s.ino,
    edit.mode,
    s.uid,
    s.gid,
    s.size,
  ];
  words.forEach((w, i) => v.setUint32(i * 4, w >>> 0));
  for (let i = 0; i < 20; i++) out[40 + i] = parseInt(edit.oid.slice(i * 2, i * 2 + 2), 16);
  v.setUint16(60, Math.min(name.length, 0xfff));
  out.set(name, FIXED);
  return out;
}

function emptyIndex(): Uint8Array {
  const out = new Uint8Array(HEADER + HASH);
  out.set([0x44, 0x49, 0x52, 0x43, 0, 0, 0, 2, 0, 0, 0, 0]);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
