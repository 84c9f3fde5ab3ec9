/**
 * The commands that must always pass the gate, and the matcher the gate
 * runs first. Pure and import-free: the gate checks the escape hatch
 * before it loads anything else.
 *
 * Decisions:
 * - Exactly as printed: a recovery command passes only in the exact text a
 *   deny message printed for this caller (surrounding blanks aside), so
 *   `baton handoff resume` cannot be smuggled inside a pipeline, and a
 *   session cannot resume itself under another session's name: the
 *   printed resume names the caller's own session id.
 * - baton's own state commands (preflight, finalize, load, show, doctor, …)
 *   pass as one plain invocation, optionally fed a heredoc, so a session at
 *   its handoff can always write its capsule. Anything chained, piped,
 *   substituted or redirected to a file is judged like any command.
 * @module
 */

/** The resume a blocked session runs to continue from the denier's capsule. */
export function resumeCommand(caller: string, denier: string): string {
  return `baton handoff resume --session ${caller} --deny-session ${denier} --write`;
}

/** The release a person runs (it asks for confirmation on a terminal). */
export function bypassCommand(session: string): string {
  return `baton handoff bypass --session ${session} --write`;
}

/** baton subcommands that only read or write baton's own state. */
const STATE_COMMANDS = new Set([
  "preflight",
  "finalize",
  "load",
  "show",
  "list",
  "validate",
  "doctor",
  "bands",
  "verify",
  "log",
  "decisions",
  "search",
  "source",
  "capsule",
  "classify",
  "scan",
  "redact",
  "done",
  "--help",
  "--version",
  "help",
]);

/** Only words of these characters may follow in a plain baton invocation. */
const PLAIN_WORD = /^[A-Za-z0-9_./:=@%+,-]+$/;

/**
 * Whether `command` is a plain invocation of a baton state command (or
 * `baton handoff write`/`status`): one simple command, words from a safe
 * alphabet, optionally a trailing heredoc feeding stdin.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isPlainBatonStateCommand } from "./recovery.ts";
 * assert.equal(isPlainBatonStateCommand("baton finalize --draft - <<'EOF'\n{}\nEOF"), true);
 * assert.equal(isPlainBatonStateCommand("baton finalize --draft x; rm -rf src"), false);
 * ```
 */
export function isPlainBatonStateCommand(
  command: string,
  batonWords: readonly string[] = ["baton"],
): boolean {
  const text = command.replace(/\r\n/g, "\n").trim();
  const nl = text.indexOf("\n");
  let head = nl < 0 ? text : text.slice(0, nl);
  if (nl >= 0) {
    // Only a heredoc may follow the first line: <<TAG, <<'TAG', <<"TAG" or <<-TAG, ended by TAG.
    const m = /\s<<-?\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\1\s*$/.exec(head);
    if (m === null) return false;
    const lines = text.slice(nl + 1).split("\n");
    const end = lines.findIndex((l) => l.trim() === m[2]);
    if (end !== lines.length - 1) return false;
    head = head.slice(0, m.index).trim();
  }
  const words = head.split(/[ \t]+/);
  const program = words[0] ?? "";
  if (!batonWords.includes(program)) return false;
  const rest = words.slice(1);
  if (!rest.every((w) => PLAIN_WORD.test(w))) return false;
  const sub = rest[0] ?? "";
  if (STATE_COMMANDS.has(sub)) return true;
  return sub === "handoff" && (rest[1] === "write" || rest[1] === "status");
}

/**
 * Whether `command` is, exactly, a recovery command printed for `caller`.
 */
export function isPrintedRecovery(
  command: string,
  caller: string | null,
  deniers: readonly string[],
): boolean {
  const text = command.trim();
  for (const d of deniers) {
    if (text === bypassCommand(d)) return true;
    if (caller !== null && caller !== d && text === resumeCommand(caller, d)) return true;
  }
  return false;
}
