/**
 * Reader of Codex CLI rollouts
 * (`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`): each line
 * `{timestamp, type, payload}`. Checked against the rollouts Codex CLI
 * 0.171.0 wrote in the real-host suite (which carry `ordinal`, `world_state`
 * and `token_usage_record` lines and no `event_msg/user_message`); tool
 * calls and their outputs follow the documented `function_call` /
 * `function_call_output` / `custom_tool_call` shapes, which the fake model
 * there did not exercise. Pure.
 *
 * Decisions:
 * - Whether a record is a compaction, a user turn or a tool call, and the
 *   fill it states, is decided by core/transcript/context_signals.ts (what
 *   the context bands read); this reader adds the content.
 * - User turns come from `response_item` user messages, leaving out the
 *   injected context blocks (`<environment_context>`, `<user_instructions>`,
 *   the `# AGENTS.md instructions for …` message and a `<skill>` block, which
 *   carry a committed file's words, items whose `content_item_kinds` lack
 *   `user.text`); `event_msg` copies
 *   are skipped so nothing is counted twice.
 * - Exit status: `exec_command_end` events carry it; otherwise an output
 *   whose JSON `metadata.exit_code` states it, or the header Codex itself
 *   writes before the command's output (`Exit code: N`, `Wall time: …`,
 *   `Output:`, at the very start of the string, where the command's own
 *   output cannot reach), and only on the output of a call of one of
 *   Codex's own tools (its shell tools and apply_patch) named earlier in
 *   the read: an MCP server's or a custom tool's output is that tool's text
 *   from its first byte, and a call cut off by the read bound is unknown.
 *   Never a line inside the output (a program can print "Exit code: 0"):
 *   without a structured field the status is unknown.
 * - The context fill is the newest `event_msg`/`token_count` after the last
 *   compaction: `last_token_usage.input_tokens` over `model_context_window`.
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
import { codexSignal, fillFields, type TokenFill } from "./context_signals.ts";
import { emptyMeta, type ParsedTranscript, type ReadCounts, seenAt, type Turn } from "./types.ts";

const KNOWN_SKIPPED = new Set([
  "turn_context",
  "world_state",
  "token_usage_record",
  "inter_agent_communication",
  "inter_agent_communication_metadata",
]);

/**
 * Codex's own tools, whose output Codex frames (the header, or the legacy JSON
 * with `metadata.exit_code`). Any other call's output is the tool's own text
 * (an MCP server's, a custom tool's), which can start with those very words.
 */
const FRAMED_TOOLS: ReadonlySet<string> = new Set([
  "shell",
  "shell_command",
  "exec_command",
  "write_stdin",
  "container.exec",
  "local_shell",
  "apply_patch",
]);

/** The status in Codex's own output header, only at the start and in its exact framing. */
function headerExit(text: string): number | null {
  const m = /^Exit code: (-?\d{1,6})\nWall time: [^\n]{0,64}\nOutput:\n/.exec(text);
  return m === null ? null : Number(m[1]);
}

function outputOf(value: unknown, framed: boolean): { text: string; exit: number | null } {
  if (typeof value === "string") {
    if (!framed) return { text: resultText(value), exit: null };
    if (value.startsWith("{") && value.length < 4 * 1024 * 1024) {
      try {
        const o = objectOf(JSON.parse(value));
        if (o !== null && "output" in o) {
          const code = objectOf(o.metadata)?.exit_code;
          const text = resultText(o.output);
          return { text, exit: structuredExitCode(code) };
        }
      } catch {
        // Not JSON: plain output text.
      }
    }
    return { text: resultText(value), exit: headerExit(value) };
  }
  // An output given as an object has its status field only where Codex framed it: another
  // tool's object is its own (an MCP server's result can hold an `exit_code` of its choosing).
  const o = objectOf(value);
  return {
    text: resultText(o?.content ?? value),
    exit: framed ? structuredExitCode(o?.exit_code) : null,
  };
}

/**
 * Turns rollout records into turns.
 * @param records Parsed JSON lines, oldest first.
 * @param counts Counts to add skipped and unknown records to.
 * @returns The turns and the session's metadata.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseCodex } from "./codex.ts";
 * import { emptyCounts } from "./types.ts";
 * const r = parseCodex([
 *   { type: "session_meta", payload: { id: "019a", cwd: "/r", cli_version: "0.171.0" } },
 *   { type: "response_item", payload: { type: "function_call", name: "shell", arguments: '{"command":["bash","-lc","make"]}', call_id: "c1" } },
 *   { type: "response_item", payload: { type: "function_call_output", call_id: "c1", output: '{"output":"ok","metadata":{"exit_code":0}}' } },
 *   { type: "compacted", payload: { message: "summary" } },
 * ], emptyCounts());
 * assert.deepEqual(r.turns.map((t) => t.kind), ["tool_call", "tool_result", "compaction"]);
 * assert.equal(r.turns[1]!.kind === "tool_result" && r.turns[1]!.exit_code, 0);
 * ```
 */
export function parseCodex(
  records: readonly unknown[],
  counts: ReadCounts,
): ParsedTranscript {
  const turns: Turn[] = [];
  const meta = emptyMeta();
  let fill: TokenFill | undefined;
  // Each call's tool by its id: only the output of a tool Codex frames says how a command exited.
  const toolOf = new Map<string, string>();
  for (const raw of records) {
    const r = objectOf(raw);
    const type = stringOf(r?.type, 100);
    const p = objectOf(r?.payload);
    if (r === null || type === null || p === null) {
      counts.unknown++;
      continue;
    }
    const at = timeOf(r.timestamp);
    seenAt(meta, at);
    if (type === "session_meta") {
      meta.session_id ??= stringOf(p.id, 200) ?? stringOf(p.session_id, 200);
      meta.cwd ??= stringOf(p.cwd, 4096);
      const v = stringOf(p.cli_version, 40);
      if (v !== null) meta.format = `codex ${v}`;
      continue;
    }
    const signal = codexSignal(r);
    if (signal.compaction) {
      turns.push({ kind: "compaction", at });
      fill = undefined;
      continue;
    }
    if (type === "event_msg") {
      if (p.type === "token_count") {
        fill = signal.fill ?? fill;
        counts.skipped++;
      } else if (p.type === "exec_command_end" && typeof p.exit_code === "number") {
        turns.push({
          kind: "tool_result",
          id: stringOf(p.call_id, 200),
          exit_code: p.exit_code,
          is_error: p.exit_code !== 0,
          text: resultText(p.aggregated_output ?? p.stdout ?? ""),
          at,
        });
      } else counts.skipped++;
      continue;
    }
    if (type !== "response_item") {
      if (KNOWN_SKIPPED.has(type)) counts.skipped++;
      else counts.unknown++;
      continue;
    }
    const id = stringOf(p.call_id, 200);
    if (signal.userTurn) {
      turns.push({ kind: "user", text: contentText(p.content), at });
      continue;
    }
    if (signal.toolCalls > 0) {
      const name = stringOf(p.name, 200) ??
        (p.type === "local_shell_call" ? "local_shell" : "unknown");
      if (id !== null) toolOf.set(id, name);
      turns.push(toolCallTurn(name, p.arguments ?? p.input ?? p.action, { id, at }));
      continue;
    }
    switch (p.type) {
      case "message": {
        if (p.role === "assistant") {
          const text = contentText(p.content);
          if (text.trim() !== "") turns.push({ kind: "assistant", text, at });
        } else counts.skipped++;
        break;
      }
      case "function_call_output":
      case "custom_tool_call_output": {
        const tool = id === null ? undefined : toolOf.get(id);
        const out = outputOf(p.output, tool !== undefined && FRAMED_TOOLS.has(tool));
        turns.push({
          kind: "tool_result",
          id,
          exit_code: out.exit,
          is_error: out.exit === null ? null : out.exit !== 0,
          text: out.text,
          at,
        });
        break;
      }
      case "reasoning":
      case "web_search_call":
        counts.skipped++;
        break;
      default:
        counts.unknown++;
    }
  }
  return { turns, counts, meta, ...fillFields(fill) };
}
