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
 * - User turns come from `response_item` user messages, leaving out the
 *   injected context blocks (`<environment_context>`, `<user_instructions>`,
 *   items whose `content_item_kinds` lack `user.text`); `event_msg` copies
 *   are skipped so nothing is counted twice.
 * - Exit status: `exec_command_end` events carry it; otherwise an output
 *   whose JSON `metadata.exit_code` states it, or the header Codex itself
 *   writes before the command's output (`Exit code: N`, `Wall time: …`,
 *   `Output:`, at the very start of the string, where the command's own
 *   output cannot reach). Never a line inside the output (a program can
 *   print "Exit code: 0"): without a structured field the status is
 *   unknown.
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
import { namedToolCall, toolCallTurn } from "./tool_call.ts";
import { codexFill, fillFields, type TokenFill } from "./token_fill.ts";
import {
  emptyMeta,
  type ParsedTranscript,
  type ParseOptions,
  type ReadCounts,
  type Turn,
} from "./types.ts";

const KNOWN_SKIPPED = new Set([
  "turn_context",
  "world_state",
  "token_usage_record",
  "inter_agent_communication",
  "inter_agent_communication_metadata",
]);
const INJECTED =
  /^\s*<(?:environment_context|user_instructions|permissions|developer|user_shell_command|turn_aborted)/;

/** The status in Codex's own output header, only at the start and in its exact framing. */
function headerExit(text: string): number | null {
  const m = /^Exit code: (-?\d{1,6})\nWall time: [^\n]{0,64}\nOutput:\n/.exec(text);
  return m === null ? null : Number(m[1]);
}

function outputOf(value: unknown): { text: string; exit: number | null } {
  if (typeof value === "string") {
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
  const o = objectOf(value);
  return { text: resultText(o?.content ?? value), exit: structuredExitCode(o?.exit_code) };
}

function userText(p: Record<string, unknown>): string | null {
  const kinds = objectOf(p.internal_chat_message_metadata_passthrough)?.content_item_kinds;
  if (Array.isArray(kinds) && !kinds.includes("user.text")) return null;
  const text = contentText(p.content);
  return text.trim() === "" || INJECTED.test(text) ? null : text;
}

/**
 * Whether a rollout record marks a compaction.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(isCodexCompaction({ type: "compacted", payload: {} }), true);
 * ```
 */
export function isCodexCompaction(r: Readonly<Record<string, unknown>>): boolean {
  return r.type === "compacted";
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
  options: ParseOptions = {},
): ParsedTranscript {
  const light = options.light === true;
  const turns: Turn[] = [];
  const meta = emptyMeta();
  let fill: TokenFill | undefined;
  for (const raw of records) {
    const r = objectOf(raw);
    const type = stringOf(r?.type, 100);
    const p = objectOf(r?.payload);
    if (r === null || type === null || p === null) {
      counts.unknown++;
      continue;
    }
    const at = light ? null : timeOf(r.timestamp);
    if (at !== null) {
      meta.started_at ??= at;
      meta.updated_at = at;
    }
    if (type === "session_meta" && !light) {
      meta.session_id ??= stringOf(p.id, 200) ?? stringOf(p.session_id, 200);
      meta.cwd ??= stringOf(p.cwd, 4096);
      const v = stringOf(p.cli_version, 40);
      if (v !== null) meta.format = `codex ${v}`;
      continue;
    }
    if (isCodexCompaction(r)) {
      turns.push({ kind: "compaction", at });
      fill = undefined;
      continue;
    }
    if (type === "event_msg") {
      if (p.type === "token_count") {
        fill = codexFill(p.info) ?? fill;
        counts.skipped++;
      } else if (p.type === "exec_command_end" && typeof p.exit_code === "number") {
        turns.push({
          kind: "tool_result",
          id: stringOf(p.call_id, 200),
          exit_code: p.exit_code,
          is_error: p.exit_code !== 0,
          text: light ? "" : resultText(p.aggregated_output ?? p.stdout ?? ""),
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
    switch (p.type) {
      case "message": {
        if (p.role === "user") {
          const text = userText(p);
          if (text === null) counts.skipped++;
          else turns.push({ kind: "user", text, at });
        } else if (p.role === "assistant") {
          const text = contentText(p.content);
          if (text.trim() !== "") turns.push({ kind: "assistant", text, at });
        } else counts.skipped++;
        break;
      }
      case "function_call":
      case "custom_tool_call":
      case "local_shell_call": {
        const name = stringOf(p.name, 200) ??
          (p.type === "local_shell_call" ? "local_shell" : "unknown");
        turns.push(
          light ? namedToolCall(name) : toolCallTurn(name, p.arguments ?? p.input ?? p.action, {
            id,
            at,
          }),
        );
        break;
      }
      case "function_call_output":
      case "custom_tool_call_output": {
        const out = light ? { text: "", exit: null } : outputOf(p.output);
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
