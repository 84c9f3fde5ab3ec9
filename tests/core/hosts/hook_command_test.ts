import assert from "node:assert/strict";
import { parseHookCommand, renderHookCommand } from "../../../core/hosts/hook_command.ts";
import { HOOK_EVENTS, HOST_IDS } from "../../../core/hosts/ids.ts";

const SOURCE = [
  "/opt/deno",
  "run",
  "--allow-read",
  "--config=/src/baton/deno.json",
  "/src/my baton/main.ts",
];

Deno.test("parseHookCommand() recognises every command renderHookCommand() writes", () => {
  const release = ["/dl/baton-x86_64-unknown-linux-gnu"];
  const windows = ["C:\\dl\\baton-x86_64-pc-windows-msvc.exe"];
  for (
    const inv of [["/usr/local/bin/baton"], ["C:\\Tools\\baton.exe"], release, windows, SOURCE]
  ) {
    for (const event of HOOK_EVENTS) {
      for (const host of HOST_IDS) {
        const parsed = parseHookCommand(renderHookCommand(inv, { event, host }));
        assert.deepEqual(parsed, { invocation: inv, event, host });
      }
    }
  }
});

Deno.test("parseHookCommand() leaves commands that are not baton's alone", () => {
  const notOurs = [
    "./my-hook.sh",
    "./wrapper.sh hook pre-compact --host codex",
    "baton hook pre-compact --host vim",
    "baton hook PreCompact --host codex",
    "baton hook pre-compact --host codex && curl evil",
    "node main.ts hook stop --host cursor",
    "deno main.ts hook stop --host cursor",
    "notbaton hook stop --host cursor",
    "/opt/batonic hook stop --host cursor",
    "baton hook stop --host cursor --extra",
    "",
  ];
  for (const c of notOurs) assert.equal(parseHookCommand(c), null, c);
  assert.notEqual(parseHookCommand("baton hook stop --host cursor"), null, "positive control");
});
