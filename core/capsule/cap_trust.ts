/**
 * The trust cap applied on every parse of every capsule, whoever wrote it.
 * First authorship: `verified` and `observed` survive only in a capsule whose
 * signature verifies under a key this machine trusts (its own, or one added
 * with `baton trust add`); in an unsigned capsule, one signed by an unknown
 * key or one whose signature fails, every claim and evidence record above
 * `claimed` is capped to `claimed` (the transcript section's commands
 * included, and its reader's standing is at most `documented`). Then, in a trusted capsule, `verified`
 * survives only with deterministic provenance and evidence that is present
 * in the capsule with a well-formed digest. Pure.
 * @module
 */
import type { Capsule, Claim, Evidence } from "./types.ts";
import type { Authorship } from "../trust/authorship_line.ts";
import { DETERMINISTIC_PROVENANCES } from "../trust/states.ts";

/** One claim whose trust the cap lowered. */
export interface CapFinding {
  field: string;
  from: "verified" | "observed";
  to: "claimed";
  why:
    | "provenance_not_deterministic"
    | "no_evidence_cited"
    | "evidence_missing"
    | "evidence_not_machine"
    | "digest_malformed"
    | "unsigned"
    | "unknown_key"
    | "bad_signature"
    | "evidence_not_confirmed"
    | "evidence_stale";
}

/** Options of {@linkcode capTrust}. */
export interface CapTrustOptions {
  /**
   * Who wrote the capsule. Without it the capsule is treated as unsigned:
   * nothing in it keeps `verified` or `observed`.
   * @default {unsigned}
   */
  authorship?: Pick<Authorship, "status">;
}

/** A capsule after the cap, with what was lowered. */
export interface CapTrustResult {
  capsule: Capsule;
  capped: CapFinding[];
}

const DIGEST = /^sha256:[0-9a-f]{64}$/;

/** True when `digest` is `sha256:` followed by 64 lowercase hex digits. */
export function isWellFormedSha256(digest: string): boolean {
  return DIGEST.test(digest);
}

function evidenceProblem(ev: Evidence): CapFinding["why"] | null {
  if (!DETERMINISTIC_PROVENANCES.has(ev.provenance)) return "provenance_not_deterministic";
  if (!isWellFormedSha256(ev.digest)) return "digest_malformed";
  return null;
}

/**
 * Why a verified claim cannot keep its trust, or null when it can.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { verifiedProblem } from "./cap_trust.ts";
 * const claim = { text: "x", provenance: "assistant", trust: "verified", evidence_refs: [], captured_at: "2026-01-01T00:00:00Z" } as const;
 * assert.equal(verifiedProblem({ ...claim, evidence_refs: [] }, new Map()), "provenance_not_deterministic");
 * ```
 */
export function verifiedProblem(
  claim: Claim,
  evidence: ReadonlyMap<string, Evidence>,
): CapFinding["why"] | null {
  if (!DETERMINISTIC_PROVENANCES.has(claim.provenance)) return "provenance_not_deterministic";
  if (claim.evidence_refs.length === 0) return "no_evidence_cited";
  for (const ref of claim.evidence_refs) {
    const ev = evidence.get(ref);
    if (ev === undefined) return "evidence_missing";
    if (!isWellFormedSha256(ev.digest)) return "digest_malformed";
    if (!DETERMINISTIC_PROVENANCES.has(ev.provenance)) return "evidence_not_machine";
  }
  return null;
}

/** Every claim of a capsule's meaning with its field path. */
export function listClaims(capsule: Capsule): { field: string; claim: Claim }[] {
  const m = capsule.meaning;
  const out: { field: string; claim: Claim }[] = [];
  const lists: [string, Claim[]][] = [
    ["completed", m.completed],
    ["decisions", m.decisions],
    ["verified_facts", m.verified_facts],
    ["hypotheses", m.hypotheses],
    ["blockers", m.blockers],
    ["next_steps", m.next_steps],
    ["plan_changes", m.plan_changes],
  ];
  for (const [name, list] of lists) {
    list.forEach((claim, i) => out.push({ field: `${name}[${i}]`, claim }));
  }
  if (m.next_action !== null) out.push({ field: "next_action", claim: m.next_action });
  return out;
}

/**
 * Applies the cap to a capsule; returns a capped copy and the findings. The
 * capsule id is not recomputed: it still identifies the bytes as written.
 */
export function capTrust(capsule: Capsule, options: CapTrustOptions = {}): CapTrustResult {
  const copy = structuredClone(capsule);
  const capped: CapFinding[] = [];
  const status = options.authorship?.status ?? "unsigned";
  if (status !== "trusted") {
    const why = status;
    copy.evidence.forEach((ev, i) => {
      if (ev.trust === "verified" || ev.trust === "observed") {
        capped.push({ field: `evidence[${i}]`, from: ev.trust, to: "claimed", why });
        ev.trust = "claimed";
      }
    });
    for (const { field, claim } of listClaims(copy)) {
      if (claim.trust === "verified" || claim.trust === "observed") {
        capped.push({ field, from: claim.trust, to: "claimed", why });
        claim.trust = "claimed";
      }
    }
    // The transcript section: its commands' statuses are the capsule's claim, and so is
    // the reader's standing (nothing on this machine checked either).
    copy.session?.commands.forEach((c, i) => {
      if (c.trust === "verified" || c.trust === "observed") {
        capped.push({ field: `session.commands[${i}]`, from: c.trust, to: "claimed", why });
        c.trust = "claimed";
      }
    });
    if (copy.session !== undefined && copy.session.reader_confidence === "verified") {
      copy.session.reader_confidence = "documented";
    }
    return { capsule: copy, capped };
  }
  const byId = new Map<string, Evidence>();
  copy.evidence.forEach((ev, i) => {
    if (ev.trust === "verified") {
      const why = evidenceProblem(ev);
      if (why !== null) {
        ev.trust = "claimed";
        capped.push({ field: `evidence[${i}]`, from: "verified", to: "claimed", why });
      }
    }
    if (!byId.has(ev.id)) byId.set(ev.id, ev);
  });
  for (const { field, claim } of listClaims(copy)) {
    if (claim.trust !== "verified") continue;
    const why = verifiedProblem(claim, byId);
    if (why !== null) {
      claim.trust = "claimed";
      capped.push({ field, from: "verified", to: "claimed", why });
    }
  }
  return { capsule: copy, capped };
}
