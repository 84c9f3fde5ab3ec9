import assert from "node:assert/strict";
import { factsBudget } from "../../../commands/_adapters/hook_job.ts";

const inject = { kind: "inject" as const, cwd: "/w", maxChars: 1000, shortIfUnchanged: false };

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
