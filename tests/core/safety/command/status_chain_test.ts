/** reportsEveryStatus(): only simple commands joined by && report every command's status. */
import assert from "node:assert/strict";
import { reportsEveryStatus } from "../../../../core/safety/command/status_chain.ts";

Deno.test("reportsEveryStatus(): && chains of simple commands do; anything that can hide a failure does not", () => {
  for (
    const c of [
      "npm test",
      "cd app && npm test 2>&1",
      "FOO=1 npm test > log",
      "make lint && make test",
      "npm test -- --grep 'a;b|c'",
    ]
  ) assert.equal(reportsEveryStatus(c), true, c);
  for (
    const c of [
      "npm test | tee log",
      "npm test || true",
      "npm test; true",
      "npm test &",
      "! npm test",
      "(npm test)",
      "{ npm test; }",
      "trap 'exit 0' EXIT && npm test",
      "exit 0 && npm test",
      "npm test\ntrue",
      "x=$(npm test | tee log)",
      "if npm test; then :; fi",
      "npm test 'unterminated",
      "FOO=1",
      "",
      "npm test &&",
    ]
  ) assert.equal(reportsEveryStatus(c), false, JSON.stringify(c));
});
