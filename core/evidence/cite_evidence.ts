/**
 * What a draft's citation of an evidence record is worth. A verified fact
 * may name a record (`evidence: "ev-…"`) and say what it shows (`exit_code`,
 * default 0: the command succeeded; `command`: the command line). It stays
 * `verified` only when the record exists, is intact, is signed by a key this
 * machine trusts, matches what the fact claims, and ran on the work tree
 * the capsule records (same HEAD, same changed files, same content) in
 * the environment finalize runs in (PATH, NODE_OPTIONS…: run_environment.ts),
 * and its exit status reports every command it ran (command_status.ts);
 * otherwise the fact is lowered to `claimed` with the reason. Pure.
 * @module
 */
import type { Capsule, Evidence } from "../capsule/types.ts";
import { type CheckedEvidence, commandLine, type EvidenceRecord } from "./evidence_record.ts";
import { shortOid } from "../facts/git/short_oid.ts";
import type { WorktreeState } from "./worktree_state.ts";
import { STATUS_HIDDEN_REASON, statusReportsEveryCommand } from "./command_status.ts";
import { SCRIPT_REASONS, type ScriptProblem, scriptScope } from "./script_scope.ts";

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
      (record.head === null ? "" : ` at ${shortOid(record.head)}`) +
      (record.scripts?.status === "not_read"
        ? `; the status is ${record.scripts.runner}'s, its recipes were not read`
        : ""),
    captured_at: record.recorded_at,
    provenance: "tool",
    trust: "verified",
    head: record.head,
    worktree: record.worktree?.digest ?? null,
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
 * const v = judgeCitation({ evidence: "ev-0000000000000000" }, null, null, null, null);
 * assert.deepEqual(v, { ok: false, why: "the cited evidence record does not exist" });
 * ```
 */
export function judgeCitation(
  claim: CitationClaim,
  record: EvidenceRecord | null,
  checked: CheckedEvidence | null,
  tree: WorktreeState | null,
  environment: string | null,
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
  if (!statusReportsEveryCommand(record)) return { ok: false, why: STATUS_HIDDEN_REASON };
  const hidden = scriptHidden(record);
  if (hidden !== null) return { ok: false, why: SCRIPT_REASONS[hidden] };
  if (claim.command !== undefined && claim.command.trim() !== commandLine(record)) {
    return { ok: false, why: "the cited evidence record ran a different command" };
  }
  if (record.worktree === undefined) {
    return { ok: false, why: "the cited evidence record does not say which work tree it ran on" };
  }
  if (!record.worktree.complete || tree === null || !tree.complete) {
    return {
      ok: false,
      why: "the work tree could not be recorded in full, so the evidence cannot be tied to it",
    };
  }
  if (record.worktree.digest !== tree.digest) {
    return { ok: false, why: "the work tree changed since the cited command ran" };
  }
  if (record.environment === undefined || environment === null) {
    return { ok: false, why: "the cited evidence record's run environment cannot be compared" };
  }
  if (record.environment !== environment) {
    return {
      ok: false,
      why:
        "the cited command ran in another environment (PATH, NODE_OPTIONS, LD_PRELOAD or the like differ)",
    };
  }
  return { ok: true, evidence: evidenceEntry(record, checked.digest) };
}

/**
 * Why the scripts a record's runner ran back nothing, or null: what the
 * record says was judged when it ran, or, in a record without it (an older
 * baton) whose command starts a package or deno runner, that nothing was.
 */
function scriptHidden(record: EvidenceRecord): ScriptProblem | "unrecorded" | null {
  if (record.scripts !== undefined) {
    return record.scripts.status === "hidden" ? record.scripts.why : null;
  }
  const now = scriptScope(record, null);
  return now !== null && now.status === "hidden" ? now.why : null;
}

/** Why command evidence no longer backs what it backed, by evidence id. */
export type StaleEvidence = ReadonlyMap<string, string>;

/**
 * The command evidence of a capsule that is stale now, with why: recorded
 * at another HEAD than the capsule's, without a work tree at all (older
 * records), or the tree now is not the one the capsule recorded (`now`,
 * from compareWorktree in worktree_state.ts; `unknown` counts: what could
 * not be re-checked cannot vouch). That the evidence ran on the capsule's
 * tree was checked when finalize accepted the citation, and a capsule not
 * signed by a trusted key keeps no `verified` anyway.
 */
export function staleEvidence(
  capsule: Capsule,
  now: { status: "same" | "changed" | "unknown"; detail: string },
): Map<string, string> {
  const out = new Map<string, string>();
  for (const ev of capsule.evidence) {
    if (ev.kind !== "command") continue;
    if (ev.head !== undefined && ev.head !== capsule.facts.head) {
      out.set(ev.id, "recorded before HEAD changed");
    } else if (ev.worktree === undefined || ev.worktree === null) {
      out.set(ev.id, "recorded without the work tree it ran on");
    } else if (now.status === "changed") {
      out.set(ev.id, `the work tree changed since (${now.detail})`);
    } else if (now.status === "unknown") {
      out.set(ev.id, `the work tree could not be re-checked now (${now.detail})`);
    }
  }
  return out;
}
