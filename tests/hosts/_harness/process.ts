/**
 * Runs one host (or baton) process bounded by a timeout: the child leads its
 * own process group, and when it exits or its time is up the whole group is
 * killed by that pid, so no grandchild (an MCP server, a language server, a
 * hook) outlives the test.
 * @module
 */

/** What a bounded run returned. */
export interface BoundedRun {
  code: number;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  ms: number;
}

/** Options of {@linkcode runBounded}. */
export interface RunOptions {
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  stdin?: string;
  /**
   * After the child exits, wait up to this long for the rest of its process
   * group (a hook the host started and did not wait for), and for processes
   * running with the same HOME that left the group, before killing the group.
   * @default 0
   */
  graceMs?: number;
}

/** True while any process of group `pgid` is alive (Linux /proc; elsewhere false). */
function groupAlive(pgid: number): boolean {
  try {
    for (const e of Deno.readDirSync("/proc")) {
      if (!/^\d+$/.test(e.name)) continue;
      try {
        const stat = Deno.readTextFileSync(`/proc/${e.name}/stat`);
        // Fields after the parenthesised command: state, ppid, pgrp.
        const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        if (Number(rest[2]) === pgid && rest[0] !== "Z") return true;
      } catch {
        // The process ended while being read.
      }
    }
  } catch {
    return false;
  }
  return false;
}

/**
 * Waits up to `graceMs` while any process of group `pgid` is alive, or any
 * process running with `home` as its HOME (a host's worker that left the group
 * with a session of its own and is still finishing the turn).
 */
async function waitForGroup(
  pgid: number,
  home: string | undefined,
  graceMs: number,
): Promise<void> {
  const until = performance.now() + graceMs;
  const busy = () =>
    groupAlive(pgid) ||
    (home !== undefined && processesWithHome(home).length > 0);
  while (performance.now() < until && busy()) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

function killGroup(pid: number): void {
  try {
    Deno.kill(-pid, "SIGKILL");
  } catch {
    // The group is already gone.
  }
}

/**
 * Pids of the processes whose environment holds `HOME=<home>` exactly: what a
 * host started in a sandbox, including a daemon that left the run's process
 * group with its own session (Linux /proc; elsewhere none).
 */
function processesWithHome(home: string): number[] {
  const wanted = `HOME=${home}`;
  const found: number[] = [];
  try {
    for (const e of Deno.readDirSync("/proc")) {
      if (!/^\d+$/.test(e.name) || Number(e.name) === Deno.pid) continue;
      try {
        const vars = Deno.readTextFileSync(`/proc/${e.name}/environ`).split(
          "\0",
        );
        if (vars.includes(wanted)) found.push(Number(e.name));
      } catch {
        // Gone, or not ours to read.
      }
    }
  } catch {
    return [];
  }
  return found;
}

/**
 * Kills every process still running with `home` as its HOME and waits (up to
 * 5 s) until none is left, so nothing writes into a sandbox after it is removed.
 */
export async function killSandboxProcesses(home: string): Promise<void> {
  for (let round = 0; round < 50; round++) {
    const pids = processesWithHome(home);
    if (pids.length === 0) return;
    for (const pid of pids) {
      try {
        Deno.kill(pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs `program args` with exactly `env` (nothing inherited). */
export async function runBounded(
  program: string,
  args: readonly string[],
  options: RunOptions,
): Promise<BoundedRun> {
  const started = performance.now();
  const child = new Deno.Command(program, {
    args: [...args],
    cwd: options.cwd,
    env: options.env,
    clearEnv: true,
    detached: true,
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child.pid);
  }, options.timeoutMs);
  try {
    if (options.stdin !== undefined) {
      const w = child.stdin.getWriter();
      await w.write(new TextEncoder().encode(options.stdin)).catch(() => {});
      await w.close().catch(() => {});
    }
    const out = await child.output();
    if ((options.graceMs ?? 0) > 0 && !timedOut) {
      await waitForGroup(child.pid, options.env.HOME, options.graceMs!);
    }
    return {
      code: out.code,
      stdout: new TextDecoder().decode(out.stdout),
      stderr: new TextDecoder().decode(out.stderr),
      timedOut,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    clearTimeout(timer);
    killGroup(child.pid);
  }
}
