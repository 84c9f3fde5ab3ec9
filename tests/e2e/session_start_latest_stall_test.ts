/**
 * Session start reads latest.md (its header, its digest) and the injection
 * record in the hook's own process, before the bounded job: a read of
 * latest.md that blocks for good (a dead network mount; here the controlled
 * slow input BATON_TEST_STALL_READ, commands/_adapters/stalled_fs.ts) held
 * the hook past its 5-second budget with nothing said, and a host kills such
 * a hook. Now the hook ends on its budget, says why no briefing is shown and
 * how to read it, and records nothing; a capture hook (stop), whose rate
 * limit reads latest.md's header the same way, ends on its 2 seconds. No assertion reads the clock: the
 * stalled read, not the machine's speed, decides; a guard only turns a hang
 * of the old code into a failure.
 * @module
 */
import assert from "node:assert/strict";
import { BATON_PERMISSIONS, BATON_RUNTIME_FLAGS, MAIN, testBatonHome } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { runBaton } from "../_helpers/cli.ts";

/** Far past the 5-second budget: reached only by a hook that never ends. */
const HANG_GUARD_MS = 120_000;

async function sessionStart(dir: string, env: Record<string, string>) {
  return await hook(dir, "session-start", env);
}

async function hook(dir: string, event: string, env: Record<string, string>, json = false) {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--no-prompt",
      ...BATON_RUNTIME_FLAGS,
      ...BATON_PERMISSIONS,
      MAIN,
      "hook",
      event,
      "--host",
      "claude-code",
      ...(json ? ["--json"] : []),
    ],
    cwd: dir,
    env: { NO_COLOR: "1", BATON_HOME: testBatonHome(), BATON_HOOK_TIME_SCALE: "1", ...env },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const guard = setTimeout(() => child.kill("SIGKILL"), HANG_GUARD_MS);
  try {
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(JSON.stringify({
      session_id: "s",
      cwd: dir,
      hook_event_name: "SessionStart",
      source: "startup",
    })));
    await w.close();
    const out = await child.output();
    return {
      code: out.code,
      signal: out.signal,
      stdout: new TextDecoder().decode(out.stdout),
      stderr: new TextDecoder().decode(out.stderr),
    };
  } finally {
    clearTimeout(guard);
  }
}

Deno.test("hook session-start whose read of latest.md blocks for good ends on its budget and says what is missing", async () => {
  const dir = await makeRepo();
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: '{"now":"NOWMARK parser half done"}',
    });
    assert.equal(fin.code, 0, fin.stderr);

    const r = await sessionStart(dir, { BATON_TEST_STALL_READ: "/.baton/latest.md" });
    assert.equal(r.signal, null, "the hook ended by itself, not killed by the guard");
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stderr,
      /briefing not injected: \.baton\/latest\.md could not be read within 5 seconds/,
    );
    const told = JSON.parse(r.stdout).hookSpecificOutput.additionalContext as string;
    assert.match(told, /no briefing is shown here: \.baton\/latest\.md could not be read/);
    assert.match(told, / load` before you continue/);
    assert.doesNotMatch(told, /NOWMARK/);

    // Control: readable, the next session start injects the briefing (nothing was recorded).
    const ok = await sessionStart(dir, {});
    assert.equal(ok.code, 0, ok.stderr);
    const briefing = JSON.parse(ok.stdout).hookSpecificOutput.additionalContext as string;
    assert.match(briefing, /NOWMARK parser half done/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("hook stop whose read of latest.md blocks for good ends on its budget and says so", async () => {
  const dir = await makeRepo();
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    const fin = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"x"}' });
    assert.equal(fin.code, 0, fin.stderr);
    const r = await hook(dir, "stop", { BATON_TEST_STALL_READ: "/.baton/latest.md" }, true);
    assert.equal(r.signal, null, "the hook ended by itself, not killed by the guard");
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout);
    assert.equal(report.action, "timed_out");
    assert.match(
      report.warning,
      /latest\.md could not be read within 2 seconds; the session goes on/,
    );
    // Control: readable, the same hook writes its capsule (over a change since the last one).
    await writeFiles(dir, { "a.txt": "b\n" });
    const ok = await hook(dir, "stop", {}, true);
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal(JSON.parse(ok.stdout).action, "written");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
