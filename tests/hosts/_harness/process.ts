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
   * group (a hook the host started and did not wait for) before killing it.
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

async function waitForGroup(pgid: number, graceMs: number): Promise<void> {
  const until = performance.now() + graceMs;
  while (performance.now() < until && groupAlive(pgid)) {
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
      await waitForGroup(child.pid, options.graceMs!);
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
