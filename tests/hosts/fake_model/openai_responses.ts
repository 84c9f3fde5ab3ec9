/**
 * The OpenAI Responses API, just enough for Codex: `POST /v1/responses`,
 * streamed as SSE (created, one message item, completed with usage).
 * @module
 */
import { jsonResponse, sseResponse } from "./sse.ts";
import { REPLY_TEXT, type UsagePlan } from "./reply.ts";

/** Answers one Responses request, or null when the path is not this API's. */
export function openaiResponses(
  path: string,
  body: Record<string, unknown>,
  usage: UsagePlan,
): Response | null {
  if (path !== "/v1/responses") return null;
  const u = usage.next();
  const id = `resp_fake_${crypto.randomUUID().slice(0, 8)}`;
  const itemId = `msg_fake_${crypto.randomUUID().slice(0, 8)}`;
  const model = typeof body.model === "string" ? body.model : "gpt-fake";
  const item = {
    id: itemId,
    type: "message",
    role: "assistant",
    status: "completed",
    content: [{ type: "output_text", text: REPLY_TEXT, annotations: [] }],
  };
  const base = { id, object: "response", created_at: 0, model };
  const done = {
    ...base,
    status: "completed",
    output: [item],
    usage: {
      input_tokens: u.input,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: u.output,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: u.input + u.output,
    },
  };
  if (body.stream !== true) return jsonResponse(done);
  return sseResponse([
    {
      event: "response.created",
      data: {
        type: "response.created",
        response: { ...base, status: "in_progress", output: [] },
      },
    },
    {
      event: "response.output_item.added",
      data: {
        type: "response.output_item.added",
        output_index: 0,
        item: { ...item, status: "in_progress", content: [] },
      },
    },
    {
      event: "response.output_text.delta",
      data: {
        type: "response.output_text.delta",
        item_id: itemId,
        output_index: 0,
        content_index: 0,
        delta: REPLY_TEXT,
      },
    },
    {
      event: "response.output_item.done",
      data: { type: "response.output_item.done", output_index: 0, item },
    },
    {
      event: "response.completed",
      data: { type: "response.completed", response: done },
    },
  ]);
}
