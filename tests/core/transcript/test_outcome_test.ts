import assert from "node:assert/strict";
import { testOutcome, testStatusSource } from "../../../core/transcript/test_outcome.ts";

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
