/**
 * Carries a capsule's meaning into an automatic capsule (pre-compact,
 * session end): the text, provenance and capture time of every claim are
 * kept, and any trust above `claimed` is lowered to `claimed`, with the
 * rewrite recorded, because the evidence that backed it stays with the old
 * capsule. From a capsule not signed by a key this machine trusts (a pull
 * request, `baton pull`), nothing is carried: restated under this machine's
 * signature, a stranger's words would read as this machine's (a decision
 * reworded under a trusted id would even be applied), so the automatic
 * capsule this machine signs on top says instead that the capsule below was
 * not carried and how to read it. The stranger's capsule stays in the chain,
 * where the briefing and the fold show it as untrusted. The same holds for
 * a capsule written for another repository (`foreignSource`: its commit is
 * not in this one), trusted or not: carried, it would read as this
 * project's handoff under facts collected here. Pure.
 * @module
 */
import type { Claim, Downgrade, Meaning } from "./types.ts";
import { emptyMeaning } from "./empty_meaning.ts";
import { shortId } from "./capsule_id.ts";
import { trustRank } from "../trust/states.ts";

/** The carried meaning and the trust rewrites carrying it needed. */
export interface CarriedMeaning {
  meaning: Meaning;
  downgrades: Downgrade[];
}

/**
 * Copies `meaning` for a new capsule, capping trust at `claimed`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { Claim, Meaning } from "./types.ts";
 * const claim: Claim = { text: "tests pass", provenance: "test", trust: "verified", evidence_refs: ["t:1"], captured_at: "2026-01-01T00:00:00.000Z" };
 * const meaning: Meaning = { now: "x", completed: [claim], decisions: [], verified_facts: [], hypotheses: [], blockers: [], next_steps: [], next_action: null, plan_changes: [], pointers: [], fold: false };
 * const carried = carryMeaning(meaning);
 * assert.equal(carried.meaning.completed[0]!.trust, "claimed");
 * assert.equal(carried.meaning.completed[0]!.captured_at, claim.captured_at);
 * assert.equal(carried.downgrades[0]!.field, "completed[0]");
 * ```
 */
export function carryMeaning(
  meaning: Meaning,
  options: { untrustedSource?: boolean; foreignSource?: boolean; sourceId?: string } = {},
): CarriedMeaning {
  const downgrades: Downgrade[] = [];
  if (options.untrustedSource === true || options.foreignSource === true) {
    const id = options.sourceId === undefined ? "" : ` ${shortId(options.sourceId)}`;
    const why = options.untrustedSource === true
      ? "which no key this machine trusts signed"
      : "written in another repository (the work tree and remotes it records are not tied to this repository, or its recorded commit is not here)";
    return {
      meaning: {
        ...emptyMeaning(),
        now:
          `Automatic capsule written on top of capsule${id}, ${why}: its meaning was not carried forward (read it with baton show${id}).`,
      },
      downgrades,
    };
  }
  function carry<T extends Claim>(field: string, c: T): T {
    const copy = { ...c, evidence_refs: [...c.evidence_refs] };
    if (trustRank(c.trust) < trustRank("claimed")) {
      downgrades.push({
        field,
        what: "trust",
        from: c.trust,
        to: "claimed",
        why: "carried forward without the evidence that backed it",
      });
      copy.trust = "claimed";
    }
    return copy;
  }
  const list = <T extends Claim>(field: string, items: T[]): T[] =>
    items.map((c, i) => carry(`${field}[${i}]`, c));
  return {
    meaning: {
      now: meaning.now,
      completed: list("completed", meaning.completed),
      decisions: list("decisions", meaning.decisions),
      verified_facts: list("verified_facts", meaning.verified_facts),
      hypotheses: list("hypotheses", meaning.hypotheses),
      blockers: list("blockers", meaning.blockers),
      next_steps: list("next_steps", meaning.next_steps),
      next_action: meaning.next_action === null ? null : carry("next_action", meaning.next_action),
      plan_changes: list("plan_changes", meaning.plan_changes),
      pointers: [...meaning.pointers],
      fold: meaning.fold,
    },
    downgrades,
  };
}
