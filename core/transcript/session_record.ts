/**
 * Builds a capsule's `session` section from a parsed transcript: the last
 * user requests, the commands run with the exit status the host recorded
 * (each classified from its raw text by the command classifier), the files
 * read and edited (by calls the host recorded ending, not as a failure), the tests run and their outcome, and the assistant's
 * last message. Each list keeps its newest entries up to a fixed bound and
 * the rest is counted in `dropped`. Secrets are not handled here: finalize
 * redacts every string of the capsule, this section included, before it is
 * hashed or written. Pure.
 * @module
 */
import type { SessionCommand, SessionRecord, SessionTest } from "../capsule/types.ts";
import { truncateUnsplit } from "../budget/truncate.ts";
import { classifyCommand } from "../safety/command/classify.ts";
import { testOutcome } from "./test_outcome.ts";
import type { ParsedTranscript, ReaderConfidence } from "./types.ts";
import { pairResults } from "./pair_results.ts";
import { HOST_IDS, hostRecord } from "../hosts/ids.ts";

/** The bounds of each list and string of the section. */
export const SESSION_LIMITS = {
  user_requests: 5,
  commands: 30,
  files_read: 40,
  files_edited: 40,
  tests: 10,
  request_chars: 1000,
  command_chars: 500,
  path_chars: 500,
  assistant_chars: 2000,
} as const;

/** What the edge knows about where the transcript came from. */
export interface SessionSource {
  host: string;
  /** `host:id`, the id `baton source show` opens. */
  source_id: string | null;
  confidence: ReaderConfidence;
  /** Bytes read and the file's size; `complete` when the whole file was read. */
  bytes: number;
  file_bytes: number;
  complete: boolean;
  /**
   * The host's records of how tools ended may have been written by code the
   * project chose (an OpenCode custom tool or plugin, a Claude Code or Codex
   * hook that rewrites a shell call or its output): no status is lent.
   */
  statusesUnheld?: boolean;
}

const TEST_COMMAND =
  /(?:^|[\s;&|(])(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?test\b|\b(?:deno|cargo|go|dotnet|mix|swift|zig)\s+test\b|\b(?:pytest|jest|vitest|mocha|rspec|phpunit|ctest|tox|nox)\b|\bmake\s+(?:test|check)\b|\bpython[0-9.]*\s+-m\s+(?:pytest|unittest)\b|\bgradlew?\s+test\b|\bmvn\s+(?:-\S+\s+)*test\b/;

/**
 * True when a command looks like a test run.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isTestCommand } from "./session_record.ts";
 * assert.equal(isTestCommand("cd app && npm test -- --watch=false"), true);
 * assert.equal(isTestCommand("cat test.txt"), false);
 * ```
 */
export function isTestCommand(command: string): boolean {
  return TEST_COMMAND.test(command);
}

/**
 * Names the transcript readers give a host's own shell calls beside the
 * host record's shell tools: Codex's `local_shell` call and `shell_command`,
 * Cursor's `run_terminal_cmd`.
 */
const READER_SHELL_NAMES: Readonly<Record<string, readonly string[]>> = {
  codex: ["local_shell", "shell_command"],
  cursor: ["run_terminal_cmd"],
};

/** Per host, the tools whose result is that host's shell's. */
const SHELL_TOOLS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  HOST_IDS.map((id) => [
    id,
    new Set([...hostRecord(id).tools.shell, ...(READER_SHELL_NAMES[id] ?? [])]),
  ]),
);

/**
 * Whether a tool's result, in `host`'s transcript, says how a shell command
 * exited: only that host's own shell tools. Any other tool whose input has a
 * `command` field (an MCP server's, a project's custom tool or extension,
 * which a repository can declare, and may name after another host's shell:
 * `run_shell_command` in OpenCode, `Bash` in pi) says only that the call did
 * not fail, in the tool's own words. A host baton has no record of has no
 * shell tool.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isShellTool } from "./session_record.ts";
 * assert.equal(isShellTool("Bash", "claude-code"), true);
 * assert.equal(isShellTool("mcp__tools__run", "claude-code"), false);
 * assert.equal(isShellTool("run_shell_command", "opencode"), false);
 * ```
 */
export function isShellTool(name: string, host: string): boolean {
  return SHELL_TOOLS.get(host)?.has(name) === true;
}

/**
 * A transcript's text as the section keeps it: well-formed (JSON.parse gives a
 * lone surrogate from a `\ud800` escape, and the capsule's canonical JSON
 * refuses one, so one such character in a session left the compaction with no
 * capsule at all; it becomes U+FFFD) and cut within `max` without keeping part
 * of a run (core/budget/truncate.ts).
 */
function keptText(text: string, max: number): string {
  return truncateUnsplit(text.toWellFormed(), max);
}

function keepLast<T>(
  items: T[],
  max: number,
  field: string,
  dropped: SessionRecord["dropped"],
): T[] {
  if (items.length <= max) return items;
  dropped.push({ field, count: items.length - max });
  return items.slice(-max);
}

function uniqueLast(items: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (let i = items.length - 1; i >= 0; i--) {
    const p = items[i]!;
    if (seen.has(p)) continue;
    seen.add(p);
    out.unshift(p);
  }
  return out;
}

/**
 * The session section for a parsed transcript.
 * @param parsed The reader's output.
 * @param source Where it came from and how much of it was read.
 * @returns The section.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildSessionRecord } from "./session_record.ts";
 * import { emptyCounts, emptyMeta } from "./types.ts";
 * const s = buildSessionRecord({ counts: emptyCounts(), meta: emptyMeta(), turns: [
 *   { kind: "user", text: "run the tests", at: null },
 *   { kind: "tool_call", id: "1", name: "Bash", command: "npm test", paths: [], access: "other", at: null },
 *   { kind: "tool_result", id: "1", exit_code: 1, is_error: true, text: "1 failed", at: null },
 * ] }, { host: "claude-code", source_id: null, confidence: "verified", bytes: 1, file_bytes: 1, complete: true });
 * assert.deepEqual(s.tests, [{ command: "npm test", outcome: "failed", exit_code: 1 }]);
 * assert.equal(s.commands[0]!.trust, "observed");
 * ```
 */
export function buildSessionRecord(parsed: ParsedTranscript, source: SessionSource): SessionRecord {
  const L = SESSION_LIMITS;
  const results = pairResults(parsed.turns);
  const noStatus = source.confidence === "guessed" || source.statusesUnheld === true;
  const requests: SessionRecord["user_requests"] = [];
  const commands: {
    command: string;
    exit_code: number | null;
    ok: boolean | null;
    /** The recorded output (cut to the reader's bound), for the tests' outcome only. */
    output: string | null;
    at: string | null;
  }[] = [];
  const read: string[] = [];
  const edited: string[] = [];
  let assistant: string | null = null;
  for (const [i, t] of parsed.turns.entries()) {
    if (t.kind === "user") {
      requests.push({ text: keptText(t.text, L.request_chars), at: t.at });
    } else if (t.kind === "assistant") {
      assistant = t.text;
    } else if (t.kind === "tool_call") {
      // A file is read or edited only when the host recorded the call's end and not as a
      // failure: an edit it refused (the user said no, the text to replace was not there), one
      // the user cancelled, or one cut off mid-call changed nothing the record shows. A call
      // with no id cannot be paired and is listed as the log states it.
      const taken = results.get(i);
      if (t.id === null || taken !== undefined && taken.is_error !== true && !taken.denied) {
        const paths = t.paths.map((p) => keptText(p, L.path_chars));
        if (t.access === "edit") edited.push(...paths);
        else if (t.access === "read") read.push(...paths);
      }
      if (t.command === null) continue;
      const found = isShellTool(t.name, source.host) ? taken : undefined;
      // A command left running in the background has no end in this result: its status is
      // unknown. So is every status a reader only guessed the format of (the generic reader, a
      // host baton has no reader for): its `exit_code` is no host's known status field; and every
      // status of a host whose records the project's own code may have written (statusesUnheld).
      const result = noStatus || t.detached === true || found?.detached === true
        ? undefined
        : found;
      const exit = result?.exit_code ?? null;
      const ok = exit !== null
        ? exit === 0
        : result?.is_error === undefined || result.is_error === null
        ? null
        : !result.is_error;
      commands.push({
        command: t.command,
        exit_code: exit,
        ok,
        output: result?.text ?? null,
        at: t.at,
      });
    }
  }
  const dropped: SessionRecord["dropped"] = [];
  // Only the kept commands are classified: a long tail costs no more than a short one.
  const kept: SessionCommand[] = keepLast(commands, L.commands, "commands", dropped).map((c) => {
    const safety = classifyCommand(c.command);
    return {
      command: keptText(c.command, L.command_chars),
      exit_code: c.exit_code,
      ok: c.ok,
      class: safety.class,
      families: [...safety.families],
      trust: c.exit_code !== null || c.ok !== null ? "observed" : "claimed",
      at: c.at,
    };
  });
  const tests: SessionTest[] = commands.filter((c) => isTestCommand(c.command)).map((c) => ({
    command: keptText(c.command, L.command_chars),
    // The status is the command's: it says how the tests went only when it is the runner's.
    outcome: testOutcome(c.command, c.ok, c.exit_code, c.output),
    exit_code: c.exit_code,
  }));
  const { counts } = parsed;
  return {
    provenance: "transcript",
    host: source.host,
    source_id: source.source_id?.toWellFormed() ?? null,
    format: parsed.meta.format?.toWellFormed() ?? null,
    reader_confidence: source.confidence,
    user_requests: keepLast(requests, L.user_requests, "user_requests", dropped),
    commands: kept,
    files_read: keepLast(uniqueLast(read), L.files_read, "files_read", dropped),
    files_edited: keepLast(uniqueLast(edited), L.files_edited, "files_edited", dropped),
    tests: keepLast(tests, L.tests, "tests", dropped),
    last_assistant_message: assistant === null ? null : keptText(assistant, L.assistant_chars),
    read: {
      bytes: source.bytes,
      file_bytes: source.file_bytes,
      complete: source.complete,
      turns: parsed.turns.length,
      skipped: counts.skipped,
      unknown: counts.unknown,
      invalid: counts.invalid,
    },
    dropped,
  };
}
