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
  /**
   * The commands the gate ran, as `.baton/config.yaml` names them (a file
   * that travels in commits, so a person sees what a pass rests on); set by
   * the tests and rules gates only.
   */
  ran?: string[];
}

/** The verdict over every gate. */
export interface DoneVerdict {
  /**
   * pass: every required gate passed and at least one of them ran a check; unchecked: no
   * required gate failed, and none ran a check (gates disabled, none required, or each required
   * one had nothing to run); forced: a required one failed and --force overrode it; fail
   * otherwise.
   */
  result: "pass" | "fail" | "forced" | "unchecked";
  failed_required: DoneGate[];
  warnings: number;
}

/**
 * Judges the gates: pass only when every required gate passed (or had
 * nothing to check) and one of them checked something; with a valid force,
 * failures become `forced`. The config that says what is required travels
 * in commits (`.baton/config.yaml`): `enabled: false` or `required: []`
 * there makes the verdict `unchecked`, never a pass.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const g = { gate: "tests", status: "pass", required: true, detail: "", duration_ms: 0, warning: null } as const;
 * assert.equal(judgeGates([g], false).result, "pass");
 * assert.equal(judgeGates([{ ...g, required: false }], false).result, "unchecked");
 * assert.equal(judgeGates([{ ...g, status: "not_applicable" }], false).result, "unchecked");
 * ```
 */
export function judgeGates(gates: readonly GateResult[], forced: boolean): DoneVerdict {
  const failed = gates.filter((g) => g.required && g.status === "fail").map((g) => g.gate);
  const warnings = gates.filter((g) => g.warning !== null).length;
  if (failed.length === 0) {
    const checked = gates.some((g) => g.required && g.status === "pass");
    return { result: checked ? "pass" : "unchecked", failed_required: [], warnings };
  }
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
