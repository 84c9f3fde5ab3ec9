/**
 * Reader of Claude Code's project transcripts
 * (`~/.claude/projects/<escaped cwd>/<session>.jsonl`): one JSON object per
 * line, `type` user / assistant / system / attachment / … . Checked against
 * the lines Claude Code 2.1.197 wrote in the real-host suite; Anthropic calls
 * the format internal, so unknown types are counted, never fatal. Pure.
 *
 * Decisions:
 * - Whether a line is a compaction, a user turn or tool calls, and the fill it
 *   states, is decided by core/transcript/context_signals.ts (what the
 *   context bands read); this reader adds the content. User lines that are
 *   plumbing, not typing (`isMeta`, the compact summary,
 *   `<command-name>`/`<local-command-…>` slash-command echoes, a `!`
 *   command's `<bash-stdout>`, task notices, teammates' messages) are skipped.
 * - A Bash result's exit status: Claude Code marks a non-zero exit with the
 *   structured `is_error`; the number is only in the output text ("Exit
 *   code N"), which the command's own output can imitate, so it is never
 *   read: a failed result has `is_error: true` and an unknown exit code. A
 *   result whose structured part says `interrupted: true` has no status at
 *   all (the command was stopped, not finished), whatever `is_error` says;
 *   nor does one whose `returnCodeInterpretation` says the host read a
 *   non-zero exit as no error (grep's no match, diff's files differ, a
 *   false `test`), which comes with `is_error: false`. A call the user
 *   rejected (the record's `toolUseResult` is "User rejected tool use", or
 *   it carries `toolDenialKind`) never ran: its result is marked denied and
 *   has no status, though `is_error` is true.
 * - A compaction is marked by the `compact_boundary` line, the summary line
 *   Claude Code writes after it (`isCompactSummary`), and older builds'
 *   `summary` lines; the pair gives one compaction turn.
 * - The context fill is the newest non-sidechain assistant `usage` after the
 *   last compaction (not a `<synthetic>` row Claude Code wrote itself): input plus cache creation plus cache read tokens over a
 *   200k window (1M once the fill is past 200k: the transcript does not name
 *   the window).
 * @module
 */
import { contentText, objectOf, resultText, stringOf, timeOf } from "./record_text.ts";
import { toolCallTurn } from "./tool_call.ts";
import {
  claudeSignal,
  fillFields,
  isClaudePlumbing,
  isClaudeTextBlock,
  isClaudeToolUse,
  type TokenFill,
} from "./context_signals.ts";
import { emptyMeta, type ParsedTranscript, type ReadCounts, seenAt, type Turn } from "./types.ts";

const SKIPPED_TYPES = new Set([
  "attachment",
  "queue-operation",
  "last-prompt",
  "mode",
  "file-history-snapshot",
  "progress",
  "custom-title",
  "tag",
  "agent-name",
  "pr-link",
]);

/**
 * Whether a record's structured result says the command went on in the
 * background (started with `run_in_background`, or sent there by the user
 * with Ctrl+B): the result then marks no error although the command has not ended.
 */
function backgrounded(result: unknown): boolean {
  const r = objectOf(result);
  if (r === null) return false;
  return (typeof r.backgroundTaskId === "string" && r.backgroundTaskId !== "") ||
    r.backgroundedByUser === true;
}

/**
 * Whether a tool result's record says the call never ran: the user rejected
 * it (`toolUseResult` is Claude Code's "User rejected tool use"; newer
 * builds add `toolDenialKind`, e.g. "user-rejected").
 */
function deniedCall(r: Record<string, unknown>): boolean {
  return r.toolUseResult === "User rejected tool use" ||
    typeof r.toolDenialKind === "string" && r.toolDenialKind !== "";
}

/**
 * Whether a record's structured result says the command was interrupted
 * (`interrupted: true` in the Bash result: the user pressed Esc, or the host
 * stopped it). Public descriptions of the format list the field but not
 * whether `is_error` accompanies it, so the field alone decides.
 */
function interruptedResult(result: unknown): boolean {
  return objectOf(result)?.interrupted === true;
}

/**
 * Whether a Bash result's structured part says Claude Code read a non-zero
 * exit as no error (`returnCodeInterpretation`: "No matches found" for grep
 * and rg, "Files differ" for diff, "Condition is false" for test, "Some
 * directories were inaccessible" for find): `is_error` is then false though
 * the command did not exit 0, and the host judged by the last program alone
 * (`make && test -f out` after a failed make reads the same). The exit code
 * is not recorded, so the status is unknown.
 */
function reinterpretedExit(result: unknown): boolean {
  const why = objectOf(result)?.returnCodeInterpretation;
  return typeof why === "string" && why !== "";
}

/**
 * Turns Claude Code transcript records into turns.
 * @param records Parsed JSON lines, oldest first.
 * @param counts Counts to add skipped and unknown records to.
 * @returns The turns and the session's metadata.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseClaudeCode } from "./claude_code.ts";
 * import { emptyCounts } from "./types.ts";
 * const r = parseClaudeCode([
 *   { type: "user", sessionId: "s", cwd: "/r", version: "2.1.197", message: { role: "user", content: "Fix it" } },
 *   { type: "assistant", message: { content: [{ type: "tool_use", id: "t1", name: "Bash", input: { command: "npm test" } }] } },
 *   { type: "user", message: { content: [{ type: "tool_result", tool_use_id: "t1", content: "Exit code 1\nfail", is_error: true }] } },
 * ], emptyCounts());
 * assert.deepEqual(r.turns.map((t) => t.kind), ["user", "tool_call", "tool_result"]);
 * const result = r.turns[2]!;
 * assert.deepEqual(result.kind === "tool_result" && [result.is_error, result.exit_code], [true, null]);
 * assert.equal(r.meta.format, "claude-code 2.1.197");
 * ```
 */
export function parseClaudeCode(
  records: readonly unknown[],
  counts: ReadCounts,
): ParsedTranscript {
  const turns: Turn[] = [];
  const meta = emptyMeta();
  let fill: TokenFill | undefined;
  for (const raw of records) {
    const r = objectOf(raw);
    const type = stringOf(r?.type, 100);
    if (r === null || type === null) {
      counts.unknown++;
      continue;
    }
    const at = timeOf(r.timestamp);
    meta.session_id ??= stringOf(r.sessionId, 200);
    meta.cwd ??= stringOf(r.cwd, 4096);
    const version = stringOf(r.version, 40);
    if (version !== null) meta.format = `claude-code ${version}`;
    seenAt(meta, at);
    const signal = claudeSignal(r);
    if (signal.compaction) {
      if (turns.at(-1)?.kind === "compaction") counts.skipped++;
      else turns.push({ kind: "compaction", at });
      fill = undefined;
      continue;
    }
    if (type === "system") {
      counts.skipped++;
      continue;
    }
    if (type !== "user" && type !== "assistant") {
      if (SKIPPED_TYPES.has(type)) counts.skipped++;
      else counts.unknown++;
      continue;
    }
    const message = objectOf(r.message);
    const content = message?.content;
    if (r.isMeta === true || r.isSidechain === true) {
      counts.skipped++;
      continue;
    }
    fill = signal.fill ?? fill;
    if (typeof content === "string") {
      if (signal.userTurn) turns.push({ kind: "user", text: contentText(content), at });
      else if (type === "user") {
        if (isClaudePlumbing(content)) counts.skipped++;
      } else if (content.trim() !== "") turns.push({ kind: type, text: contentText(content), at });
      continue;
    }
    if (!Array.isArray(content)) {
      counts.unknown++;
      continue;
    }
    const text = contentText(content.filter(isClaudeTextBlock));
    if (signal.userTurn || type === "assistant" && text.trim() !== "") {
      turns.push({ kind: type, text, at });
    }
    for (const b of content) {
      const block = objectOf(b);
      if (isClaudeToolUse(block)) {
        const name = stringOf(block!.name, 200) ?? "unknown";
        turns.push(toolCallTurn(name, block!.input, { id: stringOf(block!.id, 200), at }));
      } else if (block?.type === "tool_result") {
        // A command the user interrupted (or the host stopped) did not end on its own: its
        // result says nothing of success or failure, whatever `is_error` holds.
        // A non-zero exit the host reinterpreted as no error is no success either.
        const denied = deniedCall(r);
        const isError = denied || interruptedResult(r.toolUseResult)
          ? null
          : block.is_error === true
          ? true
          : block.is_error === false && !reinterpretedExit(r.toolUseResult)
          ? false
          : null;
        turns.push({
          kind: "tool_result",
          id: stringOf(block.tool_use_id, 200),
          exit_code: null,
          is_error: isError,
          text: resultText(block.content),
          ...(backgrounded(r.toolUseResult) ? { detached: true } : {}),
          ...(denied ? { denied: true } : {}),
          at,
        });
      }
    }
  }
  return { turns, counts, meta, ...fillFields(fill) };
}
