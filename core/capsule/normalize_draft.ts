/**
 * Turns a parsed draft into the capsule's meaning: plain strings become
 * claims with model provenance, and model-authored records that claim
 * deterministic provenance or `verified`/`observed` trust are rewritten, each
 * rewrite recorded. Pure.
 * @module
 */
import type {
  Blocker,
  Claim,
  Decision,
  Downgrade,
  Evidence,
  Meaning,
  NextAction,
} from "./types.ts";
import type { Draft, DraftClaim } from "./draft_schema.ts";
import { MODEL_PROVENANCES, type Provenance, trustRank, type TrustState } from "../trust/states.ts";

/** Result of normalising a draft. */
export interface NormalizedDraft {
  meaning: Meaning;
  downgrades: Downgrade[];
  /** Evidence records cited by verified facts that kept `verified`. */
  evidence?: Evidence[];
}

/**
 * The verdict on a verified fact's citation of an evidence record, judged
 * by the caller (see core/evidence/cite_evidence.ts).
 */
export type Citation = { ok: true; evidence: Evidence } | { ok: false; why: string };

/** Options of {@linkcode normalizeDraft}. */
export interface NormalizeOptions {
  /** Verdicts by index into `verified_facts`, for the facts that cite evidence. */
  citations?: ReadonlyMap<number, Citation>;
}

interface FieldDefaults {
  provenance: Provenance;
  trust: TrustState;
  /** The strongest trust a model may give this field. */
  maxTrust: TrustState;
}

const CLAIMED: FieldDefaults = { provenance: "assistant", trust: "claimed", maxTrust: "claimed" };
const INFERRED: FieldDefaults = {
  provenance: "model_inference",
  trust: "inferred",
  maxTrust: "inferred",
};

/** 32-bit FNV-1a as 8 hex digits: a short id for decisions written without one. */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

class Normalizer {
  readonly downgrades: Downgrade[] = [];
  constructor(readonly capturedAt: string) {}

  claim(field: string, raw: DraftClaim | { text: string }, d: FieldDefaults): Claim {
    const obj = typeof raw === "string" ? { text: raw } : raw;
    const o = obj as {
      text: string;
      provenance?: Provenance;
      trust?: TrustState;
      evidence_refs?: string[];
    };
    let provenance = o.provenance ?? d.provenance;
    if (!MODEL_PROVENANCES.has(provenance)) {
      this.downgrades.push({
        field,
        what: "provenance",
        from: provenance,
        to: d.provenance,
        why: "model-authored records cannot claim deterministic provenance",
      });
      provenance = d.provenance;
    }
    let trust = o.trust ?? d.trust;
    if (trustRank(trust) < trustRank(d.maxTrust)) {
      this.downgrades.push({
        field,
        what: "trust",
        from: trust,
        to: d.maxTrust,
        why: d.maxTrust === "inferred"
          ? "hypotheses are unverified by definition"
          : "a model cannot verify its own statements; only machine evidence can",
      });
      trust = d.maxTrust;
    }
    return {
      text: o.text,
      provenance,
      trust,
      evidence_refs: [...(o.evidence_refs ?? [])],
      captured_at: this.capturedAt,
    };
  }

  list(field: string, raw: DraftClaim[] | undefined, d: FieldDefaults): Claim[] {
    return (raw ?? []).map((r, i) => this.claim(`${field}[${i}]`, r, d));
  }
}

function decisions(n: Normalizer, raw: Draft["decisions"]): Decision[] {
  const seen = new Set<string>();
  return (raw ?? []).map((r, i) => {
    const o = typeof r === "string" ? { text: r } : r;
    const base = n.claim(`decisions[${i}]`, o, CLAIMED);
    // Without an id, one is derived from the text and the capsule's time: a
    // later id-less restatement of the same text gets another id, which the
    // chain's decision view folds into the decision in force with that text.
    let id = "id" in o && typeof o.id === "string" && o.id.trim() !== ""
      ? o.id.trim()
      : `d-${shortHash(`${n.capturedAt}\n${o.text}`)}`;
    while (seen.has(id)) id = `${id}-${i}`;
    seen.add(id);
    return {
      ...base,
      id,
      why: "why" in o ? o.why ?? null : null,
      status: "status" in o ? o.status ?? "active" : "active",
      supersedes: "supersedes" in o ? o.supersedes ?? null : null,
    };
  });
}

function blockers(n: Normalizer, raw: Draft["blockers"]): Blocker[] {
  return (raw ?? []).map((r, i) => {
    const o = typeof r === "string" ? { text: r } : r;
    const q = "question" in o ? o.question ?? null : null;
    return {
      ...n.claim(`blockers[${i}]`, o, CLAIMED),
      question: q !== null && q.trim() !== "" ? q : null,
    };
  });
}

function nextAction(n: Normalizer, raw: Draft["next_action"]): NextAction | null {
  if (raw === undefined || raw === null) return null;
  const o = typeof raw === "string" ? { description: raw } : raw;
  const { description, command, ...rest } = o as {
    description: string;
    command?: string | null;
  };
  const claim = n.claim("next_action", { ...rest, text: description } as DraftClaim, CLAIMED);
  return {
    ...claim,
    command: command !== undefined && command !== null && command !== "" ? command : null,
  };
}

/**
 * Normalises a draft into meaning plus the downgrades applied.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { normalizeDraft } from "./normalize_draft.ts";
 * const { meaning, downgrades } = normalizeDraft(
 *   { verified_facts: [{ text: "tests pass", provenance: "git", trust: "verified" }] },
 *   "2026-01-01T00:00:00.000Z",
 * );
 * assert.equal(meaning.verified_facts[0]!.trust, "claimed");
 * assert.equal(downgrades.length, 2);
 * ```
 */
export function normalizeDraft(
  draft: Draft,
  capturedAt: string,
  options: NormalizeOptions = {},
): NormalizedDraft {
  const n = new Normalizer(capturedAt);
  const evidence: Evidence[] = [];
  const meaning: Meaning = {
    now: draft.now ?? null,
    completed: n.list("completed", draft.completed, CLAIMED),
    decisions: decisions(n, draft.decisions),
    verified_facts: verifiedFacts(n, draft.verified_facts, options.citations, evidence),
    hypotheses: n.list("hypotheses", draft.hypotheses, INFERRED),
    blockers: blockers(n, draft.blockers),
    next_steps: n.list("next_steps", draft.next_steps, CLAIMED),
    next_action: nextAction(n, draft.next_action),
    plan_changes: n.list("plan_changes", draft.plan_changes, CLAIMED),
    pointers: [...(draft.pointers ?? [])],
    fold: draft.fold ?? false,
  };
  return evidence.length === 0
    ? { meaning, downgrades: n.downgrades }
    : { meaning, downgrades: n.downgrades, evidence };
}

function verifiedFacts(
  n: Normalizer,
  raw: Draft["verified_facts"],
  citations: ReadonlyMap<number, Citation> | undefined,
  evidence: Evidence[],
): Claim[] {
  return (raw ?? []).map((r, i) => {
    const field = `verified_facts[${i}]`;
    const verdict = typeof r === "string" || r.evidence === undefined
      ? undefined
      : citations?.get(i) ?? { ok: false as const, why: "the citation was not checked" };
    if (verdict === undefined) return n.claim(field, r, CLAIMED);
    if (verdict.ok) {
      if (!evidence.some((e) => e.id === verdict.evidence.id)) evidence.push(verdict.evidence);
      return {
        text: (r as { text: string }).text,
        provenance: "tool",
        trust: "verified",
        evidence_refs: [verdict.evidence.id],
        captured_at: n.capturedAt,
      };
    }
    const { trust: _trust, ...rest } = r as { text: string; trust?: TrustState };
    n.downgrades.push({
      field,
      what: "trust",
      from: "verified",
      to: "claimed",
      why: `cited evidence rejected: ${verdict.why}`,
    });
    return n.claim(field, rest, CLAIMED);
  });
}

/** A capsule is blocked when any blocker carries an open question. */
export function isBlocked(meaning: Meaning): boolean {
  return meaning.blockers.some((b) => b.question !== null);
}
