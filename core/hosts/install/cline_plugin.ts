/**
 * The Cline plugin module baton install writes: Cline loads every module in
 * its plugins directory when a session starts and calls its `setup` with the
 * session's workspace. The module registers one rule whose text is what
 * `baton hook session-start` prints (asked for once per session, when Cline
 * builds the system prompt), and runs `baton hook stop` after each run of the
 * root agent. Payloads go on stdin as JSON; a failure or a slow baton never
 * reaches Cline (errors are swallowed, a run is killed after its timeout).
 * Plain JavaScript. Pure.
 * @module
 */
import type { BatonInvocation } from "../hook_command.ts";
import { BATON_MARKER } from "./types.ts";
import { jsBatonRunner, PLUGIN_TIMEOUT_MS } from "./js_runner.ts";

/**
 * The module text for `invocation`.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.match(renderClinePlugin(["/opt/baton"]), /"\/opt\/baton"/);
 * ```
 */
export function renderClinePlugin(invocation: BatonInvocation): string {
  return `// ${BATON_MARKER}: baton uninstall removes this file.
// Runs baton from Cline: the briefing as a rule of the session's system prompt (baton runs once
// per session) and a capsule after each run of the root agent. A failure or a slow baton never
// blocks Cline: errors are swallowed and a run is killed after ${PLUGIN_TIMEOUT_MS} ms (times
// BATON_HOOK_TIME_SCALE, the setting that gives baton's own hook budgets more time).
import { spawn } from "node:child_process";

${jsBatonRunner(invocation)}

// The session that loaded this module (Cline calls setup once per session).
let session = { id: null, cwd: process.cwd() };

export default {
  name: "baton",
  manifest: { capabilities: ["rules", "hooks"] },
  setup(api, ctx) {
    const root = ctx?.workspaceInfo?.rootPath;
    const id = ctx?.session?.sessionId;
    session = {
      id: typeof id === "string" ? id : null,
      cwd: typeof root === "string" && root !== "" ? root : process.cwd(),
    };
    const { id: sessionId, cwd } = session;
    let briefing = null;
    api.registerRule({
      id: "baton-briefing",
      source: "baton",
      content: () => {
        if (briefing === null) {
          briefing = runBaton(["hook", "session-start", "--host", "cline"], {
            hook_event_name: "TaskStart",
            session_id: sessionId,
            source: "startup",
            cwd,
          }, cwd).then((text) => text.trim());
        }
        return briefing;
      },
    });
  },
  hooks: {
    afterRun: async (context) => {
      // A sub-agent's run is part of its parent's work.
      if (typeof context?.snapshot?.parentAgentId === "string") return;
      const { id, cwd } = session;
      await runBaton(["hook", "stop", "--host", "cline"], {
        hook_event_name: "TaskComplete",
        session_id: id,
        cwd,
      }, cwd);
    },
  },
};
`;
}
