/**
 * ranNoTest() and the outcome built on it. Real runners are the oracles
 * where they are installed (cargo, python's unittest, ctest, deno): each
 * exits 0 having run no test, and the output it printed makes the outcome
 * unknown; the same runner with one test passes (the control). Runners not
 * installed here are checked on output in their documented shapes, and a
 * property test checks that the rule is about counts, not about one tool.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { ranNoTest } from "../../../core/transcript/ran_no_test.ts";
import { testOutcome } from "../../../core/transcript/test_outcome.ts";
import { programRuns } from "../../_helpers/program_runs.ts";
import { tempDir } from "../../_helpers/temp.ts";

async function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const out = await new Deno.Command(cmd, {
    args,
    cwd,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1", ...env },
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, text: dec.decode(out.stdout) + dec.decode(out.stderr) };
}

Deno.test({
  name:
    "real cargo: a crate with no test exits 0 ('running 0 tests'): unknown; with one test it passes (control)",
  ignore: !programRuns("cargo", ["--version"]),
  fn: async () => {
    await using tmp = await tempDir();
    await Deno.mkdir(`${tmp.path}/src`);
    await Deno.writeTextFile(
      `${tmp.path}/Cargo.toml`,
      '[package]\nname = "none"\nversion = "0.1.0"\nedition = "2021"\n',
    );
    await Deno.writeTextFile(`${tmp.path}/src/lib.rs`, "pub fn f() -> u8 { 1 }\n");
    const env = { CARGO_TARGET_DIR: `${tmp.path}/target` };
    const none = await run("cargo", ["test", "--offline", "-q"], tmp.path, env);
    assert.equal(none.code, 0);
    assert.equal(testOutcome("cargo test", true, 0, none.text), "unknown", none.text);
    assert.equal(
      testOutcome("cargo test", true, 0),
      "passed",
      "without the output: the old reading",
    );
    await Deno.writeTextFile(
      `${tmp.path}/src/lib.rs`,
      "pub fn f() -> u8 { 1 }\n#[cfg(test)]\nmod t {\n#[test]\nfn one() { assert_eq!(super::f(), 1); }\n}\n",
    );
    const one = await run("cargo", ["test", "--offline", "-q"], tmp.path, env);
    assert.equal(one.code, 0, one.text);
    assert.equal(testOutcome("cargo test", true, 0, one.text), "passed", one.text);
  },
});

Deno.test("real python unittest (3.11 exits 0 on 'Ran 0 tests ... OK'): unknown; one test passes (control)", async () => {
  await using tmp = await tempDir();
  const none = await run("python3", ["-m", "unittest"], tmp.path);
  assert.ok(/Ran 0 tests/.test(none.text), none.text);
  assert.equal(
    testOutcome("python3 -m unittest", none.code === 0, none.code, none.text),
    "unknown",
  );
  await Deno.writeTextFile(
    `${tmp.path}/test_a.py`,
    "import unittest\nclass T(unittest.TestCase):\n    def test_a(self):\n        self.assertEqual(1, 1)\n",
  );
  const one = await run("python3", ["-m", "unittest"], tmp.path);
  assert.equal(one.code, 0, one.text);
  assert.equal(testOutcome("python3 -m unittest", true, 0, one.text), "passed", one.text);
});

Deno.test({
  name:
    "real ctest with no test configured exits 0 ('No tests were found'): unknown even where its status alone would say passed",
  ignore: !programRuns("ctest", ["--version"]),
  fn: async () => {
    await using tmp = await tempDir();
    const none = await run("ctest", ["--test-dir", tmp.path], tmp.path);
    assert.equal(none.code, 0);
    assert.ok(ranNoTest(none.text), none.text);
    // ctest's 0 was already no pass (runner_selection); its failure is kept when tests ran.
    assert.equal(
      testOutcome("ctest", false, 8, "50% tests passed, 1 tests failed out of 2"),
      "failed",
    );
  },
});

Deno.test("real deno: a --filter that matches nothing prints '0 passed ... 1 filtered out': unknown even without the selection rule; the matching run passes (control)", async () => {
  await using tmp = await tempDir();
  await Deno.writeTextFile(`${tmp.path}/a_test.ts`, 'Deno.test("a", () => {});\n');
  const deno = (...a: string[]) =>
    run(Deno.execPath(), ["test", "--no-config", "--no-lock", ...a], tmp.path);
  const none = await deno("--filter", "zzz");
  assert.equal(none.code, 0);
  assert.ok(ranNoTest(none.text), none.text);
  const one = await deno();
  assert.equal(testOutcome("deno test", true, 0, one.text), "passed", one.text);
});

Deno.test({
  name:
    "real go: a module path with no dot or slash (go mod init myapp) whose root package fails to build beside a package with no test files fails, not unknown; only no test files is unknown (control)",
  ignore: !programRuns("go", ["version"]),
  fn: async () => {
    await using tmp = await tempDir();
    const env = {
      GOCACHE: `${tmp.path}/cache`,
      GOPATH: `${tmp.path}/gopath`,
      GOTOOLCHAIN: "local",
      GOFLAGS: "-mod=mod",
      HOME: tmp.path,
    };
    const mod = `${tmp.path}/m`;
    await Deno.mkdir(`${mod}/sub`, { recursive: true });
    await Deno.writeTextFile(`${mod}/go.mod`, "module myapp\n\ngo 1.19\n");
    await Deno.writeTextFile(`${mod}/main.go`, "package main\n\nfunc main() {}\n");
    await Deno.writeTextFile(`${mod}/sub/sub.go`, "package sub\n\nfunc F() int { return 1 }\n");
    const none = await run("go", ["test", "./..."], mod, env);
    assert.equal(none.code, 0, none.text);
    assert.equal(testOutcome("go test ./...", true, 0, none.text), "unknown", none.text);
    await Deno.writeTextFile(
      `${mod}/main_test.go`,
      'package main\n\nimport "testing"\n\nfunc TestA(t *testing.T) { undefinedThing() }\n',
    );
    const broken = await run("go", ["test", "./..."], mod, env);
    assert.notEqual(broken.code, 0, broken.text);
    assert.match(broken.text, /^FAIL\tmyapp \[build failed\]$/m);
    assert.equal(
      testOutcome("go test ./...", false, broken.code, broken.text),
      "failed",
      broken.text,
    );
  },
});

/** Outputs in the shapes the runners' documentation and sources give (not run here). */
const NONE_RAN: readonly [string, string, boolean][] = [
  [
    "go test ./...",
    "?   \texample.com/a\t[no test files]\n?   \texample.com/b\t[no test files]\n",
    true,
  ],
  ["go test ./...", "ok  \texample.com/a\t0.004s [no tests to run]\n", true],
  ["npm test", "> jest --passWithNoTests\n\nNo tests found, exiting with code 0\n", true],
  ["npx vitest run", "No test files found, exiting with code 0\n", true],
  ["npx mocha", "\n\n  0 passing (1ms)\n\n", true],
  [
    "bun test -t nomatch",
    'error: regex "nomatch" matched 0 tests. Searched 1 file (skipping 2 tests)',
    false,
  ],
  [
    "npm test",
    "> jest\n\nNo tests found, exiting with code 1\nRun with `--passWithNoTests` to exit with code 0",
    false,
  ],
  ["bundle exec rspec", "\nFinished in 0.001 seconds\n0 examples, 0 failures\n", true],
  ["vendor/bin/phpunit", "PHPUnit 11.0\n\nNo tests executed!\n", true],
  ["dotnet test", "No test is available in /r/bin/Debug/net8.0/App.dll.\n", true],
  ["pytest", "collected 0 items\n\n============ no tests ran in 0.01s ============\n", true],
  ["node --test", "ℹ tests 0\nℹ suites 0\nℹ pass 0\nℹ fail 0\n", true],
  ["mvn test", "Tests run: 0, Failures: 0, Errors: 0, Skipped: 0\n[INFO] BUILD SUCCESS\n", true],
];

/** Outputs in the same shapes where tests ran: the status stands. */
const SOME_RAN: readonly [string, string, boolean, "passed" | "failed"][] = [
  [
    "go test ./...",
    "?   \texample.com/a\t[no test files]\nok  \texample.com/b\t0.012s\n",
    true,
    "passed",
  ],
  [
    "go test ./...",
    "?   \texample.com/a\t[no test files]\n--- FAIL: TestB (0.00s)\nFAIL\texample.com/b\t0.01s\n",
    false,
    "failed",
  ],
  // go's line for a package whose tests did not build, its path without a dot or slash
  // (`go mod init myapp`): the run failed, whatever the package with no test files says.
  [
    "go test ./...",
    "# myapp [myapp.test]\n./main_test.go:3:27: undefined: x\nFAIL\tmyapp [build failed]\n?   \tmyapp/sub\t[no test files]\nFAIL\n",
    false,
    "failed",
  ],
  [
    "go test ./...",
    "# myapp\nimport cycle not allowed\nFAIL\tmyapp [setup failed]\n?   \tmyapp/sub\t[no test files]\nFAIL\n",
    false,
    "failed",
  ],
  [
    "cargo test",
    "running 0 tests\n\ntest result: ok. 0 passed; 0 failed\n\nrunning 3 tests\n...\ntest result: ok. 3 passed; 0 failed\n",
    true,
    "passed",
  ],
  ["npm test", "PASS src/a.test.js\nTests:       4 passed, 4 total\n", true, "passed"],
  ["npx mocha", "  2 passing (3ms)\n  1 failing\n", false, "failed"],
  ["npm test", "Test Suites: 1 failed, 1 total\nTests:       0 total\n", false, "failed"],
  ["pytest", "collected 0 items / 1 error\n\n==== 1 error in 0.05s ====\n", false, "failed"],
  ["mvn test", "Tests run: 0, Failures: 0\n...\nTests run: 12, Failures: 0\n", true, "passed"],
  // "0 tests failed" counts failures, not tests run (ctest's summary line).
  ["ctest --no-tests=error", "100% tests passed, 0 tests failed out of 3\n", true, "passed"],
];

Deno.test("outputs that show no test ran make the outcome unknown, whatever the status; outputs where tests ran keep it (controls)", () => {
  for (const [cmd, out, ok] of NONE_RAN) {
    assert.equal(testOutcome(cmd, ok, ok ? 0 : 1, out), "unknown", out);
  }
  for (const [cmd, out, ok, want] of SOME_RAN) {
    assert.equal(testOutcome(cmd, ok, ok ? 0 : 1, out), want, out);
  }
});

Deno.test("output the reader cut short is not judged: its counts may be in the part cut", () => {
  const cut = "running 0 tests\n\ntest result: ok. 0 passed; 0 failed\n\nrunning 40 te…";
  assert.equal(ranNoTest(cut), false);
  assert.equal(testOutcome("cargo test", true, 0, cut), "passed");
});

Deno.test("property: a zero count or 'no tests' line alone says none ran; any count above zero anywhere beside it says some did", () => {
  const nouns = ["tests", "passed", "passing", "examples", "specs", "test"];
  const zeroLine = fc.oneof(
    fc.constantFrom(...nouns).map((n) => `0 ${n}`),
    fc.constantFrom("no tests ran", "No tests found", "[no test files]", "tests 0", "Tests run: 0"),
  );
  const filler = fc.constantFrom("", "compiling\n", "finished in 0.01s\n", "warning: unused\n");
  const someLine = fc.tuple(fc.integer({ min: 1, max: 9999 }), fc.constantFrom(...nouns, "failed"))
    .map(([k, n]) => `${k} ${n}`);
  fc.assert(
    fc.property(fc.array(fc.tuple(filler, zeroLine), { minLength: 1, maxLength: 4 }), (parts) => {
      const out = parts.map(([f, z]) => `${f}${z}\n`).join("");
      assert.equal(ranNoTest(out), true, out);
    }),
    { numRuns: 200 },
  );
  fc.assert(
    fc.property(
      fc.array(fc.tuple(filler, zeroLine), { minLength: 1, maxLength: 4 }),
      someLine,
      fc.nat(),
      (parts, some, at) => {
        const lines = parts.map(([f, z]) => `${f}${z}`);
        lines.splice(at % (lines.length + 1), 0, some);
        const out = lines.join("\n") + "\n";
        assert.equal(ranNoTest(out), false, out);
      },
    ),
    { numRuns: 200 },
  );
});
