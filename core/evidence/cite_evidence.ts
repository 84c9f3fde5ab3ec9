/**
 * What a draft's citation of an evidence record is worth. A verified fact
 * may name a record (`evidence: "ev-…"`) and say what it shows (`exit_code`,
 * default 0: the command succeeded; `command`: the command line). It stays
 * `verified` only when the record exists, is intact, is signed by a key this
 * machine trusts, and matches what the fact claims; otherwise the fact is
 * lowered to `claimed` with the reason. Pure.
 * @module
 */
import type { Capsule, Evidence } from "../capsule/types.ts";
import { type CheckedEvidence, commandLine, type EvidenceRecord } from "./evidence_record.ts";
import { shortOid } from "../facts/git/short_oid.ts";

/** What a verified fact claims about the record it cites. */
export interface CitationClaim {
  evidence: string;
  /** @default {0} */
  exit_code?: number | undefined;
  command?: string | undefined;
}

/** The verdict on one citation. */
export type CitationVerdict =
  | { ok: true; evidence: Evidence }
  | { ok: false; why: string };

/** The capsule's evidence entry for a record (its digest is the record's). */
export function evidenceEntry(record: EvidenceRecord, digest: string): Evidence {
  const status = record.exit_code === null
    ? (record.signal === null ? "did not run" : `ended by ${record.signal}`)
    : `exit ${record.exit_code}`;
  return {
    id: record.id,
    kind: "command",
    source: commandLine(record),
    digest,
    summary: `${status} in ${(record.duration_ms / 1000).toFixed(1)} s` +
      (record.head === null ? "" : ` at ${shortOid(record.head)}`),
    captured_at: record.recorded_at,
    provenance: "tool",
    trust: "verified",
    head: record.head,
  };
}

/**
 * Judges one citation: `record` is null when no such record is stored,
 * `checked` its id and signature check.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { judgeCitation } from "./cite_evidence.ts";
 * const v = judgeCitation({ evidence: "ev-0000000000000000" }, null, null);
 * assert.deepEqual(v, { ok: false, why: "the cited evidence record does not exist" });
 * ```
 */
export function judgeCitation(
  claim: CitationClaim,
  record: EvidenceRecord | null,
  checked: CheckedEvidence | null,
): CitationVerdict {
  if (record === null || checked === null) {
    return { ok: false, why: "the cited evidence record does not exist" };
  }
  if (!checked.intact || record.id !== claim.evidence) {
    return { ok: false, why: "the cited evidence record was altered (its id does not match)" };
  }
  if (checked.authorship.status !== "trusted") {
    return {
      ok: false,
      why:
        `the cited evidence record is not signed by a trusted key (${checked.authorship.status})`,
    };
  }
  const wantExit = claim.exit_code ?? 0;
  if (record.exit_code !== wantExit) {
    return {
      ok: false,
      why: `the cited command exited with ${record.exit_code ?? "no status"}, not ${wantExit}`,
    };
  }
  if (claim.command !== undefined && claim.command.trim() !== commandLine(record)) {
    return { ok: false, why: "the cited evidence record ran a different command" };
  }
  return { ok: true, evidence: evidenceEntry(record, checked.digest) };
}

/**
 * Ids of the command evidence in a capsule recorded at another HEAD than
 * the capsule's, or than `currentHead` when given: what it showed may no
 * longer hold.
 */
export function staleEvidenceIds(capsule: Capsule, currentHead?: string | null): Set<string> {
  const out = new Set<string>();
  for (const ev of capsule.evidence) {
    if (ev.kind !== "command" || ev.head === undefined) continue;
    const head = ev.head;
    if (head !== capsule.facts.head) out.add(ev.id);
    else if (currentHead !== undefined && currentHead !== null && head !== currentHead) {
      out.add(ev.id);
    }
  }
  return out;
}
