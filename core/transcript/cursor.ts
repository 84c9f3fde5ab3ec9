/**
 * Reader of Cursor's chat store (`<Cursor user dir>/globalStorage/
 * state.vscdb`, table `cursorDiskKV`): a `composerData:<id>` value per
 * conversation listing its bubbles in order (`fullConversationHeadersOnly`,
 * or the legacy inline `conversation[]`), and a `bubbleId:<id>:<bubble>`
 * value per message (`type` 1 user / 2 assistant, `text`, tool calls in
 * `toolFormerData`). Values in, turns out: the edge reads them read-only,
 * each bounded by `length()` in SQL. From third-party documentation of the
 * format (schema `_v` 10 / bubble `_v` 3); Cursor has no headless client to
 * check it against here. Pure.
 * @module
 */
import { contentText, objectOf, resultText, stringOf, timeOf } from "./record_text.ts";
import { toolCallTurn } from "./tool_call.ts";
import { emptyMeta, type ParsedTranscript, type ReadCounts, type Turn } from "./types.ts";

function json(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    return objectOf(JSON.parse(text));
  } catch {
    return null;
  }
}

/** The bubble ids of a composer, in order (empty for the legacy inline form). */
export function composerBubbleIds(composer: string | null): string[] {
  const c = json(composer);
  const headers = Array.isArray(c?.fullConversationHeadersOnly)
    ? c.fullConversationHeadersOnly
    : [];
  return headers.flatMap((h) => {
    const id = stringOf(objectOf(h)?.bubbleId, 200);
    return id === null ? [] : [id];
  });
}

function bubbleTurns(b: Record<string, unknown>): Turn[] {
  const at = timeOf(b.createdAt);
  const turns: Turn[] = [];
  const tool = objectOf(b.toolFormerData);
  if (tool !== null) {
    const name = stringOf(tool.name, 200) ?? stringOf(tool.tool, 200) ?? "tool";
    const id = stringOf(tool.toolCallId, 200);
    turns.push(toolCallTurn(name, tool.rawArgs ?? tool.params, { id, at }));
    if (tool.result !== undefined) {
      const text = resultText(
        typeof tool.result === "string" ? tool.result : JSON.stringify(tool.result),
      );
      // Cursor records no exit status: only a failed tool call is known.
      turns.push({
        kind: "tool_result",
        id,
        exit_code: null,
        is_error: tool.status === "error" ? true : null,
        text,
        at,
      });
    }
  }
  const text = contentText(b.text);
  if (text.trim() !== "") {
    if (b.type === 1) turns.push({ kind: "user", text, at });
    else if (b.type === 2) turns.push({ kind: "assistant", text, at });
  }
  return turns;
}

/**
 * Turns a composer and its bubbles into turns.
 * @param composer The `composerData:<id>` value (null: over the bound or missing).
 * @param bubbles The `bubbleId:<id>:<bubble>` values by bubble id (null values: over the bound).
 * @param counts Counts to add to.
 * @returns The turns.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseCursorComposer } from "./cursor.ts";
 * import { emptyCounts } from "./types.ts";
 * const composer = JSON.stringify({ _v: 10, composerId: "c", createdAt: 1787217302000, fullConversationHeadersOnly: [{ bubbleId: "b1", type: 1 }, { bubbleId: "b2", type: 2 }, { bubbleId: "gone", type: 2 }] });
 * const r = parseCursorComposer(composer, new Map([["b1", '{"type":1,"text":"Refactor"}'], ["b2", '{"type":2,"text":"Done"}']]), emptyCounts());
 * assert.deepEqual(r.turns.map((t) => t.kind), ["user", "assistant"]);
 * assert.equal(r.counts.invalid, 1, "a bubble the composer names but the store lacks");
 * ```
 */
export function parseCursorComposer(
  composer: string | null,
  bubbles: ReadonlyMap<string, string | null>,
  counts: ReadCounts,
): ParsedTranscript {
  const meta = emptyMeta();
  const c = json(composer);
  if (c === null) {
    counts.invalid++;
    return { turns: [], counts, meta };
  }
  meta.session_id = stringOf(c.composerId, 200);
  meta.started_at = timeOf(c.createdAt);
  meta.updated_at = timeOf(c.lastUpdatedAt) ?? meta.started_at;
  meta.format = `cursor composer _v ${typeof c._v === "number" ? c._v : "?"}`;
  const turns: Turn[] = [];
  const ids = composerBubbleIds(composer);
  if (ids.length === 0 && Array.isArray(c.conversation)) {
    for (const b of c.conversation.slice(-2000)) {
      counts.records++;
      const o = objectOf(b);
      if (o === null) counts.invalid++;
      else turns.push(...bubbleTurns(o));
    }
    return { turns, counts, meta };
  }
  for (const id of ids) {
    counts.records++;
    const b = json(bubbles.get(id) ?? null);
    if (b === null) counts.invalid++;
    else turns.push(...bubbleTurns(b));
  }
  return { turns, counts, meta };
}
