/**
 * A test outcome in the briefing comes from the runner's exit status, not
 * from the status of whatever ran last: an agent's `npm test 2>&1 | tail`
 * exits with tail's status, so failing tests must not read "test passed".
 * Real Claude Code transcript shape, the real pre-compact hook, then load.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const SID = "5b0e3c1d-2f4a-4b6c-8d9e-0a1b2c3d4e5f";

function transcript(cwd: string, commands: [string, boolean][]): string {
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
  commands.forEach(([command, isError], i) => {
    records.push({
      ...base,
      type: "assistant",
      timestamp: at(2 * i + 1),
      message: {
        id: `m${i}`,
        role: "assistant",
        content: [{ type: "tool_use", id: `t${i}`, name: "Bash", input: { command } }],
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
          content: "3 failing",
          is_error: isError,
        }],
      },
    });
  });
  return records.map((r) => JSON.stringify(r)).join("\n") + "\n";
}

Deno.test("a test run piped into tail is not briefed as passed; the runner alone is (control)", async () => {
  const repo = await makeRepo();
  await using home = await tempDir("baton-home-");
  await writeFiles(repo, { "a.txt": "a\n" });
  await commitAll(repo, "init");
  const path = `${home.path}/.claude/projects/${repo.replace(/[^A-Za-z0-9]/g, "-")}/${SID}.jsonl`;
  await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  await Deno.writeTextFile(
    path,
    transcript(repo, [["npm test 2>&1 | tail -20", false], ["pytest -q", false]]),
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
  assert.match(load.stdout, /test passed: pytest -q/, "positive control");
  assert.doesNotMatch(load.stdout, /test passed[^\n]*tail/);
  assert.match(load.stdout, /test unknown: npm test 2>&1 \| tail -20/);
});
