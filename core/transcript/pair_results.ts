/**
 * Which tool result belongs to which tool call. A host links them by an id,
 * but not every model or gateway gives unique ids: OpenCode sessions reuse
 * `bash:0` in every message, a Qwen Code gateway sends `run_shell_command:0`
 * again and again, and `toolName:index` ids collide inside one message. So a
 * result belongs to the call with its id that came before it, the newest
 * such call; never to a call that came after it, nor to an older call whose
 * id a newer call has taken since. Two calls waiting on one id at once (a
 * batch with a repeated id) cannot be told apart: neither gets a result,
 * unless the second is the first written again (the same tool, command and
 * paths: a record logged twice), which then shares its result.
 * A second record for a call that already has one (Codex writes the
 * `exec_command_end` event and the output) is merged into it: an exit status
 * one of them recorded is kept when the later one has none. Pure.
 * @module
 */
import type { ToolCallTurn, ToolResultTurn, Turn } from "./types.ts";

/** Whether two calls under one id are one call written twice. */
function sameCall(a: ToolCallTurn, b: ToolCallTurn): boolean {
  return a.name === b.name && a.command === b.command && a.access === b.access &&
    a.paths.length === b.paths.length && a.paths.every((p, i) => p === b.paths[i]);
}

/**
 * Each tool call's result, by the call's index in `turns`.
 * @param turns A parsed transcript's turns, oldest first.
 * @returns The result of each call that has one it can be given without a guess.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pairResults } from "./pair_results.ts";
 * const call = (id: string) => ({ kind: "tool_call" as const, id, name: "bash", command: "x", paths: [], access: "other" as const, at: null });
 * const result = (id: string, exit: number) => ({ kind: "tool_result" as const, id, exit_code: exit, is_error: exit !== 0, text: "", at: null });
 * // "bash:0" in two messages: each call has its own result.
 * const pairs = pairResults([call("bash:0"), result("bash:0", 1), call("bash:0"), result("bash:0", 0)]);
 * assert.deepEqual([pairs.get(0)?.exit_code, pairs.get(2)?.exit_code], [1, 0]);
 * // A result written before any call with its id belongs to none.
 * assert.equal(pairResults([result("a", 0), call("a")]).size, 0);
 * ```
 */
export function pairResults(turns: readonly Turn[]): Map<number, ToolResultTurn> {
  const paired = new Map<number, ToolResultTurn>();
  // Calls under an id that have had no result yet, oldest first.
  const waiting = new Map<string, number[]>();
  // The call under an id whose result came last: a further record for it is merged.
  const owner = new Map<string, number>();
  // Calls that waited on one id together: none of the results can be told to be theirs.
  const ambiguous = new Set<number>();
  // A call written again while it waits, by its index: it shares the first copy's result.
  const copies = new Map<number, number>();
  turns.forEach((t, i) => {
    if (t.kind === "tool_call") {
      if (t.id === null) return;
      const queue = waiting.get(t.id) ?? [];
      const first = queue.length === 1 ? turns[queue[0]!] : undefined;
      if (first?.kind === "tool_call" && !ambiguous.has(queue[0]!) && sameCall(first, t)) {
        copies.set(i, queue[0]!);
        return;
      }
      if (queue.length > 0) {
        for (const q of queue) ambiguous.add(q);
        ambiguous.add(i);
      }
      queue.push(i);
      waiting.set(t.id, queue);
      owner.delete(t.id);
      return;
    }
    if (t.kind !== "tool_result" || t.id === null) return;
    const queue = waiting.get(t.id);
    if (queue !== undefined && queue.length > 0) {
      // One result is taken per waiting call; in an ambiguous batch it is given to none.
      const call = queue.shift()!;
      if (!ambiguous.has(call)) {
        paired.set(call, t);
        owner.set(t.id, call);
      }
      return;
    }
    const call = owner.get(t.id);
    if (call === undefined) return;
    const prev = paired.get(call)!;
    paired.set(call, t.exit_code === null ? { ...t, exit_code: prev.exit_code } : t);
  });
  for (const [copy, first] of copies) {
    const result = paired.get(first);
    if (result !== undefined) paired.set(copy, result);
  }
  return paired;
}
