/**
 * A command the user interrupts in Claude Code (Esc while it runs) is
 * recorded with `interrupted: true` in its structured result. Whatever its
 * `is_error` says, it never ended on its own: a test run stopped so must not
 * be briefed as passed, nor the command as observed to succeed. Real Claude
 * Code transcript shapes, the real pre-compact hook, then load; the control
 * is the same run left to finish.
 * @module
 */
import assert from "node:assert/strict";
import { captureThenLoad, claudeBashTranscript } from "../_helpers/claude_capture.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const SID = "7d2e5f3a-4b6c-4d8e-8f01-2b3c4d5e6f70";

Deno.test("an interrupted test run is briefed with no status, not as passed; the same run that finished is (control)", async () => {
  const repo = await makeRepo();
  await using home = await tempDir("baton-home-");
  await writeFiles(repo, { "a.txt": "a\n" });
  await commitAll(repo, "init");
  const stopped = (isError: boolean) => ({
    toolUseResult: { stdout: "12 passed", stderr: "", interrupted: true, isImage: false },
    content: "12 passed",
    isError,
  });
  const out = await captureThenLoad(
    repo,
    home.path,
    SID,
    claudeBashTranscript(SID, repo, [
      { command: "npm test", ...stopped(false) },
      { command: "cargo test", ...stopped(true) },
      {
        command: "pytest -q",
        toolUseResult: { stdout: "3 passed", stderr: "", interrupted: false, isImage: false },
        content: "3 passed",
      },
    ]),
  );
  assert.match(out, /test passed: pytest -q/, "positive control: the run that finished");
  assert.match(out, /ran \[observed, succeeded, [a-z_]+\]: pytest -q/);
  for (const cmd of ["npm test", "cargo test"]) {
    assert.doesNotMatch(out, new RegExp(`test (passed|failed): ${cmd}`), cmd);
    assert.doesNotMatch(out, new RegExp(`(succeeded|failed)[^\\n]*\\]: ${cmd}`), cmd);
    assert.match(out, new RegExp(`test unknown: ${cmd}`), cmd);
  }
});
