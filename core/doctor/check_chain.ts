/**
 * Doctor's chain check: runs the chain walker of `baton verify`
 * (core/chain/walk.ts) over one .baton directory and turns its verdict into
 * one check: ok when intact, warn naming the first CRITICAL problems
 * otherwise. Reads through the injected file system.
 * @module
 */
import type { WriteFs } from "../fs.ts";
import { readChain } from "../chain/read_chain.ts";
import { readTextOrNull } from "../store/capsule_store.ts";
import { parseCapsule } from "../capsule/parse.ts";
import type { BatonLayout } from "../store/layout.ts";
import type { DoctorCheck } from "./check.ts";
import type { TrustedKeys } from "../trust/key_ring.ts";
import { untrustedPruned } from "../chain/chain_decisions.ts";
import { isLater } from "../capsule/instant_order.ts";

/** The chain check and the latest capsule's creation time (for the clock check). */
export interface ChainResult {
  check: DoctorCheck;
  latestCreatedAt: string | null;
  /**
   * The latest `created_at` of the capsules walked from latest.md (latest itself included);
   * null when none was walked. A capsule latest continues dated after it says a clock was
   * put back between them (or ran ahead).
   */
  newestCreatedAt?: string | null;
}

/** The latest creation time among the walked links, or null. */
function newestOf(times: readonly (string | null)[]): string | null {
  let newest: string | null = null;
  for (const t of times) {
    if (t !== null && (newest === null || isLater(t, newest))) newest = t;
  }
  return newest;
}

async function latestTime(fs: WriteFs, layout: BatonLayout): Promise<string | null> {
  try {
    const text = await readTextOrNull(fs, layout.latest);
    return text === null ? null : (await parseCapsule(text)).capsule.created_at;
  } catch {
    return null;
  }
}

/**
 * Checks the capsule chain of one .baton directory.
 *
 * @param fs File access.
 * @param layout Where .baton is.
 * @param trustedKeys The keys this machine trusts: a rotation tombstone none
 *   of them signed is a warning when the chain reaches its start only
 *   through it (what its capsules decided may be missing).
 * @returns The check (ok, or warn naming the first problems) and the latest's time.
 */
export async function checkChain(
  fs: WriteFs,
  layout: BatonLayout,
  trustedKeys: TrustedKeys = new Map(),
): Promise<ChainResult> {
  let walk;
  try {
    walk = await readChain(fs, layout, trustedKeys);
  } catch {
    return {
      check: {
        name: "chain",
        outcome: "warn",
        reason: `Cannot read the capsule archive in ${layout.capsules}`,
      },
      latestCreatedAt: null,
    };
  }
  const latestCreatedAt = await latestTime(fs, layout);
  const newestCreatedAt = newestOf(walk.links.map((l) => l.created_at));
  if (walk.status === "tampered") {
    const shown = walk.problems.slice(0, 3).map((p) => p.message).join("; ");
    const more = walk.problems.length > 3 ? ` and ${walk.problems.length - 3} more` : "";
    return {
      check: {
        name: "chain",
        outcome: "warn",
        reason: `The capsule chain has problems (CRITICAL, run baton verify): ${shown}${more}`,
      },
      latestCreatedAt,
      newestCreatedAt,
    };
  }
  const headless = walk.notes.find((n) => n.source === "latest.md");
  if (headless !== undefined) {
    // Not tamper (a fresh clone, a pull): but no capsule is current until revive.
    return {
      check: {
        name: "chain",
        outcome: "warn",
        reason: `${walk.links.length} capsule(s): ${headless.message}`,
      },
      latestCreatedAt,
      newestCreatedAt,
    };
  }
  const untrusted = untrustedPruned(walk);
  if (untrusted > 0) {
    return {
      check: {
        name: "chain",
        outcome: "warn",
        reason:
          `${walk.links.length} capsule(s); ${untrusted} older capsule(s) stand only in a rotation tombstone no trusted key signed: decisions they made may be missing here (run baton verify)`,
      },
      latestCreatedAt,
      newestCreatedAt,
    };
  }
  const pruned = walk.pruned > 0 ? `, ${walk.pruned} older pruned by rotate` : "";
  return {
    check: {
      name: "chain",
      outcome: "ok",
      reason: walk.status === "empty"
        ? "No capsules yet"
        : `${walk.links.length} capsule(s), all valid, every previous link resolves${pruned}`,
    },
    latestCreatedAt,
    newestCreatedAt,
  };
}
