/**
 * A command a host starts in the background returns at once: the tool result
 * says it was started, not how it ended, and the host marks it as no error.
 * Claude Code does this for `run_in_background` and for a command the user
 * sends to the background (Ctrl+B; its record's `toolUseResult` then carries
 * `backgroundTaskId`); Copilot CLI for `mode: "async"`, Gemini CLI for
 * `is_background`. A test run started so must not be briefed as passed, nor
 * the command as observed to succeed. Real Claude Code transcript shapes, the
 * real pre-compact hook, then load; the control is the same run in the foreground.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const SID = "6c1f4d2e-3a5b-4c7d-9e0f-1a2b3c4d5e6f";

interface Call {
  command: string;
  input?: Record<string, unknown>;
  toolUseResult?: Record<string, unknown>;
  content: string;
}

function transcript(cwd: string, calls: Call[]): string {
  const base = {
    sessionId: SID,
    cwd,
    version: "2.1.197",
    userType: "external",
    isSidechain: false,
  };
  const at = (s: number) => new Date(Date.UTC(2026, 7, 20, 9, 0, s)).toISOString();
  const records: unknown[] = [
    { ...base, type: "user", timestamp: at(0), message: { role: "user", content: "run tests" } },
  ];
  calls.forEach((c, i) => {
    records.push({
      ...base,
      type: "assistant",
      timestamp: at(2 * i + 1),
      message: {
        id: `m${i}`,
        role: "assistant",
        content: [{
          type: "tool_use",
          id: `t${i}`,
          name: "Bash",
          input: { command: c.command, ...c.input },
        }],
      },
    });
    records.push({
      ...base,
      type: "user",
      timestamp: at(2 * i + 2),
      message: {
        role: "user",
        content: [{
          type: "tool_result",
          tool_use_id: `t${i}`,
          content: c.content,
          is_error: false,
        }],
      },
      ...(c.toolUseResult === undefined ? {} : { toolUseResult: c.toolUseResult }),
    });
  });
  return records.map((r) => JSON.stringify(r)).join("\n") + "\n";
}

Deno.test("a test run the host started in the background is not briefed as passed; the same run in the foreground is (control)", async () => {
  const repo = await makeRepo();
  await using home = await tempDir("baton-home-");
  await writeFiles(repo, { "a.txt": "a\n" });
  await commitAll(repo, "init");
  const path = `${home.path}/.claude/projects/${repo.replace(/[^A-Za-z0-9]/g, "-")}/${SID}.jsonl`;
  await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  const started = "Command running in background with ID: b1. Output is being written to: /tmp/b1.";
  await Deno.writeTextFile(
    path,
    transcript(repo, [
      { command: "npm test", input: { run_in_background: true }, content: started },
      {
        command: "cargo test",
        toolUseResult: {
          stdout: "",
          stderr: "",
          interrupted: false,
          backgroundTaskId: "b2",
          backgroundedByUser: true,
        },
        content: "Command was manually backgrounded by user with ID: b2.",
      },
      { command: "pytest -q", content: "3 passed" },
    ]),
  );
  const hook = await runBaton(["hook", "pre-compact", "--host", "claude-code", "--json"], {
    cwd: repo,
    env: { HOME: home.path },
    stdin: JSON.stringify({
      session_id: SID,
      transcript_path: path,
      cwd: repo,
      hook_event_name: "PreCompact",
      trigger: "auto",
    }),
  });
  assert.equal(hook.code, 0, hook.stderr);
  assert.equal(JSON.parse(hook.stdout).action, "written", hook.stdout + hook.stderr);
  const load = await runBaton(["load"], { cwd: repo, env: { HOME: home.path } });
  assert.equal(load.code, 0, load.stderr);
  assert.match(load.stdout, /test passed: pytest -q/, "positive control: the foreground run");
  assert.match(load.stdout, /ran \[observed, succeeded, [a-z_]+\]: pytest -q/);
  for (const cmd of ["npm test", "cargo test"]) {
    assert.doesNotMatch(load.stdout, new RegExp(`test passed: ${cmd}`), cmd);
    assert.doesNotMatch(load.stdout, new RegExp(`succeeded[^\\n]*\\]: ${cmd}`), cmd);
    assert.match(load.stdout, new RegExp(`test unknown: ${cmd}`), cmd);
  }
});
