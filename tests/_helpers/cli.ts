/**
 * Test helper: runs baton's entry point as a real subprocess with the same
 * permissions as the `baton` task.
 * @module
 */
import { tempDirSync } from "./temp.ts";

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
  "--allow-run",
  "--allow-sys=hostname,uid",
  "--allow-ffi",
];

/**
 * Run-time flags of the `baton` task besides its permissions. Deno builds the
 * module graph of every literal dynamic import at start-up unless told to
 * load them lazily (measured: 8-10 ms, a third of a bare `deno run`); the
 * compiled binary embeds its graph and needs no such flag. The V8 flags cap
 * the young generation and the tiers (see
 * commands/_adapters/invocation.ts).
 */
export const BATON_RUNTIME_FLAGS = [
  "--unstable-lazy-dynamic-imports",
  "--v8-flags=--max-semi-space-size=1,--max-opt=2,--no-concurrent-recompilation,--no-maglev-inlining,--no-sparkplug,--no-regexp-tier-up,--expose-gc",
];

/** `deno run` as the `baton` task runs a script: the runtime, its quiet flags, run-time flags and permissions. */
export function batonRunPrefix(): string[] {
  return [
    Deno.execPath(),
    "run",
    "--quiet",
    "--no-prompt",
    ...BATON_RUNTIME_FLAGS,
    ...BATON_PERMISSIONS,
  ];
}

let sharedHome: string | null = null;

/**
 * A baton home (signing key, trusted keys) private to this test process, so
 * no test ever reads or writes the real one; removed when the test file ends.
 * Every run in one test file shares it, as runs on one machine share a key.
 */
export function testBatonHome(): string {
  if (sharedHome === null) {
    // Removed after the test file's tests (tests/_helpers/temp.ts), or at
    // exit outside `deno test` (a bench run), where no test hook runs.
    const dir = tempDirSync("baton-home-");
    sharedHome = `${dir.path}/home`;
    globalThis.addEventListener("unload", () => dir[Symbol.dispose]());
  }
  return sharedHome;
}

/**
 * The hooks' time budgets in every baton the tests start, scaled up (the
 * user setting BATON_HOOK_TIME_SCALE) so that no test's outcome depends on
 * how loaded the machine is. The budgets themselves are tested with a slow
 * input and an explicit scale of 1 (tests/e2e/hook_budget_test.ts).
 */
export const HOOK_TIME_SCALE = "20";

/** Options of {@linkcode runBaton}. */
export interface RunBatonOptions {
  cwd?: string;
  stdin?: string | Uint8Array;
  /** Extra environment; BATON_HOME defaults to {@linkcode testBatonHome}. */
  env?: Record<string, string>;
  /**
   * Replaces the task's permission and run-time flags (the sealed run
   * passes its own, without lazy loading: like a compiled binary, it
   * resolves the whole module graph before anything runs).
   */
  permissions?: string[];
}

/** Runs `baton ARGS` and captures everything. */
export async function runBaton(args: string[], options: RunBatonOptions = {}): Promise<CliRun> {
  const cmd = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--no-prompt",
      ...(options.permissions ?? [...BATON_RUNTIME_FLAGS, ...BATON_PERMISSIONS]),
      MAIN,
      ...args,
    ],
    cwd: options.cwd ?? Deno.cwd(),
    env: {
      NO_COLOR: "1",
      BATON_HOME: testBatonHome(),
      BATON_HOOK_TIME_SCALE: HOOK_TIME_SCALE,
      ...options.env,
    },
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  });
  const child = cmd.spawn();
  if (options.stdin !== undefined) {
    const w = child.stdin.getWriter();
    try {
      await w.write(
        typeof options.stdin === "string" ? new TextEncoder().encode(options.stdin) : options.stdin,
      );
      await w.close();
    } catch (e) {
      // A child that stops reading early (a bounded stdin read) closes the pipe: not an error here.
      if (!(e instanceof Deno.errors.BrokenPipe)) throw e;
    }
  }
  const out = await child.output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

/** `baton finalize --draft -` in `dir` with `draft` as JSON on stdin; fails the test unless it exits 0. */
export async function finalizeDraft(dir: string, draft: unknown): Promise<void> {
  const r = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    stdin: JSON.stringify(draft),
  });
  if (r.code !== 0) throw new Error(`baton finalize exited ${r.code}: ${r.stderr}`);
}

/**
 * Runs `command` verbatim through `sh -c` (as an agent's shell tool would),
 * with the test's baton home, and captures everything.
 */
export async function runShellText(command: string, cwd: string): Promise<CliRun> {
  const out = await new Deno.Command("sh", {
    args: ["-c", command],
    cwd,
    env: { NO_COLOR: "1", BATON_HOME: testBatonHome(), BATON_HOOK_TIME_SCALE: HOOK_TIME_SCALE },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}
