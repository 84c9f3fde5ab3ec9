/**
 * Test helper: runs baton's entry point as a real subprocess with the same
 * permissions as the `baton` task.
 * @module
 */

/** The captured result of one run. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Absolute path of main.ts. */
export const MAIN = new URL("../../main.ts", import.meta.url).pathname;

/** Permission flags of the `baton` task. */
export const BATON_PERMISSIONS = [
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-sys=hostname",
];

/** Options of {@linkcode runBaton}. */
export interface RunBatonOptions {
  cwd?: string;
  stdin?: string | Uint8Array;
  env?: Record<string, string>;
  permissions?: string[];
}

/** Runs `baton ARGS` and captures everything. */
export async function runBaton(args: string[], options: RunBatonOptions = {}): Promise<CliRun> {
  const cmd = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--no-prompt",
      ...(options.permissions ?? BATON_PERMISSIONS),
      MAIN,
      ...args,
    ],
    cwd: options.cwd ?? Deno.cwd(),
    env: { NO_COLOR: "1", ...options.env },
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  });
  const child = cmd.spawn();
  if (options.stdin !== undefined) {
    const w = child.stdin.getWriter();
    await w.write(
      typeof options.stdin === "string" ? new TextEncoder().encode(options.stdin) : options.stdin,
    );
    await w.close();
  }
  const out = await child.output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}
