/**
 * The text `baton done` prints for a person: one line per gate (its status,
 * whether it is required, what it found, how long it took), under it each
 * command the gate ran as `.baton/config.yaml` names it (that file travels
 * in commits: a pass is only as good as what it ran), and the result.
 * `--json` keeps the structured form. The details are baton's own words
 * with counts, exit codes and paths; `line` neutralises them anyway, since a
 * path comes from the repository. Pure.
 * @module
 */
import type { GateResult } from "./gate_report.ts";

/** The summary the command prints after the gates. */
export interface DoneSummary {
  result: "pass" | "fail" | "forced" | "unchecked";
  failed_required: string[];
  warnings: number;
  audit: string | null;
}

const MARK: Record<GateResult["status"], string> = {
  pass: "pass",
  fail: "FAIL",
  not_applicable: "n/a ",
  skipped: "skip",
};

/** Longest command text shown under its gate; the rest is cut with an ellipsis. */
const MAX_COMMAND_CHARS = 160;

function shownCommand(command: string, line: (text: string) => string): string {
  const shown = line(command);
  if (shown.length <= MAX_COMMAND_CHARS) return shown;
  // Cut between characters: a half of a surrogate pair would print as U+FFFD.
  const end = /[\uD800-\uDBFF]/.test(shown[MAX_COMMAND_CHARS - 2]!)
    ? MAX_COMMAND_CHARS - 2
    : MAX_COMMAND_CHARS - 1;
  return `${shown.slice(0, end)}…`;
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * The gates and the verdict as lines of text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderDoneText } from "./render_done.ts";
 * const text = renderDoneText(
 *   [{ gate: "tests", status: "fail", required: true, detail: "exit 3", duration_ms: 1200, warning: null }],
 *   { result: "fail", failed_required: ["tests"], warnings: 0, audit: null },
 *   (s) => s,
 * );
 * assert.equal(text, "FAIL  tests         required  exit 3 (1.2 s)\ndone: FAIL: required gate tests failed\n");
 * const ran = renderDoneText(
 *   [{ gate: "tests", status: "pass", required: true, detail: "exit 0", duration_ms: 5, warning: null, ran: ["npm test"] }],
 *   { result: "pass", failed_required: [], warnings: 0, audit: null },
 *   (s) => s,
 * );
 * assert.equal(ran.split("\n")[1], "      ran (from .baton/config.yaml): npm test");
 * ```
 */
export function renderDoneText(
  gates: readonly GateResult[],
  summary: DoneSummary,
  line: (text: string) => string,
): string {
  const out = gates.flatMap((g) => [
    `${MARK[g.status]}  ${g.gate.padEnd(12)}  ${g.required ? "required" : "optional"}  ${
      line(g.detail) || "-"
    } (${seconds(g.duration_ms)})`,
    ...(g.ran ?? []).map((c) => `      ran (from .baton/config.yaml): ${shownCommand(c, line)}`),
  ]);
  const failed = summary.failed_required;
  const gateWord = failed.length === 1 ? "gate" : "gates";
  if (summary.result === "pass") {
    out.push(
      `done: pass${summary.warnings > 0 ? ` (${summary.warnings} warning(s) on stderr)` : ""}`,
    );
  } else if (summary.result === "unchecked") {
    out.push(
      "done: nothing checked: no required gate ran a check (disabled, not required, or nothing to run); not a pass",
    );
  } else if (summary.result === "forced") {
    out.push(
      `done: forced pass over failed ${gateWord} ${failed.join(", ")}${
        summary.audit === null ? "" : `; audited in ${line(summary.audit)}`
      }`,
    );
  } else {
    out.push(`done: FAIL: required ${gateWord} ${failed.join(", ")} failed`);
  }
  return out.join("\n") + "\n";
}
