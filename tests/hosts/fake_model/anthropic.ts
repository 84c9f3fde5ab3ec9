/**
 * The Anthropic Messages API, just enough for Claude Code: `POST /v1/messages`
 * (SSE when `stream` is true, JSON otherwise) and
 * `POST /v1/messages/count_tokens`.
 * @module
 */
import { jsonResponse, sseResponse } from "./sse.ts";
import { REPLY_TEXT, type UsagePlan } from "./reply.ts";

/** Answers one Anthropic request, or null when the path is not this API's. */
export function anthropic(
  path: string,
  body: Record<string, unknown>,
  usage: UsagePlan,
): Response | null {
  if (path === "/v1/messages/count_tokens") {
    return jsonResponse({ input_tokens: 100 });
  }
  if (path !== "/v1/messages") return null;
  const u = usage.next();
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
  if (body.stream !== true) {
    return jsonResponse({
      ...message,
      content: [{ type: "text", text: REPLY_TEXT }],
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
        delta: { type: "text_delta", text: REPLY_TEXT },
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
