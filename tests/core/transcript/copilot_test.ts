import assert from "node:assert/strict";
import { parseTranscriptBytes } from "../../../core/transcript/parse_transcript.ts";
import { copilotEvents } from "../../_helpers/transcripts.ts";
import { assertScenario } from "./_scenario.ts";

Deno.test("parseCopilot() recovers the scenario from Copilot CLI session events", () => {
  const p = parseTranscriptBytes("copilot", new TextEncoder().encode(copilotEvents("s", "/r")));
  assertScenario(p, "copilot");
  assert.equal(p.meta.format, "copilot-cli 1.0.102");
  assert.equal(p.meta.cwd, "/r");
  const results = p.turns.filter((t) => t.kind === "tool_result");
  // The view and the edit say only that the tool ran; the shell calls their exit code.
  assert.deepEqual(results.map((r) => r.kind === "tool_result" && [r.is_error, r.exit_code]), [
    [null, null],
    [null, null],
    [true, 1],
    [false, 0],
    [false, 0],
  ]);
});

Deno.test("parseCopilot(): success is the tool's, not the command's; only a failed call or the exit code says more", () => {
  const result = (data: Record<string, unknown>) => {
    const line = JSON.stringify({
      type: "tool.execution_complete",
      data: { toolCallId: "c", ...data },
    });
    const t = parseTranscriptBytes("copilot", new TextEncoder().encode(line + "\n")).turns[0];
    return t?.kind === "tool_result" ? [t.is_error, t.exit_code] : "none";
  };
  assert.deepEqual(result({ success: true, result: { content: "x" } }), [null, null]);
  assert.deepEqual(result({ success: true, shellExecution: { exitCode: 1 } }), [true, 1]);
  assert.deepEqual(result({ success: true, shellExecution: { exitCode: 0 } }), [false, 0]);
  assert.deepEqual(result({ success: false, error: { message: "x" } }), [true, null]);
  assert.deepEqual(result({ success: false, shellExecution: { exitCode: 0 } }), [true, 0]);
  assert.deepEqual(result({ success: true, shellExecution: { exitCode: "0" } }), [null, null]);
});
