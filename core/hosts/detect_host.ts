/**
 * Tells which agent host sent a hook payload from the payload's shape alone,
 * for hook commands that carry no `--host`. The rules follow the host
 * hosts' documented input fields; a payload that fits none gives null.
 * Claude Code and Codex send nearly the same fields: where nothing tells them
 * apart the answer is "claude-code", whose output shapes Codex also accepts.
 * Pure.
 * @module
 */
import { HOST_IDS, type HostId, hostRecord } from "./ids.ts";

/**
 * Event names only Gemini CLI uses: its record's native names that no other
 * record gives, and the events it has that baton registers none for.
 */
const GEMINI_EVENTS = new Set([
  ...onlyGemini(),
  "BeforeModel",
  "AfterModel",
  "BeforeToolSelection",
  "AfterAgent",
]);

function namesOf(id: HostId): string[] {
  return Object.values(hostRecord(id).events).flat();
}

function onlyGemini(): string[] {
  const others = new Set(HOST_IDS.filter((id) => id !== "gemini").flatMap(namesOf));
  return namesOf("gemini").filter((n) => !others.has(n));
}

function str(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/**
 * The host whose payload shape `payload` has, or null.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(detectHost({ hook_event_name: "sessionStart", workspace_roots: ["/r"] }), "cursor");
 * assert.equal(detectHost({ sessionId: "s", hookEventName: "PreCompact" }), "copilot");
 * assert.equal(detectHost({ session_id: "s", hook_event_name: "PreCompact", turn_id: "t" }), "codex");
 * assert.equal(detectHost({ hello: 1 }), null);
 * ```
 */
export function detectHost(payload: Readonly<Record<string, unknown>>): HostId | null {
  const has = (key: string): boolean => Object.hasOwn(payload, key);
  if (has("cursor_version") || has("conversation_id") || Array.isArray(payload.workspace_roots)) {
    return "cursor";
  }
  const snakeEvent = str(payload.hook_event_name);
  if (
    str(payload.hookEventName) !== null || (str(payload.sessionId) !== null && !has("session_id"))
  ) {
    return "copilot";
  }
  if (snakeEvent === null) return null;
  if (GEMINI_EVENTS.has(snakeEvent) || str(payload.timestamp) !== null) return "gemini";
  const transcript = str(payload.transcript_path)?.replaceAll("\\", "/") ?? "";
  if (has("turn_id") || /\/\.codex\/|\/rollout-[^/]*\.jsonl$/.test(transcript)) return "codex";
  // Codex sends a null transcript path and the model on every event; Claude
  // Code always sends a path, and the model only at session start.
  if (payload.transcript_path === null) return "codex";
  if (str(payload.model) !== null && snakeEvent !== "SessionStart") return "codex";
  if (transcript.includes("/.gemini/")) return "gemini";
  return has("session_id") ? "claude-code" : null;
}
