/**
 * baton's own hook events: the vocabulary every host record maps its native
 * event names onto. Pure data.
 * @module
 */

/**
 * baton's own names for the hook events it handles: the lifecycle events,
 * and the per-prompt (`prompt`) and after-a-tool-call (`post-tool`) events
 * that report the context band, and the mutation gate before a tool call
 * (`pre-tool`), which allows everything unless the repository opted in.
 */
export const HOOK_EVENTS = [
  "session-start",
  "pre-compact",
  "session-end",
  "stop",
  "prompt",
  "post-tool",
  "pre-tool",
] as const;

/** The hook events that report the context band (advisory; they never capture). */
export type BandHookEvent = "prompt" | "post-tool";

/**
 * Narrows a hook event to a band event.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(isBandHookEvent("post-tool"), true);
 * assert.equal(isBandHookEvent("stop"), false);
 * ```
 */
export function isBandHookEvent(event: string): event is BandHookEvent {
  return event === "prompt" || event === "post-tool";
}

/** One hook event. */
export type HookEvent = typeof HOOK_EVENTS[number];

/**
 * Narrows a string to a hook event.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(isHookEvent("pre-compact"), true);
 * assert.equal(isHookEvent("PreCompact"), false);
 * ```
 */
export function isHookEvent(value: string): value is HookEvent {
  return (HOOK_EVENTS as readonly string[]).includes(value);
}
