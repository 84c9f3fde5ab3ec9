/**
 * runHook's budgets under BATON_HOOK_TIME_SCALE (core/hosts/runtime/run_hook.ts), with a real
 * file system and the edge handed in: the stdin wait and the capture job's budget it asks for;
 * and when a session start starts its job's Worker early (before the light check).
 * No clock is read (elapsed time is held at 0). The hooks end to end are in tests/e2e/hook_test.ts.
 */
import assert from "node:assert/strict";
import { runHook } from "../../../../core/hosts/runtime/run_hook.ts";
import type { HookIo, StartedJob } from "../../../../core/hosts/runtime/hook_io.ts";
import type { HookJobRequest } from "../../../../core/hosts/runtime/job.ts";
import { finalizeDraft } from "../../../../core/workflow/finalize.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import { commitAll, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { testContext, withRepo } from "../../../_helpers/temp_fs.ts";

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

/** What a session start in `dir` did with its job: started early, run where, cancelled. */
async function sessionStartJobs(
  dir: string,
  source: string,
  env: Record<string, string> = {},
  capsule = { id: "sha256:x", created_at: "" },
) {
  const log: string[] = [];
  const payload = JSON.stringify({
    session_id: "s",
    cwd: dir,
    hook_event_name: "SessionStart",
    source,
  });
  const answer = (request: HookJobRequest) =>
    Promise.resolve({
      status: "done" as const,
      response: {
        ok: true as const,
        kind: "inject" as const,
        inject: request.kind === "inject"
          ? { capsule_id: capsule.id, created_at: capsule.created_at, text: "b", short: false }
          : null,
      },
    });
  const io: HookIo = {
    fs: new TestFs(),
    env: (n) => env[n],
    cwd: () => dir,
    now: () => new Date(0),
    elapsedMs: () => 0,
    readStdin: () => Promise.resolve(new TextEncoder().encode(payload)),
    stdout: () => {},
    stderr: () => {},
    printJson: () => {},
    logTiming: () => {},
    runJob: (request) => {
      log.push("runJob");
      return answer(request);
    },
    startJob: (kind, at) => {
      log.push(`startJob ${kind}${at === dir ? "" : ` in ${at}`}`);
      const job: StartedJob = {
        run: (request) => {
          log.push("started job run");
          return answer(request);
        },
        cancel: () => log.push("cancel"),
      };
      return Promise.resolve(job);
    },
    resumeHint: () => Promise.resolve(""),
    readConfig: () => Promise.reject(new Error("not used")),
    armHandoffDeny: () => Promise.resolve(null),
    invocation: () => Promise.resolve(["baton"]),
    printableBaton: () => Promise.resolve("baton"),
  };
  assert.equal(await runHook(io, { event: "session-start", host: "claude-code", json: false }), 0);
  // A cancel is sent once the start the hook asked for has come back.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return log;
}

Deno.test("a new session start where .baton/latest.md is starts its job's Worker before the light check and runs the job there; a resume, a repeat setting or no capsule starts none", async () => {
  await withRepo(async (dir) => {
    // No capsule: no Worker is started, and no job runs.
    assert.deepEqual(await sessionStartJobs(dir, "startup"), []);
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    const { capsule } = await finalizeDraft(
      testContext(dir),
      new TextEncoder().encode('{"now":"x"}'),
    );
    const jobs = (source: string, env: Record<string, string> = {}) =>
      sessionStartJobs(dir, source, env, capsule);
    assert.deepEqual(await jobs("startup"), ["startJob inject", "started job run"]);
    assert.deepEqual(await jobs("compact"), ["startJob inject", "started job run"]);
    // A resume after an injection is decided by the light check alone: nothing is started.
    assert.deepEqual(await jobs("resume"), []);
    // A repeat setting may turn injection off: the job starts only when it runs.
    assert.deepEqual(await jobs("startup", { BATON_BRIEFING_REPEAT: "full" }), ["runJob"]);
  });
});

Deno.test("a Worker started early for a session start that then injects nothing is cancelled", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    await finalizeDraft(testContext(dir), new TextEncoder().encode('{"now":"x"}'));
    // Control: the capsule injects.
    assert.deepEqual(await sessionStartJobs(dir, "startup"), [
      "startJob inject",
      "started job run",
    ]);
    // latest.md stays a file, but the store cannot be used (.baton a symbolic link): the light
    // check refuses it, so the started Worker is ended.
    await Deno.rename(`${dir}/.baton`, `${dir}/elsewhere`);
    await Deno.symlink(`${dir}/elsewhere`, `${dir}/.baton`);
    assert.deepEqual(await sessionStartJobs(dir, "startup"), ["startJob inject", "cancel"]);
  });
});
