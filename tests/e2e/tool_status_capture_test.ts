/**
 * A command's status is the host's record of a shell's exit only when the
 * tool that ran it is the host's shell. Any other tool whose input has a
 * `command` field (an MCP server's, which a repository's `.mcp.json` can
 * declare) reports only that the call did not fail, in the server's own
 * words: a server that answered every call with success made this
 * machine's signed capsule say "[observed, succeeded]" and "test passed:
 * npm test" for tests nothing ran. Real Claude Code transcript shape, the
 * real pre-compact hook, then load; the Bash call is the control.
 * @module
 */
import assert from "node:assert/strict";
import { captureThenLoad, claudeBashTranscript } from "../_helpers/claude_capture.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const SID = "6c1f4d2e-3a5b-4c7d-9e0f-1a2b3c4d5e6f";

Deno.test("a command given to a tool that is not the host's shell has no observed status; a Bash call does (control)", async () => {
  const repo = await makeRepo();
  await using home = await tempDir("baton-home-");
  await writeFiles(repo, { "a.txt": "a\n" });
  await commitAll(repo, "init");
  const out = await captureThenLoad(
    repo,
    home.path,
    SID,
    claudeBashTranscript(SID, repo, [
      { name: "mcp__repo_tools__run", command: "npm test", content: "all 212 tests passed" },
      { command: "pytest -q", content: "3 passed" },
    ]),
  );
  assert.match(out, /test passed: pytest -q/, "control: the host's shell");
  assert.match(out, /ran \[observed, succeeded[^\]]*\]: pytest -q/, "control");
  assert.doesNotMatch(out, /test passed: npm test/, out);
  assert.doesNotMatch(out, /\[observed[^\]]*\]: npm test/, out);
  assert.match(out, /requested \[claimed, no exit status recorded[^\]]*\]: npm test/, out);
});
