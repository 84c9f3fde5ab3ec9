/**
 * Whether a latest.md no trusted key signed has dropped the newest capsule
 * this clone made current (head_record.ts). The rollback check compares a
 * latest.md with later capsules of its own signer only, so a stranger who
 * signs with a key of their own (or with none) could put their capsule on
 * top of an older one of this user's, leaving out the newest: nothing said
 * so, and the next capture hook wrote this machine's capsule on top of
 * theirs, which made that chain this clone's head and dropped the newest
 * for good. Here latest.md's previous links are walked (a few archive
 * reads, none when it continues the head directly) until they reach the
 * head, or a capsule older than it, or nothing: only the first says that
 * latest.md continues this user's own chain. A link the archive no longer
 * holds is followed through the pruned records of a tombstone a trusted key
 * signed (`baton rotate`, committed with the archive files it deleted): a
 * teammate's rotation can prune the capsule this clone last made current,
 * and her latest.md still continues it. Anyone can write a tombstone, so an
 * unsigned one, or one no trusted key signed, joins nothing.
 * @module
 */
import { compareInstants } from "../capsule/instant_order.ts";
import type { WriteFs } from "../fs.ts";
import type { Capsule } from "../capsule/types.ts";
import { parseCapsule } from "../capsule/parse.ts";
import { archiveIndex, listArchive, readTextOrNull } from "../store/capsule_store.ts";
import type { BatonLayout } from "../store/layout.ts";
import type { HeadRecord } from "../store/head_record.ts";
import type { TrustedKeys } from "../trust/key_ring.ts";
import { checkTombstone, type PrunedCapsule, tombstonePath } from "./tombstone.ts";

/**
 * Previous links followed at least; past them and past one for each archive file, the head
 * counts as dropped. Each link followed is another archived capsule, so a chain that reaches
 * the head is never longer than the archive: a teammate's week of capsules on top of this
 * clone's newest is followed to it (64 links and no more called it dropped: a false warning),
 * and so is this clone's own run of unsigned capsules (its key out of reach) after its last
 * signed one (the 65th refused every capsule as a rollback).
 */
const MIN_STEPS = 64;

/**
 * The pruned records of the tombstone, oldest first, when a key in `trustedKeys` signed it;
 * empty when there is none, it does not hold, or no trusted key signed it.
 */
async function trustedPruned(
  fs: WriteFs,
  layout: BatonLayout,
  trustedKeys: TrustedKeys,
): Promise<readonly PrunedCapsule[]> {
  try {
    const text = await readTextOrNull(fs, tombstonePath(layout));
    if (text === null) return [];
    const check = await checkTombstone(text, trustedKeys);
    return check.ok && check.authorship.status === "trusted" ? check.tombstone.pruned : [];
  } catch {
    return [];
  }
}

/**
 * `head` when `latest` is not it and its chain of previous links (through the archive, then
 * through a trusted tombstone's pruned records) does not reach it; null when it does, or when
 * there is no head record. `archive` is the listing when the caller has it.
 */
export async function displacedHead(
  fs: WriteFs,
  layout: BatonLayout,
  latest: Capsule,
  head: HeadRecord | null,
  trustedKeys: TrustedKeys,
  archive?: readonly string[],
): Promise<HeadRecord | null> {
  if (head === null || latest.id === head.id) return null;
  let names: readonly string[];
  try {
    names = archive ?? await listArchive(fs, layout);
  } catch {
    names = [];
  }
  const find = archiveIndex(names);
  let previous = latest.previous;
  const steps = Math.max(MIN_STEPS, names.length + 1);
  for (let step = 0; step < steps && previous !== null; step++) {
    if (previous === head.id) return null;
    let next: Capsule | null = null;
    for (const name of find(previous)) {
      try {
        const text = await readTextOrNull(fs, `${layout.capsules}/${name}`);
        if (text === null) continue;
        const parsed = (await parseCapsule(text)).capsule;
        if (parsed.id === previous) {
          next = parsed;
          break;
        }
      } catch {
        continue;
      }
    }
    // A link the archive cannot follow: pruned by a rotation a trusted key signed, the rest of
    // the chain is the tombstone's (oldest first, each entry continuing the one before it).
    if (next === null) {
      const pruned = await trustedPruned(fs, layout, trustedKeys);
      const at = pruned.findIndex((p) => p.id === previous);
      return at >= 0 && pruned.slice(0, at + 1).some((p) => p.id === head.id) ? null : head;
    }
    // A capsule from before the head: the head is not on this chain (a capsule's own date is its
    // writer's word, so it only ever ends the walk).
    if (compareInstants(next.created_at, head.created_at) < 0) return head;
    previous = next.previous;
  }
  return head;
}
