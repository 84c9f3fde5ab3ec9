/**
 * The phases table accounts for the measured process's whole wall time, as
 * the bench's rows time it: the runtime's own start before its clock's
 * origin falls to the first phase, and the exit after the last mark has a
 * row of its own.
 */
import assert from "node:assert/strict";
import { EXIT_PHASE, type PhaseMark, phaseSpans, runFactsPhases } from "./facts_phases.ts";

function at(phase: string, atMs: number): PhaseMark {
  return { phase, atMs, rssMb: 1, heapMb: 1, fileMb: 1, minflt: 0, threadCpuMs: 0 };
}

Deno.test("the spans run from the spawn to the process's end", () => {
  // Spawned at 1000, its clock began at 1060, marks at +5 and +25, ended at 1100.
  const run = { marks: [at("a", 5), at("b", 25)], threads: {}, timeOrigin: 1060 };
  const spans = phaseSpans(run, 1000, 1100);
  assert.deepEqual(spans, [
    { phase: "a", ms: 65 },
    { phase: "b", ms: 20 },
    { phase: EXIT_PHASE, ms: 15 },
  ]);
  assert.equal(spans.reduce((s, p) => s + p.ms, 0), 100);
});

Deno.test("a mark before the spawn (clocks apart) or out of order gives no negative span", () => {
  const run = { marks: [at("a", 5), at("b", 2)], threads: {}, timeOrigin: 990 };
  const spans = phaseSpans(run, 1000, 1010);
  assert.ok(spans.every((s) => s.ms >= 0));
  assert.deepEqual(spans.map((s) => s.ms), [0, 0, 10]);
});

Deno.test("a real run's table adds up to its measured total, the runtime's start and exit included", async () => {
  const repo = await Deno.makeTempDir({ prefix: "baton-phases-" });
  try {
    const git = (...args: string[]) =>
      new Deno.Command("git", { args, cwd: repo, stdout: "null", stderr: "null" }).output();
    await git("init", "-q", "-b", "main");
    await Deno.writeTextFile(`${repo}/a.txt`, "a\n");
    await git("add", "a.txt");
    await git("-c", "user.name=T", "-c", "user.email=t@e.invalid", "commit", "-q", "-m", "c");
    const table = await runFactsPhases(repo, 1);
    const phases = table.phases.map((p) => p.phase);
    assert.equal(phases[0], "runtime started");
    assert.equal(phases.at(-1), EXIT_PHASE);
    const sum = table.phases.reduce((s, p) => s + p.ms, 0);
    // One round: the spans are that run's, and they cover its whole wall time.
    assert.ok(Math.abs(sum - table.totalMs) < 1, `${sum} against ${table.totalMs}`);
    // The clock's origin comes after the spawn, so the runtime's start is a span of its own (how
    // long is the machine's business; the counting itself is checked by the spans test above).
    assert.ok(table.phases[0]!.ms > 0, `runtime started in ${table.phases[0]!.ms} ms`);
  } finally {
    await Deno.remove(repo, { recursive: true });
  }
});
