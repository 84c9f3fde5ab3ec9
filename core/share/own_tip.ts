/**
 * This clone's own chain tip, re-checked before `push` carries it on.
 *
 * An older baton's `pull` made the remote's commit this clone's tip (a
 * fast-forward onto whatever the remote's ref held), and `push` sent the
 * tip as it was: a stranger's files beside the capsules, and a capsule's
 * blob swapped under its own name, went on to every clone that pulls. The
 * tip is therefore not trusted because this clone's ref points at it: every
 * entry the chain reader left out (anything but a regular file under a
 * capsule's name in capsules/) is dropped, and a name the archive holds
 * goes on only with the archive's bytes (the file hashes to the entry's
 * blob id; otherwise the archive's capsule takes the name again). A name the
 * archive does not hold stays as it is: `rotate` prunes archive files whose
 * capsules stay on the chain, and telling such a blob from a stranger's
 * would mean inflating every pruned capsule's blob on each push (a whole
 * pack, once the repository is packed).
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { readBytesOrNull } from "../store/capsule_store.ts";
import { hashBlob } from "../facts/worktree/blob_oid.ts";
import type { ChainTip } from "./chain_git.ts";

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
 * @returns The entries kept and the count dropped.
 */
export async function vetOwnTip(
  fs: ReadFs,
  capsulesDir: string,
  archived: ReadonlySet<string>,
  tip: ChainTip,
): Promise<VettedTip> {
  const kept = new Map<string, string>();
  let dropped = tip.foreign ?? 0;
  for (const [name, oid] of tip.entries) {
    if (!archived.has(name)) {
      kept.set(name, oid);
      continue;
    }
    // As the store reads a capsule: never through a link (one put at an archive name after the
    // listing would hand push whatever it points at), bounded; one it refuses is not the archive's.
    const bytes = await readBytesOrNull(fs, `${capsulesDir}/${name}`).catch(() => null);
    if (bytes !== null && await hashBlob(bytes) === oid) kept.set(name, oid);
    else dropped++;
  }
  return { kept, dropped };
}
