// Tests for tests/_tools/run_tests.ts: the leak check behind `deno task test`.

import assert from "node:assert/strict";

const RUNNER = new URL("./run_tests.ts", import.meta.url).pathname;
const GUARD = new URL("../testdata/temp_guard/", import.meta.url).pathname;

async function runGuarded(file: string): Promise<{ code: number; stderr: string }> {
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
