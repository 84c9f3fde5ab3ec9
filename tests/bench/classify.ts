/**
 * `deno task bench:classify`: times classifyCommand in-process on every
 * labelled command (tests/testdata/command_cases.ts), round-robin over the
 * set after warm-up rounds, and prints the median per command (the median
 * over commands of each command's median time), p95, the slowest command's
 * median, and PASS/MISS against the target (< 1 ms median per command).
 * It reports and never asserts: the exit status is 0 whatever the numbers.
 * `--json` prints the figures as JSON; `--rounds N` sets the timed rounds.
 * @module
 */
import { parseArgs } from "node:util";
import { classifyCommand } from "../../core/safety/command/classify.ts";
import { DANGEROUS_CASES, EVASION_CASES, NEGATIVE_CASES } from "../testdata/command_cases.ts";

/** The target: median classification time per command, in milliseconds. */
const TARGET_MS = 1;

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))));
  return sorted[i]!;
}

/** The figures of one bench run. */
export interface ClassifyBench {
  commands: number;
  rounds: number;
  median_ms: number;
  p95_ms: number;
  max_ms: number;
  pass_ms: number;
  /** One pass over the set divided by its size (includes collector pauses the medians leave out). */
  mean_ms: number;
  target_ms: number;
  verdict: "PASS" | "MISS";
}

/** Runs the bench: `rounds` timed passes over the labelled set after `warmup` passes. */
export function runClassifyBench(rounds: number, warmup = 3): ClassifyBench {
  const commands = [...DANGEROUS_CASES, ...EVASION_CASES, ...NEGATIVE_CASES].map(([c]) => c);
  const times: number[][] = commands.map(() => []);
  const passes: number[] = [];
  for (let r = 0; r < warmup + rounds; r++) {
    const start = performance.now();
    commands.forEach((c, i) => {
      const t0 = performance.now();
      classifyCommand(c);
      if (r >= warmup) times[i]!.push(performance.now() - t0);
    });
    if (r >= warmup) passes.push(performance.now() - start);
  }
  const medians = times.map((t) => quantile([...t].sort((a, b) => a - b), 0.5))
    .sort((a, b) => a - b);
  const median = quantile(medians, 0.5);
  const pass = quantile([...passes].sort((a, b) => a - b), 0.5);
  return {
    commands: commands.length,
    rounds,
    median_ms: median,
    p95_ms: quantile(medians, 0.95),
    max_ms: medians.at(-1) ?? NaN,
    pass_ms: pass,
    mean_ms: pass / commands.length,
    target_ms: TARGET_MS,
    verdict: median < TARGET_MS ? "PASS" : "MISS",
  };
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { json: { type: "boolean", default: false }, rounds: { type: "string" } },
  });
  const rounds = Math.max(1, Number(values.rounds ?? 15) | 0);
  const r = runClassifyBench(rounds);
  if (values.json) console.log(JSON.stringify(r, null, 2));
  else {
    const f = (n: number) => n.toFixed(3);
    console.log(
      [
        `classify: ${r.commands} labelled commands, ${r.rounds} rounds`,
        `  median per command  ${f(r.median_ms)} ms   target < ${r.target_ms} ms   ${r.verdict}`,
        `  p95 per command     ${f(r.p95_ms)} ms`,
        `  slowest command     ${f(r.max_ms)} ms (its median)`,
        `  whole set, one pass ${f(r.pass_ms)} ms (median; ${f(r.mean_ms)} ms per command)`,
      ].join("\n"),
    );
  }
}
