/**
 * Factory Droid marks a shell result `is_error: false` for more than a
 * command that finished with status 0: a command its timeout killed ("Command
 * timed out after N seconds…", in the interactive client) and one ended by
 * SIGPIPE (exit 141) both come back without an error mark (droid 0.225.2's
 * Execute tool). Read as success, a test run that hung until the timeout was
 * briefed "test passed" and "[observed, succeeded]" in this machine's signed
 * capsule. Droid's own framing of a finished command (its
 * "[Process exited with code N]" line appended after the output) is what
 * tells a finished run; the output itself can hold that line, so a result
 * that opens with the timeout sentence never counts as finished. Real droid
 * session shapes (tests/testdata/transcripts/droid.jsonl), the real
 * pre-compact hook, then load; the finished run and the failed one are the
 * controls.
 * @module
 */
import assert from "node:assert/strict";
import { preCompactThenLoad } from "../_helpers/pre_compact.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const SID = "5b8e2c41-7d3f-4a6e-9c02-8f1e3d4a5b6c";

interface ExecuteCall {
  command: string;
  content: string;
  isError: boolean;
}

/** A droid session file: its header, one user request, then each Execute call and its result. */
function droidTranscript(cwd: string, calls: ExecuteCall[]): string {
  const at = (s: number) => new Date(Date.UTC(2026, 11, 3, 2, 45, s)).toISOString();
  const records: unknown[] = [
    { type: "session_start", id: SID, title: "Run tests.", owner: "unknown", version: 2, cwd },
    {
      type: "message",
      id: "u0",
      timestamp: at(0),
      message: { role: "user", content: [{ type: "text", text: "Run the tests." }] },
    },
  ];
  calls.forEach((c, i) => {
    records.push({
      type: "message",
      id: `a${i}`,
      parentId: i === 0 ? "u0" : `r${i - 1}`,
      timestamp: at(2 * i + 1),
      message: {
        role: "assistant",
        content: [{
          type: "tool_use",
          id: `call_${i}`,
          name: "Execute",
          input: { command: c.command, summary: "run the tests" },
        }],
      },
    });
    records.push({
      type: "message",
      id: `r${i}`,
      parentId: `a${i}`,
      timestamp: at(2 * i + 2),
      message: {
        role: "user",
        content: [{
          type: "tool_result",
          tool_use_id: `call_${i}`,
          is_error: c.isError,
          content: c.content,
        }],
      },
    });
  });
  return records.map((r) => JSON.stringify(r)).join("\n") + "\n";
}

Deno.test("a droid command its timeout killed (or SIGPIPE ended) is not briefed as passed; a finished run is (control)", async () => {
  const repo = await makeRepo();
  await using home = await tempDir("baton-home-");
  await writeFiles(repo, { "a.txt": "a\n" });
  await commitAll(repo, "init");
  const transcript = droidTranscript(repo, [
    {
      // droid's interactive timeout: no error mark; the partial output even ends like a finished run
      command: "npm test",
      content:
        "Command timed out after 60 seconds. Consider increasing the timeout for long-running commands.\nPartial output before timeout:\n12 passed\n\n\n[Process exited with code 0]",
      isError: false,
    },
    {
      command: "cargo test",
      content:
        "Command terminated early due to SIGPIPE (exit code 141)\n\n\n[Process exited with code 141]",
      isError: false,
    },
    { command: "pytest -q", content: "3 passed\n\n\n[Process exited with code 0]", isError: false },
    {
      command: "go test ./...",
      content: "Command failed (exit code: 1)\nFAIL\n\n\n[Process exited with code 1]",
      isError: true,
    },
  ]);
  const folder = `${home.path}/.factory/sessions/${repo.replace(/[^A-Za-z0-9]/g, "-")}`;
  await Deno.mkdir(folder, { recursive: true });
  const path = `${folder}/${SID}.jsonl`;
  await Deno.writeTextFile(path, transcript);
  const out = await preCompactThenLoad({
    repo,
    host: "droid",
    env: { HOME: home.path },
    sessionId: SID,
    transcriptPath: path,
  });
  assert.match(out, /From the Droid transcript/, out);
  assert.match(out, /test passed: pytest -q/, "control: a run that finished");
  assert.match(out, /ran \[observed, succeeded[^\]]*\]: pytest -q/, "control");
  assert.match(out, /test failed: go test \.\/\.\.\./, "control: a failed run");
  for (const cmd of ["npm test", "cargo test"]) {
    assert.doesNotMatch(out, new RegExp(`test passed: ${cmd}`), cmd);
    assert.doesNotMatch(out, new RegExp(`succeeded[^\\n]*\\]: ${cmd}`), cmd);
    assert.match(out, new RegExp(`test unknown: ${cmd}`), cmd);
    assert.match(
      out,
      new RegExp(`requested \\[claimed, no exit status recorded[^\\]]*\\]: ${cmd}`),
      cmd,
    );
  }
});

Deno.test("a droid command whose own output names droid's not-run phrases keeps its status; droid's own refusal and cancellation, which open the result, have none (controls)", async () => {
  const repo = await makeRepo();
  await using home = await tempDir("baton-home-");
  await writeFiles(repo, { "a.txt": "a\n" });
  await commitAll(repo, "init");
  const transcript = droidTranscript(repo, [
    {
      // A test suite of a tool runner prints droid's phrase as its own output, then passes.
      command: "pytest -q",
      content:
        "test_cancel.py::test_message PASSED\nexpected: Tool execution was interrupted\n3 passed\n\n\n[Process exited with code 0]",
      isError: false,
    },
    {
      // ... or fails: the failure must not become unknown.
      command: "go test ./...",
      content:
        '--- FAIL: TestCancel\n    got "Tool execution cancelled by user"\nFAIL\n\n\n[Process exited with code 1]',
      isError: true,
    },
    // controls: droid's own words for a call that did not run to its end open the result
    { command: "npm test", content: "Error: Tool execution cancelled by user", isError: true },
    {
      command: "cargo test",
      content: "Tool execution was interrupted\n[Process exited with code 0]",
      isError: false,
    },
  ]);
  const folder = `${home.path}/.factory/sessions/${repo.replace(/[^A-Za-z0-9]/g, "-")}`;
  await Deno.mkdir(folder, { recursive: true });
  const path = `${folder}/${SID}.jsonl`;
  await Deno.writeTextFile(path, transcript);
  const out = await preCompactThenLoad({
    repo,
    host: "droid",
    env: { HOME: home.path },
    sessionId: SID,
    transcriptPath: path,
  });
  assert.match(out, /test passed: pytest -q/, out);
  assert.match(out, /test failed: go test \.\/\.\.\./, out);
  for (const cmd of ["npm test", "cargo test"]) {
    assert.match(out, new RegExp(`test unknown: ${cmd}`), cmd);
  }
});
