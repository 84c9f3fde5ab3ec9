/**
 * The runner behind `deno task test`: runs `deno test` with the arguments it
 * is given inside a temp directory of its own (TMPDIR, TMP and TEMP point
 * there, for the test processes and every subprocess they start), then
 * fails the run when anything is left in it, naming what was left. The
 * directory is removed afterwards either way (also when the run is
 * interrupted by SIGINT or SIGTERM), so a run never litters the machine's
 * temp directory.
 *
 * Usage: deno run --allow-all tests/_tools/run_tests.ts DENO-TEST-ARGS...
 * Exit: the tests' own code when they failed; 1 when they passed but left
 * temp entries behind; 0 otherwise.
 * @module
 */

/** Names of the entries left in `dir`, sorted. */
export function leftovers(dir: string): string[] {
  return [...Deno.readDirSync(dir)].map((e) => e.name).sort();
}

/** How a list of leftovers reads in the failure message (names grouped by prefix). */
export function describeLeftovers(names: readonly string[]): string {
  const byPrefix = new Map<string, number>();
  for (const n of names) {
    const prefix = n.replace(/[A-Za-z0-9_]{6,}$/, "*");
    byPrefix.set(prefix, (byPrefix.get(prefix) ?? 0) + 1);
  }
  return [...byPrefix].map(([p, c]) => `  ${p}  (${c})`).join("\n");
}

async function main(args: string[]): Promise<number> {
  const root = Deno.makeTempDirSync({ prefix: "baton-test-run-" });
  try {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["test", ...args],
      env: { TMPDIR: root, TMP: root, TEMP: root },
      stdin: "inherit",
      stdout: "inherit",
      stderr: "inherit",
    }).spawn();
    // Interrupted (Ctrl-C, a cut foreground command, CI's cancel): stop the
    // tests; the directory is removed below, as after a finished run.
    let interrupted: "SIGINT" | "SIGTERM" | null = null;
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      Deno.addSignalListener(signal, () => {
        interrupted = signal;
        try {
          child.kill("SIGKILL");
        } catch {
          // Already gone.
        }
      });
    }
    const { code } = await child.status;
    if (interrupted !== null) return interrupted === "SIGINT" ? 130 : 143;
    const left = leftovers(root);
    if (left.length > 0) {
      console.error(
        `\nrun_tests: the run left ${left.length} temp entr${
          left.length === 1 ? "y" : "ies"
        } behind (every test must remove what it makes; see tests/_helpers/temp.ts):\n${
          describeLeftovers(left)
        }`,
      );
      return code !== 0 ? code : 1;
    }
    return code;
  } finally {
    Deno.removeSync(root, { recursive: true });
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
