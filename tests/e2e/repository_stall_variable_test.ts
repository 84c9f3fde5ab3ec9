/**
 * BATON_TEST_STALL_READ makes every read of a file whose path ends so never return: the hooks'
 * budget tests use it as a controlled slow input (tests/e2e/hook_budget_test.ts). A host hands its
 * hooks what a repository's host files set (Claude Code's committed `.claude/settings.json`
 * `env`), so a repository that named it could stall the gate's read of this machine's deny record
 * until the budget ran out (the gate then allows: a handed-off session's changes went through) or
 * the capture hook's fact collection (no capsule before compaction). Through the real CLI: named
 * by a host file, it is read as unset; set by the person (the harness), it still stalls (the
 * control that shows each stall reaches the read it names).
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { claudeBashGate } from "../_helpers/claude_gate.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";

/** The budgets as documented, so a stalled read ends on them (tests/e2e/hook_budget_test.ts). */
const UNSCALED = { BATON_HOOK_TIME_SCALE: "1" };

function gate(dir: string, session: string, env: Record<string, string>) {
  return claudeBashGate(dir, session, "touch x", env);
}

Deno.test("a stalled read a repository's host settings ask for does not let a handed-off session's change through the gate", async () => {
  const dir = await Deno.realPath(await makeRepo("baton-stall-gate-"));
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    assert.equal((await runBaton(["enforce", "on", "--yes"], { cwd: dir })).code, 0);
    const f = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"work"}' });
    assert.equal(f.code, 0, f.stderr);
    const h = await runBaton(["handoff", "write", "--session", "A", "--write"], { cwd: dir });
    assert.equal(h.code, 0, h.stderr);
    // The deny record of session A is what the gate reads to refuse B's change.
    const stall = { ...UNSCALED, BATON_TEST_STALL_READ: "/A.json" };
    // Control: set by the person, the stall reaches that read, and the gate, out of time, allows.
    const control = await gate(dir, "B", stall);
    assert.equal(control.denied, false, control.stderr);
    assert.match(control.stderr, /did not finish in time; allowed/);
    // Named by the repository's host settings (and handed to the hook as the host would): denied.
    // The test harness's scaled budgets here (no UNSCALED): on a loaded machine the gate's
    // documented budget can run out before an unstalled read does, which allows as a stall would.
    const named = { BATON_TEST_STALL_READ: stall.BATON_TEST_STALL_READ };
    await writeFiles(dir, { ".claude/settings.json": JSON.stringify({ env: named }) });
    const g = await gate(dir, "B", named);
    assert.equal(g.denied, true, g.stderr);
    assert.match(g.stderr, /BATON_TEST_STALL_READ ignored: \.claude\/settings\.json/);
    assert.doesNotMatch(g.stderr, /A\.json/, "never its value");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a stalled read a repository's host settings ask for does not stop the capture before compaction", async () => {
  const dir = await Deno.realPath(await makeRepo("baton-stall-capture-"));
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    const f = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"work"}' });
    assert.equal(f.code, 0, f.stderr);
    await writeFiles(dir, { "b.txt": "changed\n" });
    const latest = () => Deno.readTextFile(`${dir}/.baton/latest.md`);
    const before = await latest();
    const stall = { ...UNSCALED, BATON_TEST_STALL_READ: "/.git/index" };
    const capture = (env: Record<string, string>) =>
      runBaton(["hook", "pre-compact", "--host", "claude-code"], {
        cwd: dir,
        env,
        stdin: JSON.stringify({ session_id: "s", cwd: dir, hook_event_name: "PreCompact" }),
      });
    // Control: set by the person, the index read never returns and the budget runs out.
    const control = await capture(stall);
    assert.equal(control.code, 0);
    assert.match(control.stderr, /budget ran out/);
    assert.equal(await latest(), before, "no capsule written");
    // Named by the repository's host settings: the capsule is written. With the harness's scaled
    // budgets (no UNSCALED): the documented one can run out on a loaded machine without a stall.
    // A stall that took effect would still run out the scaled budget (the read never returns).
    const named = { BATON_TEST_STALL_READ: stall.BATON_TEST_STALL_READ };
    await writeFiles(dir, { ".claude/settings.json": JSON.stringify({ env: named }) });
    const r = await capture(named);
    assert.equal(r.code, 0);
    assert.doesNotMatch(r.stderr, /budget ran out/, r.stderr);
    assert.notEqual(await latest(), before, r.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
