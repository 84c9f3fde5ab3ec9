/**
 * Re-checks, at load time, the evidence records that can be re-checked, and
 * takes `verified` away from every claim that cites one the world now
 * contradicts. Which kinds are re-checkable:
 *
 * - `git_facts` (written by baton for the facts it collected): its digest
 *   must be the SHA-256 of the canonical JSON of the capsule's own facts, and
 *   the HEAD commit those facts record must exist in the repository now.
 * - `file_hash`: `source` is a repository-relative path and `digest` the
 *   SHA-256 of its content; the file is hashed again and compared.
 * - a record naming a git object: kind `git_commit` or `git_object`, or any
 *   record whose `source` is a full 40-hex object id; that object must exist
 *   in the repository now (read in-process, no git binary), and for
 *   `git_commit` be a commit.
 * - Everything else (a command's exit code and output digest, a test run) is
 *   not re-checkable without running it again; it is reported as such and
 *   keeps whatever trust the cap left it.
 *
 * A check that cannot run (no repository now, an unreadable file, over the
 * bound) says `unknown` with the reason and changes no trust. Pure: the
 * repository is reached through the capabilities passed in.
 * @module
 */
import type { Capsule, Evidence } from "../capsule/types.ts";
import { canonicalJson } from "../json/canonical.ts";
import { sha256Id } from "../hash.ts";
import { type CapFinding, listClaims } from "../capsule/cap_trust.ts";

/** Most evidence records re-checked on one load (the rest are reported unknown). */
export const MAX_RECHECKED_EVIDENCE = 200;

/** The outcome for one evidence record. */
export interface EvidenceCheck {
  /** Index in the capsule's evidence list. */
  index: number;
  /**
   * confirmed: re-checked, and the world agrees; contradicted: re-checked, and
   * it does not; unknown: the check could not run; not_recheckable: the kind
   * cannot be re-checked.
   */
  status: "confirmed" | "contradicted" | "unknown" | "not_recheckable";
  /** What was compared, in baton's words (never the record's own text). */
  detail: string;
}

/** How the repository is reached. */
export interface RecheckAccess {
  /**
   * The type of a git object now: null when absent, "unknown" when the
   * repository cannot be read.
   */
  objectType(oid: string): Promise<string | null | "unknown">;
  /**
   * `sha256:<hex>` of a repository-relative file now: null when absent,
   * "unknown" when it cannot be hashed (or is not a path baton re-hashes).
   */
  fileDigest(path: string): Promise<string | null | "unknown">;
}

const OID = /^[0-9a-f]{40}$/;

async function checkObject(
  access: RecheckAccess,
  oid: string,
  wantCommit: boolean,
): Promise<Omit<EvidenceCheck, "index">> {
  const type = await access.objectType(oid);
  if (type === "unknown") {
    return { status: "unknown", detail: "the repository's objects cannot be read here" };
  }
  if (type === null) {
    return { status: "contradicted", detail: "no such object in this repository" };
  }
  if (wantCommit && type !== "commit") {
    return { status: "contradicted", detail: `the object is a ${type}, not a commit` };
  }
  return { status: "confirmed", detail: `the ${type} exists in this repository` };
}

async function checkOne(
  capsule: Capsule,
  ev: Evidence,
  access: RecheckAccess,
): Promise<Omit<EvidenceCheck, "index">> {
  if (ev.kind === "git_facts") {
    if (ev.digest !== await sha256Id(canonicalJson(capsule.facts))) {
      return { status: "contradicted", detail: "the digest is not that of the recorded facts" };
    }
    const head = capsule.facts.head;
    if (head === null || !OID.test(head)) {
      return { status: "confirmed", detail: "the digest matches the recorded facts" };
    }
    const c = await checkObject(access, head, true);
    return c.status === "confirmed"
      ? { status: "confirmed", detail: "the digest matches the facts; their HEAD commit exists" }
      : { status: c.status, detail: `recorded HEAD: ${c.detail}` };
  }
  if (ev.kind === "file_hash") {
    const now = await access.fileDigest(ev.source);
    if (now === "unknown") {
      return { status: "unknown", detail: "the file cannot be re-hashed here" };
    }
    if (now === null) return { status: "contradicted", detail: "the file no longer exists" };
    return now === ev.digest
      ? { status: "confirmed", detail: "the file's content hash matches" }
      : { status: "contradicted", detail: "the file changed since capture" };
  }
  if (ev.kind === "git_commit" || ev.kind === "git_object" || OID.test(ev.source)) {
    if (!OID.test(ev.source)) {
      return { status: "contradicted", detail: "the source is not a 40-hex object id" };
    }
    return await checkObject(access, ev.source, ev.kind === "git_commit");
  }
  return { status: "not_recheckable", detail: "this kind of evidence cannot be re-checked" };
}

/**
 * Re-checks every re-checkable evidence record (up to the bound).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { recheckEvidence } from "./recheck_evidence.ts";
 * const ev = { id: "c", kind: "git_commit", source: "a".repeat(40), digest: "", summary: "", captured_at: "", provenance: "git", trust: "verified" };
 * const access = { objectType: () => Promise.resolve(null), fileDigest: () => Promise.resolve(null) };
 * const [check] = await recheckEvidence({ evidence: [ev] } as never, access);
 * assert.equal(check!.status, "contradicted");
 * ```
 */
export async function recheckEvidence(
  capsule: Capsule,
  access: RecheckAccess,
): Promise<EvidenceCheck[]> {
  const out: EvidenceCheck[] = [];
  for (const [index, ev] of capsule.evidence.entries()) {
    if (index >= MAX_RECHECKED_EVIDENCE) {
      out.push({ index, status: "unknown", detail: "not re-checked: over the bound" });
      continue;
    }
    out.push({ index, ...(await checkOne(capsule, ev, access)) });
  }
  return out;
}

/**
 * Lowers to `claimed` every `verified` or `observed` evidence record the
 * checks contradict, and every claim citing one. Returns a copy.
 */
export function applyEvidenceChecks(
  capsule: Capsule,
  checks: readonly EvidenceCheck[],
): { capsule: Capsule; capped: CapFinding[] } {
  const copy = structuredClone(capsule);
  const capped: CapFinding[] = [];
  const contradicted = new Set<string>();
  for (const c of checks) {
    if (c.status !== "contradicted") continue;
    const ev = copy.evidence[c.index]!;
    contradicted.add(ev.id);
    if (ev.trust === "verified" || ev.trust === "observed") {
      capped.push({
        field: `evidence[${c.index}]`,
        from: ev.trust,
        to: "claimed",
        why: "evidence_not_confirmed",
      });
      ev.trust = "claimed";
    }
  }
  if (contradicted.size === 0) return { capsule: copy, capped };
  for (const { field, claim } of listClaims(copy)) {
    if (claim.trust !== "verified" && claim.trust !== "observed") continue;
    if (!claim.evidence_refs.some((r) => contradicted.has(r))) continue;
    capped.push({ field, from: claim.trust, to: "claimed", why: "evidence_not_confirmed" });
    claim.trust = "claimed";
  }
  return { capsule: copy, capped };
}
