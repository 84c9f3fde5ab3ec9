/**
 * Reader of pi's session files
 * (`~/.pi/agent/sessions/<project>/<time>_<session>.jsonl`): a `session`
 * record first (`id`, `cwd`, `timestamp`, `version`), then entries linked by
 * `id`/`parentId`: `message` entries whose `message.role` is `user`,
 * `assistant` (content parts `text`, `thinking` and
 * `toolCall {id, name, arguments}`) or `toolResult` (`toolCallId`,
 * `content`, `isError`), `compaction` entries, and model, thinking-level,
 * label and custom entries baton has no use for. Checked against pi
 * 0.73.1's own files in the real-host suite
 * (tests/testdata/transcripts/pi.jsonl, redacted). Pure.
 *
 * Decisions:
 * - Entries are read in file order: pi appends every branch to the same
 *   file, and a tail read cannot follow `parentId` back to the root, so a
 *   session with branches reads as their concatenation.
 * - pi records no exit status of its own for a shell call: `exit_code` is
 *   null (the output text is never parsed for one). Its `isError: false`
 *   says a command exited 0 only on a result of pi's own shell tool
 *   (`toolName` `bash`): an extension's tool (any name but pi's own) is
 *   "not an error" whenever it did not throw, whatever the command it ran
 *   did, so its unmarked result has no status; `isError: true` stays a
 *   failure.
 * - pi 0.73.1 records a user message as sent: a skill's file or the files
 *   named on the command line come before the typed words and are left out
 *   ({@linkcode typedText}). A prompt template (`/name` expanded from
 *   `.pi/prompts/name.md`) is recorded with no mark at all: it cannot be
 *   told from typing here.
 * @module
 */
import { contentText, objectOf, resultText, stringOf, timeOf } from "./record_text.ts";
import { toolCallTurn } from "./tool_call.ts";
import { hostRecord } from "../hosts/ids.ts";
import { emptyMeta, type ParsedTranscript, type ReadCounts, type Turn } from "./types.ts";

/** Entry types that carry nothing baton uses. */
const SKIPPED = new Set([
  "model_change",
  "thinking_level_change",
  "label",
  "session_info",
  "custom",
  "custom_message",
  "branch_summary",
]);

/** How pi opens a skill's file it puts in a user message (`/skill:name args`). */
const SKILL_OPEN = '<skill name="';
const SKILL_CLOSE = "\n</skill>";
/** How pi opens a file named on its command line (`pi @notes.md "…"`) in the first message. */
const FILE_OPEN = '<file name="';
const FILE_CLOSE = "</file>\n";

/**
 * A user message's text without what pi put before the user's words: a
 * skill's file (`<skill name=… location=…>…</skill>`, then the typed
 * arguments after a blank line) or the files named on the command line
 * (`<file name=…>…</file>` blocks, then the typed message). Both are files a
 * repository holds (`.pi/skills`, `.agents/skills`, `@README.md`). The words
 * start after the LAST closing tag: a file can hold the closing tag itself,
 * and only text after the real one is the user's (a closing tag the user
 * typed loses words before it, never adds a file's).
 */
function typedText(text: string): string {
  const start = text.trimStart();
  if (start.startsWith(SKILL_OPEN)) {
    const end = text.lastIndexOf(SKILL_CLOSE);
    return end < 0 ? "" : text.slice(end + SKILL_CLOSE.length);
  }
  if (start.startsWith(FILE_OPEN)) {
    const end = text.lastIndexOf(FILE_CLOSE);
    return end < 0 ? "" : text.slice(end + FILE_CLOSE.length);
  }
  return text;
}

/** The user's words of a user message's content (pi sends one text part, then images). */
function userContent(content: unknown): unknown {
  if (typeof content === "string") return typedText(content);
  if (!Array.isArray(content)) return content;
  return content.map((part) => {
    const p = objectOf(part);
    return typeof p?.text === "string" ? { ...p, text: typedText(p.text) } : part;
  });
}

/** pi's own shell tools, whose results are marked by how the command exited (the host record's). */
const SHELL_TOOLS: ReadonlySet<string> = new Set(hostRecord("pi").tools.shell);

/** A result's error mark: true stays, false only on pi's own shell's result (else no status). */
function errorMark(m: Record<string, unknown>): boolean | null {
  if (m.isError === true) return true;
  return m.isError === false && typeof m.toolName === "string" && SHELL_TOOLS.has(m.toolName)
    ? false
    : null;
}

function messageTurns(m: Record<string, unknown>, at: string | null): Turn[] {
  const content = Array.isArray(m.content) ? m.content.slice(0, 500) : m.content;
  if (m.role === "user") {
    const text = contentText(userContent(content));
    return text.trim() === "" ? [] : [{ kind: "user", text, at }];
  }
  if (m.role === "toolResult") {
    return [{
      kind: "tool_result",
      id: stringOf(m.toolCallId, 200),
      exit_code: null,
      is_error: errorMark(m),
      text: resultText(content),
      at,
    }];
  }
  if (m.role !== "assistant" || !Array.isArray(content)) return [];
  const turns: Turn[] = [];
  const said: unknown[] = [];
  for (const p of content) {
    const part = objectOf(p);
    if (part?.type === "toolCall") {
      turns.push(
        toolCallTurn(stringOf(part.name, 200) ?? "unknown", part.arguments, {
          id: stringOf(part.id, 200),
          at,
        }),
      );
    } else if (part?.type === "text") said.push(part);
  }
  const text = contentText(said);
  if (text.trim() !== "") turns.push({ kind: "assistant", text, at });
  return turns;
}

/**
 * Turns pi session entries into turns.
 * @param records Parsed JSON lines, oldest first.
 * @param counts Counts to add skipped and unknown records to.
 * @returns The turns and the session's metadata.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePi } from "./pi.ts";
 * import { emptyCounts } from "./types.ts";
 * const r = parsePi([
 *   { type: "session", version: 3, id: "s1", cwd: "/r", timestamp: "2026-01-01T00:00:00Z" },
 *   { type: "message", id: "a", parentId: null, message: { role: "user", content: [{ type: "text", text: "hi" }] } },
 *   { type: "compaction", id: "b", parentId: "a", timestamp: "2026-01-01T00:01:00Z" },
 * ], emptyCounts());
 * assert.deepEqual(r.turns.map((t) => t.kind), ["user", "compaction"]);
 * assert.equal(r.meta.session_id, "s1");
 * ```
 */
export function parsePi(records: readonly unknown[], counts: ReadCounts): ParsedTranscript {
  const meta = emptyMeta();
  const turns: Turn[] = [];
  for (const raw of records) {
    const r = objectOf(raw);
    if (r === null || typeof r.type !== "string") {
      counts.unknown++;
      continue;
    }
    const at = timeOf(r.timestamp);
    if (at !== null) meta.updated_at = at;
    if (r.type === "session") {
      meta.session_id ??= stringOf(r.id, 200);
      meta.cwd ??= stringOf(r.cwd, 4096);
      meta.started_at ??= at;
      if (typeof r.version === "number") meta.format = `pi session v${r.version}`;
      counts.skipped++;
      continue;
    }
    if (r.type === "message") {
      const m = objectOf(r.message);
      if (m === null) counts.unknown++;
      else turns.push(...messageTurns(m, at));
      continue;
    }
    if (r.type === "compaction") {
      turns.push({ kind: "compaction", at });
      continue;
    }
    if (SKIPPED.has(r.type)) counts.skipped++;
    else counts.unknown++;
  }
  return { turns, counts, meta };
}
