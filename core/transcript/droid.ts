/**
 * Reader of Factory Droid's session files
 * (`~/.factory/sessions/<project path, / as ->/<session>.jsonl`): a
 * `session_start` record first (`id`, `cwd`, `version`), then `message`
 * records `{id, timestamp, message: {role, content}}` whose content holds
 * Anthropic-style parts (`text`, `tool_use {id, name, input}`,
 * `tool_result {tool_use_id, is_error, content}`), and turn outcomes. A user
 * message with a `visibility` (`llm_only` reminders droid adds for the
 * model, `user_only` hook reports) is not the user's words and is skipped;
 * so is one droid's own test for a user's prompt leaves out (hidden from the
 * user's views, a hook's, an automated source), and the reminder blocks
 * droid puts into a typed message's text are cut out as its display cuts
 * them (`<system-reminder>`, `<system-notification>`,
 * `<remote-delegation-instructions>`).
 * Checked against droid 0.225.2's own files in the real-host suite
 * (tests/testdata/transcripts/droid.jsonl, redacted). Pure.
 *
 * Decisions:
 * - droid appends the exit status to a shell result's text
 *   ("[Process exited with code 0]"); that is output text, which any program
 *   can print, so `exit_code` stays null.
 * - `is_error: false` says success only for a result in the shape of a
 *   command that finished with status 0: droid 0.225.2's Execute tool also
 *   leaves the error mark off a command its timeout killed (the interactive
 *   client's "Command timed out after N seconds…", with no exit line of its
 *   own, while the partial output after it may end like one) and one ended
 *   by SIGPIPE (exit 141). So a success needs droid's own last line
 *   "[Process exited with code 0]" and no opening timeout sentence, on the
 *   result of a call of droid's own shell tool (`Execute`, named by the
 *   call's id earlier in the read): an MCP server's or a custom droid's
 *   result is that tool's own text and can end with the same line. Any
 *   other unmarked result has no status. `is_error: true` stays a failure.
 * - A result whose text droid itself reads as a refused, cancelled or
 *   interrupted call (see {@linkcode NOT_RUN}) has no status and lends no
 *   file, whatever its error mark: it is marked denied.
 * @module
 */
import {
  contentText,
  objectOf,
  resultText,
  stringOf,
  timeOf,
  withoutTaggedBlocks,
} from "./record_text.ts";
import { toolCallTurn } from "./tool_call.ts";
import { hostRecord } from "../hosts/ids.ts";
import { emptyMeta, type ParsedTranscript, type ReadCounts, seenAt, type Turn } from "./types.ts";

function partsOf(m: Record<string, unknown>): Record<string, unknown>[] {
  return Array.isArray(m.content)
    ? m.content.slice(0, 500).map(objectOf).filter((p): p is Record<string, unknown> => p !== null)
    : [];
}

/** droid's own shell tools, whose results droid frames with the exit line (the host record's). */
const SHELL_TOOLS: ReadonlySet<string> = new Set(hostRecord("droid").tools.shell);

/** The line droid appends to the output of a command that exited with status 0. */
const FINISHED_OK = "\n[Process exited with code 0]";
/** The sentence droid opens a killed command's result with (its timeout). */
const TIMED_OUT = "Command timed out after ";

/** A result's whole text, uncut: a string, or its text blocks joined. */
function wholeText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((b) => objectOf(b)?.text).filter((t) => typeof t === "string").join("\n");
}

/**
 * What droid 0.225.2's own reading of a result's text (its binary's result
 * classifier) calls a call that did not run to its end: one `droid exec`
 * refused for want of autonomy ("Exec ended early: insufficient permission
 * to proceed", read as rejected), and one the user cancelled or that was
 * interrupted ("Tool execution cancelled by user", "Tool execution was
 * interrupted"; droid gives a call still pending when the user stops the
 * turn the first as an error result). droid writes these as the result's
 * whole opening, after at most its "Error: " prefix; the same words further
 * in are the command's own output (a test that prints them, a grep), which
 * leaves the result's status as it is.
 */
const NOT_RUN =
  /^\s*(?:error:\s*)?(?:exec ended early: insufficient permission|tool execution cancelled by user|tool execution was interrupted)/i;

/** Whether a result's text opens with droid's own word that the call did not run to its end. */
function notRun(part: Record<string, unknown>): boolean {
  return NOT_RUN.test(wholeText(part.content).slice(0, 256));
}

/**
 * The error mark of a result as a status: true (failed), false only for a
 * command droid framed as finished with status 0, else null (no status).
 * A call droid refused, or one the user cancelled, has none; nor has an
 * unmarked result of any tool but droid's shell (`framed` false).
 */
function resultError(part: Record<string, unknown>, framed: boolean): boolean | null {
  if (notRun(part)) return null;
  if (part.is_error === true) return true;
  if (part.is_error !== false || !framed) return null;
  const text = wholeText(part.content);
  return text.endsWith(FINISHED_OK) && !text.startsWith(TIMED_OUT) ? false : null;
}

/** The user-message sources droid 0.225.2 gives its own automated prompts (never counted as the user's). */
const AUTOMATED_SOURCES = new Set([
  "automation",
  "readiness-remediation",
  "readiness-evaluation",
  "wiki-generation",
  "wiki-ci-setup",
]);

/** The blocks droid puts into a user message's text for the model (its display cuts them out). */
const INJECTED_BLOCKS: readonly (readonly [string, string])[] = [
  ["<system-reminder>", "</system-reminder>"],
  ["<system-notification>", "</system-notification>"],
  ["<remote-delegation-instructions>", "</remote-delegation-instructions>"],
];

/**
 * Whether a user message is one droid wrote itself, by the marks droid's own
 * test for a user's prompt reads: hidden from the user's views, not visible
 * to the user, a hook's message, or an automated source.
 */
function droidWrote(m: Record<string, unknown>): boolean {
  return m.hiddenFromUserViews === true || m.isUserVisible === false ||
    m.hookEventName !== undefined ||
    (typeof m.userMessageSource === "string" && AUTOMATED_SOURCES.has(m.userMessageSource));
}

/** A user text part without the blocks droid injected into it. */
function typedPart(part: Record<string, unknown>): Record<string, unknown> {
  if (typeof part.text !== "string") return part;
  const text = withoutTaggedBlocks(part.text, INJECTED_BLOCKS);
  return text === part.text ? part : { ...part, text };
}

function messageTurns(
  m: Record<string, unknown>,
  at: string | null,
  counts: ReadCounts,
  toolOf: Map<string, string>,
): Turn[] {
  if (m.role === "user" && typeof m.visibility === "string") {
    counts.skipped++;
    return [];
  }
  const parts = partsOf(m);
  const turns: Turn[] = [];
  for (const part of parts) {
    if (part.type === "tool_use") {
      const id = stringOf(part.id, 200);
      const name = stringOf(part.name, 200) ?? "unknown";
      if (id !== null) toolOf.set(id, name);
      turns.push(toolCallTurn(name, part.input, { id, at }));
    } else if (part.type === "tool_result") {
      const id = stringOf(part.tool_use_id, 200);
      turns.push({
        kind: "tool_result",
        id,
        exit_code: null,
        is_error: resultError(part, id !== null && SHELL_TOOLS.has(toolOf.get(id) ?? "")),
        text: resultText(part.content),
        // No file is credited to a call that was refused or stopped.
        ...(notRun(part) ? { denied: true } : {}),
        at,
      });
    }
  }
  const said = parts.filter((p) => p.type === "text");
  if (m.role === "user") {
    const text = droidWrote(m) ? "" : contentText(said.map(typedPart));
    if (text.trim() !== "") turns.push({ kind: "user", text, at });
  } else if (m.role === "assistant") {
    const text = contentText(said);
    if (text.trim() !== "") turns.push({ kind: "assistant", text, at });
  }
  return turns;
}

/**
 * Turns Droid session records into turns.
 * @param records Parsed JSON lines, oldest first.
 * @param counts Counts to add skipped and unknown records to.
 * @returns The turns and the session's metadata.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDroid } from "./droid.ts";
 * import { emptyCounts } from "./types.ts";
 * const r = parseDroid([
 *   { type: "session_start", id: "s1", cwd: "/r", version: 2 },
 *   { type: "message", id: "a", message: { role: "user", content: [{ type: "text", text: "hi" }] } },
 *   { type: "message", id: "b", message: { role: "user", visibility: "llm_only", content: [{ type: "text", text: "reminder" }] } },
 * ], emptyCounts());
 * assert.deepEqual(r.turns.map((t) => t.kind), ["user"]);
 * assert.equal(r.meta.cwd, "/r");
 * ```
 */
export function parseDroid(records: readonly unknown[], counts: ReadCounts): ParsedTranscript {
  const meta = emptyMeta();
  const turns: Turn[] = [];
  // Each call's tool by its id: only droid's shell frames a result with its exit line.
  const toolOf = new Map<string, string>();
  for (const raw of records) {
    const r = objectOf(raw);
    if (r === null || typeof r.type !== "string") {
      counts.unknown++;
      continue;
    }
    const at = timeOf(r.timestamp);
    seenAt(meta, at);
    if (r.type === "session_start") {
      meta.session_id ??= stringOf(r.id, 200);
      meta.cwd ??= stringOf(r.cwd, 4096);
      if (typeof r.version === "number") meta.format = `droid session v${r.version}`;
      counts.skipped++;
      continue;
    }
    if (r.type === "message") {
      const m = objectOf(r.message);
      if (m === null) counts.unknown++;
      else turns.push(...messageTurns(m, at, counts, toolOf));
      continue;
    }
    if (r.type === "agent_turn_outcome") counts.skipped++;
    else counts.unknown++;
  }
  return { turns, counts, meta };
}
