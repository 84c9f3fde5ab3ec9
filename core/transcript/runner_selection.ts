/**
 * Whether a test runner's words let it exit 0 having run no test because
 * what it was asked to run matched nothing. Each rule is the runner's own
 * behaviour:
 * - `cargo test <filter>` (or a filter, `--skip` or `--exact` after `--`)
 *   matching nothing prints "running 0 tests ... 0 passed; 1 filtered out"
 *   and exits 0;
 * - `deno test --filter` matching nothing prints "0 passed | 0 failed | 1
 *   filtered out" and exits 0;
 * - `go test -run` or `-skip` matching nothing prints "testing: warning: no
 *   tests to run" and exits 0 (`go help testflag`);
 * - ctest exits 0 when it finds no test, `-R`/`-L`/`-I` selecting none or no
 *   test configuration at all, unless `--no-tests=error` (with the `=`);
 * - mocha's `--grep`/`--fgrep` matching nothing passes with "0 passing"
 *   unless `--fail-zero`;
 * - jest's, vitest's and bun's `-t`/`--testNamePattern` matching nothing
 *   skips every test and exits 0 (through a package manager too: `npm test
 *   -- -t name`).
 * Pure.
 * @module
 */

/** cargo's own options that take a value (the next word is not a filter). */
const CARGO_VALUE_OPTIONS: ReadonlySet<string> = new Set([
  "-p",
  "--package",
  "--exclude",
  "-j",
  "--jobs",
  "-F",
  "--features",
  "--target",
  "--target-dir",
  "--manifest-path",
  "--profile",
  "--bin",
  "--test",
  "--bench",
  "--example",
  "--color",
  "--config",
  "-Z",
  "--message-format",
  "--lockfile-path",
]);

/** libtest's options (after `--`) that take a value. */
const LIBTEST_VALUE_OPTIONS: ReadonlySet<string> = new Set([
  "--test-threads",
  "--color",
  "--format",
  "--logfile",
  "--shuffle-seed",
  "-Z",
]);

function cargoFilters(rest: readonly string[]): boolean {
  const dash = rest.indexOf("--");
  const own = dash < 0 ? rest.slice(1) : rest.slice(1, dash);
  const harness = dash < 0 ? [] : rest.slice(dash + 1);
  const operand = (words: readonly string[], valued: ReadonlySet<string>) =>
    words.some((w, i) => !w.startsWith("-") && !valued.has(words[i - 1] ?? ""));
  return operand(own, CARGO_VALUE_OPTIONS) || operand(harness, LIBTEST_VALUE_OPTIONS) ||
    harness.some((w) => w === "--skip" || w.startsWith("--skip=") || w === "--exact");
}

function optionNamed(words: readonly string[], names: readonly string[]): boolean {
  return words.some((w) => names.some((n) => w === n || w.startsWith(`${n}=`)));
}

/** Runners (and package managers in front of one) whose `-t` is a test-name pattern. */
const NAME_PATTERN_T: ReadonlySet<string> = new Set([
  "jest",
  "vitest",
  "bun",
  "npm",
  "pnpm",
  "yarn",
]);

/**
 * True when `program`'s words (`rest`, the words after it) select tests by
 * a pattern or label that may match none, and the runner then exits 0.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { selectionMayRunNone } from "./runner_selection.ts";
 * assert.equal(selectionMayRunNone("cargo", ["test", "parser"]), true);
 * assert.equal(selectionMayRunNone("cargo", ["test", "-p", "core"]), false);
 * assert.equal(selectionMayRunNone("go", ["test", "-run", "TestX", "./..."]), true);
 * ```
 */
export function selectionMayRunNone(program: string, rest: readonly string[]): boolean {
  if (program === "cargo") return rest[0] === "test" && cargoFilters(rest);
  if (program === "deno") return rest[0] === "test" && optionNamed(rest, ["--filter"]);
  if (program === "go") {
    return rest[0] === "test" && optionNamed(rest, ["-run", "--run", "-skip", "--skip"]);
  }
  // ctest 3.25 reads `--no-tests error` (a space) as no choice: it still exits 0
  if (program === "ctest") return !rest.includes("--no-tests=error");
  if (program === "mocha") {
    return optionNamed(rest, ["-g", "--grep", "-f", "--fgrep"]) && !rest.includes("--fail-zero");
  }
  return optionNamed(rest, ["--testNamePattern", "--test-name-pattern"]) ||
    (NAME_PATTERN_T.has(program) && rest.some((w) => w === "-t" || /^-t=/.test(w)));
}
