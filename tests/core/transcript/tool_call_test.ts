import assert from "node:assert/strict";
import { patchPaths, toolCallTurn } from "../../../core/transcript/tool_call.ts";

const at = { id: null, at: null };

Deno.test("toolCallTurn() reads each host's tool shapes", () => {
  assert.equal(toolCallTurn("Bash", { command: "ls" }, at).command, "ls");
  assert.equal(toolCallTurn("exec_command", '{"cmd":"git status"}', at).command, "git status");
  assert.equal(toolCallTurn("run_shell_command", { command: "npm test" }, at).command, "npm test");
  assert.deepEqual(toolCallTurn("read", { filePath: "/r/a.ts" }, at).paths, ["/r/a.ts"]);
  assert.equal(toolCallTurn("read", { filePath: "/r/a.ts" }, at).access, "read");
  assert.equal(toolCallTurn("view", { path: "a" }, at).access, "read");
  assert.equal(toolCallTurn("replace", { file_path: "a" }, at).access, "edit");
  assert.equal(toolCallTurn("read_many_files", { paths: ["a", "b"] }, at).paths.length, 2);
  const patch = toolCallTurn(
    "apply_patch",
    "*** Begin Patch\n*** Add File: n.ts\n+x\n*** End Patch",
    at,
  );
  assert.deepEqual([patch.access, patch.paths], ["edit", ["n.ts"]]);
  assert.equal(toolCallTurn("exec_command", "{not json", at).command, null);
});

Deno.test("patchPaths() lists added, updated, deleted and moved files once", () => {
  const p = "*** Update File: a\n*** Move to: b\n*** Delete File: c\n*** Update File: a\n";
  assert.deepEqual(patchPaths(p), ["a", "b", "c"]);
});

Deno.test("toolCallTurn() marks a command the host runs detached (Claude Code, Gemini CLI, Copilot CLI); a foreground one is not (control)", () => {
  const detached = [
    toolCallTurn("Bash", { command: "npm test", run_in_background: true }, at),
    toolCallTurn("run_shell_command", { command: "npm test", is_background: true }, at),
    toolCallTurn("bash", { command: "npm test", mode: "async" }, at),
    toolCallTurn("bash", { command: "npm test", mode: "sync", detach: true }, at),
  ];
  for (const t of detached) assert.equal(t.detached, true, JSON.stringify(t));
  for (
    const t of [
      toolCallTurn("Bash", { command: "npm test", run_in_background: false }, at),
      toolCallTurn("bash", { command: "npm test", mode: "sync" }, at),
      toolCallTurn("Bash", { command: "npm test" }, at),
    ]
  ) assert.equal(t.detached, undefined, JSON.stringify(t));
});
