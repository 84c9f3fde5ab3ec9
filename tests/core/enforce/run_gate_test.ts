/**
 * runGate's escape hatch (core/enforce/run_gate.ts) with a real file system and no store: an
 * ordinary shell call never loads the words baton answers to (the launcher lookup), while a call
 * shaped like the printed resume does, and passes. The whole gate is driven through the real CLI
 * in tests/e2e/enforce_lifecycle_test.ts.
 */
import assert from "node:assert/strict";
import { type GateEnv, runGate } from "../../../core/enforce/run_gate.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";

function gateFor(cwd: string, command: string) {
  const out: string[] = [];
  let wordLookups = 0;
  const payload = JSON.stringify({
    session_id: "s-one",
    tool_name: "Bash",
    tool_input: { command },
    cwd,
  });
  const env: GateEnv = {
    fs: new TestFs(),
    now: () => new Date(0),
    lock: () => ({ token: "t", pid: 1, host: "h", now: () => 0, sleep: () => Promise.resolve() }),
    manifestKey: () => Promise.resolve(null),
    env: () => undefined,
    cwd: () => cwd,
    readPayload: () =>
      Promise.resolve({ bytes: new TextEncoder().encode(payload), timedOut: false }),
    stdout: (text) => out.push(text),
    stderr: (text) => out.push(text),
    acceptedBatonWords: () => {
      wordLookups++;
      return Promise.resolve(["baton"]);
    },
    printableBatonWords: () => Promise.resolve(["baton"]),
    afterHandoff: () => Promise.resolve({}),
    host: "claude-code",
    budget: () => ({ expired: new Promise<"timeout">(() => {}), cancel: () => {} }),
  };
  return { env, out, lookups: () => wordLookups };
}

Deno.test("an ordinary shell call never looks up baton's words; a resume-shaped one does and passes", async () => {
  await using dir = await tempDir("baton-gate-words-");
  {
    const plain = gateFor(dir.path, "ls -la");
    await runGate(plain.env);
    assert.equal(plain.lookups(), 0, "no launcher lookup for a call the hatch cannot match");
    assert.deepEqual(plain.out, [], "no store: allowed, silently");

    const resume = gateFor(
      dir.path,
      "baton handoff resume --session s-one --deny-session s-two --write",
    );
    await runGate(resume.env);
    assert.equal(resume.lookups(), 1, "control: the printed resume is checked against the words");
    assert.deepEqual(resume.out, []);
  }
});
