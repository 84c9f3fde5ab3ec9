/**
 * Whether a command record's exit status is the status of every command it
 * ran: a program run directly reports its own; shell text (`--shell`, or a
 * shell started with `-c` as the program) reports every command's only when
 * they are simple commands joined by `&&` (core/safety/command/status_chain.ts).
 * `npm test | tee log` exits 0 when the tests fail, so such a record cannot
 * back a fact about its commands' success or failure. Pure.
 * @module
 */
import type { EvidenceRecord } from "./evidence_record.ts";
import { reportsEveryStatus } from "../safety/command/status_chain.ts";

/** Programs that take shell text after a `-c` option. */
const SHELLS: ReadonlySet<string> = new Set(["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash"]);

/** The shell text a record ran, or null when it ran a program directly. */
function shellText(record: Pick<EvidenceRecord, "command" | "shell">): string | null {
  if (record.shell) return record.command[0] ?? "";
  const [program, ...args] = record.command;
  const name = (program ?? "").replace(/^.*\//, "");
  if (!SHELLS.has(name)) return null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--" || !a.startsWith("-") && !a.startsWith("+")) break;
    if (/^-[A-Za-z]*c[A-Za-z]*$/.test(a)) {
      return args.slice(i + 1).find((w) => !w.startsWith("-")) ?? "";
    }
  }
  return null;
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
  const text = shellText(record);
  return text === null || reportsEveryStatus(text);
}

/** Why a record whose status does not report every command backs no fact about it. */
export const STATUS_HIDDEN_REASON =
  "the cited command's exit status does not report every command it ran (a pipeline reports its last command's, ; || & and ! hide a failure): only simple commands joined by && do";
