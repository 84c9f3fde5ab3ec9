/**
 * Test helper: Claude Code's PreToolUse hook run through the real CLI on a
 * Bash call, as the gate sees it, and whether it answered with a deny.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "./cli.ts";

/** The gate's answer to one Bash call. */
export interface GateAnswer {
  /** The hook answered with `"permissionDecision":"deny"`. */
  denied: boolean;
  stderr: string;
}

/**
 * Runs `baton hook PreToolUse --host claude-code` in `dir` for session
 * `session`'s Bash `command`, with `env` added to the hook's environment
 * (as a host hands its hooks what a repository's settings set).
 */
export async function claudeBashGate(
  dir: string,
  session: string,
  command: string,
  env: Record<string, string> = {},
): Promise<GateAnswer> {
  const r = await runBaton(["hook", "PreToolUse", "--host", "claude-code"], {
    cwd: dir,
    env,
    stdin: JSON.stringify({
      session_id: session,
      cwd: dir,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command },
    }),
  });
  assert.equal(r.code, 0, "the hook always exits 0");
  return { denied: r.stdout.includes('"permissionDecision":"deny"'), stderr: r.stderr };
}
