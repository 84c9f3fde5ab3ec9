/**
 * Whether a command record's exit status is the status of every command it
 * ran: a program run directly reports its own; shell text (`--shell`, or a
 * shell started with `-c` as the program) reports every command's only when
 * they are simple commands joined by `&&` (core/safety/command/status_chain.ts).
 * Wrappers that exit with their command's status (`env`, `timeout`, `nice`,
 * `nohup`, `stdbuf`, `setsid`, `time`) are looked through to the shell.
 * `npm test | tee log` exits 0 when the tests fail, so such a record cannot
 * back a fact about its commands' success or failure. Pure.
 * @module
 */
import type { EvidenceRecord } from "./evidence_record.ts";
import { reportsEveryStatus } from "../safety/command/status_chain.ts";

/** Programs that take shell text after a `-c` option. */
const SHELLS: ReadonlySet<string> = new Set(["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash"]);

/**
 * Programs that run the rest of their words as a command and exit with its
 * status: for each, its options that take a value as the next word, and
 * whether an operand comes before the command (timeout's duration).
 */
const WRAPPERS: ReadonlyMap<string, { valued: ReadonlySet<string>; operand?: true }> = new Map([
  ["env", { valued: new Set(["-u", "--unset", "-C", "--chdir"]) }],
  ["timeout", { valued: new Set(["-s", "--signal", "-k", "--kill-after"]), operand: true }],
  ["nice", { valued: new Set(["-n", "--adjustment"]) }],
  ["nohup", { valued: new Set() }],
  ["stdbuf", { valued: new Set(["-i", "-o", "-e", "--input", "--output", "--error"]) }],
  ["setsid", { valued: new Set() }],
  ["time", { valued: new Set(["-f", "--format", "-o", "--output"]) }],
]);

/**
 * The words a wrapper (`env A=1 bash -c …`, `timeout 60 sh -c …`) runs, or
 * null when `words` starts no wrapper; "unjudged" for `env -S`, whose string
 * env splits into words by quoting rules of its own.
 */
function unwrap(words: readonly string[]): string[] | null | "unjudged" {
  const spec = WRAPPERS.get((words[0] ?? "").replace(/^.*\//, ""));
  if (spec === undefined) return null;
  let i = 1;
  let operand = spec.operand === true;
  for (; i < words.length; i++) {
    const w = words[i]!;
    if (w === "--") {
      i++;
      break;
    }
    if (w.startsWith("-") && w.length > 1) {
      // `env -S STRING` splits STRING into words by its own quoting rules: not judged here.
      if (/^(?:-[^-]*S|--split-string)/.test(w) && words[0]!.endsWith("env")) return "unjudged";
      if (spec.valued.has(w)) i++;
      continue;
    }
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w) && words[0]!.endsWith("env")) continue;
    if (operand) {
      operand = false;
      continue;
    }
    break;
  }
  return words.slice(i);
}

/** Shell text a record ran, and whether pipefail was set for it (`bash -o pipefail -c …`). */
interface ShellRun {
  text: string;
  pipefail: boolean;
}

/**
 * The shell text a record ran, null when it ran a program directly, or
 * "unjudged" when a wrapper hides which.
 */
function shellText(
  record: Pick<EvidenceRecord, "command" | "shell">,
): ShellRun | null | "unjudged" {
  if (record.shell) return { text: record.command[0] ?? "", pipefail: false };
  let words: readonly string[] = record.command;
  // Wrappers in front (at most a few: `env X=1 timeout 60 nice bash -c …`).
  for (let depth = 0; depth < 8; depth++) {
    const inner = unwrap(words);
    if (inner === null) break;
    if (inner === "unjudged") return inner;
    words = inner;
  }
  const [program, ...args] = words;
  const name = (program ?? "").replace(/^.*\//, "");
  if (!SHELLS.has(name)) return null;
  let pipefail = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--" || !a.startsWith("-") && !a.startsWith("+")) break;
    if (/^[-+][A-Za-z]*c[A-Za-z]*$/.test(a) && a.startsWith("-")) {
      return { text: args.slice(i + 1).find((w) => !w.startsWith("-")) ?? "", pipefail };
    }
    // `-o NAME`, `+O NAME` (also last in a cluster: `-euo pipefail`) take the next word.
    if (/^[-+][A-Za-z]*[oO]$/.test(a)) {
      const value = args[++i];
      if (value === "pipefail") pipefail = a.startsWith("-") && a.endsWith("o");
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
  const run = shellText(record);
  if (run === null) return true;
  return run !== "unjudged" && reportsEveryStatus(run.text, { pipefail: run.pipefail });
}

/** Why a record whose status does not report every command backs no fact about it. */
export const STATUS_HIDDEN_REASON =
  "the cited command's exit status does not report every command it ran (a pipeline reports its last command's, ; || & and ! hide a failure): only simple commands joined by && do, or by | under -o pipefail";
