import assert from "node:assert/strict";
import {
  MAX_HOOK_PAYLOAD_BYTES,
  parseHookPayload,
  readHookPayload,
} from "../../../core/hosts/hook_payload.ts";
import { InputError } from "../../../core/errors.ts";
import { StrictJsonError } from "../../../core/json/strict_json_error.ts";

const enc = new TextEncoder();

Deno.test("readHookPayload() reads both spellings and Cursor's workspace roots", () => {
  const cursor = readHookPayload({
    hook_event_name: "preCompact",
    conversation_id: "c1",
    workspace_roots: ["/home/dev/app/"],
  });
  assert.deepEqual(
    [cursor.event, cursor.cwd, cursor.sessionId, cursor.detectedHost],
    ["pre-compact", "/home/dev/app", "c1", "cursor"],
  );
  const copilot = readHookPayload({
    hookEventName: "Stop",
    sessionId: "v",
    transcriptPath: "/t.json",
  });
  assert.deepEqual([copilot.event, copilot.sessionId, copilot.transcriptPath], [
    "stop",
    "v",
    "/t.json",
  ]);
});

Deno.test("readHookPayload() ignores unknown fields, wrong types and relative working directories", () => {
  const p = readHookPayload({
    session_id: "s",
    hook_event_name: "PreToolUse",
    cwd: "relative/dir",
    transcript_path: 42,
    source: ["compact"],
    extra: { deep: [1, 2, 3] },
  });
  assert.equal(p.event, null, "an event baton does not handle");
  assert.equal(p.nativeEvent, "PreToolUse");
  assert.equal(p.cwd, null);
  assert.equal(p.transcriptPath, null);
  assert.equal(p.source, null);
  assert.equal(readHookPayload({ cwd: "C:\\Users\\dev\\app" }).cwd, "C:/Users/dev/app");
});

Deno.test("readHookPayload() refuses a payload that is not an object, with a stable code", () => {
  for (const v of [[1], "x", null, 3]) {
    assert.throws(
      () => readHookPayload(v),
      (e) => e instanceof InputError && e.code === "hook_payload_not_object",
    );
  }
});

Deno.test("parseHookPayload() is strict and bounded, and reads empty input as an empty payload", () => {
  assert.throws(
    () => parseHookPayload(enc.encode('{"session_id":"s","cwd":"/r"')),
    (e) => e instanceof StrictJsonError && e.kind === "truncated",
  );
  assert.throws(
    () => parseHookPayload(enc.encode('{"a":1,"a":2}')),
    (e) => e instanceof StrictJsonError && e.kind === "duplicate_key",
  );
  const big = enc.encode(`{"pad":"${"x".repeat(MAX_HOOK_PAYLOAD_BYTES)}"}`);
  assert.throws(
    () => parseHookPayload(big),
    (e) => e instanceof StrictJsonError && e.kind === "too_large",
  );
  assert.equal(parseHookPayload(enc.encode(" \n")).event, null);
  assert.equal(
    parseHookPayload(enc.encode('{"hook_event_name":"SessionEnd"}')).event,
    "session-end",
  );
});
