/**
 * The OpenAI Chat Completions API, just enough for OpenCode and Copilot CLI:
 * `POST /v1/chat/completions` (streamed chunks ending in `[DONE]`, or one JSON
 * reply) and `GET /v1/models`. A scripted turn answers with one
 * `tool_calls` entry for the host's shell tool instead of text.
 * @module
 */
import { jsonResponse, sseResponse } from "./sse.ts";
import type { UsagePlan } from "./reply.ts";
import { type OfferedTool, resultText, type Scripting } from "./tool_script.ts";

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The function tools a request offers. */
function toolsOf(body: Json): OfferedTool[] {
  return (Array.isArray(body.tools) ? body.tools : []).filter(isObject)
    .map((t) => isObject(t.function) ? t.function : {})
    .filter((f) => typeof f.name === "string")
    .map((f) => ({ name: String(f.name), schema: f.parameters }));
}

/** The text of every `tool` message, oldest first. */
function resultsOf(body: Json): string[] {
  return (Array.isArray(body.messages) ? body.messages : []).filter(isObject)
    .filter((m) => m.role === "tool").map((m) => resultText(m.content));
}

/** The one model the fake server lists. */
export const FAKE_CHAT_MODEL = "fake-model";

/** Answers one Chat Completions request, or null when the path is not this API's. */
export function openaiChat(
  path: string,
  body: Record<string, unknown>,
  usage: UsagePlan,
  scripting: Scripting,
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
  const call = scripting.next(toolsOf(body), resultsOf(body));
  const toolCall = call === null ? null : {
    id: `call_fake_${crypto.randomUUID().slice(0, 8)}`,
    type: "function",
    function: { name: call.tool, arguments: JSON.stringify(call.args) },
  };
  const finish = toolCall === null ? "stop" : "tool_calls";
  if (body.stream !== true) {
    return jsonResponse({
      ...base,
      object: "chat.completion",
      choices: [{
        index: 0,
        message: toolCall === null
          ? { role: "assistant", content: scripting.text() }
          : { role: "assistant", content: null, tool_calls: [toolCall] },
        finish_reason: finish,
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
      delta: toolCall === null ? { role: "assistant", content: scripting.text() } : {
        role: "assistant",
        content: null,
        tool_calls: [{ index: 0, ...toolCall }],
      },
      finish_reason: null,
    }),
    chunk({ index: 0, delta: {}, finish_reason: finish }, { usage: tokens }),
    { data: "[DONE]" },
  ]);
}
