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
 * - A record whose id was seen before replaces the earlier one in place;
 *   a rewind drops the named message and everything after it.
 * - Parts that are baton's own injected `<hook_context>` are left out of
 *   user turns (they are our briefing, not the user's words).
 * @module
 */
import { contentText, objectOf, resultText, stringOf, timeOf } from "./record_text.ts";
import { namedToolCall, toolCallTurn } from "./tool_call.ts";
import { fillFields, geminiFill, type TokenFill } from "./token_fill.ts";
import {
  emptyMeta,
  type ParsedTranscript,
  type ParseOptions,
  type ReadCounts,
  type Turn,
} from "./types.ts";

function partsWithout(content: unknown): unknown {
  if (!Array.isArray(content)) {
    return typeof content === "string" && content.startsWith("<hook_context>") ? "" : content;
  }
  return content.filter((p) => {
    const t = typeof p === "string" ? p : objectOf(p)?.text;
    return !(typeof t === "string" && t.startsWith("<hook_context>"));
  });
}

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

function messageTurns(m: Record<string, unknown>, counts: ReadCounts, light: boolean): Turn[] {
  const at = light ? null : timeOf(m.timestamp);
  if (m.type === "user") {
    const text = contentText(partsWithout(m.content));
    return text.trim() === "" ? [] : [{ kind: "user", text, at }];
  }
  if (m.type !== "gemini") {
    counts.skipped++;
    return [];
  }
  const turns: Turn[] = [];
  const calls = Array.isArray(m.toolCalls) ? m.toolCalls : [];
  for (const c of calls.slice(0, 500)) {
    const call = objectOf(c);
    if (call === null) continue;
    const name = stringOf(call.name, 200) ?? "unknown";
    if (light) {
      turns.push(namedToolCall(name));
      continue;
    }
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
export function parseGemini(
  records: readonly unknown[],
  counts: ReadCounts,
  options: ParseOptions = {},
): ParsedTranscript {
  const light = options.light === true;
  const meta = emptyMeta();
  const order: string[] = [];
  const byId = new Map<string, Turn[]>();
  const fillById = new Map<string, TokenFill>();
  let anon = 0;
  const put = (m: Record<string, unknown>) => {
    const id = stringOf(m.id, 200) ?? `\u0000${anon++}`;
    if (!byId.has(id)) order.push(id);
    byId.set(id, messageTurns(m, counts, light));
    const fill = m.type === "gemini" ? geminiFill(m.tokens, m.model) : undefined;
    if (fill === undefined) fillById.delete(id);
    else fillById.set(id, fill);
    const at = light ? null : timeOf(m.timestamp);
    if (at !== null) meta.updated_at = at;
  };
  for (const raw of records) {
    const r = objectOf(raw);
    if (r === null) {
      counts.unknown++;
      continue;
    }
    if ("sessionId" in r && "projectHash" in r) {
      meta.session_id ??= stringOf(r.sessionId, 200);
      meta.started_at ??= timeOf(r.startTime);
      meta.updated_at = timeOf(r.lastUpdated) ?? meta.updated_at;
      meta.format = "gemini-cli jsonl";
      continue;
    }
    if ("$rewindTo" in r) {
      const i = order.indexOf(String(r.$rewindTo));
      if (i >= 0) {
        for (const id of order.splice(i)) {
          byId.delete(id);
          fillById.delete(id);
        }
      }
      continue;
    }
    const set = objectOf(r.$set);
    if (set !== null) {
      if (Array.isArray(set.messages)) {
        order.length = 0;
        byId.clear();
        fillById.clear();
        for (const m of set.messages.slice(-5000)) {
          const o = objectOf(m);
          if (o !== null) put(o);
        }
      }
      meta.updated_at = timeOf(set.lastUpdated) ?? meta.updated_at;
      counts.skipped++;
      continue;
    }
    if (typeof r.type === "string" && ("content" in r || "toolCalls" in r)) {
      put(r);
      continue;
    }
    counts.unknown++;
  }
  const turns = order.flatMap((id) => byId.get(id) ?? []);
  // The context fill is the newest reply's own token count (Gemini compresses in memory: no marker resets it).
  let fill: TokenFill | undefined;
  for (let i = order.length - 1; i >= 0 && fill === undefined; i--) fill = fillById.get(order[i]!);
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
