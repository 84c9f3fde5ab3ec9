import assert from "node:assert/strict";
import {
  factsBudget,
  guardedIo,
  runHookJob,
  startGuard,
  takeGuard,
} from "../../../commands/_adapters/hook_job.ts";
import * as realGuard from "../../../commands/_adapters/repo_env.ts";
import { createDenoIo, type Io } from "../../../commands/_adapters/io.ts";
import { FACTS_PHASES } from "../../../core/facts/collect.ts";
import { LOAD_PHASES } from "../../../core/workflow/load.ts";
import { runBaton, testBatonHome } from "../../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { fakeIo } from "../../_helpers/io.ts";

const inject = { kind: "inject" as const, cwd: "/w", maxChars: 1000, shortIfShown: null };

/**
 * The process's real I/O with `vars` set in its environment only. Never
 * Deno.env.set: the suite runs its test files in parallel in one process, so
 * a variable set there reaches every baton another file starts meanwhile (a
 * BATON_SESSION set here was stamped into their capsules).
 */
function realIoWith(vars: Record<string, string>): Io {
  const io = createDenoIo();
  return { ...io, env: (name) => Object.hasOwn(vars, name) ? vars[name] : io.env(name) };
}

Deno.test("factsBudget: an injection's re-checks get their own time from when the job begins them", () => {
  // However long the Worker took to start, the re-checks get their 450 ms...
  assert.deepEqual(
    factsBudget({ ...inject, factsBudgetMs: 450, factsDeadlineMs: 10_000 }, 5_000),
    { budgetMs: 450 },
  );
  // ...unless that would run past the latest end (control: the deadline does cut).
  assert.deepEqual(
    factsBudget({ ...inject, factsBudgetMs: 450, factsDeadlineMs: 10_000 }, 9_800),
    { budgetMs: 200 },
  );
  assert.deepEqual(
    factsBudget({ ...inject, factsBudgetMs: 450, factsDeadlineMs: 10_000 }, 12_000),
    { budgetMs: 50 },
    "never less than 50 ms",
  );
  assert.deepEqual(factsBudget(inject, 0), {}, "no limit without either");
});

Deno.test("factsBudget: a capture keeps its deadline", () => {
  const capture = {
    kind: "capture" as const,
    cwd: "/w",
    trigger: "pre_compact" as const,
    host: null,
    session: null,
    minIntervalMs: 0,
    factsDeadlineMs: 1_300,
  };
  assert.deepEqual(factsBudget(capture, 1_000), { budgetMs: 300 });
});

Deno.test("guardedIo fails closed: a guard that cannot be loaded or throws leaves no guarded setting set, and says why", async () => {
  const env: Record<string, string> = { BATON_SESSION: "s1", HOME: "/home/a", PATH: "/bin" };
  for (
    const load of [
      () => Promise.reject(new Error("cannot load")),
      () =>
        Promise.resolve({
          ...realGuard,
          guardRepositoryEnv: () => Promise.reject(new Error("the guard threw")),
        }),
    ]
  ) {
    const io = fakeIo({ cwd: "/nowhere", env });
    const guarded = await guardedIo(io, "/nowhere", load as never);
    assert.equal(guarded.env("BATON_SESSION"), undefined);
    assert.equal(guarded.env("HOME"), undefined);
    assert.equal(guarded.env("PATH"), "/bin");
    assert.match(
      io.err(),
      /BATON_SESSION, HOME ignored: this repository's host settings could not/,
    );
  }
  // Control: the real guard, with no file naming them, keeps them.
  const dir = await Deno.makeTempDir();
  try {
    const io = fakeIo({ cwd: dir, env });
    const kept = await guardedIo(io, dir);
    assert.equal(kept.env("BATON_SESSION"), "s1");
    assert.equal(io.err(), "");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("runHookJob: an inject job asked for its phases tells each step once, in order, in epoch ms; one not asked tells none (the facts bench reads them)", async () => {
  const dir = await makeRepo();
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: JSON.stringify({ now: "phases" }),
    });
    assert.equal(fin.code, 0, fin.stderr);
    // The job reads the keys from the test's own baton home, as the finalize did.
    const io = realIoWith({ BATON_HOME: testBatonHome() });
    const before = performance.timeOrigin + performance.now();
    const told = await runHookJob({ ...inject, cwd: dir, maxChars: 20_000, phases: true }, io);
    const after = performance.timeOrigin + performance.now();
    assert.ok(told.ok && told.kind === "inject" && told.inject !== null, JSON.stringify(told));
    // No deadline: the fact collection's phases come before load's own steps.
    assert.deepEqual(told.phases?.map((p) => p.phase), [
      "job began",
      "environment guarded (the briefing's modules loading beside it)",
      "briefing modules loaded",
      ...FACTS_PHASES,
      ...LOAD_PHASES,
    ]);
    const at = told.phases!.map((p) => p.atMs);
    assert.ok(at[0]! >= before && at.at(-1)! <= after, `${before} ${at.join(" ")} ${after}`);
    assert.ok(at.every((t, i) => i === 0 || t >= at[i - 1]!), at.join(" "));
    // Positive control: the same job, not asked, answers the same briefing and no steps.
    const quiet = await runHookJob({ ...inject, cwd: dir, maxChars: 20_000 }, io);
    assert.ok(quiet.ok && quiet.kind === "inject" && quiet.inject !== null);
    assert.equal("phases" in quiet, false);
    assert.equal(quiet.inject.capsule_id, told.inject.capsule_id);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("startGuard: a Worker's guard started before its request serves a job in that folder once, never one in another folder", async () => {
  const theirs = await Deno.realPath(await makeRepo());
  const mine = await Deno.realPath(await makeRepo());
  try {
    await writeFiles(theirs, { ".gemini/.env": "BATON_SESSION=planted\n" });
    const io = realIoWith({ BATON_SESSION: "set-by-me" });
    // Control: guarded now, the folder whose host file names it reads it as unset.
    assert.equal((await takeGuard(theirs, io)).env("BATON_SESSION"), undefined);
    assert.equal((await takeGuard(mine, io)).env("BATON_SESSION"), "set-by-me");
    // Started for one folder, a job in another is guarded for its own.
    startGuard(theirs, io);
    assert.equal((await takeGuard(mine, io)).env("BATON_SESSION"), "set-by-me");
    startGuard(mine, io);
    assert.equal((await takeGuard(theirs, io)).env("BATON_SESSION"), undefined);
    // Started for the job's folder, it is the job's: once.
    await startGuard(theirs, io);
    await Deno.remove(`${theirs}/.gemini`, { recursive: true });
    assert.equal((await takeGuard(theirs, io)).env("BATON_SESSION"), undefined, "the one started");
    assert.equal((await takeGuard(theirs, io)).env("BATON_SESSION"), "set-by-me", "guarded anew");
  } finally {
    await Deno.remove(theirs, { recursive: true });
    await Deno.remove(mine, { recursive: true });
  }
});
