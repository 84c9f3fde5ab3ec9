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
 * - baton's own state commands pass as one plain invocation, optionally fed
 *   a heredoc (an unquoted delimiter only with a body the shell would not
 *   expand), so a session at its handoff can always write its capsule.
 *   Which commands those are is a property of each command in the command
 *   table (AfterHandoff): none that runs configured programs (`done`,
 *   `evidence`), changes the work tree or git (`commit`, `clean`, `pull`),
 *   or denies another session (`handoff write` passes only for the
 *   caller's own session). Anything chained, piped, substituted or
 *   redirected to a file is judged like any command.
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

/**
 * What the gate lets a handed-off session run of one baton command, declared
 * by each command in the command table (commands/mod.ts AFTER_HANDOFF):
 * `passes` as one plain invocation; `gated` judged like any command (it
 * runs configured programs, changes the work tree or denies others); or,
 * per sub-command (its first word), `passes` or `own-session` (passes only
 * naming the caller's own session in its one `--session`); a sub-command
 * not listed is gated.
 */
export type AfterHandoff =
  | "passes"
  | "gated"
  | Readonly<Record<string, "passes" | "own-session">>;

/** Words that are no command but always pass (help and version). */
const HELP_WORDS = new Set(["--help", "--version", "help", "-h"]);

/** Only words of these characters may follow in a plain baton invocation. */
const PLAIN_WORD = /^[A-Za-z0-9_./:=@%+,-]+$/;

/** Options of {@linkcode isPlainBatonStateCommand}. */
export interface PlainCommandOptions {
  /**
   * The ways this baton is started (`baton`, and the exact invocation the
   * hooks and advisories print, which may be several words). @default {["baton"]}
   */
  batonWords?: readonly string[];
  /** Each command's rule, from the command table. */
  afterHandoff: Readonly<Record<string, AfterHandoff>>;
  /** The calling session (for `own-session` sub-commands). @default {null} */
  caller?: string | null;
}

/** The one `--session` value among `words`, or null when there is none or more than one. */
function onlySession(words: readonly string[]): string | null {
  const values: string[] = [];
  for (const [i, w] of words.entries()) {
    if (w === "--session") values.push(words[i + 1] ?? "");
    else if (w.startsWith("--session=")) values.push(w.slice("--session=".length));
  }
  return values.length === 1 ? values[0]! : null;
}

/**
 * Whether `command` is a plain invocation of a baton command its table
 * entry lets through after a handoff: one simple command, words from a safe
 * alphabet, optionally a trailing heredoc feeding stdin.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isPlainBatonStateCommand } from "./recovery.ts";
 * const afterHandoff = { finalize: "passes", done: "gated" } as const;
 * assert.equal(isPlainBatonStateCommand("baton finalize --draft - <<'EOF'\n{}\nEOF", { afterHandoff }), true);
 * assert.equal(isPlainBatonStateCommand("baton finalize --draft x; rm -rf src", { afterHandoff }), false);
 * assert.equal(isPlainBatonStateCommand("baton done", { afterHandoff }), false);
 * ```
 */
export function isPlainBatonStateCommand(command: string, options: PlainCommandOptions): boolean {
  const batonWords = options.batonWords ?? ["baton"];
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
  const name = rest[0] ?? "";
  if (HELP_WORDS.has(name)) return true;
  const rule = Object.hasOwn(options.afterHandoff, name) ? options.afterHandoff[name] : undefined;
  if (rule === undefined || rule === "gated") return false;
  if (rule === "passes") return true;
  const sub = rest[1] ?? "";
  const subRule = Object.hasOwn(rule, sub) ? rule[sub] : undefined;
  if (subRule === "passes") return true;
  if (subRule !== "own-session") return false;
  const caller = options.caller ?? null;
  return caller !== null && SESSION_ID.test(caller) && onlySession(rest.slice(2)) === caller;
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
