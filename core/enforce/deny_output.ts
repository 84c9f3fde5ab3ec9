/**
 * How each host is told "deny this tool call": the exact JSON its
 * pre-tool hook reads (per ../shared/reference/hosts.md). Allowing prints
 * nothing, which every host reads as "no objection". Pure.
 * @module
 */
import type { HostId } from "../hosts/ids.ts";

/** The host-native pre-tool event names that `baton hook` routes to the gate. */
export const PRE_TOOL_EVENTS: readonly string[] = [
  "pre-tool",
  "pre-tool-use",
  "PreToolUse",
  "preToolUse",
  "BeforeTool",
  "beforeShellExecution",
  "tool.execute.before",
];

/**
 * The deny document for `host` (Claude Code, Codex and Copilot share
 * PreToolUse's hookSpecificOutput; Gemini CLI reads decision/reason;
 * Cursor reads permission with a message for the user and one for the
 * agent; OpenCode's plugin, which Kilo Code loads too, reads decision/reason and throws, as
 * Crush's PreToolUse reads decision/reason).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderDeny } from "./deny_output.ts";
 * assert.equal(JSON.parse(renderDeny("gemini", "no")).decision, "deny");
 * ```
 */
export function renderDeny(host: HostId | null, reason: string): string {
  switch (host) {
    case "cursor":
      return JSON.stringify({ permission: "deny", user_message: reason, agent_message: reason });
    case "gemini":
    case "opencode":
    case "kilo-code":
    case "crush":
      return JSON.stringify({ decision: "deny", reason });
    default:
      return JSON.stringify({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: reason,
        },
      });
  }
}
