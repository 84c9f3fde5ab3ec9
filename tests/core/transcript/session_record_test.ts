import assert from "node:assert/strict";
import { buildSessionRecord, SESSION_LIMITS } from "../../../core/transcript/session_record.ts";
import { parseTranscriptBytes } from "../../../core/transcript/parse_transcript.ts";
import { emptyCounts, emptyMeta, type Turn } from "../../../core/transcript/types.ts";
import { claudeTranscript } from "../../_helpers/transcripts.ts";
import { canonicalJson } from "../../../core/json/canonical.ts";

const source = {
  host: "claude-code",
  source_id: "claude:s",
  confidence: "verified",
  bytes: 10,
  file_bytes: 10,
  complete: true,
} as const;

Deno.test("buildSessionRecord() recovers commands with exit status, classified, plus files, tests and the last message", () => {
  const p = parseTranscriptBytes(
    "claude-code",
    new TextEncoder().encode(claudeTranscript("s", "/r")),
  );
  const s = buildSessionRecord(p, source);
  assert.deepEqual(s.commands.map((c) => [c.command.slice(0, 12), c.exit_code, c.ok, c.trust]), [
    ["npm test", null, false, "observed"],
    ["npm test", null, true, "observed"],
    ["GITHUB_TOKEN", null, true, "observed"],
  ]);
  assert.deepEqual(s.files_read, ["/r/src/parser.ts"]);
  assert.deepEqual(s.files_edited, ["/r/src/parser.ts"]);
  assert.deepEqual(s.tests.map((t) => t.outcome), ["failed", "passed"]);
  assert.equal(s.provenance, "transcript");
});

Deno.test("buildSessionRecord() keeps the newest entries within its bounds and lists what it dropped", () => {
  const turns: Turn[] = [];
  for (let i = 0; i < 100; i++) {
    turns.push({
      kind: "tool_call",
      id: `${i}`,
      name: "Bash",
      command: `echo ${i}`,
      paths: [],
      access: "other",
      at: null,
    });
  }
  const s = buildSessionRecord({ turns, counts: emptyCounts(), meta: emptyMeta() }, source);
  assert.equal(s.commands.length, SESSION_LIMITS.commands);
  assert.equal(s.commands.at(-1)!.command, "echo 99");
  assert.equal(s.commands[0]!.trust, "claimed", "no result recorded: a claim");
  assert.deepEqual(s.dropped, [{ field: "commands", count: 100 - SESSION_LIMITS.commands }]);
});

Deno.test("buildSessionRecord() classifies a dangerous command from its text", () => {
  const turns: Turn[] = [{
    kind: "tool_call",
    id: "1",
    name: "Bash",
    command: "rm -rf ~",
    paths: [],
    access: "other",
    at: null,
  }];
  const s = buildSessionRecord({ turns, counts: emptyCounts(), meta: emptyMeta() }, source);
  assert.equal(s.commands[0]!.class, "dangerous");
});

Deno.test("buildSessionRecord(): a command left running in the background has no status, whatever its result says; in the foreground it has (control)", () => {
  const turns = (detachedCall: boolean, detachedResult: boolean): Turn[] => [
    {
      kind: "tool_call",
      id: "1",
      name: "Bash",
      command: "npm test",
      paths: [],
      access: "other",
      ...(detachedCall ? { detached: true } : {}),
      at: null,
    },
    {
      kind: "tool_result",
      id: "1",
      exit_code: null,
      is_error: false,
      text: "started",
      ...(detachedResult ? { detached: true } : {}),
      at: null,
    },
  ];
  const source = {
    host: "claude-code",
    source_id: null,
    confidence: "verified" as const,
    bytes: 1,
    file_bytes: 1,
    complete: true,
  };
  const record = (t: Turn[]) =>
    buildSessionRecord({ counts: emptyCounts(), meta: emptyMeta(), turns: t }, source);
  for (const [call, result] of [[true, false], [false, true]] as const) {
    const s = record(turns(call, result));
    assert.deepEqual([s.commands[0]!.ok, s.commands[0]!.trust], [null, "claimed"]);
    assert.equal(s.tests[0]!.outcome, "unknown");
  }
  const control = record(turns(false, false));
  assert.deepEqual([control.commands[0]!.ok, control.tests[0]!.outcome], [true, "passed"]);
});

Deno.test("buildSessionRecord(): calls whose ids are over the id bound keep their own results (an id is cut as an id, never left out like a run of text)", async () => {
  const { claudeBashTranscript } = await import("../../_helpers/claude_capture.ts");
  const text = claudeBashTranscript("s", "/r", [
    { command: "npm test", content: "1 failed", isError: true },
    { command: "cargo test", content: "ok", isError: false },
  ]).replaceAll('"t0"', `"a${"x".repeat(300)}"`).replaceAll('"t1"', `"b${"x".repeat(300)}"`);
  const p = parseTranscriptBytes("claude-code", new TextEncoder().encode(text));
  const s = buildSessionRecord(p, source);
  assert.deepEqual(s.commands.map((c) => [c.command, c.ok]), [
    ["npm test", false],
    ["cargo test", true],
  ]);
});

Deno.test("buildSessionRecord(): every string it keeps is well-formed (a lone surrogate becomes U+FFFD), so the capsule's canonical JSON takes it; well-formed text is kept as it is (control)", () => {
  const lone = "\udc00";
  const emoji = "\u{1F600}";
  const turns: Turn[] = [
    { kind: "user", text: `fix it ${lone} ${emoji}`, at: null },
    {
      kind: "tool_call",
      id: "1",
      name: "Edit",
      command: null,
      paths: [`/r/a${lone}.ts`],
      access: "edit",
      at: null,
    },
    { kind: "tool_result", id: "1", exit_code: null, is_error: null, text: "ok", at: null },
    {
      kind: "tool_call",
      id: "2",
      name: "Bash",
      command: `npm test ${lone}`,
      paths: [],
      access: "other",
      at: null,
    },
    { kind: "assistant", text: `done ${lone}`, at: null },
  ];
  const meta = { ...emptyMeta(), format: `claude-code 2.1${lone}` };
  const s = buildSessionRecord({ counts: emptyCounts(), meta, turns }, {
    ...source,
    source_id: `claude:s${lone}`,
  });
  assert.doesNotThrow(() => canonicalJson(s));
  assert.deepEqual(
    [
      s.user_requests[0]!.text,
      s.files_edited[0],
      s.commands[0]!.command,
      s.tests[0]!.command,
      s.last_assistant_message,
      s.format,
      s.source_id,
    ],
    [
      `fix it \uFFFD ${emoji}`,
      "/r/a\uFFFD.ts",
      "npm test \uFFFD",
      "npm test \uFFFD",
      "done \uFFFD",
      "claude-code 2.1\uFFFD",
      "claude:s\uFFFD",
    ],
  );
});

/** Claude Code lines: an assistant tool_use and the user line with its tool_result. */
function claudeCall(id: string, name: string, input: unknown, result: unknown): string[] {
  const base = { sessionId: "s", cwd: "/r", version: "2.1.197", timestamp: "2026-12-01T00:00:00Z" };
  return [
    JSON.stringify({
      ...base,
      type: "assistant",
      message: { role: "assistant", content: [{ type: "tool_use", id, name, input }] },
    }),
    ...(result === undefined ? [] : [JSON.stringify({
      ...base,
      type: "user",
      message: {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: id, ...result as object }],
      },
    })]),
  ];
}

Deno.test("buildSessionRecord(): an edit or read the host refused, failed or never finished is no file edited or read; one it finished is (control)", () => {
  const lines = [
    // The user said no: Claude Code's rejection is an error result.
    ...claudeCall("t1", "Edit", { file_path: "/r/rejected.ts", old_string: "a", new_string: "b" }, {
      content: "The user doesn't want to proceed with this tool use. The tool use was rejected.",
      is_error: true,
    }),
    // The text to replace was not in the file: nothing written.
    ...claudeCall("t2", "Edit", {
      file_path: "/r/missing_text.ts",
      old_string: "zz",
      new_string: "b",
    }, {
      content: "<tool_use_error>String to replace not found in file.</tool_use_error>",
      is_error: true,
    }),
    // No result: the session stopped mid-call.
    ...claudeCall("t3", "Write", { file_path: "/r/cut_off.ts", content: "x" }, undefined),
    ...claudeCall("t4", "Read", { file_path: "/r/absent.ts" }, {
      content: "<tool_use_error>File does not exist.</tool_use_error>",
      is_error: true,
    }),
    // Controls: finished calls (Claude Code leaves is_error out of a success).
    ...claudeCall("t5", "Edit", { file_path: "/r/done.ts", old_string: "a", new_string: "b" }, {
      content: "The file /r/done.ts has been updated.",
    }),
    ...claudeCall("t6", "Read", { file_path: "/r/seen.ts" }, { content: "1\tx" }),
  ];
  const p = parseTranscriptBytes("claude-code", new TextEncoder().encode(lines.join("\n") + "\n"));
  const s = buildSessionRecord(p, source);
  assert.deepEqual(s.files_edited, ["/r/done.ts"]);
  assert.deepEqual(s.files_read, ["/r/seen.ts"]);
});

Deno.test("buildSessionRecord(): a reader that only guesses the format states no exit status, whatever its records' exit_code says; a host's reader does (control)", () => {
  const lines = [
    { role: "tool_call", id: "c1", name: "bash", input: { command: "npm test" } },
    { role: "tool", id: "c1", exit_code: 0, content: "12 passed" },
  ].map((r) => JSON.stringify(r)).join("\n") + "\n";
  const p = parseTranscriptBytes("generic-jsonl", new TextEncoder().encode(lines));
  const guessed = buildSessionRecord(p, { ...source, host: "generic", confidence: "guessed" });
  assert.deepEqual(guessed.commands.map((c) => [c.command, c.exit_code, c.ok, c.trust]), [
    ["npm test", null, null, "claimed"],
  ]);
  assert.deepEqual(guessed.tests.map((t) => t.outcome), ["unknown"]);
  // control: the same turns from a reader of a known format, whose host's shell is `bash`, keep the status
  const known = buildSessionRecord(p, { ...source, host: "opencode", confidence: "documented" });
  assert.deepEqual(known.commands.map((c) => [c.exit_code, c.ok, c.trust]), [[
    0,
    true,
    "observed",
  ]]);
});

Deno.test("buildSessionRecord(): a Claude Code call the user rejected never ran: no status and no file, though is_error is true; a Bash that ran and failed stays failed (control)", () => {
  const rejected = (id: string, name: string, input: unknown, extra: Record<string, unknown>) => {
    const [call, result] = claudeCall(id, name, input, {
      content: "The user doesn't want to proceed with this tool use. The tool use was rejected.",
      is_error: true,
    });
    return [call!, JSON.stringify({ ...JSON.parse(result!), ...extra })];
  };
  const lines = [
    ...rejected("r1", "Bash", { command: "npm test" }, { toolUseResult: "User rejected tool use" }),
    ...rejected("r2", "Write", { file_path: "/r/new.ts", content: "x" }, {
      toolUseResult: "User rejected tool use",
      toolDenialKind: "user-rejected",
    }),
    ...claudeCall("r3", "Bash", { command: "cargo test" }, {
      content: "Exit code 101\nerror: test failed",
      is_error: true,
    }),
  ];
  const p = parseTranscriptBytes("claude-code", new TextEncoder().encode(lines.join("\n") + "\n"));
  const s = buildSessionRecord(p, source);
  assert.deepEqual(s.commands.map((c) => [c.command, c.ok, c.trust]), [
    ["npm test", null, "claimed"],
    ["cargo test", false, "observed"],
  ]);
  assert.deepEqual(s.tests.map((t) => t.outcome), ["unknown", "failed"]);
  assert.deepEqual(s.files_edited, []);
});

Deno.test("buildSessionRecord(): a Copilot CLI call the user rejected or the permission rules denied never ran: no status and no file; a shell call that ran and failed, a tool's own failure, and a finished edit (controls)", () => {
  const ev = (type: string, data: unknown) => JSON.stringify({ type, data });
  const call = (id: string, name: string, args: unknown) =>
    ev("assistant.message", {
      content: "",
      toolRequests: [{ toolCallId: id, name, arguments: args }],
    });
  // Copilot CLI 1.0.102 ends a refused call with success: false and its runtime's own message.
  const refused = (id: string, message: string) =>
    ev("tool.execution_complete", { toolCallId: id, success: false, error: { message } });
  const lines = [
    call("c1", "bash", { command: "npm test" }),
    refused("c1", "The user rejected this tool call."),
    call("c2", "edit", { path: "/r/a.ts", old_str: "a", new_str: "b" }),
    refused("c2", "The user rejected this tool call. User feedback: not this file"),
    call("c3", "bash", { command: "cargo test" }),
    refused("c3", "Permission denied by rules: shell(cargo)"),
    call("c4", "bash", { command: "pytest" }),
    refused("c4", "Permission denied and could not request permission from user"),
    // controls
    call("c5", "bash", { command: "deno test" }),
    ev("tool.execution_complete", {
      toolCallId: "c5",
      success: true,
      result: { content: "1 failed" },
      shellExecution: { exitCode: 1 },
    }),
    call("c6", "bash", { command: "go test ./..." }),
    refused("c6", "Command not found: go"),
    call("c7", "edit", { path: "/r/b.ts", old_str: "a", new_str: "b" }),
    ev("tool.execution_complete", { toolCallId: "c7", success: true, result: { content: "ok" } }),
  ];
  const p = parseTranscriptBytes("copilot", new TextEncoder().encode(lines.join("\n") + "\n"));
  const s = buildSessionRecord(p, { ...source, host: "copilot", source_id: "copilot:s" });
  assert.deepEqual(s.commands.map((c) => [c.command, c.ok, c.trust]), [
    ["npm test", null, "claimed"],
    ["cargo test", null, "claimed"],
    ["pytest", null, "claimed"],
    ["deno test", false, "observed"],
    ["go test ./...", false, "observed"],
  ]);
  assert.deepEqual(s.tests.map((t) => t.outcome), [
    "unknown",
    "unknown",
    "unknown",
    "failed",
    "failed",
  ]);
  assert.deepEqual(s.files_edited, ["/r/b.ts"]);
});

Deno.test("buildSessionRecord(): an OpenCode call the user rejected or a permission rule denied never ran: no status and no file; a failed bash with an exit and a tool's own error stay failed (controls)", async () => {
  const { parseOpenCodeRows } = await import("../../../core/transcript/opencode.ts");
  let n = 0;
  const part = (tool: string, callID: string, state: Record<string, unknown>) => ({
    message_id: "m",
    message: '{"role":"assistant"}',
    part: JSON.stringify({ type: "tool", tool, callID, state }),
    time_created: ++n,
  });
  // OpenCode's permission errors (PermissionRejectedError, PermissionCorrectedError,
  // PermissionDeniedError) put their message in the part's state.error.
  const refused = (error: string) => ({ status: "error", error });
  const rows = [
    part("bash", "c1", {
      ...refused("The user rejected permission to use this specific tool call."),
      input: { command: "npm test" },
    }),
    part("edit", "c2", {
      ...refused(
        "The user rejected permission to use this specific tool call with the following feedback: no",
      ),
      input: { filePath: "/r/a.ts", oldString: "a", newString: "b" },
    }),
    part("bash", "c3", {
      ...refused(
        'The user has specified a rule which prevents you from using this specific tool call. Here are some of the relevant rules [{"permission":"bash","pattern":"*","action":"deny"}]',
      ),
      input: { command: "cargo test" },
    }),
    // controls
    part("bash", "c4", {
      status: "completed",
      input: { command: "deno test" },
      output: "1 failed",
      metadata: { exit: 1 },
    }),
    part("bash", "c5", { ...refused("spawn ENOENT"), input: { command: "go test ./..." } }),
    part("edit", "c6", {
      status: "completed",
      input: { filePath: "/r/b.ts", oldString: "a", newString: "b" },
      output: "ok",
    }),
  ];
  const p = parseOpenCodeRows(rows, emptyCounts());
  const s = buildSessionRecord(p, { ...source, host: "opencode", source_id: "opencode:s" });
  assert.deepEqual(s.commands.map((c) => [c.command, c.ok, c.trust]), [
    ["npm test", null, "claimed"],
    ["cargo test", null, "claimed"],
    ["deno test", false, "observed"],
    ["go test ./...", false, "observed"],
  ]);
  assert.deepEqual(s.tests.map((t) => t.outcome), ["unknown", "unknown", "failed", "failed"]);
  assert.deepEqual(s.files_edited, ["/r/b.ts"]);
});

Deno.test("buildSessionRecord(): a Qwen Code call the user declined or a permission rule refused never ran (executionStatus not_started): no status and no file; one cancelled while it ran has no status; a shell that exited 1 and a finished edit (controls)", () => {
  let n = 0;
  const call = (id: string, name: string, args: unknown) =>
    JSON.stringify({
      uuid: `u${++n}`,
      sessionId: "s",
      type: "assistant",
      message: { role: "model", parts: [{ functionCall: { id, name, args } }] },
    });
  // The toolCallResult fields Qwen Code 0.24.4's scheduler records with every result.
  const result = (id: string, name: string, toolCallResult: Record<string, unknown>) =>
    JSON.stringify({
      uuid: `u${++n}`,
      sessionId: "s",
      type: "tool_result",
      message: {
        role: "user",
        parts: [{ functionResponse: { id, name, response: { output: "x" } } }],
      },
      toolCallResult: { callId: id, ...toolCallResult },
    });
  const shell = (exitCode: number | null) => ({
    type: "shell_result",
    exitCode,
    outcome: "completed",
    output: "",
  });
  const lines = [
    call("q1", "run_shell_command", { command: "npm test" }),
    // A permission rule's refusal: status error, errorType execution_denied, never started.
    result("q1", "run_shell_command", {
      status: "error",
      errorType: "execution_denied",
      executionStatus: "not_started",
      resultDisplay: 'Qwen Code requires permission to use "run_shell_command"',
    }),
    call("q2", "write_file", { file_path: "/r/declined.ts", content: "x" }),
    // The user's "no": status cancelled, never started.
    result("q2", "write_file", {
      status: "cancelled",
      executionStatus: "not_started",
      resultDisplay: { fileName: "declined.ts", fileDiff: "", newContent: "x" },
    }),
    call("q3", "run_shell_command", { command: "cargo test" }),
    // Stopped by the user while it ran: its exit is the signal's, not the tests'.
    result("q3", "run_shell_command", {
      status: "cancelled",
      executionStatus: "cancelled",
      resultDisplay: shell(130),
    }),
    // controls
    call("q4", "run_shell_command", { command: "deno test" }),
    result("q4", "run_shell_command", {
      status: "success",
      executionStatus: "success",
      resultDisplay: shell(1),
    }),
    call("q5", "write_file", { file_path: "/r/written.ts", content: "x" }),
    result("q5", "write_file", { status: "success", executionStatus: "success" }),
  ];
  const p = parseTranscriptBytes("qwen-code", new TextEncoder().encode(lines.join("\n") + "\n"));
  const s = buildSessionRecord(p, { ...source, host: "qwen-code", source_id: "qwen:s" });
  assert.deepEqual(s.commands.map((c) => [c.command, c.ok, c.trust]), [
    ["npm test", null, "claimed"],
    ["cargo test", null, "claimed"],
    ["deno test", false, "observed"],
  ]);
  assert.deepEqual(s.tests.map((t) => t.outcome), ["unknown", "unknown", "failed"]);
  assert.deepEqual(s.files_edited, ["/r/written.ts"]);
});

Deno.test("buildSessionRecord(): a droid call its exec refused for want of autonomy, or the user cancelled, has no status and no file; a command that finished with 0 and one marked an error (controls)", () => {
  const msg = (role: string, content: unknown[]) =>
    JSON.stringify({ type: "message", id: `m${role}`, message: { role, content } });
  const use = (id: string, name: string, input: unknown) =>
    msg("assistant", [{ type: "tool_use", id, name, input }]);
  const res = (id: string, content: string, isError: boolean) =>
    msg("user", [{ type: "tool_result", tool_use_id: id, is_error: isError, content }]);
  const lines = [
    use("d1", "Execute", { command: "npm test" }),
    res(
      "d1",
      "Exec ended early: insufficient permission to proceed. Re-run with --auto medium",
      true,
    ),
    use("d2", "Edit", { file_path: "/r/cancelled.ts", old_str: "a", new_str: "b" }),
    res("d2", "Error: Tool execution cancelled by user", true),
    use("d3", "Execute", { command: "cargo test" }),
    res("d3", "Tool execution was interrupted\n[Process exited with code 0]", false),
    // controls
    use("d4", "Execute", { command: "deno test" }),
    res("d4", "ok | 2 passed | 0 failed\n[Process exited with code 0]", false),
    use("d5", "Execute", { command: "go test ./..." }),
    res("d5", "--- FAIL: TestX\n[Process exited with code 1]", true),
    use("d6", "Edit", { file_path: "/r/edited.ts", old_str: "a", new_str: "b" }),
    res("d6", "Edited", false),
  ];
  const p = parseTranscriptBytes("droid", new TextEncoder().encode(lines.join("\n") + "\n"));
  const s = buildSessionRecord(p, { ...source, host: "droid", source_id: "droid:s" });
  assert.deepEqual(s.commands.map((c) => [c.command, c.ok]), [
    ["npm test", null],
    ["cargo test", null],
    ["deno test", true],
    ["go test ./...", false],
  ]);
  assert.deepEqual(s.tests.map((t) => t.outcome), ["unknown", "unknown", "passed", "failed"]);
  assert.deepEqual(s.files_edited, ["/r/edited.ts"]);
});

Deno.test("buildSessionRecord(): a test command whose recorded output shows no test ran is no pass (cargo's 'running 0 tests', go's '[no test files]', jest's 'No tests found'); one whose output shows tests ran passes (control)", () => {
  const bash = (id: string, command: string, content: string) =>
    claudeCall(id, "Bash", { command }, { content, is_error: false });
  const lines = [
    ...bash(
      "z1",
      "cargo test",
      "running 0 tests\n\ntest result: ok. 0 passed; 0 failed; 0 ignored",
    ),
    ...bash("z2", "go test ./...", "?   \texample.com/app\t[no test files]"),
    ...bash("z3", "npm test", "> jest --passWithNoTests\n\nNo tests found, exiting with code 0"),
    // controls
    ...bash(
      "z4",
      "cargo test",
      "running 2 tests\ntest a ... ok\ntest b ... ok\n\ntest result: ok. 2 passed",
    ),
    ...bash(
      "z5",
      "go test ./...",
      "?   \texample.com/app\t[no test files]\nok  \texample.com/lib\t0.01s",
    ),
  ];
  const p = parseTranscriptBytes("claude-code", new TextEncoder().encode(lines.join("\n") + "\n"));
  const s = buildSessionRecord(p, source);
  assert.deepEqual(s.tests.map((t) => [t.command, t.outcome]), [
    ["cargo test", "unknown"],
    ["go test ./...", "unknown"],
    ["npm test", "unknown"],
    ["cargo test", "passed"],
    ["go test ./...", "passed"],
  ]);
  // The commands keep the status the host recorded: only the tests' outcome reads the output.
  assert.deepEqual(s.commands.map((c) => c.ok), [true, true, true, true, true]);
});

Deno.test("buildSessionRecord(): a tool named after another host's shell lends its result no status; the host's own shell does (control)", () => {
  const turns = (name: string): Turn[] => [
    { kind: "tool_call", id: "1", name, command: "npm test", paths: [], access: "other", at: null },
    { kind: "tool_result", id: "1", exit_code: 0, is_error: false, text: "12 passed", at: null },
  ];
  const record = (host: string, name: string) =>
    buildSessionRecord({ counts: emptyCounts(), meta: emptyMeta(), turns: turns(name) }, {
      ...source,
      host,
      confidence: "documented",
    });
  // A project's custom tool or extension may take any name: Gemini CLI's, Claude Code's, droid's shell.
  for (
    const [host, name] of [
      ["opencode", "run_shell_command"],
      ["pi", "Bash"],
      ["opencode", "Execute"],
      ["claude-code", "bash"],
      ["copilot", "shell_command"],
    ] as const
  ) {
    const r = record(host, name);
    assert.deepEqual(
      r.commands.map((c) => [c.exit_code, c.ok, c.trust]),
      [[null, null, "claimed"]],
      `${host} ${name}`,
    );
    assert.deepEqual(r.tests.map((t) => t.outcome), ["unknown"], `${host} ${name}`);
  }
  // control: each host's own shell keeps the exit status and the test's outcome
  for (
    const [host, name] of [
      ["opencode", "bash"],
      ["pi", "bash"],
      ["claude-code", "Bash"],
      ["gemini", "run_shell_command"],
      ["codex", "shell_command"],
      ["cursor", "run_terminal_cmd"],
    ] as const
  ) {
    const r = record(host, name);
    assert.deepEqual(
      r.commands.map((c) => [c.exit_code, c.ok, c.trust]),
      [[0, true, "observed"]],
      `${host} ${name}`,
    );
    assert.deepEqual(r.tests.map((t) => t.outcome), ["passed"], `${host} ${name}`);
  }
});
