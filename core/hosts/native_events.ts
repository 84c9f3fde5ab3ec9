/**
 * Maps the event names hosts put in their hook payloads (and that a user may
 * type) onto baton's own hook events. Used to accept `baton hook PreCompact`
 * and to cross-check a payload's event against the one on the command line,
 * never to reject a payload. Derived from the host records. Pure data.
 * @module
 */
import { type HookEvent, isHookEvent } from "./events.ts";
import type { RuntimeRecord } from "./record.ts";
import { RUNTIME_RECORDS } from "./_records_generated.ts";

/**
 * Host-native event names, from every host record's `events` (Claude Code,
 * Codex and Copilot use PascalCase, Cursor camelCase, Gemini CLI has
 * `PreCompress`, `AfterAgent`, `BeforeAgent` and `AfterTool`, OpenCode's
 * plugin events are dotted). The pre-tool names are left out: the gate
 * takes them before this table is read.
 */
export const NATIVE_EVENTS: Readonly<Record<string, HookEvent>> = nativeEventsOf(RUNTIME_RECORDS);

/** The native event names of `records`, each mapped to baton's event (pre-tool names left out). */
export function nativeEventsOf(
  records: readonly RuntimeRecord[],
): Readonly<Record<string, HookEvent>> {
  return Object.freeze(
    Object.fromEntries(
      records.flatMap((r) =>
        Object.entries(r.events as RuntimeRecord["events"])
          .filter(([event]) => event !== "pre-tool")
          .flatMap(([event, names]) => (names ?? []).map((n) => [n, event as HookEvent]))
      ),
    ),
  );
}

/**
 * The baton hook event a name stands for (baton's own or a host's), or null.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(toHookEvent("pre-compact"), "pre-compact");
 * assert.equal(toHookEvent("PreCompress"), "pre-compact");
 * assert.equal(toHookEvent("PreToolUse"), null);
 * ```
 */
export function toHookEvent(name: string): HookEvent | null {
  if (isHookEvent(name)) return name;
  return Object.hasOwn(NATIVE_EVENTS, name) ? NATIVE_EVENTS[name]! : null;
}
