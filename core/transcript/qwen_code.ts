/**
 * Reader of Qwen Code chat records
 * (`~/.qwen/projects/<project>/chats/<session>.jsonl`): one JSON line per
 * record, a Claude Code-like envelope (`uuid`, `parentUuid`, `sessionId`,
 * `timestamp`, `type`, `cwd`, `version`) around Gemini-style message parts:
 * `user` records carry `message.parts[].text`, `assistant` records text and
 * `functionCall {id, name, args}` parts, `tool_result` records a
 * `functionResponse {id, response.output}` part and a `toolCallResult`
 * whose `resultDisplay.exitCode` is the shell's exit status (none for a
 * call that never ran, which is marked denied, or one the user cancelled),
 * and `system` records telemetry and snapshots (subtype `chat_compression`
 * marks a compaction). Checked against Qwen Code 0.24.4's own records in the
 * real-host suite (tests/testdata/transcripts/qwen_code.jsonl, redacted).
 * Which `user` records are the user's words, and which of their parts, is
 * read from the marks Qwen Code 0.24.4 writes (its chatRecordingService):
 * see {@linkcode userText}. Pure.
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

/**
 * Whether a tool result says the call never ran. Qwen Code 0.24.4 records
 * the scheduler's `executionStatus` with each result: "not_started" for a
 * call the user declined (status "cancelled") and for one a permission rule
 * or the approval mode refused (status "error", `errorType`
 * "execution_denied"), which older records name by that error type alone.
 */
function neverRan(result: Record<string, unknown> | null): boolean {
  return result?.executionStatus === "not_started" || result?.errorType === "execution_denied";
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
    const denied = neverRan(result);
    // A call the user cancelled while it ran did not end on its own: no status either.
    const stopped = denied || result?.status === "cancelled";
    const exit = !stopped && display?.type === "shell_result"
      ? structuredExitCode(display.exitCode)
      : null;
    turns.push({
      kind: "tool_result",
      id,
      exit_code: exit,
      // "success" says the tool ran, not how a command exited (a shell call that exits 1 is a
      // successful call, and one killed by a timeout has no exit code): only the status says that.
      is_error: stopped
        ? null
        : result?.status === "error"
        ? true
        : exit !== null
        ? exit !== 0
        : null,
      text: resultText(out?.output ?? out?.error ?? ""),
      ...(denied ? { denied: true } : {}),
      at,
    });
  }
  return turns;
}

/** User-record subtypes that hold the user's own words: a message sent while tools ran, a voice turn. */
const TYPED_SUBTYPES = new Set(["mid_turn_user_message", "realtime_message"]);

/** Opens the part Qwen Code appends to a prompt with a UserPromptSubmit hook's context. */
const HOOK_CONTEXT = "<qwen:user-prompt-submit-context>";

function isHookContext(part: Record<string, unknown>): boolean {
  return typeof part.text === "string" && part.text.trimStart().startsWith(HOOK_CONTEXT);
}

/**
 * The user's own words in a `user` record, or null when the record is not
 * theirs: Qwen Code marks what it wrote itself with a `provenance` other
 * than `real_user` and a subtype (a background agent's report, a cron
 * prompt, a goal's runtime message). A message sent while tools ran keeps
 * the typed line in `systemPayload.displayText`; a prompt a `/command`
 * expanded to (`command`, the line the invocation record holds) is the
 * command's file, so the typed line stands for it. A hook's context part and
 * the files a message references are left out.
 */
function userText(r: Record<string, unknown>, command: string | null): string | null {
  if (typeof r.provenance === "string" && r.provenance !== "real_user") return null;
  const subtype = r.subtype;
  if (subtype !== undefined && !(typeof subtype === "string" && TYPED_SUBTYPES.has(subtype))) {
    return null;
  }
  if (subtype === "mid_turn_user_message") {
    const shown = objectOf(r.systemPayload)?.displayText;
    return typeof shown === "string" ? contentText(shown) : null;
  }
  if (command !== null) return command;
  return contentText(withoutReferencedContent(partsOf(r).filter((p) => !isHookContext(p))));
}

/**
 * The typed line of a `/command` whose prompt was sent to the model (the
 * `slash_command` invocation record Qwen Code writes before the prompt's
 * own `user` record), or null.
 */
function sentCommand(r: Record<string, unknown>): string | null {
  const payload = objectOf(r.systemPayload);
  if (r.subtype !== "slash_command" || payload?.phase !== "invocation") return null;
  if (payload.sentToModel !== true || typeof payload.rawCommand !== "string") return null;
  return contentText(payload.rawCommand);
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
  // A `/command`'s typed line, until the user record with its expanded prompt.
  let command: string | null = null;
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
        const text = userText(r, command);
        command = null;
        if (text !== null && text.trim() !== "") turns.push({ kind: "user", text, at });
        else counts.skipped++;
        break;
      }
      case "assistant":
        command = null;
        turns.push(...assistantTurns(r, at));
        break;
      case "tool_result":
        turns.push(...resultTurns(r, at));
        break;
      case "system":
        if (r.subtype === "chat_compression") turns.push({ kind: "compaction", at });
        else {
          command = sentCommand(r) ?? command;
          counts.skipped++;
        }
        break;
      default:
        counts.unknown++;
    }
  }
  return { turns, counts, meta };
}
