/**
 * Reader of a generic transcript file, for tools baton has no reader for
 * and for transcripts a person saved: JSON Lines whose records carry a role
 * (`{"role": "user"|"assistant"|"tool", "content": ...}`, or `type` in place
 * of `role`, with `text` or `content`), or Markdown in Aider's chat-history
 * form (`#### ` opens a user message) or with `## User` / `## Assistant`
 * headings. Guessed from common practice, not from one program. Pure.
 * @module
 */
import { contentText, objectOf, resultText, stringOf, timeOf } from "./record_text.ts";
import { toolCallTurn } from "./tool_call.ts";
import { emptyMeta, type ParsedTranscript, type ReadCounts, seenAt, type Turn } from "./types.ts";

const USER_ROLES = new Set(["user", "human"]);
const ASSISTANT_ROLES = new Set(["assistant", "ai", "model", "gemini", "bot"]);

/**
 * Turns generic JSONL records into turns.
 * @param records Parsed JSON lines.
 * @param counts Counts to add to.
 * @returns The turns.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGenericRecords } from "./generic.ts";
 * import { emptyCounts } from "./types.ts";
 * const r = parseGenericRecords([{ role: "user", content: "hi" }, { role: "assistant", content: "hello" }, { x: 1 }], emptyCounts());
 * assert.deepEqual(r.turns.map((t) => t.kind), ["user", "assistant"]);
 * assert.equal(r.counts.unknown, 1);
 * ```
 */
export function parseGenericRecords(
  records: readonly unknown[],
  counts: ReadCounts,
): ParsedTranscript {
  const turns: Turn[] = [];
  const meta = emptyMeta();
  meta.format = "generic jsonl";
  for (const raw of records) {
    const r = objectOf(raw);
    const role = (stringOf(r?.role, 40) ?? stringOf(r?.type, 40))?.toLowerCase() ?? null;
    if (r === null || role === null) {
      counts.unknown++;
      continue;
    }
    const at = timeOf(r.timestamp ?? r.time ?? r.created_at);
    seenAt(meta, at);
    const body = r.content ?? r.text ?? r.message;
    if (USER_ROLES.has(role)) {
      const text = contentText(body);
      if (text.trim() !== "") turns.push({ kind: "user", text, at });
    } else if (ASSISTANT_ROLES.has(role)) {
      const text = contentText(body);
      if (text.trim() !== "") turns.push({ kind: "assistant", text, at });
    } else if (role === "tool_call" || role === "tool_use") {
      turns.push(toolCallTurn(stringOf(r.name, 200) ?? "tool", r.input ?? r.args ?? r.arguments, {
        id: stringOf(r.id, 200),
        at,
      }));
    } else if (role === "tool" || role === "tool_result") {
      const code = r.exit_code ?? r.exitCode;
      turns.push({
        kind: "tool_result",
        id: stringOf(r.id ?? r.tool_call_id, 200),
        exit_code: typeof code === "number" ? code : null,
        is_error: typeof code === "number" ? code !== 0 : null,
        text: resultText(body ?? r.output),
        at,
      });
    } else counts.skipped++;
  }
  return { turns, counts, meta };
}

/**
 * Turns a Markdown transcript into turns: Aider's `#### ` user lines (the
 * text after them until the next one is the assistant's), or `## User` /
 * `## Assistant` headings.
 * @param text The Markdown.
 * @param counts Counts to add to (one record per message).
 * @returns The turns.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseMarkdownTranscript } from "./generic.ts";
 * import { emptyCounts } from "./types.ts";
 * const r = parseMarkdownTranscript("# aider chat started\n\n#### Refactor it\n\nDone.\n", emptyCounts());
 * assert.deepEqual(r.turns.map((t) => [t.kind, t.kind === "user" || t.kind === "assistant" ? t.text : ""]), [["user", "Refactor it"], ["assistant", "Done."]]);
 * ```
 */
export function parseMarkdownTranscript(text: string, counts: ReadCounts): ParsedTranscript {
  const turns: Turn[] = [];
  const meta = emptyMeta();
  meta.format = "markdown";
  let role: "user" | "assistant" | null = null;
  let buffer: string[] = [];
  let aiderForm = false;
  const flush = () => {
    const body = buffer.join("\n").trim();
    if (role !== null && body !== "") {
      counts.records++;
      turns.push({ kind: role, text: contentText(body), at: null });
    }
    buffer = [];
  };
  for (const line of text.split(/\r?\n/)) {
    const aider = /^#### (.*)$/.exec(line);
    const heading = /^#{1,3}\s*(user|human|you|assistant|ai|model)\s*:?\s*$/i.exec(line);
    if (aider !== null) {
      aiderForm = true;
      if (role === "user") buffer.push(aider[1]!);
      else {
        flush();
        role = "user";
        buffer.push(aider[1]!);
      }
    } else if (heading !== null) {
      flush();
      role = /^(user|human|you)$/i.test(heading[1]!) ? "user" : "assistant";
    } else if (aiderForm && role === "user" && buffer.length > 0 && line.trim() === "") {
      // In Aider's form a blank line ends the user's message; the reply follows.
      flush();
      role = "assistant";
    } else if (role !== null && !/^# aider chat started/.test(line)) {
      buffer.push(line);
    }
  }
  flush();
  return { turns, counts, meta };
}
