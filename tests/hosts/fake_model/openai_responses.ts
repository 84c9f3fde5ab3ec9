/**
 * The OpenAI Responses API, just enough for Codex: `POST /v1/responses`,
 * streamed as SSE (created, one message item, completed with usage). A
 * scripted turn answers with a `function_call` item for the host's shell
 * tool instead of the message.
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
    .filter((t) => typeof t.name === "string")
    .map((t) => ({ name: String(t.name), schema: t.parameters }));
}

/** The text of every function call output, oldest first. */
function resultsOf(body: Json): string[] {
  return (Array.isArray(body.input) ? body.input : []).filter(isObject)
    .filter((i) => typeof i.type === "string" && i.type.endsWith("_call_output"))
    .map((i) => resultText(i.output));
}

/** Answers one Responses request, or null when the path is not this API's. */
export function openaiResponses(
  path: string,
  body: Record<string, unknown>,
  usage: UsagePlan,
  scripting: Scripting,
): Response | null {
  if (path !== "/v1/responses") return null;
  const u = usage.next();
  const id = `resp_fake_${crypto.randomUUID().slice(0, 8)}`;
  const itemId = `msg_fake_${crypto.randomUUID().slice(0, 8)}`;
  const model = typeof body.model === "string" ? body.model : "gpt-fake";
  const call = scripting.next(toolsOf(body), resultsOf(body));
  const item = call === null
    ? {
      id: itemId,
      type: "message",
      role: "assistant",
      status: "completed",
      content: [{
        type: "output_text",
        text: scripting.text(),
        annotations: [],
      }],
    }
    : {
      id: itemId,
      type: "function_call",
      status: "completed",
      call_id: `call_fake_${crypto.randomUUID().slice(0, 8)}`,
      name: call.tool,
      arguments: JSON.stringify(call.args),
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
        item: call === null
          ? { ...item, status: "in_progress", content: [] }
          : { ...item, status: "in_progress", arguments: "" },
      },
    },
    call === null
      ? {
        event: "response.output_text.delta",
        data: {
          type: "response.output_text.delta",
          item_id: itemId,
          output_index: 0,
          content_index: 0,
          delta: scripting.text(),
        },
      }
      : {
        event: "response.function_call_arguments.delta",
        data: {
          type: "response.function_call_arguments.delta",
          item_id: itemId,
          output_index: 0,
          delta: JSON.stringify(call.args),
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
