/**
 * Which archived capsule may become `latest.md` when there is none (a fresh
 * clone after `baton pull`, a deleted latest): the trust rule applied to
 * moving the chain's head. Candidates are the archive's valid capsules with
 * their authorship checked against the keys this machine trusts.
 *
 * - A capsule dated in the future (beyond a small clock skew) is never made
 *   current: its date is a claim, and a far-future date would otherwise win
 *   every "newest" comparison for good.
 * - The newest capsule signed by a trusted key is preferred over any newer
 *   one that is not: an unsigned or unknown-key capsule never becomes
 *   current while a trusted one is there.
 * - With no trusted capsule, the newest untrusted one is chosen, and the
 *   result says so (`trusted: false`), so the command tells the reader.
 * - A capsule another candidate continues (names as `previous`) is never
 *   made current over it: the chain's tip is, whatever the dates say. A
 *   capsule written while the clock ran ahead, then one written on top of it
 *   once the clock was put back, leaves the tip dated before the capsule it
 *   supersedes, and two capsules can share an instant. Only a trusted
 *   capsule supersedes a trusted one (an untrusted one naming it as
 *   `previous` is no successor).
 * - A capsule whose recorded commit is absent from this repository (written
 *   for another project, even by this machine's own key, then copied here)
 *   is never preferred to one written here, whoever signed either: the rules
 *   above apply to the capsules written here first. Alone it may still be
 *   made current, and the result says so (`elsewhere: true`).
 *
 * Pure.
 * @module
 */
import type { Authorship } from "../trust/authorship_line.ts";
import { compareArchiveNames, compareInstants } from "../capsule/instant_order.ts";

/** How far ahead of this machine's clock a capsule's time may be. */
export const FUTURE_SKEW_MS = 5 * 60_000;

/** One archived capsule, parsed and checked. */
export interface CurrentCandidate {
  /** Archive file name. */
  name: string;
  id: string;
  created_at: string;
  authorship: Pick<Authorship, "status">;
  /** Its recorded commit is definitely absent here (written in another repository). */
  elsewhere?: boolean;
  /** The id of the capsule it continues (null or absent: none). */
  previous?: string | null;
}

/** What may become current, and what was passed over. */
export interface CurrentChoice {
  chosen: CurrentCandidate | null;
  /** The chosen capsule is signed by a key this machine trusts. */
  trusted: boolean;
  /** Capsules dated in the future, never made current. */
  future: number;
  /** Untrusted capsules newer than the trusted one chosen. */
  passed_over: number;
  /** The chosen capsule's recorded commit is absent here: no capsule written here was found. */
  elsewhere: boolean;
}

/**
 * Chooses the capsule to make current.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { chooseCurrent } from "./choose_current.ts";
 * const c = (name: string, created_at: string, status: "trusted" | "unsigned") => ({ name, id: name, created_at, authorship: { status } });
 * const now = Date.parse("2026-12-01T00:00:00Z");
 * const r = chooseCurrent([c("a", "2026-11-01T00:00:00Z", "trusted"), c("b", "2026-11-02T00:00:00Z", "unsigned"), c("z", "2099-01-01T00:00:00Z", "trusted")], now);
 * assert.deepEqual([r.chosen?.name, r.trusted, r.future, r.passed_over], ["a", true, 1, 1]);
 * const far = chooseCurrent([{ ...c("a", "2026-11-01T00:00:00Z", "unsigned") }, { ...c("x", "2026-11-03T00:00:00Z", "trusted"), elsewhere: true }], now);
 * assert.deepEqual([far.chosen?.name, far.elsewhere], ["a", false]);
 * // The tip, dated before the capsule it continues (a clock put back), is made current.
 * const tip = chooseCurrent([c("x", "2026-11-02T00:00:00Z", "trusted"), { ...c("y", "2026-11-01T00:00:00Z", "trusted"), previous: "x" }], now);
 * assert.equal(tip.chosen?.name, "y");
 * ```
 */
export function chooseCurrent(
  candidates: readonly CurrentCandidate[],
  nowMs: number,
): CurrentChoice {
  const dated = candidates.filter((c) => Number.isFinite(Date.parse(c.created_at)));
  const present = dated.filter((c) => Date.parse(c.created_at) <= nowMs + FUTURE_SKEW_MS);
  const future = candidates.length - present.length;
  const here = present.filter((c) => c.elsewhere !== true);
  const elsewhere = here.length === 0 && present.length > 0;
  const newestFirst = [...(elsewhere ? present : here)].sort((a, b) =>
    compareInstants(b.created_at, a.created_at) || compareArchiveNames(b.name, a.name)
  );
  const trustedOnes = newestFirst.filter((c) => c.authorship.status === "trusted");
  const trusted = newestTip(trustedOnes);
  if (trusted !== undefined) {
    const passed = newestFirst.slice(0, newestFirst.indexOf(trusted))
      .filter((c) => c.authorship.status !== "trusted").length;
    return { chosen: trusted, trusted: true, future, passed_over: passed, elsewhere };
  }
  return {
    chosen: newestTip(newestFirst) ?? null,
    trusted: false,
    future,
    passed_over: 0,
    elsewhere,
  };
}

/**
 * The first of `newestFirst` that none of them continues; the first of them when each is
 * continued by another (a cycle no capsule ids can form).
 */
function newestTip(newestFirst: readonly CurrentCandidate[]): CurrentCandidate | undefined {
  const continued = new Set<string>();
  for (const c of newestFirst) if (typeof c.previous === "string") continued.add(c.previous);
  return newestFirst.find((c) => !continued.has(c.id)) ?? newestFirst[0];
}
