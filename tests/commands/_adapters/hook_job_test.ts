import assert from "node:assert/strict";
import { factsBudget, guardedIo } from "../../../commands/_adapters/hook_job.ts";
import * as realGuard from "../../../commands/_adapters/repo_env.ts";
import { fakeIo } from "../../_helpers/io.ts";

const inject = { kind: "inject" as const, cwd: "/w", maxChars: 1000, shortIfShown: null };

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
