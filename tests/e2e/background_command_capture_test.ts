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
import { captureThenLoad, claudeBashTranscript } from "../_helpers/claude_capture.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const SID = "6c1f4d2e-3a5b-4c7d-9e0f-1a2b3c4d5e6f";

Deno.test("a test run the host started in the background is not briefed as passed; the same run in the foreground is (control)", async () => {
  const repo = await makeRepo();
  await using home = await tempDir("baton-home-");
  await writeFiles(repo, { "a.txt": "a\n" });
  await commitAll(repo, "init");
  const started = "Command running in background with ID: b1. Output is being written to: /tmp/b1.";
  const out = await captureThenLoad(
    repo,
    home.path,
    SID,
    claudeBashTranscript(SID, repo, [
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
  assert.match(out, /test passed: pytest -q/, "positive control: the foreground run");
  assert.match(out, /ran \[observed, succeeded, [a-z_]+\]: pytest -q/);
  for (const cmd of ["npm test", "cargo test"]) {
    assert.doesNotMatch(out, new RegExp(`test passed: ${cmd}`), cmd);
    assert.doesNotMatch(out, new RegExp(`succeeded[^\\n]*\\]: ${cmd}`), cmd);
    assert.match(out, new RegExp(`test unknown: ${cmd}`), cmd);
  }
});
