/**
 * This clone's own chain tip, re-checked before `push` carries it on.
 *
 * An older baton's `pull` made the remote's commit this clone's tip (a
 * fast-forward onto whatever the remote's ref held), and `push` sent the
 * tip as it was: a stranger's files beside the capsules, a blob that is no
 * capsule under a capsule's name, a capsule's blob swapped under its own
 * name went on to every clone that pulls. The tip is therefore not trusted
 * because this clone's ref points at it: an entry is carried on when the
 * archive holds the same bytes under its name (the archive's file hashes to
 * the entry's blob id), or else when the blob itself is a valid capsule
 * under that name (a capsule the archive no longer holds stays on the
 * chain: the chain never shrinks). Anything else, and every entry the chain
 * reader already left out, is dropped by writing a new tip.
 * @module
 */
import { type ReadFs, readRegularFile } from "../fs.ts";
import { parseCapsule } from "../capsule/parse.ts";
import { archiveName } from "../store/layout.ts";
import { MAX_CAPSULE_FILE_BYTES } from "../store/capsule_store.ts";
import { hashBlob } from "../facts/worktree/blob_oid.ts";
import type { ChainTip } from "./chain_git.ts";

/**
 * True when `bytes` hold a capsule (it parses and its id matches its content) whose archive
 * name is `name`. Integrity only: trust is decided on every read.
 */
export async function isArchivedCapsule(bytes: Uint8Array, name: string): Promise<boolean> {
  try {
    const { capsule } = await parseCapsule(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    return archiveName(capsule.created_at, capsule.id) === name;
  } catch {
    return false;
  }
}

/** What may stay on the tip, and how much of it did not. */
export interface VettedTip {
  /** Capsule names and blob ids carried on. */
  kept: Map<string, string>;
  /** Entries dropped, those the chain reader left out included. */
  dropped: number;
}

/**
 * The entries of this clone's tip that push may carry on.
 * @param fs Reads the archive.
 * @param capsulesDir The archive folder.
 * @param archived Names the archive lists.
 * @param tip The tip as the chain reader read it.
 * @param readBlob A blob's bytes from the repository, null over the bound.
 * @returns The entries kept and the count dropped.
 */
export async function vetOwnTip(
  fs: ReadFs,
  capsulesDir: string,
  archived: ReadonlySet<string>,
  tip: ChainTip,
  readBlob: (oid: string, maxBytes: number) => Promise<Uint8Array | null>,
): Promise<VettedTip> {
  const kept = new Map<string, string>();
  let dropped = tip.foreign ?? 0;
  for (const [name, oid] of tip.entries) {
    if (archived.has(name)) {
      const read = await readRegularFile(fs, `${capsulesDir}/${name}`, MAX_CAPSULE_FILE_BYTES);
      if (read.kind === "read" && await hashBlob(read.bytes) === oid) {
        kept.set(name, oid);
        continue;
      }
    }
    const bytes = await readBlob(oid, MAX_CAPSULE_FILE_BYTES);
    if (bytes !== null && await isArchivedCapsule(bytes, name)) kept.set(name, oid);
    else dropped++;
  }
  return { kept, dropped };
}
