/**
 * The decision view of a stored chain, two ways: from a walked chain (every
 * capsule verified, for `baton decisions`), and a light read for the
 * briefing that follows `previous` links from latest through the archive,
 * bounded in capsules and time, saying when it stopped early. Both fold the
 * decisions kept in the rotation tombstone first, and both read decisions
 * with the trust cap applied (a capsule not signed by a trusted key keeps
 * no `verified`).
 * @module
 */
import type { WriteFs } from "../fs.ts";
import { parseCapsule } from "../capsule/parse.ts";
import type { Capsule } from "../capsule/types.ts";
import { listArchive, readTextOrNull } from "../store/capsule_store.ts";
import type { BatonLayout } from "../store/layout.ts";
import { capTrust } from "../capsule/cap_trust.ts";
import type { TrustedKeys } from "../trust/key_ring.ts";
import { type DecisionSource, type DecisionView, foldDecisions } from "./decisions.ts";
import { tombstonePath } from "./read_chain.ts";
import { checkTombstone, type Tombstone } from "./tombstone.ts";
import type { ChainWalk } from "./walk.ts";

/** The view and how much of the chain it covers. */
export interface ChainDecisionView {
  views: DecisionView[];
  /** Capsules read (pruned ones not counted). */
  capsules: number;
  /** False when older capsules were not read: decisions may be missing. */
  complete: boolean;
}

function source(c: Capsule): DecisionSource {
  return { capsule_id: c.id, created_at: c.created_at, decisions: c.meaning.decisions };
}

/** The view of a walked chain: every capsule reached from latest, and the tombstone's. */
export function walkDecisions(walk: ChainWalk): ChainDecisionView {
  const sources: DecisionSource[] = [...walk.tombstone?.decisions ?? []];
  for (const l of [...walk.links].reverse()) {
    if (l.capsule === null) continue;
    const capped = capTrust(l.capsule, l.authorship === null ? {} : { authorship: l.authorship });
    sources.push(source(capped.capsule));
  }
  const bottom = walk.links.at(-1);
  const complete = walk.status !== "tampered" &&
    (bottom === undefined || bottom.previous === null || walk.tombstone !== null);
  return { views: foldDecisions(sources), capsules: walk.links.length, complete };
}

/** Options of {@linkcode readRecentDecisions}. */
export interface RecentDecisionsOptions {
  trustedKeys?: TrustedKeys;
  /** Most capsules read, latest included. @default {200} */
  maxCapsules?: number;
  /** True once time is up. @default {() => false} */
  expired?: () => boolean;
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
  const newestFirst: DecisionSource[] = [source(latest)];
  let complete = latest.previous === null;
  let tomb: Tombstone | null = null;
  if (!complete) {
    let names: string[] = [];
    try {
      names = await listArchive(fs, layout);
    } catch {
      names = [];
    }
    const byId8 = new Map<string, string[]>();
    for (const n of names) {
      const id8 = n.slice(-11, -3);
      byId8.set(id8, [...byId8.get(id8) ?? [], n]);
    }
    let want: string | null = latest.previous;
    while (want !== null && newestFirst.length < max && !expired()) {
      let found: Capsule | null = null;
      for (const name of byId8.get(want.slice(7, 15)) ?? []) {
        try {
          const text = await readTextOrNull(fs, `${layout.capsules}/${name}`);
          if (text === null) continue;
          const parsed = await parseCapsule(text, {
            trustedKeys: options.trustedKeys ?? new Map(),
          });
          if (parsed.capsule.id === want) found = parsed.capsule;
        } catch {
          continue;
        }
        if (found !== null) break;
      }
      if (found === null) {
        tomb = await readTombstone(fs, layout);
        complete = tomb !== null && tomb.pruned.at(-1)?.id === want;
        break;
      }
      newestFirst.push(source(found));
      want = found.previous;
      if (want === null) complete = true;
    }
  }
  const sources = [...tomb?.decisions ?? [], ...newestFirst.reverse()];
  return { views: foldDecisions(sources), capsules: newestFirst.length, complete };
}

async function readTombstone(fs: WriteFs, layout: BatonLayout): Promise<Tombstone | null> {
  try {
    const text = await readTextOrNull(fs, tombstonePath(layout));
    if (text === null) return null;
    const checked = await checkTombstone(text);
    return checked.ok ? checked.tombstone : null;
  } catch {
    return null;
  }
}
