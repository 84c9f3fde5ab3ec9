/**
 * The doctor's report for a person: one short line per check (ok, info,
 * warn, FAIL, then the check's name and its short reason, cut to the
 * terminal's width), the long form under each line with --verbose, and the
 * verdict. Colour only when asked (the caller knows whether stdout is a
 * terminal and whether NO_COLOR is set). A check's words can carry what a
 * file in the repository says (a committed hook command's program), so every
 * reason and detail is printed neutralised: no terminal control, no line
 * break, nothing invisible, so none can clear the screen or start a check
 * line of its own. Pure.
 * @module
 */
import type { CheckOutcome, DoctorCheck, DoctorStatus } from "./check.ts";
import { terminalLine as oneLine } from "../safety/render_safe.ts";

/** How to render. */
export interface DoctorTextOptions {
  verbose: boolean;
  color: boolean;
  /** Columns a line may take before it is cut (not in --verbose); null: never cut (not a terminal). */
  width: number | null;
}

const MARK: Record<CheckOutcome, string> = { ok: "ok  ", info: "info", warn: "warn", fail: "FAIL" };
const COLOR: Record<CheckOutcome, string> = {
  ok: "\u001b[32m",
  info: "\u001b[36m",
  warn: "\u001b[33m",
  fail: "\u001b[31m",
};
const RESET = "\u001b[0m";

function cut(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : chars.slice(0, Math.max(1, width - 1)).join("") + "…";
}

/**
 * The report as text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderDoctorText } from "./render_doctor.ts";
 * const text = renderDoctorText(
 *   [{ name: "store", outcome: "ok", reason: "writable" }],
 *   "supported",
 *   { verbose: false, color: false, width: 80 },
 * );
 * assert.equal(text, "ok    store: writable\nbaton is supported here\n");
 * ```
 */
export function renderDoctorText(
  checks: readonly DoctorCheck[],
  status: DoctorStatus,
  options: DoctorTextOptions,
): string {
  const out: string[] = [];
  for (const c of checks) {
    const mark = options.color ? `${COLOR[c.outcome]}${MARK[c.outcome]}${RESET}` : MARK[c.outcome];
    const body = oneLine(`${c.name}: ${c.reason}`);
    out.push(
      `${mark}  ${options.verbose || options.width === null ? body : cut(body, options.width - 6)}`,
    );
    if (options.verbose && c.detail !== undefined && c.detail !== "") {
      for (const part of c.detail.split("; ")) out.push(`        ${oneLine(part)}`);
    }
  }
  const hint = options.verbose || !checks.some((c) => c.detail !== undefined && c.outcome !== "ok")
    ? ""
    : " (details: baton doctor --verbose)";
  out.push(`baton is ${status} here${hint}`);
  return out.join("\n") + "\n";
}
