/**
 * The Anthropic Messages API, just enough for Claude Code: `POST /v1/messages`
 * (SSE when `stream` is true, JSON otherwise) and
 * `POST /v1/messages/count_tokens`. A scripted turn answers with a
 * `tool_use` block for the host's shell tool instead of text.
 * @module
 */
import { jsonResponse, sseResponse } from "./sse.ts";
import type { UsagePlan } from "./reply.ts";
import { type OfferedTool, resultText, type ScriptedCall, type Scripting } from "./tool_script.ts";

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The tools a request offers. */
function toolsOf(body: Json): OfferedTool[] {
  return (Array.isArray(body.tools) ? body.tools : []).filter(isObject).map((
    t,
  ) => ({
    name: String(t.name ?? ""),
    schema: t.input_schema,
  }));
}

/** The text of every `tool_result` block, oldest first. */
function resultsOf(body: Json): string[] {
  const out: string[] = [];
  for (const m of Array.isArray(body.messages) ? body.messages : []) {
    if (!isObject(m) || !Array.isArray(m.content)) continue;
    for (const b of m.content) {
      if (isObject(b) && b.type === "tool_result") {
        out.push(resultText(b.content));
      }
    }
  }
  return out;
}

/** Answers one Anthropic request, or null when the path is not this API's. */
export function anthropic(
  path: string,
  body: Record<string, unknown>,
  usage: UsagePlan,
  scripting: Scripting,
): Response | null {
  if (path === "/v1/messages/count_tokens") {
    return jsonResponse({ input_tokens: 100 });
  }
  if (path !== "/v1/messages") return null;
  const u = usage.next();
  const call = scripting.next(toolsOf(body), resultsOf(body));
  const model = typeof body.model === "string" ? body.model : "claude-fake";
  const message = {
    id: `msg_fake_${crypto.randomUUID().slice(0, 8)}`,
    type: "message",
    role: "assistant",
    model,
    content: [] as unknown[],
    stop_reason: null as string | null,
    stop_sequence: null,
    usage: { input_tokens: u.input, output_tokens: 1 },
  };
  if (call !== null) {
    return toolUse(message, call, body.stream === true, u.output);
  }
  if (body.stream !== true) {
    return jsonResponse({
      ...message,
      content: [{ type: "text", text: scripting.text() }],
      stop_reason: "end_turn",
      usage: { input_tokens: u.input, output_tokens: u.output },
    });
  }
  return sseResponse([
    { event: "message_start", data: { type: "message_start", message } },
    {
      event: "content_block_start",
      data: {
        type: "content_block_start",
        index: 0,
        content_block: { type: "text", text: "" },
      },
    },
    {
      event: "content_block_delta",
      data: {
        type: "content_block_delta",
        index: 0,
        delta: { type: "text_delta", text: scripting.text() },
      },
    },
    {
      event: "content_block_stop",
      data: { type: "content_block_stop", index: 0 },
    },
    {
      event: "message_delta",
      data: {
        type: "message_delta",
        delta: { stop_reason: "end_turn", stop_sequence: null },
        usage: { output_tokens: u.output },
      },
    },
    { event: "message_stop", data: { type: "message_stop" } },
  ]);
}

/** The reply that calls the shell tool. */
function toolUse(
  message: Json,
  call: ScriptedCall,
  stream: boolean,
  outputTokens: number,
): Response {
  const id = `toolu_fake_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  if (!stream) {
    return jsonResponse({
      ...message,
      content: [{ type: "tool_use", id, name: call.tool, input: call.args }],
      stop_reason: "tool_use",
      usage: { ...(message.usage as Json), output_tokens: outputTokens },
    });
  }
  return sseResponse([
    { event: "message_start", data: { type: "message_start", message } },
    {
      event: "content_block_start",
      data: {
        type: "content_block_start",
        index: 0,
        content_block: { type: "tool_use", id, name: call.tool, input: {} },
      },
    },
    {
      event: "content_block_delta",
      data: {
        type: "content_block_delta",
        index: 0,
        delta: {
          type: "input_json_delta",
          partial_json: JSON.stringify(call.args),
        },
      },
    },
    {
      event: "content_block_stop",
      data: { type: "content_block_stop", index: 0 },
    },
    {
      event: "message_delta",
      data: {
        type: "message_delta",
        delta: { stop_reason: "tool_use", stop_sequence: null },
        usage: { output_tokens: outputTokens },
      },
    },
    { event: "message_stop", data: { type: "message_stop" } },
  ]);
}
