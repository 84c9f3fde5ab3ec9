/**
 * git status's work-tree renames (2.18+): diff-files queues a file gone
 * from the work tree as a deletion (its index blob; a gone intent-to-add
 * entry's is the empty blob) and a present intent-to-add file as an
 * addition (its content as git would store it), and diffcore-rename pairs
 * them as it pairs staged ones (head_diff.ts's pairRenames: exact ids of
 * the same file type first, then unique basenames, the rename limit, the
 * best scores). A pair shows `.R` on the added path, the gone path's `D` no
 * longer shown. Copy detection is not worked out here. Pure: reads through
 * the caller's functions.
 * @module
 */
import type { GitObject, GitObjectReader } from "../types.ts";
import { type HeadBlob, pairRenames, type StagedChange } from "./head_diff.ts";
import { hashBlob } from "./blob_oid.ts";
import { EMPTY_BLOB_OID } from "./compare_stat.ts";

/** A gone file: its path, and its index entry's mode and blob id. */
export interface GoneFile {
  path: string;
  mode: number;
  oid: string;
}

/** What the pairing reads. */
export interface WorktreeRenameIo {
  /** The object stores (a gone file's index blob). */
  objects: GitObjectReader;
  /**
   * An added path's mode in the work tree (a regular file's or a symlink's)
   * and its content as git would store it (a symlink's: its link text), or
   * why that is not known.
   */
  content(path: string): Promise<{ mode: number; data: Uint8Array } | { unknown: string }>;
  /** As head_diff's renameText: how git reads the path for scoring. */
  text?(path: string): Promise<boolean | null | "either">;
  /** status.renameLimit (else diff.renameLimit). */
  limit: number;
  /** Largest blob scored. */
  maxBytes: number;
}

/** The pairs found (added path -> gone path), and the paths whose pairing was not scored. */
export interface WorktreeRenames {
  pairs: Map<string, string>;
  uncompared: string[];
}

/**
 * Pairs gone files (`gone`, with their index blob ids) with present
 * intent-to-add files (`added`) as git status's work-tree rename
 * detection does; an addition whose content is not known makes the whole
 * answer unknown.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pairWorktreeRenames } from "./worktree_renames.ts";
 * import { hashBlob } from "./blob_oid.ts";
 * const text = new TextEncoder().encode("one\ntwo\n");
 * const oid = await hashBlob(text);
 * const io = {
 *   objects: { read: (o: string) => Promise.resolve(o === oid ? { type: "blob" as const, data: text } : null) },
 *   content: () => Promise.resolve({ mode: 0o100644, data: text }),
 *   limit: 1000,
 *   maxBytes: 1 << 20,
 * };
 * const r = await pairWorktreeRenames([{ path: "old", mode: 0o100644, oid }], ["new"], io);
 * assert.ok(!("unknown" in r) && r.pairs.get("new") === "old");
 * ```
 */
export async function pairWorktreeRenames(
  gone: readonly GoneFile[],
  added: readonly string[],
  io: WorktreeRenameIo,
): Promise<WorktreeRenames | { unknown: string }> {
  // The additions' content is not in the object stores: it is served by its id.
  const contents = new Map<string, Uint8Array>();
  const addedFiles: { path: string; mode: number; oid: string }[] = [];
  for (const path of added) {
    const got = await io.content(path);
    if ("unknown" in got) return got;
    const oid = await hashBlob(got.data);
    contents.set(oid, got.data);
    addedFiles.push({ path, mode: got.mode, oid });
  }
  const objects: GitObjectReader = {
    read(oid: string): Promise<GitObject | null> {
      const data = contents.get(oid) ?? (oid === EMPTY_BLOB_OID ? new Uint8Array() : undefined);
      return data === undefined ? io.objects.read(oid) : Promise.resolve({ type: "blob", data });
    },
  };
  const deleted = new Map<string, HeadBlob>(
    gone.map((g) => [g.path, { mode: g.mode, oid: g.oid }]),
  );
  const out: StagedChange[] = [];
  const uncompared = await pairRenames(deleted, addedFiles, out, {
    renames: true,
    limit: io.limit,
    maxBytes: io.maxBytes,
    objects,
    ...(io.text === undefined ? {} : { text: io.text }),
  });
  const pairs = new Map<string, string>();
  for (const c of out) if (c.x === "R" && c.origPath !== undefined) pairs.set(c.path, c.origPath);
  return { pairs, uncompared };
}
