/**
 * Copilot CLI's `tool.execution_complete` says in `success` whether the
 * tool ran, not how a shell command exited: a command that exits 1 is a
 * successful tool call whose exit status is in `shellExecution.exitCode`
 * (Copilot CLI 1.0.102's session-events schema; its own timeline calls such
 * a call failed). baton read `success` as the command's status and the exit
 * code from fields Copilot does not write, so a failing `npm test` was
 * briefed "test passed" and "[observed, succeeded]" in this machine's signed
 * capsule, as was a call with no exit status at all. Real Copilot event
 * shapes, the real pre-compact hook on a real repository, then load; the
 * run that exited 0 and a failed tool call are the controls.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const SID = "4c2b1a0f-9e8d-4c7b-a6f5-e4d3c2b1a0f9";

interface BashRun {
  command: string;
  success: boolean;
  content: string;
  /** Copilot's shellExecution.exitCode; absent when it wrote none. */
  exitCode?: number;
}

function events(cwd: string, runs: BashRun[]): string {
  const at = (s: number) => new Date(Date.UTC(2026, 7, 20, 9, 0, s)).toISOString();
  const ev = (type: string, data: unknown, s: number) => ({
    type,
    data,
    id: `e${s}`,
    timestamp: at(s),
  });
  const out: unknown[] = [
    ev("session.start", { sessionId: SID, copilotVersion: "1.0.102", context: { cwd } }, 0),
    ev("user.message", { content: "run the tests", transformedContent: "run the tests" }, 1),
  ];
  runs.forEach((r, i) => {
    const id = `call_${i}`;
    out.push(ev("assistant.message", {
      content: "",
      toolRequests: [{ toolCallId: id, name: "bash", arguments: { command: r.command } }],
    }, 2 * i + 2));
    out.push(ev("tool.execution_complete", {
      toolCallId: id,
      success: r.success,
      ...(r.success ? { result: { content: r.content } } : { error: { message: r.content } }),
      ...(r.exitCode === undefined ? {} : { shellExecution: { exitCode: r.exitCode } }),
    }, 2 * i + 3));
  });
  return out.map((e) => JSON.stringify(e)).join("\n") + "\n";
}

Deno.test("a Copilot shell call's status is its shellExecution exit code, not the tool's success flag", async () => {
  const repo = await makeRepo();
  await using home = await tempDir("baton-home-");
  await writeFiles(repo, { "a.txt": "a\n" });
  await commitAll(repo, "init");
  const dir = `${home.path}/.copilot/session-state/${SID}`;
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(
    `${dir}/events.jsonl`,
    events(repo, [
      {
        command: "npm test",
        success: true,
        content: "1 failing\n<exited with exit code 1>",
        exitCode: 1,
      },
      { command: "cargo test", success: true, content: "running 3 tests" },
      {
        command: "pytest -q",
        success: true,
        content: "3 passed\n<exited with exit code 0>",
        exitCode: 0,
      },
      { command: "go test ./...", success: false, content: "The tool call failed" },
    ]),
  );
  const hook = await runBaton(["hook", "pre-compact", "--host", "copilot", "--json"], {
    cwd: repo,
    env: { HOME: home.path },
    stdin: JSON.stringify({
      sessionId: SID,
      transcriptPath: repo,
      cwd: repo,
      hookEventName: "PreCompact",
      trigger: "manual",
      timestamp: 1,
    }),
  });
  assert.equal(hook.code, 0, hook.stderr);
  assert.equal(JSON.parse(hook.stdout).action, "written", hook.stdout + hook.stderr);
  const load = await runBaton(["load"], { cwd: repo, env: { HOME: home.path } });
  assert.equal(load.code, 0, load.stderr);
  const out = load.stdout;
  // Under load a failure must say why: the hook's own words beside what load printed.
  const why = `${out}\n--- hook stderr:\n${hook.stderr}`;
  assert.match(out, /test failed \(exit 1\): npm test/, why);
  assert.match(out, /ran \[observed, exit 1[^\]]*\]: npm test/, why);
  assert.doesNotMatch(out, /test passed: cargo test/, why);
  assert.match(out, /test unknown: cargo test/, why);
  assert.match(out, /requested \[claimed, no exit status recorded[^\]]*\]: cargo test/, why);
  assert.match(out, /test passed \(exit 0\): pytest -q/, "control: exit 0");
  assert.match(out, /test failed: go test/, "control: a failed tool call");
});
