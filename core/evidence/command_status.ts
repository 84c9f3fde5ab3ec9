/**
 * Whether a command record's exit status is the status of every command it
 * ran: a program run directly reports its own; shell text (`--shell`, or a
 * shell started with `-c` as the program) reports every command's only when
 * they are simple commands joined by `&&` (core/safety/command/status_chain.ts).
 * Wrappers that exit with their command's status (`env`, `timeout`, `nice`,
 * `nohup`, `stdbuf`, `setsid`, `time`, `busybox`) are looked through to the
 * shell (core/safety/command/shell_invocation.ts), and a shell started inside
 * shell text is judged by its own text.
 * `npm test | tee log` exits 0 when the tests fail, so such a record cannot
 * back a fact about its commands' success or failure. Pure.
 * @module
 */
import type { EvidenceRecord } from "./evidence_record.ts";
import { reportsEveryStatus } from "../safety/command/status_chain.ts";
import { shellInvocation, type ShellRun } from "../safety/command/shell_invocation.ts";

/**
 * The shell text a record ran, null when it ran a program directly, or
 * "unjudged" when a wrapper or an option hides which.
 */
function shellText(
  record: Pick<EvidenceRecord, "command" | "shell">,
): ShellRun | null | "unjudged" {
  // `baton evidence --shell` runs its text with `sh -c`.
  if (record.shell) return { text: record.command[0] ?? "", pipefail: false, shell: "sh" };
  return shellInvocation(record.command);
}

/**
 * True when the recorded exit status reports every command the record ran.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { statusReportsEveryCommand } from "./command_status.ts";
 * assert.equal(statusReportsEveryCommand({ command: ["npm", "test"], shell: false }), true);
 * assert.equal(statusReportsEveryCommand({ command: ["npm test | tee log"], shell: true }), false);
 * assert.equal(statusReportsEveryCommand({ command: ["bash", "-c", "npm test || true"], shell: false }), false);
 * ```
 */
export function statusReportsEveryCommand(
  record: Pick<EvidenceRecord, "command" | "shell">,
): boolean {
  const run = shellText(record);
  if (run === null) return true;
  return run !== "unjudged" &&
    reportsEveryStatus(run.text, { pipefail: run.pipefail, shell: run.shell });
}

/** Why a record whose status does not report every command backs no fact about it. */
export const STATUS_HIDDEN_REASON =
  "the cited command's exit status does not report every command it ran (a pipeline reports its last command's, ; || & and ! hide a failure): only simple commands joined by && do, or by | under -o pipefail";
