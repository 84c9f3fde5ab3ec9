/**
 * runHook's budgets under BATON_HOOK_TIME_SCALE (core/hosts/runtime/run_hook.ts), with a real
 * file system and the edge handed in: the stdin wait and the capture job's budget it asks for.
 * No clock is read (elapsed time is held at 0). The hooks end to end are in tests/e2e/hook_test.ts.
 */
import assert from "node:assert/strict";
import { runHook } from "../../../../core/hosts/runtime/run_hook.ts";
import type { HookIo } from "../../../../core/hosts/runtime/hook_io.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import { makeRepo, writeFiles } from "../../../_helpers/git.ts";

/** A pre-compact hook in `dir` under BATON_HOOK_TIME_SCALE=`value`: the budgets it asked for. */
async function budgetsAsked(dir: string, value: string) {
  const stdin: number[] = [];
  const job: number[] = [];
  const session: (number | undefined)[] = [];
  const err: string[] = [];
  const payload = JSON.stringify({
    session_id: "s",
    cwd: dir,
    hook_event_name: "PreCompact",
    trigger: "auto",
  });
  const io: HookIo = {
    fs: new TestFs(),
    env: (n) => n === "BATON_HOOK_TIME_SCALE" ? value : undefined,
    cwd: () => dir,
    now: () => new Date(0),
    elapsedMs: () => 0,
    readStdin: (_max, options) => {
      stdin.push(options.timeoutMs);
      return Promise.resolve(new TextEncoder().encode(payload));
    },
    stdout: () => {},
    stderr: (text) => err.push(text),
    printJson: () => {},
    logTiming: () => {},
    runJob: (request, budgetMs) => {
      job.push(budgetMs);
      session.push(request.kind === "capture" ? request.sessionBudgetMs : undefined);
      return Promise.resolve({ status: "timeout", inline: false });
    },
    resumeHint: () => Promise.resolve(""),
    readConfig: () => Promise.reject(new Error("not used")),
    armHandoffDeny: () => Promise.resolve(null),
    invocation: () => Promise.resolve(["baton"]),
    printableBaton: () => Promise.resolve("baton"),
  };
  assert.equal(await runHook(io, { event: "pre-compact", host: "claude-code", json: false }), 0);
  return { stdin, job, session, err: err.join("") };
}

Deno.test("BATON_HOOK_TIME_SCALE a repository's host file names is read as unset by the hooks; the person's own stretches every budget", async () => {
  const dir = await Deno.realPath(await makeRepo("baton-hook-scale-"));
  try {
    // Control: set by the person (no host file names it), both budgets are ten times longer.
    const mine = await budgetsAsked(dir, "10");
    assert.deepEqual([mine.stdin, mine.job, mine.session], [[5000], [19700], [5000]]);
    assert.doesNotMatch(mine.err, /ignored/);
    await writeFiles(dir, { ".gemini/.env": "BATON_HOOK_TIME_SCALE=10\n" });
    const theirs = await budgetsAsked(dir, "10");
    assert.deepEqual(
      [theirs.stdin, theirs.job, theirs.session],
      [[500], [1700], [500]],
      "the documented budgets",
    );
    assert.match(theirs.err, /BATON_HOOK_TIME_SCALE ignored: \.gemini\/\.env in this repository/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
