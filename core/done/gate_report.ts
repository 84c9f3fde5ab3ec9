/**
 * The outcome of `baton done`: one record per gate and the verdict, and the
 * rules for `--force`. Pure.
 * @module
 */
import { InputError, UsageError } from "../errors.ts";
import type { DoneGate } from "../config/done_section.ts";

/** pass, fail, not_applicable (nothing to run: passes with a warning), skipped (not enabled). */
export type GateStatus = "pass" | "fail" | "not_applicable" | "skipped";

/** One gate's result, printed as one JSON line. */
export interface GateResult {
  gate: DoneGate;
  status: GateStatus;
  required: boolean;
  /** Content-free details: counts, exit codes, file paths and line numbers. */
  detail: string;
  duration_ms: number;
  /** Set when the gate passed only because it had nothing to check. */
  warning: string | null;
}

/** The verdict over every gate. */
export interface DoneVerdict {
  /** pass: every required gate passed; forced: one failed and --force overrode it; fail otherwise. */
  result: "pass" | "fail" | "forced";
  failed_required: DoneGate[];
  warnings: number;
}

/**
 * Judges the gates: pass only when every required gate passed (or had
 * nothing to check); with a valid force, failures become `forced`.
 */
export function judgeGates(gates: readonly GateResult[], forced: boolean): DoneVerdict {
  const failed = gates.filter((g) => g.required && g.status === "fail").map((g) => g.gate);
  const warnings = gates.filter((g) => g.warning !== null).length;
  if (failed.length === 0) return { result: "pass", failed_required: [], warnings };
  return { result: forced ? "forced" : "fail", failed_required: failed, warnings };
}

/** Longest force reason accepted. */
export const MAX_REASON_CHARS = 500;

/**
 * Checks `--force --reason TEXT` before anything runs: the reason is
 * required, one line, not blank and not too long.
 * @throws {UsageError} When --force has no reason or --reason comes without --force.
 * @throws {InputError} When the reason holds a line break or is blank or too long.
 */
export function checkForceReason(force: boolean, reason: string | undefined): string | null {
  if (!force) {
    if (reason !== undefined) throw new UsageError("--reason is only used with --force");
    return null;
  }
  if (reason === undefined) {
    throw new UsageError('--force needs --reason "why the failing gates are acceptable"');
  }
  if (/[\r\n\u2028\u2029\u0085]/.test(reason)) {
    throw new InputError("The --force reason must be one line (no line breaks)", "invalid_reason");
  }
  // deno-lint-ignore no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(reason)) {
    throw new InputError("The --force reason must not hold control characters", "invalid_reason");
  }
  if (reason.trim() === "") {
    throw new InputError("The --force reason must not be blank", "invalid_reason");
  }
  if (reason.length > MAX_REASON_CHARS) {
    throw new InputError(
      `The --force reason must be at most ${MAX_REASON_CHARS} characters`,
      "invalid_reason",
    );
  }
  return reason.trim();
}
