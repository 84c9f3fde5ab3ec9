/**
 * Rotation: prunes the oldest archived capsules of a chain that verifies,
 * keeping the newest N, and records each pruned capsule (id, previous, time,
 * file name, file digest) in the tombstone, so `baton verify` still passes
 * and says how many were pruned. Runs under the store lock (no capsule is
 * written meanwhile); the tombstone is written atomically before any file is
 * removed, so an interruption leaves pruned files still present, which the
 * walker recognises by their content (recorded id and file digest) and the
 * next rotation removes. A file is never removed because a tombstone names
 * it: only what the walk recognised, and only under a tombstone a trusted
 * key signed (the tombstone travels with the branch, so anyone can write
 * one; an unsigned one could list a teammate's forked capsule as pruned).
 *
 * The tombstone is signed with this machine's key when one is handed in,
 * unless it carries the list of an earlier tombstone no trusted key signed:
 * signing it would vouch for a stranger's list, so it is written unsigned.
 * Each pruned capsule's decisions are kept as read (capped when it was not
 * signed by a trusted key) with its trusted signer; the records of an
 * earlier tombstone this machine does not trust are carried untrusted, so a
 * new signature never launders them. Nor does it launder a capsule written
 * for another repository (its recorded commit is not here): the fold reads it
 * as untrusted whoever signed it, and the tombstone keeps no commit to judge
 * it by later, so its record names no signer.
 * @module
 */
import { BatonError, CapsuleInvalidError, StorageError } from "../errors.ts";
import type { WriteFs } from "../fs.ts";
import { checkBatonDir, realBatonDir } from "../store/check_baton_dir.ts";
import type { BatonLayout } from "../store/layout.ts";
import { acquireLock, type LockOptions, releaseLock } from "../store/lock.ts";
import type { TrustedKeys } from "../trust/key_ring.ts";
import type { SigningKey } from "../trust/signing_key.ts";
import { capTrust } from "../capsule/cap_trust.ts";
import { readChainInput } from "./read_chain.ts";
import { walkTombstoneSources } from "./chain_decisions.ts";
import {
  buildTombstone,
  type PrunedCapsule,
  renderTombstone,
  type TombstoneDecisions,
  tombstonePath,
} from "./tombstone.ts";
import { type ChainWalk, fileDigest, walkChain } from "./walk.ts";
import type { WrittenElsewhere } from "../store/written_elsewhere.ts";

/** Options of {@linkcode rotateChain}. */
export interface RotateOptions {
  /** Capsules kept, newest first (latest is always kept). */
  keep: number;
  /** Prune for real; otherwise only say what would go. */
  write: boolean;
  lock: LockOptions;
  trustedKeys?: TrustedKeys;
  /** This machine's key, to sign the tombstone; null or absent: it is written unsigned. */
  signingKey?: SigningKey | null;
  /**
   * True when a capsule's recorded commit is definitely not in this repository: its
   * decisions are recorded as no trusted key's. @default {() => false}
   */
  writtenElsewhere?: WrittenElsewhere;
}

/** What a rotation did or would do. */
export interface RotateResult {
  written: boolean;
  kept: number;
  /** Capsules pruned now (or that would be), oldest first. */
  pruned: PrunedCapsule[];
  /** Capsules pruned in total, earlier rotations included. */
  pruned_total: number;
  /** Whether the tombstone written (or that would be) is signed by this machine. */
  signed: boolean;
}

/**
 * Rotates the chain of one .baton directory.
 * @throws {CapsuleInvalidError} (`chain_tampered`) when the chain does not verify.
 * @throws {LockBusyError} {StorageError}
 */
export async function rotateChain(
  fs: WriteFs,
  layout: BatonLayout,
  options: RotateOptions,
): Promise<RotateResult> {
  await checkBatonDir(fs, layout);
  const held = options.write ? await acquireLock(fs, layout.lock, options.lock) : null;
  try {
    const input = await readChainInput(fs, layout);
    const walk: ChainWalk = await walkChain(input, {
      ...(options.trustedKeys === undefined ? {} : { trustedKeys: options.trustedKeys }),
    });
    if (walk.status === "tampered") {
      throw new CapsuleInvalidError(
        "Cannot rotate: the capsule chain does not verify (run baton verify)",
        "chain_tampered",
      );
    }
    const previousTomb = walk.tombstone;
    const earlier = previousTomb?.pruned ?? [];
    const texts = new Map(input.archive.map((e) => [e.source, e.text]));
    const going = walk.links.slice(Math.max(1, options.keep)).reverse();
    const pruned: PrunedCapsule[] = [];
    for (const l of going) {
      pruned.push({
        id: l.id!,
        previous: l.previous,
        created_at: l.created_at!,
        file: l.source,
        sha256: await fileDigest(texts.get(l.source) ?? ""),
      });
    }
    const total = earlier.length + pruned.length;
    const kept = walk.links.length - pruned.length;
    const baseTrusted = previousTomb === null || walk.tombstone_authorship?.status === "trusted";
    const key = baseTrusted ? options.signingKey ?? null : null;
    const signed = key !== null;
    if (!options.write) return { written: false, kept, pruned, pruned_total: total, signed };
    const leftover = walk.tombstone_authorship?.status === "trusted" ? walk.leftovers : [];
    if (pruned.length === 0 && leftover.length === 0) {
      return { written: false, kept, pruned, pruned_total: total, signed };
    }
    try {
      const within = await realBatonDir(fs, layout);
      if (pruned.length > 0) {
        const elsewhere = options.writtenElsewhere ?? (() => Promise.resolve(false));
        // An earlier tombstone joined to a capsule written in another repository came with
        // that repository's chain: its records go on with no signer.
        const earlierSources = await walkTombstoneSources(walk, elsewhere);
        const kept: TombstoneDecisions[] = earlierSources.map((s) => ({
          capsule_id: s.capsule_id,
          created_at: s.created_at,
          signer: s.trusted && s.elsewhere !== true
            ? previousTomb!.decisions.find((r) => r.capsule_id === s.capsule_id)?.signer ?? null
            : null,
          decisions: [...s.decisions],
        }));
        const made: TombstoneDecisions[] = [];
        for (const l of going) {
          const trusted = l.authorship?.status === "trusted" &&
            !(await elsewhere(l.capsule!.facts));
          const capped = capTrust(l.capsule!, trusted ? { authorship: l.authorship! } : {});
          made.push({
            capsule_id: l.id!,
            created_at: l.created_at!,
            signer: trusted ? l.authorship!.fingerprint : null,
            decisions: capped.capsule.meaning.decisions,
          });
        }
        const tomb = await buildTombstone(
          [...earlier, ...pruned],
          [...kept, ...made],
          key,
        );
        await fs.writeFileAtomic(
          tombstonePath(layout),
          new TextEncoder().encode(renderTombstone(tomb)),
          { within, tempInWithin: true },
        );
      }
      for (const file of [...leftover, ...pruned.map((p) => p.file)]) {
        await fs.remove(`${layout.capsules}/${file}`);
      }
    } catch (e) {
      if (e instanceof BatonError) throw e;
      throw new StorageError(`Cannot rotate the archive in "${layout.capsules}": a write failed`, {
        cause: e,
      });
    }
    return { written: true, kept, pruned, pruned_total: total, signed };
  } finally {
    if (held !== null) await releaseLock(fs, held);
  }
}
