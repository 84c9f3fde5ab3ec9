/**
 * Whether a test run's recorded output shows that no test ran. Many runners
 * exit 0 having run nothing (a crate with no tests: "running 0 tests";
 * `go test ./...` over packages without test files: "[no test files]";
 * jest's `--passWithNoTests`: "No tests found, exiting with code 0";
 * vitest's "No test files found"; unittest's "Ran 0 tests ... OK"), and some
 * exit non-zero for the same reason (bun's `-t` that matches nothing since
 * 1.2.18: "matched 0 tests"; jest's "No tests found, exiting with code 1").
 * Neither status says how tests went. The rule is read from the output's
 * shape, not from one tool's sentence: a count of zero next to a test word
 * ("0 tests", "0 passed", "0 passing", "0 examples", "tests 0", "Tests run:
 * 0", "collected 0 items"; not "0 tests failed", a count of failures) or a "no tests/no test files" phrase says none
 * ran, and any count above zero next to a test or result word ("running 3
 * tests", "5 passed", "2 failed"), or a package or file line a runner prints
 * for tests it ran (go's `ok pkg 0.1s`, jest's `PASS file`), says some did:
 * that wins, so a workspace whose first crate has no tests still passes.
 * Output cut short (it ends with the "…" the reader's bound leaves) is not
 * judged: what was cut may hold the counts. Pure.
 * @module
 */

/** A count of zero beside a test word, or a phrase saying no test ran or was found. */
const NONE =
  /(?:^|[^\w.])0 (?:tests?|specs?|examples?|test (?:cases|files|suites)|passed|passing|pass)\b(?! (?:failed|failing|skipped|ignored|errored|filtered|deselected|pending))|\b(?:tests?|pass|passed)(?: run)?:? +0(?![\d.])|\bcollected 0 items\b|\bno tests? (?:files? )?(?:ran|run|to run|found|were found|executed|collected|selected)\b|\[no test files\]|\bno test (?:files|modules|suites?) (?:found|were found)\b|\bno test is available\b/i;

/**
 * A count above zero beside a test or result word (a failure counts: tests
 * ran), but not one of tests skipped (bun: "matched 0 tests ... skipping 2 tests").
 */
const SOME =
  /(?<![\w.])(?<!skipping )(?<!skipped )[1-9]\d* (?:tests?|specs?|examples?|test (?:cases|files|suites)|items|passed|passing|pass|failed|failing|fail|failures?|errors?)\b|\b(?:tests?|pass|passed|failed|fail)(?: run)?:? +[1-9]/i;

/**
 * A line a runner prints for a package or file whose tests it ran: go's
 * `ok  <pkg>\t0.01s` and `FAIL\t<pkg>`, jest's `PASS src/a.test.js`, go's
 * verbose `--- PASS:`. (Deno's summary `ok | 0 passed` is none of them.)
 * Also go's `FAIL\t<pkg> [build failed]` (or `[setup failed]`): that package's
 * tests did not build, so the run failed, whatever the path (`myapp` has no
 * dot or slash) and whatever another package with no test files says.
 */
const RAN_LINE =
  /^(?:ok|FAIL)[ \t]+[^\s|]+[ \t]+(?:[\d.]+m?s|\(cached\)).*$|^FAIL\t[^\s|]+ \[(?:build|setup) failed\]|^[ \t]*(?:PASS|FAIL)[ \t]+[^\s|]*[./][^\s|]*.*$|^(?:---|===) (?:PASS|FAIL|RUN):? .*$/gm;

/**
 * True when the output shows no test ran and none that did.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ranNoTest } from "./ran_no_test.ts";
 * assert.equal(ranNoTest("running 0 tests\n\ntest result: ok. 0 passed; 0 failed"), true);
 * assert.equal(ranNoTest("?   \texample.com/a\t[no test files]\nok  \texample.com/b\t0.01s"), false);
 * assert.equal(ranNoTest("3 passed in 0.12s"), false);
 * assert.equal(ranNoTest("running 0 tests\n" + "x".repeat(40) + "…"), false);
 * ```
 */
export function ranNoTest(output: string): boolean {
  if (output.endsWith("…")) return false;
  if (!NONE.test(output)) return false;
  if (SOME.test(output)) return false;
  for (const m of output.matchAll(RAN_LINE)) {
    // go's `ok pkg 0.01s [no tests to run]` ran none.
    if (!/\[no tests to run\]/.test(m[0])) return false;
  }
  return true;
}
