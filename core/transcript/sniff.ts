/**
 * The one format sniffer of a transcript: which host format one parsed
 * record (a JSON Lines line) belongs to. `baton source`, session capture
 * (through session_stores.ts's sniffFile) and the bands' backward scan all
 * decide a file's format with it. Pure.
 * @module
 */
import type { ByteFormat } from "./parse_transcript.ts";

function isObject(v: unknown): boolean {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * The format one record belongs to, or null when it tells nothing.
 * `path` decides Gemini CLI's one-document `.json` form.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(sniffRecord({ type: "event_msg", payload: {}, timestamp: "t" }), "codex");
 * assert.equal(sniffRecord({ type: "user", message: { role: "user" }, sessionId: "s" }), "claude-code");
 * assert.equal(sniffRecord({ type: "user", id: "1", content: [] }), "gemini");
 * assert.equal(sniffRecord({ type: "session.start", data: {} }), "copilot");
 * assert.equal(sniffRecord({ role: "user", content: "x" }), "generic-jsonl");
 * assert.equal(sniffRecord({ hello: 1 }), null);
 * ```
 */
export function sniffRecord(o: Readonly<Record<string, unknown>>, path = ""): ByteFormat | null {
  const type = typeof o.type === "string" ? o.type : null;
  if (type !== null && "payload" in o) return "codex";
  if (
    "projectHash" in o || "$set" in o || "$rewindTo" in o || type === "gemini" ||
    type === "user" && typeof o.id === "string" && "content" in o
  ) {
    return path.endsWith(".json") ? "gemini-json" : "gemini";
  }
  if ("data" in o && type !== null && type.includes(".")) return "copilot";
  if (
    type !== null && (
      "sessionId" in o || (type === "user" || type === "assistant") && isObject(o.message) ||
      type === "system" && typeof o.subtype === "string" || type === "summary" && "leafUuid" in o
    )
  ) return "claude-code";
  if ("role" in o) return "generic-jsonl";
  return null;
}
