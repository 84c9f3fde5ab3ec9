import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { parseOpenCodeRows } from "../../../core/transcript/opencode.ts";
import { emptyCounts } from "../../../core/transcript/types.ts";
import { writeOpenCodeDb } from "../../_helpers/transcripts.ts";
import { assertScenario } from "./_scenario.ts";

Deno.test("parseOpenCodeRows() recovers the scenario from rows of a real SQLite store built with OpenCode's tables", async () => {
  const dir = await Deno.makeTempDir({ prefix: "baton-oc-" });
  try {
    await writeOpenCodeDb(`${dir}/opencode.db`, "ses_1", "/r");
    const db = new DatabaseSync(`${dir}/opencode.db`, { readOnly: true });
    const rows = db.prepare(
      "SELECT p.message_id AS message_id, m.data AS message, p.data AS part, p.time_created AS time_created FROM part p JOIN message m ON m.id = p.message_id ORDER BY p.time_created, p.id",
    ).all() as never[];
    db.close();
    const p = parseOpenCodeRows(rows, emptyCounts());
    assertScenario(p, "opencode");
    assert.equal(p.counts.skipped, 2, "step records");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("parseOpenCodeRows() counts a value over the SQL bound (null) or not JSON as invalid and marks compaction", () => {
  const p = parseOpenCodeRows([
    { message_id: "m", message: null, part: "{}", time_created: 1 },
    { message_id: "m", message: "{", part: "{}", time_created: 1 },
    {
      message_id: "c",
      message: '{"role":"assistant","summary":true}',
      part: '{"type":"text","text":"s"}',
      time_created: 2,
    },
  ], emptyCounts());
  assert.deepEqual(p.turns.map((t) => t.kind), ["compaction"]);
  assert.equal(p.counts.invalid, 2);
});

/** A completed OpenCode tool part that ran `npm test` and wrote `output` and `metadata.exit`. */
function npmTestPart(tool: string, callID: string, output: string, exit: number | null) {
  return {
    message_id: "m",
    message: '{"role":"assistant"}',
    part: JSON.stringify({
      type: "tool",
      tool,
      callID,
      state: { status: "completed", input: { command: "npm test" }, output, metadata: { exit } },
    }),
    time_created: 1,
  };
}

/** Where the session record of these tests comes from: OpenCode's store, read whole. */
const OPENCODE_SOURCE = {
  host: "opencode",
  source_id: null,
  confidence: "documented",
  bytes: 0,
  file_bytes: 0,
  complete: true,
} as const;

Deno.test("parseOpenCodeRows(): a completed bash part without an exit status (OpenCode killed it: timeout, abort) is not a success; exit 0 and 1 are (controls)", async () => {
  const { buildSessionRecord } = await import("../../../core/transcript/session_record.ts");
  const killed = "bash tool terminated command after exceeding timeout";
  const p = parseOpenCodeRows(
    [
      npmTestPart("bash", "a", killed, null),
      npmTestPart("bash", "b", killed, 0),
      npmTestPart("bash", "c", killed, 1),
    ],
    emptyCounts(),
  );
  const s = buildSessionRecord(p, OPENCODE_SOURCE);
  assert.deepEqual(s.commands.map((c) => c.ok), [null, true, false]);
  assert.deepEqual(s.tests.map((t) => t.outcome), ["unknown", "passed", "failed"]);
});

Deno.test("parseOpenCodeRows(): a custom tool's metadata.exit is no status, even under another host's shell name the capture knows; bash's is (control)", async () => {
  const { buildSessionRecord } = await import("../../../core/transcript/session_record.ts");
  // OpenCode stores a custom tool's returned metadata as it is; its id is the tool file's name.
  const tests = (tool: string) =>
    buildSessionRecord(
      parseOpenCodeRows([npmTestPart(tool, "c1", "3 failing", 0)], emptyCounts()),
      OPENCODE_SOURCE,
    ).tests.map((t) => [t.outcome, t.exit_code]);
  assert.deepEqual(tests("run_shell_command"), [["unknown", null]]);
  assert.deepEqual(tests("ci_run"), [["unknown", null]]);
  assert.deepEqual(tests("bash"), [["passed", 0]], "control: OpenCode's shell");
});
