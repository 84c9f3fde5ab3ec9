/**
 * Where preflight's and load's time and memory go (`deno task bench
 * --facts`). Preflight: the fact collection run the way `baton preflight`
 * runs it, in a process of its own started with the baton task's flags, told
 * each phase as it ends (core/facts/collect.ts FACTS_PHASES), then the
 * keyword pass over its strings and, where it finds what a rule could confirm, the secret scanner built and the facts redacted as preflight --json prints them.
 * Load: `loadBriefing` as `baton load --json` runs it, told its own steps
 * (core/workflow/load.ts LOAD_PHASES) with the fact collection's phases in
 * between. Each round gives, per phase, the milliseconds since the previous
 * one on the parent's clock (the first: from the spawn, so it holds the
 * runtime's own start, some tens of ms before its clock's origin; a last
 * row holds the exit after the last mark, so the total is the process's
 * wall time as the bench's rows measure it), the RSS when it ended, and of that RSS the V8 heap and the
 * pages of the deno executable and its libraries (file-backed: code the
 * runtime ran, not data baton holds), the minor page faults the phase took
 * (each a trip into the kernel; on a virtual machine a few microseconds)
 * and the CPU time of the JavaScript thread (less disturbed than wall time
 * by other processes; kernel work done for the process on other threads,
 * such as the io_uring's statx, is not in it); the table shows the medians
 * beside `git status --porcelain=v2 -uall` on the same repository, timed in
 * the same rounds. Below it, the CPU of each kind of thread over the whole
 * process: what the process's CPU time holds beside the JavaScript thread's
 * (V8's compilation and GC workers, the io_uring's statx workers).
 *
 * The injecting session-start hook (at 10k files): what `baton hook
 * session-start` does once its payload is read, in this process (the
 * light check of latest.md and the record), then its job in a Worker as the
 * hook starts it (commands/_adapters/bounded_job.ts: started before the light
 * check, as the hook does where latest.md is), which tells its own
 * steps (`job: ...`, the first being the Worker's start and its modules);
 * for those, RSS, faults and CPU are not known (CPU and faults fall to the
 * hook's own "job answered").
 * Run as a script (`deno run ... facts_phases.ts preflight|load|hook`) in a
 * repository, it is the measured process and prints one JSON array on stdout.
 * @module
 */
import { BATON_RUNTIME_FLAGS } from "../_helpers/cli.ts";
import { median } from "./stats.ts";

/** One phase of one measured run. */
export interface PhaseMark {
  phase: string;
  /** Milliseconds since the process started. */
  atMs: number;
  /** Resident set size when the phase ended, MB; null for a step the hook's job told. */
  rssMb: number | null;
  /** Of it, the V8 heap (all spaces), MB; null for a step the hook's job told. */
  heapMb: number | null;
  /** Of it, file-backed pages (the executable and libraries), MB; null where /proc has no RssFile. */
  fileMb: number | null;
  /** Minor page faults of the process so far; null where /proc/self/stat cannot be read. */
  minflt: number | null;
  /** CPU time of the calling thread so far, ms (/proc/thread-self/schedstat); null where unreadable. */
  threadCpuMs: number | null;
}

/** RssFile of /proc/self/status in MB, or null. */
function fileBackedMb(): number | null {
  try {
    const m = /RssFile:\s+(\d+) kB/.exec(Deno.readTextFileSync("/proc/self/status"));
    return m === null ? null : Number(m[1]) * 1024 / 1e6;
  } catch {
    return null;
  }
}

/** Minor faults of the process (field 10 of /proc/self/stat, counted after the command name), or null. */
function minorFaults(): number | null {
  try {
    const stat = Deno.readTextFileSync("/proc/self/stat");
    const n = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[7]);
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}

/** The calling thread's CPU time in ms (the first field of its schedstat, in ns), or null. */
function threadCpuMs(): number | null {
  try {
    const ns = Number(Deno.readTextFileSync("/proc/thread-self/schedstat").split(" ")[0]);
    return Number.isFinite(ns) ? ns / 1e6 : null;
  } catch {
    return null;
  }
}

/**
 * CPU ms of every thread of the process so far, summed by thread name with
 * its digits dropped (`iou-wrk-1234` -> `iou-wrk-`): the JavaScript thread
 * (`deno`), V8's workers (`V8 DefaultWorke`: concurrent compilation and GC),
 * the io_uring's workers (`iou-wrk-`: the statx of ./statx_uring.ts), the
 * runtime's tokio threads. A thread that has already ended is not counted.
 */
export function threadCpu(): Record<string, number> {
  const out: Record<string, number> = {};
  try {
    for (const t of Deno.readDirSync("/proc/self/task")) {
      try {
        const name = Deno.readTextFileSync(`/proc/self/task/${t.name}/comm`).trim()
          .replace(/\d+$/, "");
        const ns = Number(
          Deno.readTextFileSync(`/proc/self/task/${t.name}/schedstat`).split(" ")[0],
        );
        if (Number.isFinite(ns)) out[name] = (out[name] ?? 0) + ns / 1e6;
      } catch {
        // The thread ended meanwhile.
      }
    }
  } catch {
    // No /proc.
  }
  return out;
}

/** What the measured process prints: its phases, and the CPU of each of its threads at the end. */
export interface PhaseRun {
  marks: PhaseMark[];
  threads: Record<string, number>;
  /**
   * Its clock's origin (performance.timeOrigin, ms since the epoch): the
   * marks count from it, and the runtime starts it some tens of ms after
   * the process began.
   */
  timeOrigin: number;
}

function mark(phase: string): PhaseMark {
  const atMs = performance.now();
  const mem = Deno.memoryUsage();
  return {
    phase,
    atMs,
    rssMb: mem.rss / 1e6,
    heapMb: mem.heapTotal / 1e6,
    fileMb: fileBackedMb(),
    minflt: minorFaults(),
    threadCpuMs: threadCpuMs(),
  };
}

/** The commands measured: preflight's fact collection, load, and the injecting session-start hook. */
export type PhasedCommand = "preflight" | "load" | "hook";

/** A step the hook's job told, at `atMs` on this process's clock: nothing else of it is known. */
function jobMark(phase: string, atMs: number): PhaseMark {
  return { phase, atMs, rssMb: null, heapMb: null, fileMb: null, minflt: null, threadCpuMs: null };
}

async function measureHook(): Promise<PhaseMark[]> {
  const marks: PhaseMark[] = [mark("runtime started")];
  const { checkInjection } = await import("../../core/workflow/injection_check.ts");
  const { startBoundedJob } = await import("../../commands/_adapters/bounded_job.ts");
  const { createDenoIo } = await import("../../commands/_adapters/io.ts");
  const { INJECTION_CAP_CHARS } = await import("../../core/hosts/hook_output.ts");
  const { INJECT_BUDGET_MS, INJECT_FACTS_BUDGET_MS } = await import(
    "../../core/hosts/runtime/run_hook.ts"
  );
  marks.push(mark("modules loaded"));
  // As the hook does where .baton/latest.md is (core/hosts/runtime/run_hook.ts): the job's
  // Worker starts before the light check and boots beside it.
  const job = startBoundedJob("inject");
  marks.push(mark("job's Worker started (this thread waits for it)"));
  const io = createDenoIo();
  const cwd = io.cwd();
  const check = await checkInjection(io.fs, cwd, { hostKey: "claude-code", source: "startup" });
  marks.push(mark("light check (latest.md, the record)"));
  if (!check.inject) {
    job.cancel();
    throw new Error("nothing to inject in the phases bench");
  }
  // The request and budgets run_hook.ts gives an injection (its 300 ms exit and 500 ms render reserves).
  const left = INJECT_BUDGET_MS - performance.now();
  const out = await job.run({
    kind: "inject",
    cwd,
    maxChars: INJECTION_CAP_CHARS["claude-code"],
    shortIfShown: null,
    factsBudgetMs: INJECT_FACTS_BUDGET_MS,
    factsDeadlineMs: Date.now() + Math.max(0, left - 800),
    phases: true,
  }, left - 300);
  const answered = mark("job answered");
  if (out.status !== "done" || !out.response.ok || out.response.kind !== "inject") {
    throw new Error("the hook's job gave no briefing in the phases bench");
  }
  for (const p of out.response.phases ?? []) {
    marks.push(jobMark(`job: ${p.phase}`, p.atMs - performance.timeOrigin));
  }
  marks.push(answered);
  return marks;
}

async function measureLoad(): Promise<PhaseMark[]> {
  const marks: PhaseMark[] = [mark("runtime started")];
  const { loadBriefing } = await import("../../core/workflow/load.ts");
  const { workflowContext } = await import("../../commands/_adapters/context.ts");
  const { createDenoIo } = await import("../../commands/_adapters/io.ts");
  marks.push(mark("modules loaded"));
  const result = await loadBriefing(workflowContext(createDenoIo()), {
    onPhase: (phase) => marks.push(mark(phase)),
  });
  if (result === null) throw new Error("no capsule to load in the phases bench");
  JSON.stringify(result);
  marks.push(mark("printed"));
  return marks;
}

async function measurePreflight(): Promise<PhaseMark[]> {
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
  const { deepStrings, loadSafeOutput, secretFree } = await import(
    "../../commands/_cli/safe_output.ts"
  );
  // As commands/preflight.ts --json redacts them: the scanner is built only
  // when the keyword pass finds a hit a rule could confirm.
  const clear = await secretFree(deepStrings(facts));
  marks.push(mark("keyword pass"));
  JSON.stringify(clear ? facts : (await loadSafeOutput("ts")).deep(facts));
  marks.push(mark(clear ? "facts redacted (nothing to redact)" : "scanner built, facts redacted"));
  return marks;
}

if (import.meta.main) {
  const which = Deno.args[0] === "load"
    ? measureLoad
    : Deno.args[0] === "hook"
    ? measureHook
    : measurePreflight;
  const marks = await which();
  const run: PhaseRun = { marks, threads: threadCpu(), timeOrigin: performance.timeOrigin };
  console.log(JSON.stringify(run));
}

/** Medians over the rounds: per phase, its own time and the RSS at its end. */
export interface PhaseTable {
  command: PhasedCommand;
  repo: string;
  rounds: number;
  phases: {
    phase: string;
    ms: number;
    /** Null for the hook job's own steps (see {@linkcode jobMark}). */
    rssMb: number | null;
    heapMb: number | null;
    fileMb: number | null;
    /** Minor page faults taken in the phase (the first: since the process started); null when unknown. */
    faults: number | null;
    /** CPU ms of the JavaScript thread in the phase (the first: since it started); null when unknown. */
    cpuMs: number | null;
  }[];
  totalMs: number;
  gitMs: number;
  /**
   * Median CPU ms of each kind of thread over the whole process (see
   * {@linkcode threadCpu}), largest first; the process's CPU is their sum
   * (and that of threads that ended before the end).
   */
  threads: { name: string; cpuMs: number }[];
}

/** Milliseconds since the epoch, below the millisecond (the clock the measured process's origin is on). */
function epochMs(): number {
  return performance.timeOrigin + performance.now();
}

async function timed(
  cmd: string[],
  cwd: string,
): Promise<{ ms: number; stdout: string; startedAt: number; endedAt: number }> {
  const startedAt = epochMs();
  const out = await new Deno.Command(cmd[0]!, {
    args: cmd.slice(1),
    cwd,
    stdout: "piped",
    stderr: "null",
    stdin: "null",
  }).output();
  const endedAt = epochMs();
  if (!out.success) throw new Error(`${cmd[0]} failed in the phases bench`);
  return {
    ms: endedAt - startedAt,
    stdout: new TextDecoder().decode(out.stdout),
    startedAt,
    endedAt,
  };
}

/** The row of the time from the last mark to the process's end (its exit), which the process cannot mark. */
export const EXIT_PHASE = "exited (after the last mark: this table's own report, then the exit)";

/**
 * One run's phases, each as the ms since the previous one, on the parent's
 * clock: the first from the spawn (so it holds the runtime's own start
 * before its clock's origin, as its JS CPU does), then a last row for the
 * exit. Their sum is the process's whole wall time, as the bench's rows
 * time it (`startedAt`, `endedAt`: ms since the epoch, around the spawn).
 */
export function phaseSpans(
  run: PhaseRun,
  startedAt: number,
  endedAt: number,
): { phase: string; ms: number }[] {
  const out: { phase: string; ms: number }[] = [];
  // A clock step between the two processes would make a span negative: 0 then.
  let prev = startedAt;
  for (const m of run.marks) {
    const at = run.timeOrigin + m.atMs;
    out.push({ phase: m.phase, ms: Math.max(0, at - prev) });
    prev = Math.max(prev, at);
  }
  out.push({ phase: EXIT_PHASE, ms: Math.max(0, endedAt - prev) });
  return out;
}

/**
 * Runs the measured process `rounds` times in `repo` (after one warm-up),
 * each round beside one `git status --porcelain=v2 -uall`.
 */
export async function runFactsPhases(
  repo: string,
  rounds: number,
  command: PhasedCommand = "preflight",
): Promise<PhaseTable> {
  const script = new URL(import.meta.url).pathname;
  // The baton task's run-time flags; all permissions, since Deno lets only
  // those read /proc/self/status (the file-backed share of the RSS).
  const self = [
    Deno.execPath(),
    "run",
    "--quiet",
    "--no-prompt",
    ...BATON_RUNTIME_FLAGS,
    "--allow-all",
    script,
    command,
  ];
  const git = ["git", "status", "--porcelain=v2", "-uall"];
  await timed(self, repo);
  const perPhase = new Map<
    string,
    { ms: number[]; rss: number[]; heap: number[]; file: number[]; faults: number[]; cpu: number[] }
  >();
  const totals: number[] = [];
  const gits: number[] = [];
  const perThread = new Map<string, number[]>();
  for (let r = 0; r < rounds; r++) {
    gits.push((await timed(git, repo)).ms);
    const measured = await timed(self, repo);
    const run = JSON.parse(measured.stdout) as PhaseRun;
    const marks = run.marks;
    for (const [name, ms] of Object.entries(run.threads)) {
      perThread.set(name, [...(perThread.get(name) ?? []), ms]);
    }
    const spans = phaseSpans(run, measured.startedAt, measured.endedAt);
    const slotOf = (phase: string) =>
      perPhase.get(phase) ?? { ms: [], rss: [], heap: [], file: [], faults: [], cpu: [] };
    let prevFaults = 0;
    let prevCpu = 0;
    marks.forEach((m, i) => {
      const slot = slotOf(m.phase);
      slot.ms.push(spans[i]!.ms);
      if (m.rssMb !== null) slot.rss.push(m.rssMb);
      if (m.heapMb !== null) slot.heap.push(m.heapMb);
      if (m.fileMb !== null) slot.file.push(m.fileMb);
      if (m.minflt !== null) slot.faults.push(m.minflt - prevFaults);
      if (m.threadCpuMs !== null) slot.cpu.push(m.threadCpuMs - prevCpu);
      perPhase.set(m.phase, slot);
      prevFaults = m.minflt ?? prevFaults;
      prevCpu = m.threadCpuMs ?? prevCpu;
    });
    const exit = slotOf(EXIT_PHASE);
    exit.ms.push(spans.at(-1)!.ms);
    perPhase.set(EXIT_PHASE, exit);
    totals.push(measured.ms);
  }
  return {
    command,
    repo,
    rounds,
    phases: [...perPhase].map(([phase, s]) => ({
      phase,
      ms: median(s.ms),
      rssMb: s.rss.length === 0 ? null : median(s.rss),
      heapMb: s.heap.length === 0 ? null : median(s.heap),
      fileMb: s.file.length === 0 ? null : median(s.file),
      faults: s.faults.length === 0 ? null : median(s.faults),
      cpuMs: s.cpu.length === 0 ? null : median(s.cpu),
    })),
    totalMs: median(totals),
    gitMs: median(gits),
    threads: [...perThread]
      .map(([name, ms]) => ({ name, cpuMs: median(ms) }))
      .sort((a, b) => b.cpuMs - a.cpuMs),
  };
}

/** The table: each phase's median time, its share of the total, and the RSS at its end. */
export function renderPhaseTable(t: PhaseTable): string {
  const lines = [
    `where ${
      t.command === "hook" ? "the injecting session-start hook" : t.command
    }'s time and memory go (${t.repo}, medians of ${t.rounds} rounds; JS CPU is the JavaScript thread's CPU time in the phase, without kernel work on other threads such as the io_uring's statx; faults are minor page faults; RSS is the current RSS when the phase ended, and of it the V8 heap and the file-backed pages of the runtime's executable and libraries)`,
    "",
    "| phase | ms | share | JS CPU ms | faults | RSS MB | V8 heap MB | executable pages MB |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  const num = (n: number | null, digits: number) => n === null ? "-" : n.toFixed(digits);
  for (const p of t.phases) {
    const share = t.totalMs > 0 ? `${Math.round((p.ms / t.totalMs) * 100)}%` : "-";
    lines.push(
      `| ${p.phase} | ${p.ms.toFixed(1)} | ${share} | ${num(p.cpuMs, 1)} | ${num(p.faults, 0)} | ${
        num(p.rssMb, 1)
      } | ${num(p.heapMb, 1)} | ${num(p.fileMb, 1)} |`,
    );
  }
  // The exit's CPU and faults are not known (nothing runs in the process to read them).
  const marked = t.phases.filter((p) => p.phase !== EXIT_PHASE);
  const sum = (pick: (p: PhaseTable["phases"][number]) => number | null) =>
    marked.some((p) => pick(p) === null) ? null : marked.reduce((a, p) => a + pick(p)!, 0);
  lines.push(
    `| total (spawn to the process's end, as the bench's rows time it) | ${
      t.totalMs.toFixed(1)
    } | 100% | ${num(sum((p) => p.cpuMs), 1)} | ${num(sum((p) => p.faults), 0)} | | | |`,
    `| git status --porcelain=v2 -uall, whole process | ${t.gitMs.toFixed(1)} | | | | | | |`,
  );
  if (t.threads.length > 0) {
    lines.push(
      "",
      `CPU ms by thread over the whole process (medians): ${
        t.threads.map((x) => `${THREAD_NAMES[x.name] ?? x.name} ${x.cpuMs.toFixed(1)}`).join(", ")
      }`,
    );
  }
  return lines.join("\n");
}

/** What each kind of thread is, for the table. */
const THREAD_NAMES: Record<string, string> = {
  "deno": "JavaScript thread (with its own kernel work: page faults, reads, io_uring_enter)",
  "V8 DefaultWorke": "V8 workers (concurrent compilation, GC)",
  "iou-wrk-": "io_uring workers (the tracked paths' statx)",
  "tokio-runtime-w": "runtime I/O threads",
  "worker-": "the hook job's Worker (its isolate, its modules and the job)",
};
