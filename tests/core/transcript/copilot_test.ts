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
  assert.deepEqual(results.map((r) => r.kind === "tool_result" && r.is_error), [
    false,
    false,
    true,
    false,
    false,
  ]);
});
