// Tests for core/transcript/pair_results.ts through the session section: a result belongs to
// the newest call with its id before it. Real records (the Qwen Code 0.24.4 session of the
// real-host suite, OpenCode's tool parts) with the id a gateway repeats (`run_shell_command:0`,
// `bash:0`), so a failed test run is never given a later command's success.

import assert from "node:assert/strict";
import { parseTranscriptBytes } from "../../../core/transcript/parse_transcript.ts";
import { parseOpenCodeRows } from "../../../core/transcript/opencode.ts";
import { buildSessionRecord } from "../../../core/transcript/session_record.ts";
import { emptyCounts, emptyMeta, type Turn } from "../../../core/transcript/types.ts";
import { fixture } from "./_real_store.ts";

const source = (host: string) => ({
  host,
  source_id: null,
  confidence: "verified" as const,
  bytes: 0,
  file_bytes: 0,
  complete: true,
});

/** The real session's lines, parsed. */
const QWEN = new TextDecoder().decode(fixture("qwen_code.jsonl")).split("\n").filter((l) =>
  l !== ""
)
  .map((l) => JSON.parse(l) as Record<string, unknown>);
const QWEN_CALL = QWEN.find((r) =>
  r.type === "assistant" && JSON.stringify(r).includes("functionCall")
)!;
const QWEN_RESULT = QWEN.find((r) => r.type === "tool_result")!;

/** The real call and result records, re-aimed at `id`, `command` and `exit`. */
function qwenPair(id: string, command: string, exit: number): string[] {
  const aim = (record: Record<string, unknown>) =>
    JSON.stringify(record).replaceAll("call_fake_bb516490", id)
      .replaceAll("echo hello-tool", JSON.stringify(command).slice(1, -1))
      .replace('"exitCode":0', `"exitCode":${exit}`);
  return [aim(QWEN_CALL), aim(QWEN_RESULT)];
}

function qwenSession(lines: string[]) {
  const bytes = new TextEncoder().encode(lines.join("\n") + "\n");
  return buildSessionRecord(parseTranscriptBytes("qwen-code", bytes), source("qwen-code"));
}

Deno.test("a Qwen Code id repeated by the gateway (run_shell_command:0): each call keeps its own result; the failed test run is not given the later success", () => {
  const s = qwenSession([
    ...qwenPair("run_shell_command:0", "npm test", 1),
    ...qwenPair("run_shell_command:0", "ls", 0),
  ]);
  assert.deepEqual(s.commands.map((c) => [c.command, c.exit_code, c.ok]), [
    ["npm test", 1, false],
    ["ls", 0, true],
  ]);
  assert.deepEqual(s.tests.map((t) => t.outcome), ["failed"]);
});

Deno.test("unique ids pair as they always did (control)", () => {
  const s = qwenSession([...qwenPair("call_a", "npm test", 1), ...qwenPair("call_b", "ls", 0)]);
  assert.deepEqual(s.commands.map((c) => [c.command, c.ok]), [["npm test", false], ["ls", true]]);
});

Deno.test("OpenCode parts that all carry callID bash:0: each keeps its own exit", () => {
  const part = (command: string, exit: number) => ({
    message_id: `m-${command}`,
    message: '{"role":"assistant"}',
    part: JSON.stringify({
      type: "tool",
      tool: "bash",
      callID: "bash:0",
      state: { status: "completed", input: { command }, output: "", metadata: { exit } },
    }),
    time_created: 1,
  });
  const p = parseOpenCodeRows([part("npm test", 1), part("date +%s", 0)], emptyCounts());
  const s = buildSessionRecord(p, source("opencode"));
  assert.deepEqual(s.commands.map((c) => [c.command, c.ok]), [["npm test", false], [
    "date +%s",
    true,
  ]]);
  assert.deepEqual(s.tests.map((t) => t.outcome), ["failed"]);
});

const call = (id: string, command: string): Turn => ({
  kind: "tool_call",
  id,
  name: "Bash",
  command,
  paths: [],
  access: "other",
  at: null,
});
const result = (
  id: string,
  exit: number | null,
  isError: boolean | null = exit === null ? null : exit !== 0,
): Turn => ({
  kind: "tool_result",
  id,
  exit_code: exit,
  is_error: isError,
  text: "",
  at: null,
});
const session = (turns: Turn[]) =>
  buildSessionRecord({ turns, counts: emptyCounts(), meta: emptyMeta() }, source("claude-code"));

Deno.test("a result written before any call with its id is no call's result", () => {
  const s = session([result("x", 0), call("x", "npm test")]);
  assert.deepEqual(s.commands.map((c) => [c.ok, c.trust]), [[null, "claimed"]]);
});

Deno.test("two calls waiting on one id at once (a batch that repeats an id): neither is given a result", () => {
  const s = session([
    call("e:0", "npm test"),
    call("e:0", "ls"),
    result("e:0", 0),
    result("e:0", 1),
  ]);
  assert.deepEqual(s.commands.map((c) => c.ok), [null, null]);
  // Once the batch is answered, a new call under the id is paired again.
  const t = session([
    call("e:0", "a"),
    call("e:0", "b"),
    result("e:0", 0),
    result("e:0", 0),
    call("e:0", "npm test"),
    result("e:0", 1),
  ]);
  assert.deepEqual(t.commands.map((c) => c.ok), [null, null, false]);
});

Deno.test("a call with no result (the host stopped mid-call) does not take the next call's result under a reused id", () => {
  const s = session([call("bash:0", "npm test"), call("bash:0", "ls"), result("bash:0", 0)]);
  assert.deepEqual(s.commands.map((c) => c.ok), [null, null]);
});

Deno.test("a second record for one call (Codex: the exec_command_end event, then the output) is merged: its exit status is kept when the later one has none (control)", () => {
  const s = session([call("c1", "npm test"), result("c1", 1), result("c1", null)]);
  assert.deepEqual(s.commands.map((c) => [c.exit_code, c.ok]), [[1, false]]);
});

Deno.test("a call written twice before its result (the same tool, command and paths under one id) is one call: both copies share its result; a different call under the id is not (control)", () => {
  const s = session([call("t1", "npm test"), call("t1", "npm test"), result("t1", 1)]);
  assert.deepEqual(s.commands.map((c) => c.ok), [false, false]);
  const t = session([call("t1", "npm test"), call("t1", "ls"), result("t1", 0)]);
  assert.deepEqual(t.commands.map((c) => c.ok), [null, null]);
});
