/**
 * Where preflight's time and memory go (`deno task bench --facts`): the
 * fact collection run the way `baton preflight` runs it, in a process of its
 * own started with the baton task's flags, told each phase as it ends
 * (core/facts/collect.ts FACTS_PHASES), then the secret scanner built and
 * the facts redacted as preflight prints them. Each round gives, per phase,
 * the milliseconds since the previous one (the first: from the runtime's
 * time origin, a few ms after the process started) and the RSS when it
 * ended; the
 * table shows the medians beside `git status --porcelain=v2 -uall` on the
 * same repository, timed in the same rounds.
 *
 * Run as a script (`deno run ... facts_phases.ts`) in a repository, it is
 * the measured process and prints one JSON array on stdout.
 * @module
 */
import { batonRunPrefix } from "../_helpers/cli.ts";
import { median } from "./stats.ts";

/** One phase of one measured run. */
export interface PhaseMark {
  phase: string;
  /** Milliseconds since the process started. */
  atMs: number;
  /** Resident set size when the phase ended, MB. */
  rssMb: number;
}

function mark(phase: string): PhaseMark {
  return { phase, atMs: performance.now(), rssMb: Deno.memoryUsage().rss / 1e6 };
}

async function measure(): Promise<PhaseMark[]> {
  const marks: PhaseMark[] = [mark("runtime started")];
  const { collectFacts } = await import("../../core/facts/collect.ts");
  const { workflowContext } = await import("../../commands/_adapters/context.ts");
  const { createDenoIo } = await import("../../commands/_adapters/io.ts");
  marks.push(mark("modules loaded"));
  const ctx = workflowContext(createDenoIo());
  const facts = await collectFacts(ctx.fs, ctx.cwd, {
    cacheFs: ctx.fs,
    now: ctx.now,
    homeDir: ctx.homeDir,
    xdgConfigHome: ctx.xdgConfigHome,
    onPhase: (phase) => marks.push(mark(phase)),
  });
  const { loadSafeOutput } = await import("../../commands/_cli/safe_output.ts");
  const safe = await loadSafeOutput();
  marks.push(mark("secret scanner built"));
  JSON.stringify(safe.deep(facts));
  marks.push(mark("facts redacted"));
  return marks;
}

if (import.meta.main) {
  console.log(JSON.stringify(await measure()));
}

/** Medians over the rounds: per phase, its own time and the RSS at its end. */
export interface PhaseTable {
  repo: string;
  rounds: number;
  phases: { phase: string; ms: number; rssMb: number }[];
  totalMs: number;
  gitMs: number;
}

async function timed(cmd: string[], cwd: string): Promise<{ ms: number; stdout: string }> {
  const t0 = performance.now();
  const out = await new Deno.Command(cmd[0]!, {
    args: cmd.slice(1),
    cwd,
    stdout: "piped",
    stderr: "null",
    stdin: "null",
  }).output();
  const ms = performance.now() - t0;
  if (!out.success) throw new Error(`${cmd[0]} failed in the phases bench`);
  return { ms, stdout: new TextDecoder().decode(out.stdout) };
}

/**
 * Runs the measured process `rounds` times in `repo` (after one warm-up),
 * each round beside one `git status --porcelain=v2 -uall`.
 */
export async function runFactsPhases(repo: string, rounds: number): Promise<PhaseTable> {
  const script = new URL(import.meta.url).pathname;
  const self = [
    ...batonRunPrefix(),
    script,
  ];
  const git = ["git", "status", "--porcelain=v2", "-uall"];
  await timed(self, repo);
  const perPhase = new Map<string, { ms: number[]; rss: number[] }>();
  const totals: number[] = [];
  const gits: number[] = [];
  for (let r = 0; r < rounds; r++) {
    gits.push((await timed(git, repo)).ms);
    const marks = JSON.parse((await timed(self, repo)).stdout) as PhaseMark[];
    let prev = 0;
    for (const m of marks) {
      const slot = perPhase.get(m.phase) ?? { ms: [], rss: [] };
      slot.ms.push(m.atMs - prev);
      slot.rss.push(m.rssMb);
      perPhase.set(m.phase, slot);
      prev = m.atMs;
    }
    totals.push(prev);
  }
  return {
    repo,
    rounds,
    phases: [...perPhase].map(([phase, s]) => ({
      phase,
      ms: median(s.ms),
      rssMb: median(s.rss),
    })),
    totalMs: median(totals),
    gitMs: median(gits),
  };
}

/** The table: each phase's median time, its share of the total, and the RSS at its end. */
export function renderPhaseTable(t: PhaseTable): string {
  const lines = [
    `where preflight's time and memory go (${t.repo}, medians of ${t.rounds} rounds; RSS is the current RSS when the phase ended)`,
    "",
    "| phase | ms | share | RSS MB |",
    "| --- | ---: | ---: | ---: |",
  ];
  for (const p of t.phases) {
    const share = t.totalMs > 0 ? `${Math.round((p.ms / t.totalMs) * 100)}%` : "-";
    lines.push(`| ${p.phase} | ${p.ms.toFixed(1)} | ${share} | ${p.rssMb.toFixed(1)} |`);
  }
  lines.push(
    `| total (process start to facts redacted) | ${t.totalMs.toFixed(1)} | 100% | |`,
    `| git status --porcelain=v2 -uall, whole process | ${t.gitMs.toFixed(1)} | | |`,
  );
  return lines.join("\n");
}
