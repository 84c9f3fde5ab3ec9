/**
 * Reader of Copilot CLI session state
 * (`~/.copilot/session-state/<session>/events.jsonl`): one event per line,
 * `{type, data, id, timestamp}`. Checked against Copilot CLI 1.0.102 in the
 * real-host suite (`session.start`, `user.message`, `assistant.message`,
 * `session.compaction_complete`, hook and model telemetry); the tool events
 * (`toolRequests`, `tool.execution_complete`) are read as named there but
 * were not exercised by the fake model. A shell call's exit status is
 * `tool.execution_complete`'s `shellExecution.exitCode` (the schema Copilot
 * CLI 1.0.102 ships, `session-events.schema.json`); `success` is whether the
 * tool ran, true for a command that exited 1 (Copilot's own timeline calls
 * that call failed from the exit code), so it never says a command
 * succeeded. A call the user rejected or a permission rule denied ends with
 * `success: false` and the runtime's own message ("The user rejected this
 * tool call", "Permission denied by rules: ..."): it never ran, so it has no
 * status and is marked denied. An exit code is read only for a call of
 * Copilot's own shell tools (named by the call's id in an earlier
 * `toolRequests` or `tool.execution_start`): an MCP server's or an
 * extension's tool fills the result with its own words and fields, which can
 * hold an `exitCode` of their choosing, and a call whose request fell before
 * the read's start has no status. Whether an event is a compaction, a
 * user turn or tool calls, and the fill it states, is decided by
 * core/transcript/context_signals.ts (what the context bands read); this
 * reader adds the content. Pure.
 * @module
 */
import {
  contentText,
  objectOf,
  resultText,
  stringOf,
  structuredExitCode,
  timeOf,
} from "./record_text.ts";
import { toolCallTurn } from "./tool_call.ts";
import { hostRecord } from "../hosts/ids.ts";
import {
  copilotSignal,
  fillFields,
  MAX_CALLS_PER_RECORD,
  type TokenFill,
} from "./context_signals.ts";
import { emptyMeta, type ParsedTranscript, type ReadCounts, seenAt, type Turn } from "./types.ts";

/**
 * The texts Copilot CLI 1.0.102 writes as a tool call's `error.message` when
 * the call never ran (its runtime's own strings): the user rejected it, or
 * the permission rules, a PermissionRequest hook, content exclusion or the
 * approval check denied it, or no one could be asked.
 */
const REFUSAL_PREFIXES: readonly string[] = [
  "The user rejected this tool call",
  "Permission denied by ",
  "Permission denied and could not request permission",
  "Permission denied because ",
  "Permission cancelled",
];

/** Copilot CLI's own shell tools, whose result carries the command's exit code (the host record's). */
const SHELL_TOOLS: ReadonlySet<string> = new Set(hostRecord("copilot").tools.shell);

function refusedCall(message: unknown): boolean {
  return typeof message === "string" && REFUSAL_PREFIXES.some((p) => message.startsWith(p));
}

/**
 * Turns Copilot CLI events into turns; the context fill is the newest
 * `session.usage_record`'s input tokens over its own `maxPromptTokens`.
 * @param records Parsed JSON lines, oldest first.
 * @param counts Counts to add to.
 * @returns The turns and metadata.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseCopilot } from "./copilot.ts";
 * import { emptyCounts } from "./types.ts";
 * const r = parseCopilot([
 *   { type: "session.start", data: { sessionId: "s", copilotVersion: "1.0.102", context: { cwd: "/r" } } },
 *   { type: "user.message", data: { content: "Say OK." } },
 *   { type: "assistant.message", data: { content: "OK", toolRequests: [{ toolCallId: "c1", name: "bash", arguments: { command: "ls" } }] } },
 *   { type: "session.compaction_complete", data: { success: true } },
 * ], emptyCounts());
 * assert.deepEqual(r.turns.map((t) => t.kind), ["user", "tool_call", "assistant", "compaction"]);
 * ```
 */
export function parseCopilot(records: readonly unknown[], counts: ReadCounts): ParsedTranscript {
  const turns: Turn[] = [];
  const meta = emptyMeta();
  let fill: TokenFill | undefined;
  // Each call's tool by its id: only a shell tool's result says how a command exited.
  const toolOf = new Map<string, string>();
  for (const raw of records) {
    const r = objectOf(raw);
    const type = stringOf(r?.type, 100);
    const d = objectOf(r?.data);
    if (r === null || type === null || d === null) {
      counts.unknown++;
      continue;
    }
    const at = timeOf(r.timestamp);
    seenAt(meta, at);
    const signal = copilotSignal(r);
    switch (type) {
      case "session.start":
      case "session.resume": {
        meta.session_id ??= stringOf(d.sessionId, 200);
        meta.cwd ??= stringOf(objectOf(d.context)?.cwd, 4096);
        const v = stringOf(d.copilotVersion, 40);
        if (v !== null) meta.format = `copilot-cli ${v}`;
        break;
      }
      case "user.message": {
        if (signal.userTurn) turns.push({ kind: "user", text: contentText(d.content), at });
        break;
      }
      case "assistant.message": {
        const calls = Array.isArray(d.toolRequests) ? d.toolRequests : [];
        for (const c of calls.slice(0, MAX_CALLS_PER_RECORD)) {
          const call = objectOf(c);
          if (call === null) continue;
          const id = stringOf(call.toolCallId, 200);
          const name = stringOf(call.name, 200) ?? "unknown";
          if (id !== null) toolOf.set(id, name);
          turns.push(toolCallTurn(name, call.arguments, { id, at }));
        }
        const text = contentText(d.content);
        if (text.trim() !== "") turns.push({ kind: "assistant", text, at });
        break;
      }
      case "tool.execution_start": {
        const id = stringOf(d.toolCallId, 200);
        const name = stringOf(d.toolName, 200);
        if (id !== null && name !== null && !toolOf.has(id)) toolOf.set(id, name);
        counts.skipped++;
        break;
      }
      case "tool.execution_complete": {
        const result = objectOf(d.result);
        const text = resultText(result?.content ?? result?.detailedContent ?? d.error ?? "");
        const id = stringOf(d.toolCallId, 200);
        // Only Copilot's own shell writes an exit code; another tool's result is its own words.
        const shell = id !== null && SHELL_TOOLS.has(toolOf.get(id) ?? "");
        const code = objectOf(d.shellExecution)?.exitCode ?? objectOf(result?.metadata)?.exitCode ??
          d.exitCode;
        const exit = shell ? structuredExitCode(code) : null;
        const denied = d.success === false && refusedCall(objectOf(d.error)?.message);
        turns.push({
          kind: "tool_result",
          id,
          exit_code: denied ? null : exit,
          // `success` says the tool ran, not how a command exited (a shell call that exits 1 is a
          // successful call): only a failed call, or the exit code, says more. A call the user
          // rejected or the permission rules denied never ran: no status.
          is_error: denied ? null : d.success === false ? true : exit === null ? null : exit !== 0,
          text,
          ...(denied ? { denied: true } : {}),
          at,
        });
        break;
      }
      case "session.compaction_complete":
        if (signal.compaction) {
          turns.push({ kind: "compaction", at });
          fill = undefined;
        } else counts.skipped++;
        break;
      case "session.usage_record":
        fill = signal.fill ?? fill;
        counts.skipped++;
        break;
      default:
        if (/^(session|hook|model|assistant|system|tool|subagent|skill|abort)\./.test(type)) {
          counts.skipped++;
        } else counts.unknown++;
    }
  }
  return { turns, counts, meta, ...fillFields(fill) };
}
