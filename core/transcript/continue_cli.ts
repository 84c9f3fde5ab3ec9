/**
 * Reader of Continue CLI sessions (`~/.continue/sessions/<session>.json`,
 * moved by `CONTINUE_GLOBAL_DIR`): one JSON document per session,
 * `{sessionId, title, workspaceDirectory, history: [...]}`, each history
 * item a chat `message` (`role` user or assistant, `content` a string or
 * parts, an assistant's `toolCalls` in OpenAI's function shape) with the
 * calls' outcomes in `toolCallStates` (`toolCallId`, `status`, `output`;
 * a call the permission check refused is "canceled" and marked denied).
 * The items carry no times. Checked against cn 1.5.47's own files in the
 * real-host suite (tests/testdata/transcripts/continue.json, redacted).
 * Pure.
 * @module
 */
import { contentText, objectOf, resultText, stringOf } from "./record_text.ts";
import { toolCallTurn } from "./tool_call.ts";
import { emptyMeta, type ParsedTranscript, type ReadCounts, type Turn } from "./types.ts";

/** History items read at most (the newest ones). */
const MAX_ITEMS = 5000;

function objects(value: unknown, max = 500): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.slice(0, max).map(objectOf).filter((o): o is Record<string, unknown> => o !== null)
    : [];
}

function itemTurns(item: Record<string, unknown>, counts: ReadCounts): Turn[] {
  const m = objectOf(item.message);
  if (m === null) {
    counts.unknown++;
    return [];
  }
  const text = contentText(m.content);
  if (m.role === "user") return text.trim() === "" ? [] : [{ kind: "user", text, at: null }];
  if (m.role !== "assistant") {
    counts.skipped++;
    return [];
  }
  const turns: Turn[] = [];
  const states = objects(item.toolCallStates);
  for (const call of objects(m.toolCalls)) {
    const fn = objectOf(call.function);
    const id = stringOf(call.id, 200);
    turns.push(
      toolCallTurn(stringOf(fn?.name, 200) ?? "unknown", fn?.arguments, { id, at: null }),
    );
    const state = states.find((s) => s.toolCallId === id);
    const ended = state?.status === "done" || state?.status === "errored";
    if (state === undefined || (!ended && state.status !== "canceled")) continue;
    turns.push({
      kind: "tool_result",
      id,
      exit_code: null,
      // "done" says the tool ran, not how a command exited (cn records no exit status).
      is_error: state.status === "errored" ? true : null,
      text: resultText(objects(state.output).map((o) => o.content)),
      // cn 1.5.47 ends a call its permission check refused ("Permission denied by user",
      // "Command blocked by security policy") as "canceled": it never ran.
      ...(ended ? {} : { denied: true }),
      at: null,
    });
  }
  if (text.trim() !== "") turns.push({ kind: "assistant", text, at: null });
  return turns;
}

/**
 * Reads one Continue CLI session document.
 * @param doc The parsed document.
 * @param counts Counts to add to.
 * @returns The turns and metadata.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseContinueSession } from "./continue_cli.ts";
 * import { emptyCounts } from "./types.ts";
 * const r = parseContinueSession({
 *   sessionId: "s1",
 *   workspaceDirectory: "/r",
 *   history: [{ message: { role: "user", content: "hi" } }, { message: { role: "assistant", content: "OK" } }],
 * }, emptyCounts());
 * assert.deepEqual(r.turns.map((t) => t.kind), ["user", "assistant"]);
 * assert.equal(r.meta.cwd, "/r");
 * ```
 */
export function parseContinueSession(doc: unknown, counts: ReadCounts): ParsedTranscript {
  const o = objectOf(doc);
  if (o === null || !Array.isArray(o.history)) {
    counts.invalid++;
    return { turns: [], counts, meta: emptyMeta() };
  }
  const meta = emptyMeta();
  meta.session_id = stringOf(o.sessionId, 200);
  meta.cwd = stringOf(o.workspaceDirectory, 4096);
  meta.format = "continue-cli session json";
  const items = o.history.slice(-MAX_ITEMS);
  counts.records += items.length;
  counts.skipped += o.history.length - items.length;
  const turns: Turn[] = [];
  for (const raw of items) {
    const item = objectOf(raw);
    if (item === null) counts.unknown++;
    else turns.push(...itemTurns(item, counts));
  }
  return { turns, counts, meta };
}
