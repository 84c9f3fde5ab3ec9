/**
 * Maps the event names hosts put in their hook payloads (and that a user may
 * type) onto baton's own hook events. Used to accept `baton hook PreCompact`
 * and to cross-check a payload's event against the one on the command line,
 * never to reject a payload. Pure data.
 * @module
 */
import { type HookEvent, isHookEvent } from "./ids.ts";

/**
 * Host-native event names, per the host reference: Claude Code, Codex and
 * Copilot use PascalCase, Cursor camelCase, Gemini CLI has `PreCompress`,
 * `AfterAgent`, `BeforeAgent` and `AfterTool`, OpenCode's plugin events are
 * dotted.
 */
export const NATIVE_EVENTS: Readonly<Record<string, HookEvent>> = Object.freeze({
  SessionStart: "session-start",
  sessionStart: "session-start",
  "session.created": "session-start",
  PreCompact: "pre-compact",
  preCompact: "pre-compact",
  PreCompress: "pre-compact",
  "experimental.session.compacting": "pre-compact",
  SessionEnd: "session-end",
  sessionEnd: "session-end",
  "session.deleted": "session-end",
  Stop: "stop",
  stop: "stop",
  AfterAgent: "stop",
  "session.idle": "stop",
  // Per prompt: Claude Code, Codex and Copilot; Gemini CLI's BeforeAgent; Cursor's
  // beforeSubmitPrompt (which cannot add context, so baton registers only its postToolUse).
  UserPromptSubmit: "prompt",
  BeforeAgent: "prompt",
  beforeSubmitPrompt: "prompt",
  // After a tool call: Claude Code, Codex, Copilot; Cursor; Gemini CLI; OpenCode's plugin.
  PostToolUse: "post-tool",
  postToolUse: "post-tool",
  AfterTool: "post-tool",
  "tool.execute.after": "post-tool",
});

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
