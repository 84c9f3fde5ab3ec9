/**
 * Reader of OpenCode's SQLite store (`~/.local/share/opencode/opencode.db`,
 * tables `session`, `message`, `part`, JSON in their `data` columns). Rows
 * in, turns out: the edge runs the bounded query (only the last parts of one
 * session, each `data` value cut by length in SQL). Checked against OpenCode
 * 1.18.33 in the real-host suite (text, step and compaction records); tool
 * parts follow its `{type:"tool", tool, callID, state:{input, output,
 * metadata}}` shape, which the fake model there did not exercise. A call the
 * user rejected or a permission rule denied (state `error`, its message one
 * of OpenCode's permission errors') never ran: no status, marked denied.
 * An exit status is read only from the `metadata.exit` of a part of
 * OpenCode's own shell tool (`bash`): any other tool's `metadata` is that
 * tool's own (a custom tool in a project's `.opencode/tool/` or a plugin
 * returns `{output, metadata}` and OpenCode stores that metadata as it is),
 * so it can hold an `exit` of its choosing. Pure.
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
import { emptyMeta, type ParsedTranscript, type ReadCounts, seenAt, type Turn } from "./types.ts";

/** One part row joined with its message's JSON, oldest first. */
export interface OpenCodePartRow {
  message_id: string;
  /** The message's `data` JSON text (null when it was over the length bound). */
  message: string | null;
  /** The part's `data` JSON text (null when it was over the length bound). */
  part: string | null;
  time_created: number;
}

function json(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    return objectOf(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * The texts OpenCode's permission errors give a tool part's `state.error`
 * when the call never ran (its PermissionRejectedError, PermissionCorrectedError
 * and PermissionDeniedError): the user rejected it, with or without feedback,
 * or a permission rule denied it.
 */
const REFUSAL_PREFIXES: readonly string[] = [
  "The user rejected permission to use this specific tool call",
  "The user has specified a rule which prevents you from using this specific tool call",
];

/**
 * OpenCode's own shell tools, whose `metadata.exit` is the command's exit
 * status (the host record's shell tools).
 */
const SHELL_TOOLS: ReadonlySet<string> = new Set(hostRecord("opencode").tools.shell);

function refusedCall(error: unknown): boolean {
  return typeof error === "string" && REFUSAL_PREFIXES.some((p) => error.startsWith(p));
}

/**
 * Turns part rows into turns.
 * @param rows The rows.
 * @param counts Counts to add to.
 * @returns The turns.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseOpenCodeRows } from "./opencode.ts";
 * import { emptyCounts } from "./types.ts";
 * const r = parseOpenCodeRows([
 *   { message_id: "m1", message: '{"role":"user"}', part: '{"type":"text","text":"hi"}', time_created: 1 },
 *   { message_id: "m2", message: '{"role":"assistant"}', part: '{"type":"tool","tool":"bash","callID":"c","state":{"status":"completed","input":{"command":"ls"},"output":"a","metadata":{"exit":0}}}', time_created: 2 },
 * ], emptyCounts());
 * assert.deepEqual(r.turns.map((t) => t.kind), ["user", "tool_call", "tool_result"]);
 * ```
 */
export function parseOpenCodeRows(
  rows: readonly OpenCodePartRow[],
  counts: ReadCounts,
): ParsedTranscript {
  const turns: Turn[] = [];
  const meta = emptyMeta();
  meta.format = "opencode sqlite";
  const compacted = new Set<string>();
  for (const row of rows) {
    counts.records++;
    const message = json(row.message);
    const part = json(row.part);
    const at = timeOf(row.time_created);
    seenAt(meta, at);
    if (message === null || part === null) {
      counts.invalid++;
      continue;
    }
    if (message.summary === true || message.mode === "compaction") {
      if (!compacted.has(row.message_id)) turns.push({ kind: "compaction", at });
      compacted.add(row.message_id);
      counts.skipped++;
      continue;
    }
    const role = message.role;
    switch (part.type) {
      case "text": {
        if (part.synthetic === true) {
          counts.skipped++;
          break;
        }
        const text = contentText(part.text);
        if (text.trim() === "") break;
        if (role === "user") turns.push({ kind: "user", text, at });
        else if (role === "assistant") turns.push({ kind: "assistant", text, at });
        else counts.unknown++;
        break;
      }
      case "tool": {
        const state = objectOf(part.state);
        const id = stringOf(part.callID, 200);
        const tool = stringOf(part.tool, 200) ?? "unknown";
        turns.push(toolCallTurn(tool, state?.input, { id, at }));
        if (state?.status === "completed" || state?.status === "error") {
          const text = resultText(state.output ?? state.error ?? "");
          // Only OpenCode's shell writes `exit`; another tool's metadata is the tool's own words.
          const exit = SHELL_TOOLS.has(tool)
            ? structuredExitCode(objectOf(state.metadata)?.exit)
            : null;
          const denied = state.status === "error" && refusedCall(state.error);
          turns.push({
            kind: "tool_result",
            id,
            exit_code: denied ? null : exit,
            // A bash part is "completed" whatever the command's status; its exit is null
            // when OpenCode killed the command (timeout, abort): no status then, not success.
            // A call the user rejected or a permission rule denied never ran: no status.
            is_error: denied
              ? null
              : state.status === "error"
              ? true
              : exit !== null
              ? exit !== 0
              : null,
            text,
            ...(denied ? { denied: true } : {}),
            at,
          });
        }
        break;
      }
      case "compaction":
        turns.push({ kind: "compaction", at });
        break;
      case "step-start":
      case "step-finish":
      case "reasoning":
      case "snapshot":
      case "patch":
      case "file":
      case "agent":
      case "retry":
        counts.skipped++;
        break;
      default:
        counts.unknown++;
    }
  }
  return { turns, counts, meta };
}
