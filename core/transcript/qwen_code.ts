/**
 * Reader of Qwen Code chat records
 * (`~/.qwen/projects/<project>/chats/<session>.jsonl`): one JSON line per
 * record, a Claude Code-like envelope (`uuid`, `parentUuid`, `sessionId`,
 * `timestamp`, `type`, `cwd`, `version`) around Gemini-style message parts:
 * `user` records carry `message.parts[].text`, `assistant` records text and
 * `functionCall {id, name, args}` parts, `tool_result` records a
 * `functionResponse {id, response.output}` part and a `toolCallResult`
 * whose `resultDisplay.exitCode` is the shell's exit status, and `system`
 * records telemetry and snapshots (subtype `chat_compression` marks a
 * compaction). Checked against Qwen Code 0.24.4's own records in the
 * real-host suite (tests/testdata/transcripts/qwen_code.jsonl, redacted).
 * Pure.
 * @module
 */
import {
  contentText,
  objectOf,
  resultText,
  stringOf,
  structuredExitCode,
  timeOf,
} from "./record_text.ts";
import { withoutReferencedContent } from "./context_signals.ts";
import { toolCallTurn } from "./tool_call.ts";
import { emptyMeta, type ParsedTranscript, type ReadCounts, type Turn } from "./types.ts";

/** The parts of a record's message (at most 500). */
function partsOf(r: Record<string, unknown>): Record<string, unknown>[] {
  const parts = objectOf(r.message)?.parts;
  return Array.isArray(parts)
    ? parts.slice(0, 500).map(objectOf).filter((p): p is Record<string, unknown> => p !== null)
    : [];
}

function assistantTurns(r: Record<string, unknown>, at: string | null): Turn[] {
  const turns: Turn[] = [];
  for (const part of partsOf(r)) {
    const call = objectOf(part.functionCall);
    if (call === null) continue;
    turns.push(
      toolCallTurn(stringOf(call.name, 200) ?? "unknown", call.args, {
        id: stringOf(call.id, 200),
        at,
      }),
    );
  }
  // Thought parts are the model's scratch work, not what it said.
  const text = contentText(partsOf(r).filter((p) => p.thought !== true));
  if (text.trim() !== "") turns.push({ kind: "assistant", text, at });
  return turns;
}

function resultTurns(r: Record<string, unknown>, at: string | null): Turn[] {
  const result = objectOf(r.toolCallResult);
  const display = objectOf(result?.resultDisplay);
  const turns: Turn[] = [];
  for (const part of partsOf(r)) {
    const response = objectOf(part.functionResponse);
    if (response === null) continue;
    const out = objectOf(response.response);
    const id = stringOf(response.id, 200) ?? stringOf(result?.callId, 200);
    const exit = display?.type === "shell_result" ? structuredExitCode(display.exitCode) : null;
    turns.push({
      kind: "tool_result",
      id,
      exit_code: exit,
      // "success" says the tool ran, not how a command exited (a shell call that exits 1 is a
      // successful call, and one killed by a timeout has no exit code): only the status says that.
      is_error: result?.status === "error" ? true : exit !== null ? exit !== 0 : null,
      text: resultText(out?.output ?? out?.error ?? ""),
      at,
    });
  }
  return turns;
}

/**
 * Turns Qwen Code records into turns.
 * @param records Parsed JSON lines, oldest first.
 * @param counts Counts to add skipped and unknown records to.
 * @returns The turns and the session's metadata.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseQwenCode } from "./qwen_code.ts";
 * import { emptyCounts } from "./types.ts";
 * const r = parseQwenCode([
 *   { sessionId: "s1", type: "user", cwd: "/r", timestamp: "2026-01-01T00:00:00Z", message: { role: "user", parts: [{ text: "hi" }] } },
 *   { sessionId: "s1", type: "assistant", message: { role: "model", parts: [{ text: "OK" }] } },
 * ], emptyCounts());
 * assert.deepEqual(r.turns.map((t) => t.kind), ["user", "assistant"]);
 * assert.equal(r.meta.cwd, "/r");
 * ```
 */
export function parseQwenCode(records: readonly unknown[], counts: ReadCounts): ParsedTranscript {
  const meta = emptyMeta();
  const turns: Turn[] = [];
  for (const raw of records) {
    const r = objectOf(raw);
    if (r === null || typeof r.type !== "string") {
      counts.unknown++;
      continue;
    }
    const at = timeOf(r.timestamp);
    meta.session_id ??= stringOf(r.sessionId, 200);
    meta.cwd ??= stringOf(r.cwd, 4096);
    meta.started_at ??= at;
    if (at !== null) meta.updated_at = at;
    if (meta.format === null && typeof r.version === "string" && r.version.length <= 40) {
      meta.format = `qwen-code ${r.version}`;
    }
    switch (r.type) {
      case "user": {
        // A file the user named (`@path`) is sent in the same message: its content is not their words.
        const text = contentText(withoutReferencedContent(partsOf(r)));
        if (text.trim() !== "") turns.push({ kind: "user", text, at });
        else counts.skipped++;
        break;
      }
      case "assistant":
        turns.push(...assistantTurns(r, at));
        break;
      case "tool_result":
        turns.push(...resultTurns(r, at));
        break;
      case "system":
        if (r.subtype === "chat_compression") turns.push({ kind: "compaction", at });
        else counts.skipped++;
        break;
      default:
        counts.unknown++;
    }
  }
  return { turns, counts, meta };
}
