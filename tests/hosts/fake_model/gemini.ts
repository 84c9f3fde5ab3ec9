/**
 * The Gemini API, just enough for Gemini CLI: `models/M:generateContent`,
 * `:streamGenerateContent` (SSE with `alt=sse`, a JSON array otherwise) and
 * `:countTokens`. A JSON-mode request (the CLI's model router and
 * next-speaker checks) gets an object shaped by its response schema. A
 * scripted turn answers with a `functionCall` part for the host's shell tool.
 * @module
 */
import { jsonResponse, sseResponse } from "./sse.ts";
import type { UsagePlan } from "./reply.ts";
import { type OfferedTool, resultText, type Scripting } from "./tool_script.ts";

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A value matching a (JSON or OpenAPI-style) schema: required fields, first enum values. */
export function sampleForSchema(schema: unknown, depth = 0): unknown {
  if (!isObject(schema) || depth > 8) return null;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    return schema.enum[0];
  }
  const type = String(schema.type ?? "object").toLowerCase();
  if (type === "string") return "fake";
  if (type === "number" || type === "integer") {
    return typeof schema.minimum === "number" ? schema.minimum : 1;
  }
  if (type === "boolean") return false;
  if (type === "array") return [];
  const out: Json = {};
  const props = isObject(schema.properties) ? schema.properties : {};
  for (const [k, v] of Object.entries(props)) {
    out[k] = sampleForSchema(v, depth + 1);
  }
  return out;
}

/** The function declarations a request offers. */
function toolsOf(body: Json): OfferedTool[] {
  const out: OfferedTool[] = [];
  for (const t of Array.isArray(body.tools) ? body.tools : []) {
    if (!isObject(t) || !Array.isArray(t.functionDeclarations)) continue;
    for (const f of t.functionDeclarations) {
      if (isObject(f) && typeof f.name === "string") {
        out.push({
          name: f.name,
          schema: f.parametersJsonSchema ?? f.parameters,
        });
      }
    }
  }
  return out;
}

/** The text of every functionResponse part, oldest first. */
function resultsOf(body: Json): string[] {
  const out: string[] = [];
  for (const c of Array.isArray(body.contents) ? body.contents : []) {
    if (!isObject(c) || !Array.isArray(c.parts)) continue;
    for (const p of c.parts) {
      if (isObject(p) && isObject(p.functionResponse)) {
        out.push(resultText(p.functionResponse.response));
      }
    }
  }
  return out;
}

function replyText(body: Json, text: string): string {
  const config = isObject(body.generationConfig) ? body.generationConfig : {};
  if (config.responseMimeType !== "application/json") return text;
  const schema = config.responseJsonSchema ?? config.responseSchema;
  return JSON.stringify(sampleForSchema(schema));
}

/** Answers one Gemini request, or null when the path is not this API's. */
export function gemini(
  path: string,
  query: URLSearchParams,
  body: Json,
  usage: UsagePlan,
  scripting: Scripting,
): Response | null {
  const m = /^\/v1(?:beta|alpha)?\/models\/[^/:]+:(\w+)$/.exec(path);
  if (m === null) return null;
  const method = m[1];
  if (method === "countTokens") return jsonResponse({ totalTokens: 100 });
  if (method !== "generateContent" && method !== "streamGenerateContent") {
    return null;
  }
  const u = usage.next();
  const config = isObject(body.generationConfig) ? body.generationConfig : {};
  // A JSON-mode call (the router, next-speaker checks) is never a tool turn.
  const call = config.responseMimeType === "application/json"
    ? null
    : scripting.next(toolsOf(body), resultsOf(body));
  const part = call === null
    ? { text: replyText(body, scripting.text()) }
    : { functionCall: { name: call.tool, args: call.args } };
  const reply = {
    candidates: [{
      content: { role: "model", parts: [part] },
      finishReason: "STOP",
      index: 0,
    }],
    usageMetadata: {
      promptTokenCount: u.input,
      candidatesTokenCount: u.output,
      totalTokenCount: u.input + u.output,
    },
    modelVersion: "gemini-fake",
  };
  if (method === "generateContent") return jsonResponse(reply);
  if (query.get("alt") === "sse") return sseResponse([{ data: reply }]);
  return jsonResponse([reply]);
}
