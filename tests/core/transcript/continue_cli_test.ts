// Tests for core/transcript/continue_cli.ts on a real cn 1.5.47 session document (redacted):
// its turns with the shell call and its outcome, a damaged document counted rather than read,
// and `baton source`'s lister finding it where cn keeps it (and not cn's index file).

import assert from "node:assert/strict";
import { parseTranscriptBytes } from "../../../core/transcript/parse_transcript.ts";
import { listRecordSessions, loadSession } from "../../../core/transcript/session_stores.ts";
import { CONTINUE_RECORD } from "../../../core/hosts/continue_cli.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { fixture, storeIo } from "./_real_store.ts";

const BYTES = fixture("continue.json");
const SESSION = "59824eab-24c9-474c-84ab-aea15c0a4714";

Deno.test("parseContinueSession() reads a real cn session: prompt, shell call, its outcome, reply", () => {
  const p = parseTranscriptBytes("continue-json", BYTES);
  assert.deepEqual(p.turns.map((t) => t.kind), ["user", "tool_call", "tool_result", "assistant"]);
  const [user, call, result, reply] = p.turns;
  assert.equal(user?.kind === "user" && user.text, "Run echo.");
  assert.equal(call?.kind === "tool_call" && call.command, "echo hello-tool");
  assert.equal(call?.kind === "tool_call" && call.name, "Bash");
  assert.ok(result?.kind === "tool_result");
  assert.equal(result.id, call?.kind === "tool_call" ? call.id : "x");
  assert.equal(result.text, "hello-tool\n");
  // "done" says cn's tool resolved, not how the command exited: cn resolves a non-zero exit
  // without stderr, and a command it killed at its timeout, as "done" too.
  assert.equal(result.is_error, null);
  assert.equal(result.exit_code, null);
  assert.equal(reply?.kind === "assistant" && reply.text, "OK from the fake model.");
  assert.equal(p.meta.session_id, SESSION);
  assert.equal(p.meta.cwd, "/work/project");
});

Deno.test("a test cn ran is never 'passed' from its 'done' status (cn records no exit status); 'errored' is a failure (control)", async () => {
  const { buildSessionRecord } = await import("../../../core/transcript/session_record.ts");
  const doc = JSON.parse(new TextDecoder().decode(BYTES));
  doc.history[1].message.toolCalls[0].function.arguments = JSON.stringify({ command: "pytest" });
  const done = parseTranscriptBytes("continue-json", new TextEncoder().encode(JSON.stringify(doc)));
  doc.history[1].toolCallStates[0].status = "errored";
  const errored = parseTranscriptBytes(
    "continue-json",
    new TextEncoder().encode(JSON.stringify(doc)),
  );
  const source = {
    host: "continue",
    source_id: null,
    confidence: "verified" as const,
    bytes: 0,
    file_bytes: 0,
    complete: true,
  };
  assert.deepEqual(buildSessionRecord(done, source).tests.map((t) => t.outcome), ["unknown"]);
  assert.deepEqual(buildSessionRecord(errored, source).tests.map((t) => t.outcome), ["failed"]);
});

Deno.test("a call cn has not finished has no result; a damaged document is counted, not read", () => {
  const doc = JSON.parse(new TextDecoder().decode(BYTES));
  doc.history[1].toolCallStates[0].status = "calling";
  const p = parseTranscriptBytes("continue-json", new TextEncoder().encode(JSON.stringify(doc)));
  assert.deepEqual(p.turns.map((t) => t.kind), ["user", "tool_call", "assistant"]);
  const cut = parseTranscriptBytes("continue-json", BYTES.subarray(0, BYTES.length - 20));
  assert.equal(cut.turns.length, 0);
  assert.equal(cut.counts.invalid, 1);
});

Deno.test("baton source lists a cn session where cn keeps it and reads its turns", async () => {
  await using dir = await tempDir("baton-continue-store-");
  const sessions = `${dir.path}/.continue/sessions`;
  await Deno.mkdir(sessions, { recursive: true });
  await Deno.writeFile(`${sessions}/${SESSION}.json`, BYTES);
  await Deno.writeTextFile(`${sessions}/sessions.json`, `[{"sessionId":"${SESSION}"}]`);
  const io = storeIo(dir.path);
  const listed = await listRecordSessions(io, CONTINUE_RECORD, null);
  assert.deepEqual(listed.map((s) => [s.id, s.project, s.turns]), [
    [`continue:${SESSION}`, "/work/project", 4],
  ]);
  const loaded = await loadSession(io, listed[0]!, 10, CONTINUE_RECORD);
  assert.equal(loaded?.parsed.turns.length, 4);
  assert.deepEqual(await listRecordSessions(io, CONTINUE_RECORD, "/elsewhere"), []);
});

Deno.test("a cn call its permission check refused ('canceled') never ran: no status, marked denied, no file; 'done' and 'errored' (controls)", async () => {
  const { buildSessionRecord } = await import("../../../core/transcript/session_record.ts");
  const doc = JSON.parse(new TextDecoder().decode(BYTES));
  const item = doc.history[1];
  item.message.toolCalls[0].function.arguments = JSON.stringify({ command: "npm test" });
  // cn 1.5.47 records a refused call as "canceled" with its reason as the output.
  item.toolCallStates[0].status = "canceled";
  item.toolCallStates[0].output = [{ content: "Permission denied by user", name: "Tool Result" }];
  const edit = {
    id: "call_edit",
    type: "function",
    function: { name: "Edit", arguments: JSON.stringify({ file_path: "/r/a.ts" }) },
  };
  item.message.toolCalls.push(edit);
  item.toolCallStates.push({
    toolCallId: "call_edit",
    status: "canceled",
    output: [{ content: "Command blocked by security policy" }],
  });
  const p = parseTranscriptBytes("continue-json", new TextEncoder().encode(JSON.stringify(doc)));
  const results = p.turns.filter((t) => t.kind === "tool_result");
  assert.deepEqual(results.map((t) => t.kind === "tool_result" && [t.is_error, t.denied]), [
    [null, true],
    [null, true],
  ]);
  const source = {
    host: "continue",
    source_id: null,
    confidence: "verified" as const,
    bytes: 0,
    file_bytes: 0,
    complete: true,
  };
  const s = buildSessionRecord(p, source);
  assert.deepEqual(s.tests.map((t) => t.outcome), ["unknown"]);
  assert.deepEqual(s.files_edited, []);
  // Controls: a finished edit is credited; an errored call stays a failure.
  item.toolCallStates[1].status = "done";
  item.toolCallStates[0].status = "errored";
  const q = parseTranscriptBytes("continue-json", new TextEncoder().encode(JSON.stringify(doc)));
  assert.deepEqual(buildSessionRecord(q, source).files_edited, ["/r/a.ts"]);
  assert.deepEqual(buildSessionRecord(q, source).tests.map((t) => t.outcome), ["failed"]);
});
