/**
 * The OpenAI Chat Completions API, just enough for OpenCode and Copilot CLI:
 * `POST /v1/chat/completions` (streamed chunks ending in `[DONE]`, or one JSON
 * reply) and `GET /v1/models`.
 * @module
 */
import { jsonResponse, sseResponse } from "./sse.ts";
import { REPLY_TEXT, type UsagePlan } from "./reply.ts";

/** The one model the fake server lists. */
export const FAKE_CHAT_MODEL = "fake-model";

/** Answers one Chat Completions request, or null when the path is not this API's. */
export function openaiChat(
  path: string,
  body: Record<string, unknown>,
  usage: UsagePlan,
): Response | null {
  const p = path.replace(/^\/v1/, "");
  if (p === "/models") {
    return jsonResponse({
      object: "list",
      data: [{
        id: FAKE_CHAT_MODEL,
        object: "model",
        created: 0,
        owned_by: "fake",
      }],
    });
  }
  if (p !== "/chat/completions") return null;
  const u = usage.next();
  const id = `chatcmpl-fake-${crypto.randomUUID().slice(0, 8)}`;
  const model = typeof body.model === "string" ? body.model : FAKE_CHAT_MODEL;
  const tokens = {
    prompt_tokens: u.input,
    completion_tokens: u.output,
    total_tokens: u.input + u.output,
  };
  const base = { id, created: 0, model };
  if (body.stream !== true) {
    return jsonResponse({
      ...base,
      object: "chat.completion",
      choices: [{
        index: 0,
        message: { role: "assistant", content: REPLY_TEXT },
        finish_reason: "stop",
      }],
      usage: tokens,
    });
  }
  const chunk = (choice: unknown, extra: Record<string, unknown> = {}) => ({
    data: {
      ...base,
      object: "chat.completion.chunk",
      choices: [choice],
      ...extra,
    },
  });
  return sseResponse([
    chunk({
      index: 0,
      delta: { role: "assistant", content: REPLY_TEXT },
      finish_reason: null,
    }),
    chunk({ index: 0, delta: {}, finish_reason: "stop" }, { usage: tokens }),
    { data: "[DONE]" },
  ]);
}
