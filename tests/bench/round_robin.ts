/**
 * Round-robin subprocess timer: every scenario runs once per round, in a
 * fixed interleaved order, so this VM's slow phases land on all scenarios
 * alike (see the reference measurements, section 0). Each run is wrapped in
 * GNU time for its peak RSS and its CPU time (user + system, 10 ms
 * resolution): on a machine other processes load, CPU time moves far less
 * than wall time. Untimed `prepare` hooks reset state between runs.
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
  /** CPU time (user + system) of each timed run, in ms. */
  cpuMs: number[];
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

/** Whether GNU time is available to measure peak RSS. */
export function hasGnuTime(): boolean {
  try {
    return Deno.statSync(GNU_TIME).isFile;
  } catch {
    return false;
  }
}

/** GNU time's last line, "<peak RSS KiB> <user s> <system s>". */
function parseTime(text: string): { rssKb: number | null; cpuMs: number | null } {
  const last = (text.trim().split("\n").pop() ?? "").trim().split(/\s+/);
  const kb = Number.parseInt(last[0] ?? "", 10);
  const user = Number.parseFloat(last[1] ?? "");
  const sys = Number.parseFloat(last[2] ?? "");
  return {
    rssKb: Number.isFinite(kb) ? kb : null,
    cpuMs: Number.isFinite(user) && Number.isFinite(sys) ? (user + sys) * 1000 : null,
  };
}

/** Runs `scenario` once (without its prepare hook) and measures wall time. */
export async function runOnce(
  scenario: Scenario,
  options: RunOnceOptions = {},
): Promise<RunResult> {
  const argv = options.rssFile === undefined
    ? scenario.cmd
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
  let measured: ReturnType<typeof parseTime> = { rssKb: null, cpuMs: null };
  if (options.rssFile !== undefined) {
    try {
      measured = parseTime(decoder.decode(await Deno.readFile(options.rssFile)));
    } catch {
      // No figures for this run.
    }
  }
  return { code: status.code, ms, ...measured, stdout, stderr };
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
    samples.set(s.id, { ms: [], rssKb: [], cpuMs: [], failures: 0, wrong: 0 });
  }
  const total = warmup + options.rounds;
  for (let round = 0; round < total; round++) {
    const timed = round >= warmup;
    for (const s of scenarios) {
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
      if (res.cpuMs !== null) entry.cpuMs.push(res.cpuMs);
    }
    options.onProgress?.(
      timed ? `round ${round - warmup + 1}/${options.rounds}` : `warm-up ${round + 1}/${warmup}`,
    );
  }
  return samples;
}
