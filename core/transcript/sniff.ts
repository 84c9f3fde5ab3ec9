/**
 * The one format sniffer of a transcript: which host format one parsed
 * record (a JSON Lines line) belongs to. `baton source`, session capture
 * (through session_stores.ts's sniffFile) and the bands' backward scan all
 * decide a file's format with it. Pure.
 * Examples are in its test: the hook loads this module, every comment twice.
 * @module
 */
import type { ByteFormat } from "./parse_transcript.ts";

function isObject(v: unknown): boolean {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * The format one record belongs to, or null when it tells nothing.
 * `path` decides Gemini CLI's one-document `.json` form.
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
  // Qwen Code: Claude Code's envelope around Gemini's message parts; every record names its
  // provenance (user, model, tool or system).
  if (
    type !== null && "sessionId" in o &&
    (typeof o.provenance === "string" || isObject(o.message) && "parts" in (o.message as object))
  ) return "qwen-code";
  // Factory Droid and pi: each has its own session header; their message entries look alike
  // (both link entries by parentId), but pi stamps each message itself with a number.
  if (type === "session_start" && "owner" in o && "cwd" in o) return "droid";
  if (type === "agent_turn_outcome" && "turnId" in o) return "droid";
  if (type === "session" && "version" in o && "cwd" in o) return "pi";
  if (type === "message" && isObject(o.message) && !("sessionId" in o)) {
    return typeof (o.message as Record<string, unknown>).timestamp === "number" ? "pi" : "droid";
  }
  if (type !== null && "parentId" in o && !("sessionId" in o) && !("parentUuid" in o)) return "pi";
  if (
    type !== null && (
      "sessionId" in o || (type === "user" || type === "assistant") && isObject(o.message) ||
      type === "system" && typeof o.subtype === "string" || type === "summary" && "leafUuid" in o
    )
  ) return "claude-code";
  if ("role" in o) return "generic-jsonl";
  return null;
}

/**
 * Whether a file's head opens as JSON Lines do (or as one JSON document): with an object, after
 * blanks; an empty head tells nothing. A file that opens otherwise is free-form text (Cursor's
 * `user:`/`[Tool result]` transcript), whose lines shaped like a host's records are whatever a
 * tool printed: no record of it is sniffed.
 */
export function opensAsJson(head: string): boolean {
  const t = head.trimStart();
  return t === "" || t.startsWith("{");
}
