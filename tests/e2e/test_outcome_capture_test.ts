/**
 * A test outcome in the briefing comes from the runner's exit status, not
 * from the status of whatever ran last: an agent's `npm test 2>&1 | tail`
 * exits with tail's status, so failing tests must not read "test passed".
 * Real Claude Code transcript shape, the real pre-compact hook, then load.
 */
import assert from "node:assert/strict";
import { captureThenLoad, claudeBashTranscript } from "../_helpers/claude_capture.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const SID = "5b0e3c1d-2f4a-4b6c-8d9e-0a1b2c3d4e5f";

Deno.test("a test run piped into tail is not briefed as passed; the runner alone is (control)", async () => {
  const repo = await makeRepo();
  await using home = await tempDir("baton-home-");
  await writeFiles(repo, { "a.txt": "a\n" });
  await commitAll(repo, "init");
  const out = await captureThenLoad(
    repo,
    home.path,
    SID,
    claudeBashTranscript(SID, repo, [
      { command: "npm test 2>&1 | tail -20", content: "3 failing" },
      { command: "pytest -q", content: "3 failing" },
    ]),
  );
  assert.match(out, /test passed: pytest -q/, "positive control");
  assert.doesNotMatch(out, /test passed[^\n]*tail/);
  assert.match(out, /test unknown: npm test 2>&1 \| tail -20/);
});
