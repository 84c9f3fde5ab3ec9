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
 * latest.md continues this user's own chain.
 * @module
 */
import type { WriteFs } from "../fs.ts";
import type { Capsule } from "../capsule/types.ts";
import { parseCapsule } from "../capsule/parse.ts";
import { archiveIndex, listArchive, readTextOrNull } from "../store/capsule_store.ts";
import type { BatonLayout } from "../store/layout.ts";
import type { HeadRecord } from "../store/head_record.ts";

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
 * `head` when `latest` (a capsule no trusted key signed) is not it and its
 * chain of previous links does not reach it; null when it does, or when
 * there is no head record. `archive` is the listing when the caller has it.
 */
export async function displacedHead(
  fs: WriteFs,
  layout: BatonLayout,
  latest: Capsule,
  head: HeadRecord | null,
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
    // A link the archive cannot follow, or a capsule from before the head: the head is not on
    // this chain (a capsule's own date is its writer's word, so it only ever ends the walk).
    if (next === null || next.created_at < head.created_at) return head;
    previous = next.previous;
  }
  return head;
}
