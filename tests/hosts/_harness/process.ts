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
