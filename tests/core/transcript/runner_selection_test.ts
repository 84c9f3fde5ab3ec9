import assert from "node:assert/strict";
import { selectionMayRunNone } from "../../../core/transcript/runner_selection.ts";
import { testOutcome, testStatusSource } from "../../../core/transcript/test_outcome.ts";
import { programRuns } from "../../_helpers/program_runs.ts";
import { tempDir } from "../../_helpers/temp.ts";

Deno.test("testStatusSource(): a runner asked to run only tests matching a pattern, which exits 0 when none match, lends only a failure", () => {
  const selecting = [
    "cargo test parser",
    "cargo test -p core parser",
    "cargo test -- parser",
    "cargo test -- --exact tests::a",
    "cargo test -- --skip slow",
    "deno test --filter parser",
    "deno test --filter=parser a_test.ts",
    "go test -run TestParser ./...",
    "go test -run=TestParser",
    "go test ./... -skip TestSlow",
    "ctest",
    "ctest -R parser",
    "ctest --output-on-failure",
    "ctest --no-tests error -R parser",
    "mocha --grep parser",
    "mocha --pass-on-failing-test-suite",
    "npx mocha -g parser",
    "jest -t parser",
    "npx vitest run -t parser",
    "jest --testNamePattern=parser",
    "npm test -- -t parser",
    "npm test -- --testNamePattern parser",
    "bun test -t parser",
    "bun test --test-name-pattern parser",
  ];
  for (const c of selecting) assert.equal(testStatusSource(c), "runner_if_failed", c);
  for (const c of selecting) {
    assert.equal(testOutcome(c, true), "unknown", c);
    assert.equal(testOutcome(c, false), "failed", c);
  }
  // controls: options that select no name, or that make a run with no test fail
  const plain = [
    "cargo test",
    "cargo test -p core",
    "cargo test --release --workspace",
    "cargo test --test integration",
    "cargo test -- --nocapture",
    "cargo test -- --test-threads 1",
    "deno test a_test.ts",
    "go test ./...",
    "go test -v -count=1 ./...",
    "ctest --no-tests=error -R parser",
    "mocha --grep parser --fail-zero",
    "mocha -t 5000",
    "jest",
    "npm test",
  ];
  for (const c of plain) assert.equal(testStatusSource(c), "runner", c);
  for (const c of plain) assert.equal(testOutcome(c, true), "passed", c);
});

Deno.test("selectionMayRunNone(): only the runner's own pattern options count", () => {
  assert.equal(selectionMayRunNone("cargo", ["build", "parser"]), false);
  assert.equal(selectionMayRunNone("go", ["vet", "-run", "x"]), false);
  assert.equal(selectionMayRunNone("deno", ["run", "--filter", "x"]), false);
  assert.equal(selectionMayRunNone("mocha", ["-t", "100"]), false);
  assert.equal(selectionMayRunNone("pytest", ["-t", "x"]), false);
});

async function run(cmd: string, args: string[], cwd: string): Promise<number> {
  return (await new Deno.Command(cmd, {
    args,
    cwd,
    stdout: "null",
    stderr: "null",
    env: { NO_COLOR: "1" },
  }).output()).code;
}

Deno.test("testOutcome(): deno test --filter matching nothing exits 0 (real deno as the oracle): no pass; a matching run's 0 and a failure stay (controls)", async () => {
  await using tmp = await tempDir();
  const deno = (...args: string[]) =>
    run(Deno.execPath(), ["test", "--no-config", "--no-lock", ...args], tmp.path);
  Deno.writeTextFileSync(`${tmp.path}/a_test.ts`, 'Deno.test("alpha", () => {});\n');
  assert.equal(await deno("--filter", "zzz"), 0, "no test matched, yet deno exits 0");
  assert.equal(testOutcome("deno test --filter zzz", true), "unknown");
  assert.equal(await deno(), 0);
  assert.equal(testOutcome("deno test", true), "passed");
  Deno.writeTextFileSync(
    `${tmp.path}/a_test.ts`,
    'Deno.test("alpha", () => { throw new Error("x"); });\n',
  );
  assert.equal(await deno("--filter", "alpha"), 1);
  assert.equal(testOutcome("deno test --filter alpha", false), "failed");
});

Deno.test({
  name:
    "testOutcome(): ctest exits 0 when -R selects no test (real ctest as the oracle): no pass; --no-tests=error makes it fail, so its 0 is a pass (control)",
  ignore: !programRuns("ctest", ["--version"]),
  fn: async () => {
    await using tmp = await tempDir();
    Deno.writeTextFileSync(`${tmp.path}/CTestTestfile.cmake`, 'add_test(t1 "true")\n');
    assert.equal(await run("ctest", ["-R", "zzz"], tmp.path), 0, "no test ran, yet exit 0");
    assert.equal(testOutcome("ctest -R zzz", true), "unknown");
    assert.notEqual(await run("ctest", ["-R", "zzz", "--no-tests=error"], tmp.path), 0);
    // without the `=` the choice is not read: still 0
    assert.equal(await run("ctest", ["-R", "zzz", "--no-tests", "error"], tmp.path), 0);
    assert.equal(testOutcome("ctest -R zzz --no-tests error", true), "unknown");
    assert.equal(await run("ctest", ["-R", "t1", "--no-tests=error"], tmp.path), 0);
    assert.equal(testOutcome("ctest -R t1 --no-tests=error", true), "passed");
  },
});

Deno.test({
  name:
    "testOutcome(): pytest's exit 5 says no test was collected (real pytest as the oracle): neither passed nor failed; its exit 1 is a failure (control)",
  ignore: !programRuns("pytest", ["--version"]),
  fn: async () => {
    await using tmp = await tempDir();
    Deno.writeTextFileSync(`${tmp.path}/test_a.py`, "def test_a():\n    assert False\n");
    const none = await run("pytest", ["-q", "-p", "no:cacheprovider", "-k", "zzz"], tmp.path);
    assert.equal(none, 5, "no test selected");
    for (const c of ["pytest -k zzz", "python -m pytest -k zzz", "py.test tests/none"]) {
      assert.equal(testOutcome(c, false, 5), "unknown", c);
    }
    const failing = await run("pytest", ["-q", "-p", "no:cacheprovider", "-k", "test_a"], tmp.path);
    assert.equal(failing, 1);
    assert.equal(testOutcome("pytest -k test_a", false, 1), "failed");
    // another runner's 5 is its own failure
    assert.equal(testOutcome("npm test", false, 5), "failed");
  },
});

Deno.test({
  name:
    "testOutcome(): a runner stopped by timeout (124, real timeout as the oracle) or that timeout could not start has no outcome; the runner's own failure under timeout stays failed (control)",
  ignore: !programRuns("timeout", ["--version"]),
  fn: async () => {
    await using tmp = await tempDir();
    assert.equal(await run("timeout", ["0.2", "sleep", "5"], tmp.path), 124, "ran out");
    assert.equal(testOutcome("timeout 5 npm test", false, 124), "unknown");
    assert.equal(await run("timeout", ["--preserve-status", "0.2", "sleep", "5"], tmp.path), 143);
    assert.equal(testOutcome("timeout --preserve-status 5 pytest", false, 143), "unknown");
    assert.equal(testOutcome("timeout 5 cargo test", false, 127), "unknown");
    // controls: the runner's own status passes through timeout
    assert.equal(await run("timeout", ["5", "false"], tmp.path), 1);
    assert.equal(testOutcome("timeout 5 npm test", false, 1), "failed");
    assert.equal(testOutcome("timeout 5 npm test", true, 0), "passed");
    // without timeout a 124 is the runner's own
    assert.equal(testOutcome("npm test", false, 124), "failed");
  },
});
