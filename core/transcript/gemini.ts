/**
 * Reader of Gemini CLI chat recordings
 * (`~/.gemini/tmp/<project>/chats/session-<time>-<id8>.jsonl`): a metadata
 * line, message records `{id, timestamp, type, content, toolCalls?}`, update
 * records `{"$set": {...}}` (which may set the whole `messages` list) and
 * `{"$rewindTo": id}`. Checked against Gemini CLI 0.61.0 in the real-host
 * suite; the `toolCalls` shape is from its source (chatRecordingTypes.ts),
 * which the fake model there did not exercise. The legacy one-document
 * `session-*.json` form is read by {@linkcode parseGeminiDocument}. Pure.
 *
 * Decisions:
 * - Which messages a log leaves (a record whose id was seen before replaces
 *   the earlier one in place; a rewind drops the named message and
 *   everything after it), whether a message is a user turn, its tool calls
 *   and its fill are decided by core/transcript/context_signals.ts (what the
 *   context bands read); this reader adds the content.
 * - Parts that are baton's own injected `<hook_context>` are left out of
 *   user turns (they are our briefing, not the user's words), and so is the
 *   `<session_context>` message Gemini CLI records first (the directory
 *   tree and the repository's GEMINI.md).
 * - A user turn is what was typed: the message's `displayContent` when
 *   Gemini CLI recorded one (it does when what it sent differs: a
 *   `.gemini/commands/*.toml` prompt a `/command` expanded to, referenced
 *   files), else its `content`.
 * @module
 */
import { contentText, objectOf, resultText, stringOf, timeOf } from "./record_text.ts";
import { toolCallTurn } from "./tool_call.ts";
import {
  fillFields,
  geminiMessages,
  geminiSignal,
  geminiTypedContent,
  geminiUserParts,
  MAX_CALLS_PER_RECORD,
  type RecordSignal,
  type TokenFill,
} from "./context_signals.ts";
import { emptyMeta, type ParsedTranscript, type ReadCounts, type Turn } from "./types.ts";

function callResult(call: Record<string, unknown>): string {
  const result = call.result;
  if (Array.isArray(result)) {
    for (const part of result) {
      const response = objectOf(objectOf(objectOf(part)?.functionResponse)?.response);
      const out = response?.output ?? response?.error ?? response?.llmContent;
      if (out !== undefined) return resultText(out);
    }
  }
  return resultText(call.resultDisplay ?? result ?? "");
}

function messageTurns(
  m: Record<string, unknown>,
  signal: RecordSignal,
  counts: ReadCounts,
): Turn[] {
  const at = timeOf(m.timestamp);
  if (m.type === "user") {
    return signal.userTurn
      ? [{ kind: "user", text: contentText(geminiUserParts(geminiTypedContent(m))), at }]
      : [];
  }
  if (m.type !== "gemini") {
    counts.skipped++;
    return [];
  }
  const turns: Turn[] = [];
  const calls = Array.isArray(m.toolCalls) ? m.toolCalls : [];
  for (const c of calls.slice(0, MAX_CALLS_PER_RECORD)) {
    const call = objectOf(c);
    if (call === null) continue;
    const name = stringOf(call.name, 200) ?? "unknown";
    const id = stringOf(call.id, 200);
    const callAt = timeOf(call.timestamp) ?? at;
    turns.push(toolCallTurn(name, call.args, { id, at: callAt }));
    if (call.status === "success" || call.status === "error") {
      const text = callResult(call);
      // Gemini records whether the tool call worked, not the command's exit
      // status (a shell command that exits 1 is a "success" call): the status
      // is unknown unless the call itself failed.
      turns.push({
        kind: "tool_result",
        id,
        exit_code: null,
        is_error: call.status === "error" ? true : null,
        text,
        at: callAt,
      });
    }
  }
  const text = contentText(m.content);
  if (text.trim() !== "") turns.push({ kind: "assistant", text, at });
  return turns;
}

/**
 * Turns Gemini CLI JSONL records into turns.
 * @param records Parsed JSON lines, oldest first.
 * @param counts Counts to add skipped and unknown records to.
 * @returns The turns and the session's metadata.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGemini } from "./gemini.ts";
 * import { emptyCounts } from "./types.ts";
 * const r = parseGemini([
 *   { sessionId: "a1", projectHash: "h", startTime: "2026-08-20T09:15:00.000Z", kind: "main" },
 *   { id: "m1", type: "user", content: [{ text: "Refactor" }] },
 *   { id: "m2", type: "gemini", content: "Done", toolCalls: [{ id: "t1", name: "read_file", args: { file_path: "a.ts" }, status: "success" }] },
 *   { $rewindTo: "m2" },
 * ], emptyCounts());
 * assert.deepEqual(r.turns.map((t) => t.kind), ["user"]);
 * ```
 */
export function parseGemini(records: readonly unknown[], counts: ReadCounts): ParsedTranscript {
  const meta = emptyMeta();
  const messages = geminiMessages(records, {
    header: (r) => {
      meta.session_id ??= stringOf(r.sessionId, 200);
      meta.started_at ??= timeOf(r.startTime);
      meta.updated_at = timeOf(r.lastUpdated) ?? meta.updated_at;
      meta.format = "gemini-cli jsonl";
    },
    message: (m) => {
      meta.updated_at = timeOf(m.timestamp) ?? meta.updated_at;
    },
    set: (set) => {
      meta.updated_at = timeOf(set.lastUpdated) ?? meta.updated_at;
      counts.skipped++;
    },
    unknown: () => counts.unknown++,
  });
  const turns: Turn[] = [];
  // The context fill is the newest reply's own token count (Gemini compresses in memory: no marker resets it).
  let fill: TokenFill | undefined;
  for (const m of messages) {
    const signal = geminiSignal(m);
    turns.push(...messageTurns(m, signal, counts));
    fill = signal.fill ?? fill;
  }
  return { turns, counts, meta, ...fillFields(fill) };
}

/**
 * Reads the legacy one-document form (`{sessionId, projectHash, startTime,
 * lastUpdated, messages: [...]}`).
 * @param doc The parsed document.
 * @param counts Counts to add to.
 * @returns The turns and metadata.
 */
export function parseGeminiDocument(doc: unknown, counts: ReadCounts): ParsedTranscript {
  const o = objectOf(doc);
  if (o === null || !Array.isArray(o.messages)) {
    counts.invalid++;
    return { turns: [], counts, meta: emptyMeta() };
  }
  const { messages, ...head } = o;
  counts.records += messages.length;
  const r = parseGemini([head, ...(messages as unknown[])], counts);
  r.meta.format = "gemini-cli json (legacy)";
  return r;
}
