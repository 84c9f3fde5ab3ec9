/**
 * The doctor's vocabulary: one check with its outcome and reason, and the
 * overall verdict (supported / degraded / unsupported) derived from them.
 * Pure.
 * @module
 */

/**
 * How one check came out: `fail` means baton cannot write a capsule here;
 * `info` is something to know that lowers nothing (no host installed yet).
 */
export type CheckOutcome = "ok" | "info" | "warn" | "fail";

/** One check. */
export interface DoctorCheck {
  /** Stable name, e.g. `repository`, `store`, `clock`, `chain`, `host:codex`. */
  name: string;
  outcome: CheckOutcome;
  /** One short sentence; never file content. */
  reason: string;
  /** The long form (every problem, every path), shown with --verbose and in --json. */
  detail?: string;
}

/** The overall verdict. */
export type DoctorStatus = "supported" | "degraded" | "unsupported";

/**
 * The verdict: unsupported when any check fails, degraded when any warns.
 *
 * @param checks The checks.
 * @returns The verdict.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(doctorStatus([{ name: "a", outcome: "ok", reason: "" }]), "supported");
 * assert.equal(doctorStatus([{ name: "a", outcome: "warn", reason: "" }]), "degraded");
 * assert.equal(doctorStatus([{ name: "a", outcome: "fail", reason: "" }, { name: "b", outcome: "warn", reason: "" }]), "unsupported");
 * ```
 */
export function doctorStatus(checks: readonly DoctorCheck[]): DoctorStatus {
  if (checks.some((c) => c.outcome === "fail")) return "unsupported";
  if (checks.some((c) => c.outcome === "warn")) return "degraded";
  return "supported";
}
