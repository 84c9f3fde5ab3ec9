/**
 * Edge: the capsule chain of the current directory's store, walked with the
 * keys this machine trusts (what `log`, `verify` and `decisions` read),
 * with the problem the key ring had, if any.
 * @module
 */
import type { ChainWalk } from "../../core/chain/walk.ts";
import type { RepoLocation } from "../../core/facts/types.ts";
import type { Io } from "./io.ts";
import { gitDiscovery } from "./context.ts";

/**
 * The walked chain, why some trusted keys could not be read (null when none), and the
 * repository it belongs to (null outside git).
 */
export async function walkChainHere(
  io: Io,
): Promise<{ walk: ChainWalk; trustProblem: string | null; repo: RepoLocation | null }> {
  const { findBatonLayout } = await import("../../core/store/find_layout.ts");
  const { readChain } = await import("../../core/chain/read_chain.ts");
  const { createKeyRing } = await import("./key_ring.ts");
  const trusted = await createKeyRing(io).trustedKeys();
  const found = await findBatonLayout(io.fs, io.cwd(), gitDiscovery(io));
  return {
    walk: await readChain(io.fs, found.layout, trusted.keys),
    trustProblem: trusted.problem,
    repo: found.repo,
  };
}

/**
 * The positions of the walked capsules written in another repository (the commit or work
 * tree they record is not here; core/store/written_elsewhere.ts): intact and signed says
 * nothing of where a chain was written.
 */
export async function elsewherePositions(
  io: Io,
  walk: ChainWalk,
  repo: RepoLocation | null,
): Promise<Set<number>> {
  const { writtenElsewhere } = await import("../../core/store/written_elsewhere.ts");
  const placeCheck = writtenElsewhere(io.fs, repo);
  const out = new Set<number>();
  for (const l of walk.links) {
    if (l.capsule !== null && await placeCheck(l.capsule.facts)) out.add(l.position);
  }
  return out;
}
