/**
 * The pi extension module baton install writes: pi loads every module in
 * its extensions directory at start and hands it the session's events. The
 * module runs `baton hook session-start` once per session (at the first
 * `before_agent_start`) and adds what it printed to the system prompt of
 * every turn of that session, `baton hook pre-compact` at
 * `session_before_compact` and `baton hook session-end` at
 * `session_shutdown`. Payloads go on stdin as JSON; a failure or a slow
 * baton never reaches pi (errors are swallowed, a run is killed after its
 * timeout). Plain JavaScript (pi loads it as TypeScript). Pure.
 * @module
 */
import type { BatonInvocation } from "../hook_command.ts";
import { BATON_MARKER } from "./types.ts";
import { PI_RECORD } from "../pi.ts";
import { jsBatonRunner, PLUGIN_TIMEOUT_MS } from "./js_runner.ts";

/**
 * The module text for `invocation`.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.match(renderPiExtension(["/opt/baton"]), /"\/opt\/baton"/);
 * ```
 */
export function renderPiExtension(invocation: BatonInvocation): string {
  // The extension's event names are the record's (each baton event's first native name).
  const on = (event: "session-start" | "pre-compact" | "session-end"): string =>
    JSON.stringify(PI_RECORD.events[event][0]);
  return `// ${BATON_MARKER}: baton uninstall removes this file.
// Runs baton from pi: the briefing in the system prompt of each turn of a session (baton runs
// once per session), a capsule before compaction and when the session ends. A failure or a
// slow baton never blocks pi: errors are swallowed and a run is killed after ${PLUGIN_TIMEOUT_MS} ms
// (times BATON_HOOK_TIME_SCALE, the setting that gives baton's own hook budgets more time).
import { spawn } from "node:child_process";

${jsBatonRunner(invocation)}

function payloadOf(event, ctx) {
  let file = null;
  try {
    file = ctx?.sessionManager?.getSessionFile?.() ?? null;
  } catch {
    file = null;
  }
  const id = typeof file === "string" ? (file.split("/").pop() ?? "").replace(/\\.jsonl$/, "") : null;
  return { hook_event_name: event, session_id: id, transcript_path: file, cwd: ctx?.cwd ?? process.cwd() };
}

export default function baton(pi) {
  // This session's briefing, asked for once (pi rebinds extensions for each new session).
  let briefing = null;
  pi.on(${on("session-start")}, async (event, ctx) => {
    if (briefing === null) {
      const payload = { ...payloadOf(${on("session-start")}, ctx), source: "startup" };
      briefing = runBaton(["hook", "session-start", "--host", "pi"], payload, payload.cwd)
        .then((text) => text.trim());
    }
    const text = await briefing;
    if (text === "" || typeof event?.systemPrompt !== "string") return;
    return { systemPrompt: \`\${event.systemPrompt}\\n\\n\${text}\` };
  });
  pi.on(${on("pre-compact")}, async (_event, ctx) => {
    const payload = payloadOf(${on("pre-compact")}, ctx);
    await runBaton(["hook", "pre-compact", "--host", "pi"], payload, payload.cwd);
  });
  pi.on(${on("session-end")}, async (_event, ctx) => {
    const payload = payloadOf(${on("session-end")}, ctx);
    await runBaton(["hook", "session-end", "--host", "pi"], payload, payload.cwd);
  });
}
`;
}
