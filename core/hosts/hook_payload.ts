/**
 * Reads a host's hook payload (the JSON a host writes on the hook's stdin)
 * strictly and within bounds, and pulls out the few fields baton uses,
 * accepting both the snake_case and the camelCase spellings hosts use. Any
 * other field is ignored, so a host that adds fields never breaks a hook.
 * Errors are content-free (kind and position only). Pure.
 * @module
 */
import { InputError } from "../errors.ts";
import { isAbsolutePath } from "../path.ts";
import { parseStrictJson } from "../json/strict_parse.ts";
import { detectHost } from "./detect_host.ts";
import type { HookEvent, HostId } from "./ids.ts";
import { toHookEvent } from "./native_events.ts";
import { RUNTIME_RECORDS } from "./_records_generated.ts";

/** Every record's field name for one payload value, each once, in the records' order. */
function fieldsOf(
  pick: (p: (typeof RUNTIME_RECORDS)[number]["payload"]) => string | null,
): string[] {
  return [...new Set(RUNTIME_RECORDS.map((r) => pick(r.payload)).filter((f) => f !== null))];
}

const EVENT_FIELDS = fieldsOf((p) => p.event);
const SESSION_FIELDS = fieldsOf((p) => p.sessionId);
const TRANSCRIPT_FIELDS = fieldsOf((p) => p.transcriptPath);
const CWD_FIELDS = fieldsOf((p) => p.cwd);

/** The first field of `fields` that holds a usable string (an array field: its first element). */
function firstString(
  o: Record<string, unknown>,
  fields: readonly string[],
  max?: number,
): string | null {
  for (const f of fields) {
    const v = Array.isArray(o[f]) ? (o[f] as unknown[])[0] : o[f];
    const s = str(v, max);
    if (s !== null) return s;
  }
  return null;
}

/** Largest payload read: hosts send a few hundred bytes; Cursor's can carry file content. */
export const MAX_HOOK_PAYLOAD_BYTES = 1024 * 1024;

/** The fields of a hook payload baton acts on. */
export interface HookPayload {
  /** The host the payload's shape points to, or null. */
  detectedHost: HostId | null;
  /** The event name the payload states, as sent (`hook_event_name` / `hookEventName`). */
  nativeEvent: string | null;
  /** That name mapped to baton's events, or null when unknown or absent. */
  event: HookEvent | null;
  /** Absolute working directory of the session (`cwd`, else Cursor's first workspace root). */
  cwd: string | null;
  sessionId: string | null;
  /** Null when absent or sent as null (Codex sends null). */
  transcriptPath: string | null;
  /** SessionStart `source`: startup, resume, clear, compact, fork, new, ... */
  source: string | null;
  /** PreCompact/PreCompress `trigger`: manual or auto. */
  trigger: string | null;
  /**
   * Tool calls since the last user turn as the caller counted them
   * (`tool_calls_since_prompt`, sent by baton's OpenCode plugin, whose host
   * names no transcript); undefined when absent. Kept as sent: a value that
   * is not a count is judged hard by the band rules, never dropped.
   */
  toolCallsSincePrompt?: unknown;
}

function str(value: unknown, max = 4096): string | null {
  return typeof value === "string" && value.length > 0 && value.length <= max ? value : null;
}

function absolute(path: string | null): string | null {
  if (path === null) return null;
  const p = path.replaceAll("\\", "/");
  return isAbsolutePath(p) ? p.replace(/(.)\/+$/, "$1") : null;
}

/**
 * Pulls baton's fields out of an already parsed payload.
 * @throws {InputError} when the payload is not a JSON object.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const p = readHookPayload({ session_id: "s1", hook_event_name: "PreCompact", cwd: "/r", transcript_path: null });
 * assert.equal(p.event, "pre-compact");
 * assert.equal(p.transcriptPath, null);
 * assert.equal(p.detectedHost, "codex", "only Codex sends a null transcript path");
 * ```
 */
export function readHookPayload(value: unknown): HookPayload {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new InputError(
      `Cannot read hook payload: expected a JSON object, got ${
        Array.isArray(value) ? "an array" : value === null ? "null" : `a ${typeof value}`
      }`,
      "hook_payload_not_object",
    );
  }
  const o = value as Record<string, unknown>;
  const nativeEvent = firstString(o, EVENT_FIELDS, 200);
  return {
    detectedHost: detectHost(o),
    nativeEvent,
    event: nativeEvent === null ? null : toHookEvent(nativeEvent),
    cwd: CWD_FIELDS.map((f) => absolute(firstString(o, [f]))).find((c) => c !== null) ?? null,
    sessionId: firstString(o, SESSION_FIELDS, 200),
    transcriptPath: firstString(o, TRANSCRIPT_FIELDS),
    source: str(o.source, 100),
    trigger: str(o.trigger, 100),
    ...(o.tool_calls_since_prompt === undefined
      ? {}
      : { toolCallsSincePrompt: o.tool_calls_since_prompt }),
  };
}

/**
 * Parses payload bytes strictly. Empty input (or only whitespace) gives an
 * empty payload: OpenCode's plugin, for one, may send nothing.
 * @throws {StrictJsonError} on malformed or truncated JSON.
 * @throws {InputError} when the payload is not an object.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { StrictJsonError } from "../json/strict_json_error.ts";
 * const bytes = new TextEncoder().encode('{"hookEventName":"SessionStart","sessionId":"v","cwd":"/r"}');
 * assert.equal(parseHookPayload(bytes).detectedHost, "copilot");
 * assert.throws(() => parseHookPayload(new TextEncoder().encode('{"session_id":"s"')), StrictJsonError);
 * ```
 */
export function parseHookPayload(bytes: Uint8Array): HookPayload {
  if (bytes.every((b) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d)) {
    return readHookPayload({});
  }
  return readHookPayload(parseStrictJson(bytes, { maxBytes: MAX_HOOK_PAYLOAD_BYTES }));
}
