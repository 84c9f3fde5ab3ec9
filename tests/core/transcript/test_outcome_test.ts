import assert from "node:assert/strict";
import { testOutcome, testStatusSource } from "../../../core/transcript/test_outcome.ts";
import { programRuns } from "../../_helpers/program_runs.ts";
import { tempDir } from "../../_helpers/temp.ts";

Deno.test("testStatusSource(): the status is the runner's only when the runner is the last command, alone", () => {
  const runner = [
    "npm test",
    "npm run test:unit",
    "yarn test",
    "pytest -x -q",
    "python3 -m pytest tests/",
    "CI=1 npx vitest run",
    "env CI=1 pytest",
    "deno test --allow-all tests/",
    "cargo test --workspace",
    "go test ./...",
    "make test",
    "uv run pytest",
    "timeout 300 npm test",
    "npm test > log.txt 2>&1",
    "./gradlew test",
  ];
  for (const c of runner) assert.equal(testStatusSource(c), "runner", c);
  for (const c of ["cd app && npm test -- --watch=false", "echo 'a | b' && npm test"]) {
    assert.equal(testStatusSource(c), "runner_if_zero", c);
  }
  const other = [
    "npm test 2>&1 | tail -20",
    "npm test |& tee log",
    "npm test || true",
    "npm test; echo done",
    "npm test && echo ok",
    "npm test &",
    "(npm test)",
    "npm test $(cat args)",
    "grep -r jest .",
    "cat pytest.ini",
    "npm install jest",
    "npm run build",
    "echo 'npm test",
  ];
  for (const c of other) assert.equal(testStatusSource(c), "other", c);
});

Deno.test("testOutcome(): passed or failed only from the runner's status; a failed && chain may be an earlier command's", () => {
  assert.equal(testOutcome("npm test", true), "passed");
  assert.equal(testOutcome("npm test", false), "failed");
  assert.equal(testOutcome("npm test", null), "unknown");
  assert.equal(testOutcome("cd app && npm test", true), "passed");
  assert.equal(testOutcome("cd app && npm test", false), "unknown");
  assert.equal(testOutcome("npm test | tail -20", true), "unknown");
  assert.equal(testOutcome("npm test || true", true), "unknown");
  assert.equal(testOutcome("grep -r jest .", true), "unknown");
});

// Real bash is the oracle: fake runners on PATH record that they ran and exit
// with a chosen status; whenever a command is said to report the runner's
// status, bash's status must be that status (and a 0 must be the runner's).
const FAKE_RUNNERS = ["npm", "pytest", "jest", "cargo", "deno"];

async function runInBash(dir: string, command: string, runnerStatus: number) {
  const marker = `${dir}/ran`;
  try {
    Deno.removeSync(marker);
  } catch { /* absent */ }
  const out = await new Deno.Command("bash", {
    args: ["-c", command],
    cwd: dir,
    env: { PATH: `${dir}/bin:/usr/bin:/bin`, RUNNER_STATUS: String(runnerStatus), MARKER: marker },
    clearEnv: true,
    stdout: "null",
    stderr: "null",
  }).output();
  let ran: string | null = null;
  try {
    ran = Deno.readTextFileSync(marker).trim();
  } catch { /* the runner did not run */ }
  return { code: out.code, ran };
}

Deno.test("testStatusSource(): agrees with real bash on whose status a command ends with", async () => {
  await using tmp = await tempDir();
  Deno.mkdirSync(`${tmp.path}/bin`);
  for (const name of FAKE_RUNNERS) {
    Deno.writeTextFileSync(
      `${tmp.path}/bin/${name}`,
      '#!/bin/sh\necho "$RUNNER_STATUS" > "$MARKER"\nexit "$RUNNER_STATUS"\n',
      { mode: 0o755 },
    );
  }
  const commands = [
    // positive controls: the runner's own status
    "npm test",
    "pytest -q",
    "time npm test",
    "timeout 60 npm test",
    "cd . && npm test",
    "set -e; npm test",
    "export CI=1; cargo test",
    // the status is not the runner's, or the runner never runs
    "! npm test",
    "time ! npm test",
    "trap 'exit 0' EXIT; npm test",
    "exit 0; npm test",
    "{ exit 0; }; npm test",
    "npm() { :; }; npm test",
    "function pytest { return 0; }; pytest",
    "shopt -s expand_aliases; alias npm=true; npm test",
    "hash -p /bin/true npm; npm test",
    "command -v pytest",
    "if true; then npm test; fi; true",
    "while false; do :; done; npm test || true",
    "set -e; false; npm test",
    "eval 'exit 0'; npm test",
  ];
  const read: string[] = [];
  for (const command of commands) {
    const source = testStatusSource(command);
    if (source === "other") continue;
    for (const status of [0, 3]) {
      const { code, ran } = await runInBash(tmp.path, command, status);
      if (source === "runner") {
        assert.equal(ran, String(status), `${command}: the runner must run`);
        assert.equal(code, status, `${command}: bash must end with the runner's status`);
      } else if (code === 0) {
        assert.equal(ran, "0", `${command}: a 0 must be the runner's`);
      }
    }
    read.push(command);
  }
  // the positive controls, and `set -e; false; npm test` whose 0 only is the runner's
  assert.deepEqual(read, [...commands.slice(0, 7), "set -e; false; npm test"]);
});

Deno.test("testStatusSource(): a runner asked to list, print help, dry-run or skip its tests runs none", () => {
  const noRun = [
    "pytest --collect-only",
    "pytest --co -q",
    "pytest --version",
    "jest --listTests",
    "npx vitest list",
    "deno test --help",
    "cargo test --no-run",
    "go test -c ./pkg",
    "go test -list . ./...",
    "make -n test",
    "make --dry-run test",
    "make -q test",
    "gradle build -x test",
    "./gradlew -m test",
    "mvn test -DskipTests",
    "mvn -Dmaven.test.skip=true test",
    "tox --notest",
    "pytest --setup-only",
    "pytest --fixtures-per-test -q",
    "pytest --cache-show",
    "pytest --cache-show=lastfailed",
    "go test -n ./...",
    "phpunit --list-groups",
    "phpunit --list-test-files",
    "npx mocha --list-reporters",
    "tox -l",
    "tox -a",
    "nox -l",
    "nox --list-sessions",
  ];
  for (const c of noRun) assert.equal(testStatusSource(c), "other", c);
  // positive controls: the same runners running their tests
  const run = [
    "pytest -q",
    "jest",
    "npx vitest run",
    "deno test",
    "cargo test",
    "go test ./...",
    "make test",
    "gradle test",
    "mvn test",
    "tox",
  ];
  for (const c of run) assert.equal(testStatusSource(c), "runner", c);
});

Deno.test("testStatusSource(): a runner asked to exit 0 when it finds no test lends only a failure", () => {
  const zeroWithoutTests = [
    "npx jest --passWithNoTests",
    "npm test -- --passWithNoTests",
    "vitest run --passWithNoTests=true",
    "jest -o",
    "jest --onlyChanged",
    "jest --lastCommit",
    "jest --changedSince main",
    "npx vitest run --changed",
    "deno test --permit-no-files",
    "npm test --if-present",
    "pnpm run test --if-present",
  ];
  for (const c of zeroWithoutTests) assert.equal(testStatusSource(c), "runner_if_failed", c);
  // after an && chain neither a 0 nor a failure is the runner's
  assert.equal(testStatusSource("cd app && jest --passWithNoTests"), "other");
  // controls: `-o` is pytest's ini override, and a flag set to false asks for nothing
  for (const c of ["pytest -o addopts=", "jest --passWithNoTests=false", "jest"]) {
    assert.equal(testStatusSource(c), "runner", c);
  }
  assert.equal(testOutcome("jest --passWithNoTests", true), "unknown");
  assert.equal(testOutcome("jest --passWithNoTests", false), "failed");
});

Deno.test("testOutcome(): deno's --permit-no-files exits 0 with no test at all (real deno as the oracle): no pass; a failing run is a failure, a plain run's 0 a pass (controls)", async () => {
  await using tmp = await tempDir();
  const deno = async (...args: string[]) =>
    (await new Deno.Command(Deno.execPath(), {
      args: ["test", "--no-config", "--no-lock", ...args],
      cwd: tmp.path,
      stdout: "null",
      stderr: "null",
      env: { NO_COLOR: "1" },
    }).output()).code;
  const permit = "deno test --permit-no-files";
  assert.equal(await deno("--permit-no-files"), 0, "no test file, yet deno exits 0");
  assert.equal(testOutcome(permit, true), "unknown");
  Deno.writeTextFileSync(
    `${tmp.path}/a_test.ts`,
    'Deno.test("a", () => { throw new Error("x"); });\n',
  );
  assert.equal(await deno("--permit-no-files"), 1);
  assert.equal(testOutcome(permit, false), "failed");
  Deno.writeTextFileSync(`${tmp.path}/a_test.ts`, 'Deno.test("a", () => {});\n');
  assert.equal(await deno(), 0);
  assert.equal(testOutcome("deno test", true), "passed");
});

Deno.test({
  name:
    "testOutcome(): pytest --setup-only, --fixtures-per-test and --cache-show exit 0 beside a failing test (real pytest as the oracle): no pass; the plain run fails (control)",
  ignore: !programRuns("pytest", ["--version"]),
  fn: async () => {
    await using tmp = await tempDir();
    Deno.writeTextFileSync(`${tmp.path}/test_a.py`, "def test_a():\n    assert False\n");
    const pytest = async (...args: string[]) =>
      (await new Deno.Command("pytest", {
        args: ["-q", ...args],
        cwd: tmp.path,
        stdout: "null",
        stderr: "null",
        env: { NO_COLOR: "1" },
      }).output()).code;
    assert.equal(await pytest("-p", "no:cacheprovider"), 1, "the test fails when it runs");
    assert.equal(testOutcome("pytest", false, 1), "failed");
    for (const option of ["--setup-only", "--fixtures-per-test", "--cache-show"]) {
      assert.equal(await pytest(option), 0, option);
      assert.equal(testOutcome(`pytest ${option}`, true, 0), "unknown", option);
    }
  },
});
