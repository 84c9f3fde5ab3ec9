/**
 * Which capsule a new one continues when latest.md is a trusted teammate's
 * from another fork of the chain. Any commit (or a pull into a clone whose
 * latest.md was missing) can make a teammate's genuine capsule latest.md;
 * when its previous links never reach the newest capsule this clone made
 * current (head_record.ts) and no trusted capsule continues it, the next
 * capsule was written on top of it: this clone's newest left the line, its
 * decisions with it, and from then on nothing said so (the new capsule is
 * this clone's own, so load's left-out warning ended). A user's own session
 * continues the user's own line: the new capsule continues this clone's
 * newest (read from the archive, signed by the key the record names), and
 * the teammate's capsule is kept in the archive, said by the caller. Pull
 * keeps a fork the same way when latest.md is there. Nothing is continued
 * from a capsule no trusted key signed (the caller refuses those), from an
 * older capsule of this clone's own key (a rollback: refused too), or when
 * this clone's newest cannot be read back as signed.
 * @module
 */
import { isLater } from "../capsule/instant_order.ts";
import type { WriteFs } from "../fs.ts";
import type { Capsule } from "../capsule/types.ts";
import { parseCapsule } from "../capsule/parse.ts";
import { readLatest, readTextOrNull } from "../store/capsule_store.ts";
import { archiveName, type BatonLayout } from "../store/layout.ts";
import { type HeadRecord, readHeadRecord } from "../store/head_record.ts";
import type { TrustedKeys } from "../trust/key_ring.ts";
import type { RepoLocation } from "../facts/types.ts";
import { readHead } from "../facts/git/read_head.ts";
import { displacedHead } from "../chain/displaced_head.ts";

/**
 * What a capsule written on `latest` (a trusted teammate's, from another fork) should continue:
 * this clone's newest (`continue`), or nothing, since that newest is no longer archived (`lost`:
 * a capsule on top would drop it for good, so nothing is written, as for a stranger's); null when
 * `latest` is not such a capsule.
 */
export type ForkHead = { kind: "continue"; capsule: Capsule } | { kind: "lost"; head: HeadRecord };

/** {@linkcode forkHead}'s `continue` capsule, or null. */
export async function ownHeadOverFork(
  fs: WriteFs,
  layout: BatonLayout,
  latest: Capsule,
  head: HeadRecord | null,
  trustedKeys: TrustedKeys,
): Promise<Capsule | null> {
  const fork = await forkHead(fs, layout, latest, head, trustedKeys);
  return fork?.kind === "continue" ? fork.capsule : null;
}

/**
 * This clone's newest capsule (`head`) when `latest` (latest.md's capsule, read again here with
 * `trustedKeys`) is signed by a trusted key other than `head`'s (or by `head`'s, dated later:
 * another clone of this user's) and its chain does not reach
 * it, or `lost` when the archive no longer holds that newest signed as recorded; null otherwise.
 */
export async function forkHead(
  fs: WriteFs,
  layout: BatonLayout,
  latest: Capsule,
  head: HeadRecord | null,
  trustedKeys: TrustedKeys,
): Promise<ForkHead | null> {
  if (head === null || latest.id === head.id) return null;
  const read = await readLatest(fs, layout, { trustedKeys }).catch(() => null);
  if (read === null || read.capsule.id !== latest.id) return null;
  if (read.authorship.status !== "trusted") return null;
  // An older capsule of the head's own key is the rollback check's; a newer one (the same key in
  // another clone of this user's: one key per baton home) can fork like a teammate's.
  if (
    read.authorship.fingerprint === head.fingerprint && !isLater(latest.created_at, head.created_at)
  ) {
    return null;
  }
  if (await displacedHead(fs, layout, latest, head, trustedKeys) === null) return null;
  try {
    const text = await readTextOrNull(
      fs,
      `${layout.capsules}/${archiveName(head.created_at, head.id)}`,
    );
    if (text === null) return { kind: "lost", head };
    const own = await parseCapsule(text, { trustedKeys });
    const signedBy = own.authorship.status === "trusted" ? own.authorship.fingerprint : null;
    return own.capsule.id === head.id && signedBy === head.fingerprint
      ? { kind: "continue", capsule: own.capsule }
      : { kind: "lost", head };
  } catch {
    return { kind: "lost", head };
  }
}

/**
 * {@linkcode ownHeadOverFork} with the head record of the branch checked out in `repo` (none
 * when detached or outside git), for the store's `continueFrom` under its lock.
 */
export function continueOwnHead(
  fs: WriteFs,
  layout: BatonLayout,
  repo: RepoLocation | null,
  trustedKeys: TrustedKeys,
): (current: Capsule) => Promise<Capsule | null> {
  return async (current) => {
    if (repo === null) return null;
    const branch = await readHead(fs, repo).then((h) => h.branch, () => null);
    if (branch === null) return null;
    const head = await readHeadRecord(fs, layout, branch);
    return await ownHeadOverFork(fs, layout, current, head, trustedKeys);
  };
}
