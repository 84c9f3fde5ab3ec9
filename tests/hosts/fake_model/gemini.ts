/**
 * The Gemini API, just enough for Gemini CLI: `models/M:generateContent`,
 * `:streamGenerateContent` (SSE with `alt=sse`, a JSON array otherwise) and
 * `:countTokens`. A JSON-mode request (the CLI's model router and
 * next-speaker checks) gets an object shaped by its response schema.
 * @module
 */
import { jsonResponse, sseResponse } from "./sse.ts";
import { REPLY_TEXT, type UsagePlan } from "./reply.ts";

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

function replyText(body: Json): string {
  const config = isObject(body.generationConfig) ? body.generationConfig : {};
  if (config.responseMimeType !== "application/json") return REPLY_TEXT;
  const schema = config.responseJsonSchema ?? config.responseSchema;
  return JSON.stringify(sampleForSchema(schema));
}

/** Answers one Gemini request, or null when the path is not this API's. */
export function gemini(
  path: string,
  query: URLSearchParams,
  body: Json,
  usage: UsagePlan,
): Response | null {
  const m = /^\/v1(?:beta|alpha)?\/models\/[^/:]+:(\w+)$/.exec(path);
  if (m === null) return null;
  const method = m[1];
  if (method === "countTokens") return jsonResponse({ totalTokens: 100 });
  if (method !== "generateContent" && method !== "streamGenerateContent") {
    return null;
  }
  const u = usage.next();
  const reply = {
    candidates: [{
      content: { role: "model", parts: [{ text: replyText(body) }] },
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
