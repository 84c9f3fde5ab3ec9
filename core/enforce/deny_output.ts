/**
 * How each host is told "deny this tool call": the JSON its pre-tool hook
 * reads, in the deny shape its record names (core/hosts/<host>.ts, `deny`),
 * and the event names that reach the gate (each record's `pre-tool` names).
 * Allowing prints nothing, which every host reads as "no objection". Pure.
 * @module
 */
import { HOST_IDS, type HostId, hostRecord } from "../hosts/ids.ts";
import type { DenyShape } from "../hosts/record.ts";

/** The event names that `baton hook` routes to the gate: baton's own, then every record's. */
export const PRE_TOOL_EVENTS: readonly string[] = [
  ...new Set([
    "pre-tool",
    "pre-tool-use",
    ...HOST_IDS.flatMap((id) => hostRecord(id).events["pre-tool"] ?? []),
  ]),
];

/**
 * The deny document in one deny shape: `permission-decision` is PreToolUse's
 * hookSpecificOutput (Claude Code's, which Codex, Copilot CLI and Qwen Code
 * read too); `cursor-permission` a permission with a message for the user
 * and one for the agent; `decision` a decision and its reason (Gemini CLI,
 * OpenCode's plugin); `plugin-throw` the same document, which the host's
 * plugin turns into a thrown error.
 */
function denyDocument(shape: DenyShape, reason: string): unknown {
  switch (shape) {
    case "cursor-permission":
      return { permission: "deny", user_message: reason, agent_message: reason };
    case "decision":
    case "plugin-throw":
      return { decision: "deny", reason };
    case "permission-decision":
      return {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: reason,
        },
      };
  }
}

/**
 * The deny document for `host`, in its record's deny shape (PreToolUse's
 * when the host is not known).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderDeny } from "./deny_output.ts";
 * assert.equal(JSON.parse(renderDeny("gemini", "no")).decision, "deny");
 * ```
 */
export function renderDeny(host: HostId | null, reason: string): string {
  return JSON.stringify(
    denyDocument(host === null ? "permission-decision" : hostRecord(host).deny, reason),
  );
}
