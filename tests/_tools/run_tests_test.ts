// Tests for tests/_tools/run_tests.ts: the leak check behind `deno task test`.

import assert from "node:assert/strict";

const RUNNER = new URL("./run_tests.ts", import.meta.url).pathname;
const GUARD = new URL("../testdata/temp_guard/", import.meta.url).pathname;

async function runGuarded(
  file: string,
): Promise<{ code: number; stderr: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", RUNNER, "--allow-all", `${GUARD}${file}`],
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: out.code, stderr: new TextDecoder().decode(out.stderr) };
}

Deno.test("run_tests fails a passing run that leaves a temp directory behind, naming it", async () => {
  const r = await runGuarded("leaks.ts");
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /left 1 temp entry behind/);
  assert.match(r.stderr, /baton-deliberate-leak-\*/);
});

Deno.test("run_tests passes a run whose temp directories are removed (control)", async () => {
  const r = await runGuarded("cleans.ts");
  assert.equal(r.code, 0, r.stderr);
  assert.doesNotMatch(r.stderr, /temp entr/);
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  Deno.test(`run_tests removes its temp directory when interrupted by ${signal}`, async () => {
    const parent = Deno.makeTempDirSync({ prefix: "baton-runner-parent-" });
    try {
      const child = new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--allow-all",
          RUNNER,
          "--allow-all",
          `${GUARD}blocks.ts`,
        ],
        env: { TMPDIR: parent },
        stdin: "piped",
        stdout: "null",
        stderr: "null",
      }).spawn();
      // Wait until the blocking test has written into the runner's directory.
      const started = (): boolean =>
        [...Deno.readDirSync(parent)].some((e) => {
          try {
            Deno.statSync(`${parent}/${e.name}/started`);
            return true;
          } catch {
            return false;
          }
        });
      // Until the blocking test has started, or the run ended early (then the
      // assertions below fail instead of this loop waiting forever).
      let ended = false;
      child.status.then(() => ended = true);
      while (!started() && !ended) {
        await new Promise((r) => setTimeout(r, 10));
      }
      assert.equal(
        [...Deno.readDirSync(parent)].length,
        1,
        "the control: the run's directory exists",
      );
      child.kill(signal);
      const { code } = await child.status;
      await child.stdin.close().catch(() => {});
      assert.equal(code, signal === "SIGINT" ? 130 : 143);
      assert.deepEqual([...Deno.readDirSync(parent)].map((e) => e.name), []);
    } finally {
      Deno.removeSync(parent, { recursive: true });
    }
  });
}
