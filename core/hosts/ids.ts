/**
 * The host and hook-event vocabulary shared by `baton install`, `baton hook`
 * and `baton doctor`. A hook command written into a host's config is always
 * `<baton> hook <HookEvent> --host <HostId>`; the host's own event names are
 * mapped to these by each host's integration. Pure data.
 * @module
 */

/** Agent hosts baton installs into, as the user types them. */
export const HOST_IDS = [
  "claude-code",
  "codex",
  "cursor",
  "gemini",
  "opencode",
  "copilot",
] as const;

/** One host id. */
export type HostId = typeof HOST_IDS[number];

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
 * Narrows a string to a host id.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(isHostId("codex"), true);
 * assert.equal(isHostId("vim"), false);
 * ```
 */
export function isHostId(value: string): value is HostId {
  return (HOST_IDS as readonly string[]).includes(value);
}

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
