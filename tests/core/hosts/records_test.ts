// Tests for core/hosts/records.ts and the host records: the gate's tool
// table, its deny renderer and its pre-tool event names, which are derived
// from the records, give each record's own answer, and the tables derived
// from the records hold every host.

import assert from "node:assert/strict";
import { HOST_RECORDS } from "../../../core/hosts/records.ts";
import { HOST_IDS, hostRecord, perHost } from "../../../core/hosts/ids.ts";
import { perHostRecord } from "../../../core/hosts/full_records.ts";
import { RUNTIME_RECORDS } from "../../../core/hosts/_records_generated.ts";
import { hookNamesModule, runtimeRecordsModule } from "../../_tools/gen_docs.ts";
import { HOST_ID_NAMES, PRE_TOOL_NAMES } from "../../../core/hosts/hook_names_generated.ts";
import { NATIVE_EVENTS, toHookEvent } from "../../../core/hosts/native_events.ts";
import { INJECTION_CAP_CHARS } from "../../../core/hosts/hook_output.ts";
import { toolCallOf } from "../../../core/enforce/tool_call.ts";
import { PRE_TOOL_EVENTS, renderDeny } from "../../../core/enforce/deny_output.ts";
import type { DenyShape, RuntimeRecord } from "../../../core/hosts/record.ts";

Deno.test("host ids are the records' ids, unique, and every derived table holds each host", () => {
  assert.deepEqual([...HOST_IDS], HOST_RECORDS.map((r) => r.id));
  assert.equal(new Set(HOST_IDS).size, HOST_IDS.length);
  for (const id of HOST_IDS) {
    assert.equal(hostRecord(id).id, id);
    assert.equal(INJECTION_CAP_CHARS[id], hostRecord(id).output.injectionCapChars);
  }
  assert.deepEqual(Object.keys(perHost((r) => r.output.shape)), [...HOST_IDS]);
  assert.deepEqual(Object.keys(perHostRecord((r) => r.label)), [...HOST_IDS]);
});

Deno.test("the names baton hook dispatches on (generated) are the records' ids and pre-tool names", () => {
  assert.deepEqual([...HOST_ID_NAMES], [...HOST_IDS]);
  assert.deepEqual([...PRE_TOOL_NAMES], [...PRE_TOOL_EVENTS]);
  // The module on disk is the generator's current output (deno task gen).
  const onDisk = Deno.readTextFileSync(
    new URL("../../../core/hosts/hook_names_generated.ts", import.meta.url),
  );
  assert.equal(onDisk, hookNamesModule());
  // Control: the comparison sees one name missing.
  assert.notDeepEqual(PRE_TOOL_NAMES.slice(0, -1), [...PRE_TOOL_EVENTS]);
  assert.ok(PRE_TOOL_NAMES.includes("PreToolUse") && PRE_TOOL_NAMES.includes("pre-tool"));
});

Deno.test("every native event name a record gives maps to its baton event (pre-tool names go to the gate)", () => {
  let checked = 0;
  for (const record of HOST_RECORDS) {
    for (const [event, names] of Object.entries(record.events)) {
      for (const name of names) {
        if (event === "pre-tool") {
          assert.ok(PRE_TOOL_EVENTS.includes(name), `${record.id}: ${name} reaches the gate`);
          assert.equal(toHookEvent(name), null);
        } else {
          assert.equal(NATIVE_EVENTS[name], event, `${record.id}: ${name}`);
          checked++;
        }
      }
    }
  }
  assert.ok(checked >= 20, `${checked} names checked`);
  // Positive control: a name no record gives maps to nothing.
  assert.equal(toHookEvent("BeforeModel"), null);
});

Deno.test("every tool name a record gives is classified by the gate as the record says", () => {
  for (const record of HOST_RECORDS) {
    for (const kind of ["read", "edit", "shell"] as const) {
      for (const tool of record.tools[kind]) {
        const input = kind === "shell" ? { command: "ls" } : {};
        assert.equal(toolCallOf(tool, input).kind, kind, `${record.id}: ${tool}`);
      }
    }
  }
  // Positive control: a tool no record names is "other", so the check can fail.
  assert.equal(toolCallOf("mcp__made_up__tool", {}).kind, "other");
});

Deno.test("every record's deny shape is the one the gate renders for that host", () => {
  const shapeOf = (text: string): DenyShape => {
    const o = JSON.parse(text);
    if (o.hookSpecificOutput?.permissionDecision === "deny") return "permission-decision";
    if (o.permission === "deny") return "cursor-permission";
    if (o.decision === "deny") return "decision";
    return "plugin-throw";
  };
  for (const record of HOST_RECORDS) {
    assert.equal(shapeOf(renderDeny(record.id, "no")), record.deny, record.id);
  }
});

Deno.test("the hook command's --host help names every host record", async () => {
  // hook.ts lists the records' ids (the gate's path loads their light part anyway); this holds
  // it to them (positive control: a name that is no host is not in it).
  const { hookCommand } = await import("../../../commands/hook.ts");
  const summary = hookCommand.flags.find((f) => f.name === "host")!.summary;
  for (const id of HOST_IDS) assert.ok(summary.includes(id), id);
  assert.ok(!summary.includes("fakehost"));
});

Deno.test("the hook path's light records are exactly the records' light part (and gen notices a change)", () => {
  for (const [i, record] of HOST_RECORDS.entries()) {
    const light = RUNTIME_RECORDS[i]!;
    assert.equal(light.id, record.id);
    assert.deepEqual(light.events, record.events);
    assert.deepEqual(light.payload, record.payload);
    assert.deepEqual(light.output, record.output);
    assert.equal(light.projectDirEnv, record.projectDirEnv);
    assert.deepEqual(light.transcript.formats, record.transcript.formats);
    // Every field the light part carries.
    assert.equal(light.deny, record.deny);
    assert.deepEqual(light.tools, record.tools);
    assert.equal(light.sessionLabel, record.sessionLabel);
    assert.deepEqual(
      (light as RuntimeRecord).compression,
      "compression" in record ? record.compression : undefined,
    );
    assert.deepEqual(
      Object.keys(light).sort(),
      [
        "id",
        "events",
        "payload",
        "output",
        "deny",
        "tools",
        "projectDirEnv",
        "sessionLabel",
        "transcript",
        ...("compression" in record ? ["compression"] : []),
      ].sort(),
    );
  }
  const text = runtimeRecordsModule();
  assert.equal(Deno.readTextFileSync("core/hosts/_records_generated.ts"), text);
  // Positive control: a changed record changes the generated module.
  const cap = String(HOST_RECORDS[0].output.injectionCapChars);
  assert.ok(text.includes(`"injectionCapChars":${cap},`));
  assert.ok(!text.includes(`"injectionCapChars":${cap}1`));
});
