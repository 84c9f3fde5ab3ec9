/**
 * The decision view of a stored chain, two ways: from a walked chain (every
 * capsule verified, for `baton decisions`), and a light read for the
 * briefing that follows `previous` links from latest through the archive,
 * bounded in capsules and time, saying when it stopped early. Both fold the
 * decisions kept in the rotation tombstone first, and both read decisions
 * with the trust cap applied (a capsule not signed by a trusted key keeps
 * no `verified`, and cannot change a trusted capsule's decisions; the
 * tombstone's records count as trusted only when a trusted key signed it).
 * @module
 */
import type { WriteFs } from "../fs.ts";
import { parseCapsule } from "../capsule/parse.ts";
import type { Capsule } from "../capsule/types.ts";
import { archiveIndex, listArchive, readTextOrNull } from "../store/capsule_store.ts";
import type { BatonLayout } from "../store/layout.ts";
import { capTrust } from "../capsule/cap_trust.ts";
import type { TrustedKeys } from "../trust/key_ring.ts";
import { type DecisionSource, type DecisionView, foldDecisions } from "./decisions.ts";
import { checkTombstone, tombstonePath, tombstoneSources } from "./tombstone.ts";
import type { ChainWalk } from "./walk.ts";
import type { WrittenElsewhere } from "../store/written_elsewhere.ts";

/** The view and how much of the chain it covers. */
export interface ChainDecisionView {
  views: DecisionView[];
  /** Capsules read (pruned ones not counted). */
  capsules: number;
  /** False when older capsules were not read: decisions may be missing. */
  complete: boolean;
  /**
   * Older capsules the chain reaches only through a rotation tombstone no
   * trusted key signed (0 otherwise): what they decided rests on a list
   * anyone could have written, so decisions may be missing.
   */
  untrusted_pruned: number;
  /**
   * True when the read stopped at a capsule whose previous is neither in the archive nor
   * joined by a rotation tombstone that holds (a deleted capsule, a deleted or replaced
   * tombstone), not at a limit: decisions older capsules made may be missing. @default {false}
   */
  broken?: boolean;
}

/**
 * How many older capsules a chain reaches only through a rotation tombstone
 * no trusted key signed: 0 when its oldest capsule kept starts the chain,
 * when there is no tombstone, or when a trusted key signed it. A forged
 * tombstone standing in for deleted signed capsules reads as complete
 * otherwise, and the decisions those capsules made vanish without a word.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { untrustedPruned } from "./chain_decisions.ts";
 * assert.equal(untrustedPruned({ status: "empty", links: [], pruned: 0, tombstone: null, tombstone_authorship: null }), 0);
 * ```
 */
export function untrustedPruned(
  walk: Pick<ChainWalk, "status" | "links" | "pruned" | "tombstone" | "tombstone_authorship">,
): number {
  const bottom = walk.links.at(-1);
  if (walk.tombstone === null || bottom === undefined || bottom.previous === null) return 0;
  if (walk.tombstone.pruned.at(-1)?.id !== bottom.previous) return 0;
  return walk.tombstone_authorship?.status === "trusted" ? 0 : walk.pruned;
}

function source(c: Capsule, trusted: boolean, elsewhere = false): DecisionSource {
  return {
    capsule_id: c.id,
    created_at: c.created_at,
    trusted,
    ...(elsewhere ? { elsewhere } : {}),
    decisions: c.meaning.decisions,
  };
}

/**
 * The tombstone's sources of a walked chain, each marked as written in another repository
 * when the oldest capsule kept, the one the tombstone joins, is: the tombstone keeps no
 * commit of the capsules it pruned, and a chain copied from another repository brings its
 * signed tombstone along, whose records would otherwise count as this project's trusted
 * decisions.
 */
export async function walkTombstoneSources(
  walk: Pick<ChainWalk, "links" | "tombstone_sources">,
  writtenElsewhere: WrittenElsewhere,
): Promise<DecisionSource[]> {
  const joined = walk.links.at(-1)?.capsule ?? null;
  if (walk.tombstone_sources.length === 0 || joined === null) return [...walk.tombstone_sources];
  if (!(await writtenElsewhere(joined.facts))) return [...walk.tombstone_sources];
  return walk.tombstone_sources.map((s) => ({ ...s, elsewhere: true }));
}

/**
 * The view of a walked chain: every capsule reached from latest, and the tombstone's.
 * `writtenElsewhere` says whether a recorded commit is not in this repository (a capsule
 * written for another one decides nothing here, whoever signed it).
 */
export async function walkDecisions(
  walk: ChainWalk,
  writtenElsewhere: WrittenElsewhere = () => Promise.resolve(false),
): Promise<ChainDecisionView> {
  const sources: DecisionSource[] = await walkTombstoneSources(walk, writtenElsewhere);
  for (const l of [...walk.links].reverse()) {
    if (l.capsule === null) continue;
    const capped = capTrust(l.capsule, l.authorship === null ? {} : { authorship: l.authorship });
    sources.push(
      source(
        capped.capsule,
        l.authorship?.status === "trusted",
        await writtenElsewhere(l.capsule.facts),
      ),
    );
  }
  const bottom = walk.links.at(-1);
  const untrusted = untrustedPruned(walk);
  const complete = walk.status !== "tampered" && untrusted === 0 &&
    (bottom === undefined || bottom.previous === null || walk.tombstone !== null);
  return {
    views: foldDecisions(sources),
    capsules: walk.links.length,
    complete,
    untrusted_pruned: untrusted,
  };
}

/** Options of {@linkcode readRecentDecisions}. */
export interface RecentDecisionsOptions {
  trustedKeys?: TrustedKeys;
  /** Whether `latest` is signed by a trusted key. @default {false} */
  latestTrusted?: boolean;
  /** Most capsules read, latest included. @default {200} */
  maxCapsules?: number;
  /** True once time is up. @default {() => false} */
  expired?: () => boolean;
  /** The archive listing, when the caller has read it already. @default {listed here} */
  archive?: readonly string[];
  /**
   * True when a capsule's recorded commit is definitely not in this repository: a capsule
   * written for another one (a trusted key's capsule re-served here, and the automatic
   * capsules written on top of it) decides nothing here. @default {() => false}
   */
  writtenElsewhere?: WrittenElsewhere;
}

/**
 * The view from `latest` back through its previous links, for the briefing.
 * `latest` is the capped latest capsule the caller already parsed. Never
 * throws for a damaged archive: it stops there and says the view is partial.
 */
export async function readRecentDecisions(
  fs: WriteFs,
  layout: BatonLayout,
  latest: Capsule,
  options: RecentDecisionsOptions = {},
): Promise<ChainDecisionView> {
  const max = options.maxCapsules ?? 200;
  const expired = options.expired ?? (() => false);
  const trustedKeys = options.trustedKeys ?? new Map();
  const elsewhere = options.writtenElsewhere ?? (() => Promise.resolve(false));
  const newestFirst: DecisionSource[] = [
    source(latest, options.latestTrusted === true, await elsewhere(latest.facts)),
  ];
  let complete = latest.previous === null;
  let tomb: DecisionSource[] = [];
  let untrusted = 0;
  let broken = false;
  if (!complete) {
    let names: readonly string[] | undefined = options.archive;
    try {
      names ??= await listArchive(fs, layout);
    } catch {
      names = [];
    }
    const candidates = archiveIndex(names);
    let want: string | null = latest.previous;
    while (want !== null && newestFirst.length < max && !expired()) {
      let found: DecisionSource | null = null;
      let previous: string | null = null;
      let stopped = false;
      for (const name of candidates(want)) {
        // Files sharing an id's first 8 digits may be many and large (a commit can bring
        // them): the budget is asked before each one, not only before each link.
        if (expired()) {
          stopped = true;
          break;
        }
        try {
          const text = await readTextOrNull(fs, `${layout.capsules}/${name}`);
          if (text === null) continue;
          const parsed = await parseCapsule(text, { trustedKeys });
          if (parsed.capsule.id === want) {
            found = source(
              parsed.capsule,
              parsed.authorship.status === "trusted",
              await elsewhere(parsed.capsule.facts),
            );
            previous = parsed.capsule.previous;
          }
        } catch {
          continue;
        }
        if (found !== null) break;
      }
      if (stopped) break;
      if (found === null) {
        // The tombstone is one more file of the chain, as large as a capsule may be (a
        // commit can bring it): the budget is asked before it too, and a read it stops
        // leaves the view partial.
        if (expired()) break;
        const read = await readTombstone(fs, layout, trustedKeys, want);
        broken = read === null;
        untrusted = read?.untrusted ?? 0;
        complete = read !== null && untrusted === 0;
        // The tombstone keeps no commit of what it pruned: when the capsule it joins was
        // written in another repository, so were they (walkTombstoneSources).
        const joinedElsewhere = newestFirst.at(-1)!.elsewhere === true;
        tomb = (read?.sources ?? []).map((s) => joinedElsewhere ? { ...s, elsewhere: true } : s);
        break;
      }
      newestFirst.push(found);
      want = previous;
      if (want === null) complete = true;
    }
  }
  const sources = [...tomb, ...newestFirst.reverse()];
  return {
    views: foldDecisions(sources),
    capsules: newestFirst.length,
    complete,
    untrusted_pruned: untrusted,
    ...(broken ? { broken } : {}),
  };
}

/**
 * The tombstone's sources when it holds and joins the chain at `joins`, with
 * the capsules it stands for when no trusted key signed it; else null.
 */
async function readTombstone(
  fs: WriteFs,
  layout: BatonLayout,
  trustedKeys: TrustedKeys,
  joins: string,
): Promise<{ sources: DecisionSource[]; untrusted: number } | null> {
  try {
    const text = await readTextOrNull(fs, tombstonePath(layout));
    if (text === null) return null;
    const checked = await checkTombstone(text, trustedKeys);
    if (!checked.ok || checked.authorship.status === "bad_signature") return null;
    if (checked.tombstone.pruned.at(-1)?.id !== joins) return null;
    return {
      sources: tombstoneSources(checked.tombstone, checked.authorship, trustedKeys),
      untrusted: checked.authorship.status === "trusted" ? 0 : checked.tombstone.pruned.length,
    };
  } catch {
    return null;
  }
}
