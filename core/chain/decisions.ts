/**
 * What is decided now: the decisions of a whole chain folded oldest to
 * newest into one view. A decision keeps its id across capsules; a later
 * decision with `supersedes: <id>` replaces the one it names; a decision
 * repeated with `status: "withdrawn"` (or `"superseded"`, with no
 * successor) is no longer in force. Rules, in order of the capsules:
 *
 * - a decision whose id is new is made by that capsule;
 * - an id-less restatement (an id baton derived, `d-<8 hex>`) whose text is
 *   that of a decision in force is the same decision, not a new one;
 * - repeating an id in force (carried forward, restated, reworded) keeps it
 *   in force with its latest wording and its first capsule;
 * - once superseded or withdrawn, a decision stays so: restating it does not
 *   bring it back (write a new decision for that); except that an id only
 *   untrusted sources ever stated, ended by one of them, is made anew by a
 *   trusted source that states it (a stranger cannot withdraw ids ahead), and
 *   so is one they hold in force in other words than the trusted source's.
 *
 * Trust: a source is trusted when it is a capsule signed by a key this
 * machine trusts (or a signed tombstone's record of one). An untrusted
 * source (unsigned, an unknown key: a pull request, `baton pull`) may make
 * decisions of its own, but never rewords, supersedes or withdraws a
 * decision a trusted source made: such a change is not applied and is kept
 * on the decision (`ignored`), so the reader sees it was tried.
 *
 * Pure.
 * @module
 */
import type { Decision } from "../capsule/types.ts";
import type { TrustState } from "../trust/states.ts";

/** One capsule's part in the view. */
export interface DecisionSource {
  capsule_id: string;
  created_at: string;
  /** Signed by a key this machine trusts. */
  trusted: boolean;
  /** Read from the capsule itself, or from the rotation tombstone's record of it. @default {"capsule"} */
  via?: "capsule" | "tombstone";
  /**
   * The commit it was written at is not in this repository (written for another one): its
   * decisions count as untrusted whoever signed it. @default {false}
   */
  elsewhere?: boolean;
  decisions: readonly Decision[];
}

/** Where a decision was made, replaced or withdrawn. */
export interface DecisionPlace {
  capsule_id: string;
  created_at: string;
  /** The source was signed by a key this machine trusts (and written for this repository). */
  trusted: boolean;
  via: "capsule" | "tombstone";
  /** Present (true) when the source was written for another repository. */
  elsewhere?: true;
}

/** A change an untrusted source tried on a trusted decision, not applied. */
export interface IgnoredChange {
  at: DecisionPlace;
  action: "reworded" | "superseded" | "withdrawn";
}

/** One decision as the chain sees it now. */
export interface DecisionView {
  id: string;
  text: string;
  why: string | null;
  trust: TrustState;
  status: "active" | "superseded" | "withdrawn";
  made: DecisionPlace;
  /** The latest capsule that stated it. */
  last_stated: DecisionPlace;
  /** The decision ids this one replaced. */
  supersedes: string[];
  /** What replaced it (superseded only); the id is null when it was marked superseded without a successor. */
  superseded_by: { id: string | null; text: string | null; at: DecisionPlace } | null;
  /** Where it was withdrawn (withdrawn only), with the reason written then. */
  withdrawn: { at: DecisionPlace; reason: string } | null;
  /** Changes untrusted sources tried on it (a trusted one made or restated it), not applied. */
  ignored: IgnoredChange[];
}

const DERIVED_ID = /^d-[0-9a-f]{8}$/;

/**
 * Folds the decisions of a chain (oldest first) into the view.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { foldDecisions } from "./decisions.ts";
 * const d = (id: string, text: string, extra = {}) => ({ id, text, why: null, status: "active" as const, supersedes: null, provenance: "assistant" as const, trust: "claimed" as const, evidence_refs: [], captured_at: "t", ...extra });
 * const view = foldDecisions([
 *   { capsule_id: "sha256:a", created_at: "1", trusted: true, decisions: [d("db", "use sqlite")] },
 *   { capsule_id: "sha256:b", created_at: "2", trusted: true, decisions: [d("db2", "use postgres", { supersedes: "db" })] },
 * ]);
 * assert.deepEqual(view.map((v) => [v.id, v.status]), [["db2", "active"], ["db", "superseded"]]);
 * ```
 */
export function foldDecisions(chain: readonly DecisionSource[]): DecisionView[] {
  const byId = new Map<string, DecisionView>();
  const order: string[] = [];
  for (const src of chain) {
    const trusted = src.trusted && src.elsewhere !== true;
    const at: DecisionPlace = {
      capsule_id: src.capsule_id,
      created_at: src.created_at,
      trusted,
      via: src.via ?? "capsule",
      ...(src.elsewhere === true ? { elsewhere: true as const } : {}),
    };
    // An untrusted source cannot change what a trusted one decided.
    const guarded = (v: DecisionView): boolean =>
      !trusted && (v.made.trusted || v.last_stated.trusted);
    for (const d of src.decisions) {
      let id = d.id;
      if (!byId.has(id) && DERIVED_ID.test(id)) {
        const same = [...byId.values()].find((v) => v.status === "active" && v.text === d.text);
        if (same !== undefined) id = same.id;
      }
      let view = byId.get(id);
      // An id only untrusted sources ever stated, withdrawn or superseded by one of them, does
      // not bind a trusted source that states it later: a stranger could otherwise withdraw
      // likely ids ahead of time, and a trusted decision of that id would vanish unapplied.
      if (view !== undefined && remakes(view, trusted, d)) {
        view = undefined;
        order.splice(order.indexOf(id), 1);
      }
      if (view === undefined) {
        view = {
          id,
          text: d.text,
          why: d.why,
          trust: d.trust,
          status: "active",
          made: at,
          last_stated: at,
          supersedes: [],
          superseded_by: null,
          withdrawn: null,
          ignored: [],
        };
        byId.set(id, view);
        order.push(id);
      } else if (view.status === "active" && guarded(view)) {
        const action = d.status === "active" ? "reworded" : d.status;
        if (action !== "reworded" || d.text !== view.text || d.why !== view.why) {
          view.ignored.push({ at, action });
        }
        continue;
      } else if (view.status === "active" && d.status === "active") {
        view.text = d.text;
        view.why = d.why;
        view.trust = d.trust;
        view.last_stated = at;
      }
      if (view.status !== "active") continue;
      if (d.status === "withdrawn") {
        view.status = "withdrawn";
        view.withdrawn = { at, reason: d.why ?? d.text };
      } else if (d.status === "superseded") {
        view.status = "superseded";
        view.superseded_by = { id: null, text: null, at };
      } else if (d.supersedes !== null && d.supersedes !== id) {
        const old = byId.get(d.supersedes);
        if (old !== undefined && old.status === "active" && guarded(old)) {
          old.ignored.push({ at, action: "superseded" });
        } else if (old !== undefined && old.status === "active") {
          old.status = "superseded";
          old.superseded_by = { id, text: view.text, at };
        }
        // Listed only as what it replaced: an id the chain does not hold (a typo, or one
        // beyond the read), or one it did replace; never one a guard kept in force or
        // another decision replaced.
        const replaced = old === undefined || old.superseded_by?.id === id;
        if (replaced && !view.supersedes.includes(d.supersedes)) view.supersedes.push(d.supersedes);
      }
    }
  }
  const views = order.map((id) => byId.get(id)!);
  // Active first, newest made first; then the rest, newest change first.
  const when = (v: DecisionView) =>
    v.status === "active"
      ? v.made.created_at
      : (v.superseded_by?.at ?? v.withdrawn?.at ?? v.made).created_at;
  return [
    ...views.filter((v) => v.status === "active").sort((a, b) => cmp(when(b), when(a))),
    ...views.filter((v) => v.status !== "active").sort((a, b) => cmp(when(b), when(a))),
  ];
}

/**
 * Whether a trusted source's active statement of an id makes it anew: no trusted source ever
 * stated it, and it is in force in other words, or was ended by no trusted source.
 */
function remakes(view: DecisionView, trusted: boolean, d: Decision): boolean {
  if (!trusted || d.status !== "active") return false;
  if (view.made.trusted || view.last_stated.trusted) return false;
  // In force: other words are the trusted source's own decision, not a stranger's reworded
  // (shown as made by that stranger's capsule); the same words restate the stranger's.
  if (view.status === "active") return d.text !== view.text;
  const ended = view.withdrawn?.at ?? view.superseded_by?.at ?? null;
  return ended !== null && !ended.trusted;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
