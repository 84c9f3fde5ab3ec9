/**
 * The Cline plugin module baton install writes: Cline loads every module in
 * its plugins directory when a session starts and calls its `setup` with the
 * session's workspace. The module registers one rule whose text is what
 * `baton hook session-start` prints (asked for once per session, when Cline
 * builds the system prompt), runs `baton hook stop` after each run of the
 * root agent, and before a tool call in a repository with deny records
 * (.git/baton/enforce/denies; a linked worktree's .git file is always asked
 * about) asks baton's gate, once per command of a `run_commands` call, and
 * skips the call with the refusal as its reason. Payloads go on stdin as JSON; a failure or a slow baton never
 * reaches Cline (errors are swallowed, a run is killed after its timeout).
 * Plain JavaScript. Pure.
 * @module
 */
import type { BatonInvocation } from "../hook_command.ts";
import { BATON_MARKER } from "./types.ts";
import { jsBatonRunner, PLUGIN_TIMEOUT_MS } from "./js_runner.ts";
import { CLINE_RECORD } from "../cline.ts";

/**
 * The module text for `invocation`.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.match(renderClinePlugin(["/opt/baton"]), /"\/opt\/baton"/);
 * ```
 */
export function renderClinePlugin(invocation: BatonInvocation): string {
  // Event and tool names are the record's (each baton event's first native name).
  const ev = CLINE_RECORD.events;
  const shell = JSON.stringify(CLINE_RECORD.tools.shell[0]);
  return `// ${BATON_MARKER}: baton uninstall removes this file.
// Runs baton from Cline: the briefing as a rule of the session's system prompt (baton runs once
// per session), a capsule after each run of the root agent, and, where the repository has deny
// records (.git/baton/enforce/denies; a linked worktree's .git file is always asked about), baton's
// gate before a tool call, whose refusal skips the call with baton's reason. A failure or a slow
// baton never blocks Cline: errors are swallowed (the call is allowed) and a run is killed after
// ${PLUGIN_TIMEOUT_MS} ms (times BATON_HOOK_TIME_SCALE, the setting that gives baton's own hook
// budgets more time).
import { spawn } from "node:child_process";
import { existsSync, lstatSync } from "node:fs";

${jsBatonRunner(invocation)}

// The gate's own first check, done here so a repository without deny records spawns nothing.
function mayDeny(dir) {
  try {
    return lstatSync(\`\${dir}/.git\`).isFile() || existsSync(\`\${dir}/.git/baton/enforce/denies\`);
  } catch {
    return false;
  }
}

// baton's refusal for one tool call, or null.
async function refusal(tool, input) {
  const { id, cwd } = session;
  const out = (await runBaton(["hook", "pre-tool", "--host", "cline"], {
    hook_event_name: ${JSON.stringify(ev["pre-tool"][0])},
    session_id: id,
    cwd,
    tool_name: tool,
    tool_input: input ?? {},
  }, cwd)).trim();
  if (out === "") return null;
  try {
    const verdict = JSON.parse(out)?.hookSpecificOutput;
    const reason = verdict?.permissionDecisionReason;
    return verdict?.permissionDecision === "deny" && typeof reason === "string" ? reason : null;
  } catch {
    return null;
  }
}

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
            hook_event_name: ${JSON.stringify(ev["session-start"][0])},
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
    beforeTool: async (context) => {
      const tool = context?.toolCall?.toolName ?? context?.tool?.name;
      if (typeof tool !== "string" || !mayDeny(session.cwd)) return undefined;
      const input = context?.input ?? context?.toolCall?.input;
      // The shell tool carries a list of commands: each is judged as the shell command it is.
      const commands = tool === ${shell} && Array.isArray(input?.commands)
        ? input.commands.filter((c) => typeof c === "string")
        : null;
      const calls = commands === null ? [input] : commands.map((command) => ({ command }));
      for (const call of calls) {
        const reason = await refusal(tool, call);
        if (reason !== null) return { skip: true, reason };
      }
      return undefined;
    },
    afterRun: async (context) => {
      // A sub-agent's run is part of its parent's work.
      if (typeof context?.snapshot?.parentAgentId === "string") return;
      const { id, cwd } = session;
      await runBaton(["hook", "stop", "--host", "cline"], {
        hook_event_name: ${JSON.stringify(ev.stop[0])},
        session_id: id,
        cwd,
      }, cwd);
    },
  },
};
`;
}
