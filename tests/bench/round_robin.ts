/**
 * Round-robin subprocess timer: every scenario runs once per round,
 * interleaved, so this VM's slow phases land on all scenarios alike (see the
 * reference measurements, section 0); odd rounds run the scenarios in reverse
 * order, so no scenario always follows the same neighbour (a case and its
 * `--base` twin take turns going first). Each run is wrapped in
 * a measuring parent for its peak RSS and its CPU time (user + system, from
 * the kernel's rusage of the child): on a loaded machine the wall time says
 * more about the other processes than about baton, the CPU time of the
 * process much less. The parent is python3 (rusage in microseconds) where
 * there is one, else GNU time (centiseconds: too coarse for a 20 ms hook).
 * Untimed `prepare` hooks reset state between runs.
 * @module
 */
import { testBatonHome } from "../_helpers/cli.ts";

/** One command to time, run as a separate process. */
export interface Scenario {
  /** Stable id, used in JSON output and to name baselines. */
  id: string;
  /** Human-readable name for the table. */
  label: string;
  /** argv; `cmd[0]` is the program. */
  cmd: string[];
  cwd: string;
  /** Text written to the process's stdin (stdin is /dev/null otherwise). */
  stdin?: string;
  /** Extra environment of every run of this scenario. */
  env?: Record<string, string>;
  /** Untimed hook run before every run of this scenario. */
  prepare?: () => Promise<void>;
  /** Returns why a run's stdout is wrong, or undefined; wrong runs are not timed. */
  verify?: (stdout: string) => string | undefined;
}

/** The captured result of one run. */
export interface RunResult {
  code: number;
  ms: number;
  /** Peak RSS in KiB, or null when GNU time is unavailable. */
  rssKb: number | null;
  /** CPU time (user + system) in ms, or null when GNU time is unavailable. */
  cpuMs: number | null;
  stdout: string;
  stderr: string;
}

/** Timings of one scenario across the timed rounds. */
export interface Samples {
  ms: number[];
  rssKb: number[];
  cpuMs: number[];
  /** The timed round of each `cpuMs` entry (0 is the first), to pair scenarios round by round. */
  cpuRounds: number[];
  /** Runs that exited non-zero. */
  failures: number;
  /** stderr of the first failed run, verbatim. */
  firstFailure?: string;
  /** Runs whose stdout `verify` rejected. */
  wrong: number;
  firstWrong?: string;
}

/** Options of {@linkcode runOnce}. */
export interface RunOnceOptions {
  /**
   * File GNU time writes the peak RSS to; no RSS when omitted.
   * @default {undefined}
   */
  rssFile?: string;
  /**
   * Extra environment variables (validation runs set BATON_DEBUG=1).
   * @default {{}}
   */
  env?: Record<string, string>;
}

const GNU_TIME = "/usr/bin/time";
const decoder = new TextDecoder();

/**
 * The python3 parent: runs argv[2:] as a child, waits for it with wait4 and
 * writes "<peak RSS KiB> <user s> <system s> <wall s>" to argv[1]; exits
 * with the child's status. The wall time runs from just before the fork to
 * the child's exit, so the parent's own start-up is not in it: python3
 * through a version manager's shim takes 270 ms to start here (40 ms
 * without), which added a constant to every measured process and pulled
 * every wall ratio toward 1.
 */
const RUSAGE_PY = [
  "import os, sys, time",
  "t0 = time.perf_counter()",
  "pid = os.fork()",
  "if pid == 0:",
  "    os.execvp(sys.argv[2], sys.argv[2:])",
  "_, status, ru = os.wait4(pid, 0)",
  "wall = time.perf_counter() - t0",
  "open(sys.argv[1], 'w').write('%d %.6f %.6f %.6f\\n' % (ru.ru_maxrss, ru.ru_utime, ru.ru_stime, wall))",
  "sys.exit(os.waitstatus_to_exitcode(status) & 255)",
].join("\n");

function onPath(name: string): string | null {
  for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
    try {
      if (dir !== "" && Deno.statSync(`${dir}/${name}`).isFile) return `${dir}/${name}`;
    } catch {
      // Not here.
    }
  }
  return null;
}

const PYTHON = onPath("python3");

/** Whether the measuring parent times its child itself (python3 does; GNU time is timed from here). */
export const PARENT_TIMES_CHILD = PYTHON !== null;

/** Whether runs can be measured for peak RSS and CPU time (python3 or GNU time). */
export function hasGnuTime(): boolean {
  if (PYTHON !== null) return true;
  try {
    return Deno.statSync(GNU_TIME).isFile;
  } catch {
    return false;
  }
}

/**
 * The measuring parent's last line: peak RSS in KiB, user and system seconds,
 * and (python3 only) the child's wall seconds.
 */
export function parseTime(
  text: string,
): { rssKb: number | null; cpuMs: number | null; wallMs: number | null } {
  const [rss, user, sys, wall] = (text.trim().split("\n").pop() ?? "").split(" ")
    .filter((field) => field !== "").map(Number);
  return {
    rssKb: rss !== undefined && Number.isFinite(rss) ? rss : null,
    cpuMs: user !== undefined && sys !== undefined && Number.isFinite(user + sys)
      ? (user + sys) * 1000
      : null,
    wallMs: wall !== undefined && Number.isFinite(wall) ? wall * 1000 : null,
  };
}

/**
 * Runs `scenario` once (without its prepare hook) and measures wall time: the
 * python3 parent's own measure of its child where it gave one (its start-up
 * left out), else the time from spawn to exit seen here.
 */
export async function runOnce(
  scenario: Scenario,
  options: RunOnceOptions = {},
): Promise<RunResult> {
  const argv = options.rssFile === undefined
    ? scenario.cmd
    : PYTHON !== null
    ? [PYTHON, "-c", RUSAGE_PY, options.rssFile, ...scenario.cmd]
    : [GNU_TIME, "-f", "%M %U %S", "-o", options.rssFile, ...scenario.cmd];
  const command = new Deno.Command(argv[0]!, {
    args: argv.slice(1),
    cwd: scenario.cwd,
    env: { NO_COLOR: "1", BATON_HOME: testBatonHome(), ...scenario.env, ...options.env },
    stdin: scenario.stdin === undefined ? "null" : "piped",
    // Always piped, so every scenario pays the same for its output.
    stdout: "piped",
    stderr: "piped",
  });
  // A figure left by an earlier run must not stand for this one.
  if (options.rssFile !== undefined) await Deno.remove(options.rssFile).catch(() => {});
  const t0 = performance.now();
  const child = command.spawn();
  if (scenario.stdin !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(scenario.stdin));
    await writer.close();
  }
  const [status, stdout, stderr] = await Promise.all([
    child.status,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  const ms = performance.now() - t0;
  let measured = {
    rssKb: null as number | null,
    cpuMs: null as number | null,
    wallMs: null as number | null,
  };
  if (options.rssFile !== undefined) {
    try {
      measured = parseTime(decoder.decode(await Deno.readFile(options.rssFile)));
    } catch {
      // No figures for this run.
    }
  }
  return {
    code: status.code,
    ms: measured.wallMs ?? ms,
    rssKb: measured.rssKb,
    cpuMs: measured.cpuMs,
    stdout,
    stderr,
  };
}

/** Options of {@linkcode runRoundRobin}. */
export interface RoundRobinOptions {
  /** Timed rounds. */
  rounds: number;
  /**
   * Untimed rounds first.
   * @default {1}
   */
  warmup?: number;
  /**
   * Directory for GNU time's output files; no RSS when omitted.
   * @default {undefined}
   */
  scratchDir?: string;
  /**
   * Called with a progress line after each round.
   * @default {undefined}
   */
  onProgress?: (message: string) => void;
}

/** Runs every scenario once per round, interleaved, and returns samples by id. */
export async function runRoundRobin(
  scenarios: readonly Scenario[],
  options: RoundRobinOptions,
): Promise<Map<string, Samples>> {
  const warmup = options.warmup ?? 1;
  const samples = new Map<string, Samples>();
  for (const s of scenarios) {
    samples.set(s.id, { ms: [], rssKb: [], cpuMs: [], cpuRounds: [], failures: 0, wrong: 0 });
  }
  const total = warmup + options.rounds;
  for (let round = 0; round < total; round++) {
    const timed = round >= warmup;
    for (const s of round % 2 === 0 ? scenarios : [...scenarios].reverse()) {
      const entry = samples.get(s.id)!;
      try {
        await s.prepare?.();
      } catch (e) {
        // A broken hook spoils this run only; the report shows why.
        if (timed) {
          entry.failures++;
          entry.firstFailure ??= `prepare failed: ${e instanceof Error ? e.message : String(e)}`;
        }
        continue;
      }
      const rssFile = options.scratchDir === undefined
        ? undefined
        : `${options.scratchDir}/rss-${s.id.replaceAll(/[^A-Za-z0-9_-]/g, "_")}.txt`;
      const res = await runOnce(s, rssFile === undefined ? {} : { rssFile });
      if (!timed) continue;
      if (res.code !== 0) {
        entry.failures++;
        entry.firstFailure ??= `exit ${res.code}: ${res.stderr.trim()}`;
        continue;
      }
      const problem = s.verify?.(res.stdout);
      if (problem !== undefined) {
        entry.wrong++;
        entry.firstWrong ??= problem;
        continue;
      }
      entry.ms.push(res.ms);
      if (res.rssKb !== null) entry.rssKb.push(res.rssKb);
      if (res.cpuMs !== null) {
        entry.cpuMs.push(res.cpuMs);
        entry.cpuRounds.push(round - warmup);
      }
    }
    options.onProgress?.(
      timed ? `round ${round - warmup + 1}/${options.rounds}` : `warm-up ${round + 1}/${warmup}`,
    );
  }
  return samples;
}
