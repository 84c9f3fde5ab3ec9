/**
 * The commands that must always pass the gate, and the matcher the gate
 * runs first. Pure, importing only the session-id pattern: the gate checks
 * the escape hatch before it loads anything else.
 *
 * Decisions:
 * - Exactly as printed: a recovery command passes only in the exact text a
 *   deny message printed for this caller (surrounding blanks aside), so
 *   `baton handoff resume` cannot be smuggled inside a pipeline, and a
 *   session cannot resume itself under another session's name: the
 *   printed resume names the caller's own session id. Ids outside the deny
 *   records' alphabet never match.
 * - The bypass is printed for a person and never passes the gate: people run
 *   it in their own terminal, where no gate applies, and it asks them to
 *   confirm; an agent that could fake a terminal must not run it.
 * - baton's own state commands (preflight, finalize, load, show, doctor, …)
 *   pass as one plain invocation, optionally fed a heredoc (an unquoted
 *   delimiter only with a body the shell would not expand), so a session at
 *   its handoff can always write its capsule. Anything chained, piped,
 *   substituted or redirected to a file is judged like any command.
 * @module
 */
import { SESSION_ID } from "./deny_record.ts";

/**
 * The resume a blocked session runs to continue from the denier's capsule;
 * `baton` is how this baton is started (`baton`, the binary's path, or the
 * runtime invocation), so the printed text runs as it stands.
 */
export function resumeCommand(caller: string, denier: string, baton = "baton"): string {
  return `${baton} handoff resume --session ${caller} --deny-session ${denier} --write`;
}

/** The release a person runs (it asks for confirmation on a terminal). */
export function bypassCommand(session: string, baton = "baton"): string {
  return `${baton} handoff bypass --session ${session} --write`;
}

/**
 * The words after `prefix` when `head` starts with it as whole words, else
 * null. A prefix may hold several words (`deno run … main.ts`).
 */
function afterPrefix(head: string, prefix: string): string[] | null {
  if (prefix === "" || !head.startsWith(prefix)) return null;
  const rest = head.slice(prefix.length);
  if (rest !== "" && !/^[ \t]/.test(rest)) return null;
  const t = rest.trim();
  return t === "" ? [] : t.split(/[ \t]+/);
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
 * alphabet, optionally a trailing heredoc feeding stdin. `batonWords` are
 * the ways this baton is started (`baton`, and the exact invocation the
 * hooks and advisories print, which may be several words).
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
    // An unquoted delimiter makes the shell expand the body: $(…), `…` and ${…} would run.
    if (m[1] === "" && lines.slice(0, end).some((l) => /[$`\\]/.test(l))) return false;
    head = head.slice(0, m.index).trim();
  }
  let rest: string[] | null = null;
  for (const w of batonWords) {
    rest = afterPrefix(head, w);
    if (rest !== null) break;
  }
  if (rest === null) return false;
  if (!rest.every((w) => PLAIN_WORD.test(w))) return false;
  const sub = rest[0] ?? "";
  if (STATE_COMMANDS.has(sub)) return true;
  return sub === "handoff" && (rest[1] === "write" || rest[1] === "status");
}

/**
 * Whether `command` is, exactly, the resume printed for `caller` (with any
 * of `batonWords` as the program). The bypass never passes the gate: it is
 * a person's command, run in their own terminal, and an agent that could
 * fake a terminal (a pty tool) must not release its own deny with it.
 */
export function isPrintedRecovery(
  command: string,
  caller: string | null,
  deniers: readonly string[],
  batonWords: readonly string[] = ["baton"],
): boolean {
  // The caller's id comes from the host's payload: only the records' alphabet may be printed
  // into a command (an id holding `;` or `$(` would carry a second command through).
  if (caller === null || !SESSION_ID.test(caller)) return false;
  const text = command.trim();
  for (const b of batonWords) {
    for (const d of deniers) {
      if (caller !== d && SESSION_ID.test(d) && text === resumeCommand(caller, d, b)) return true;
    }
  }
  return false;
}
