/**
 * Whether a command's exit status is its test runner's, so that a session's
 * test can be called passed or failed from it. A shell reports the status of
 * the last command it ran: `npm test | tail -20` exits with tail's status,
 * `npm test || true` with 0 whatever the tests did, `npm test; echo done`
 * with echo's, and `grep -r jest .` runs no test at all. Only a command whose
 * last pipeline is the runner alone (no pipe, no `||`, not in the background)
 * lends its status to the test; a failure after an `&&` chain may be an
 * earlier command's, so only a pass is taken from one. Nothing is lent when
 * the runner's status is negated or wrapped (`! npm test`, `if`, loops), when
 * an earlier command can end the shell or rename the runner (`exit 0;`,
 * `trap 'exit 0' EXIT;`, a function or alias named `npm`), or when the
 * runner is asked to run no test (`--help`, `--collect-only`, `make -n`,
 * `-DskipTests`). A runner asked to exit 0 when it finds no test
 * (`--passWithNoTests`, jest's `--onlyChanged`/`-o`, `--lastCommit` and
 * `--changedSince`, vitest's `--changed`, deno's `--permit-no-files`, a
 * package manager's `--if-present`, which exits 0 when there is no test
 * script), or one asked to run only tests matching a pattern that it exits 0
 * from when none match (`cargo test <filter>`, `go test -run`, `deno test
 * --filter`, jest's `-t`, mocha's `--grep`, any ctest: ./runner_selection.ts)
 * lends only a failure: its 0 may say that no test ran. Output that shows
 * no test ran lends nothing (./ran_no_test.ts). Anything the
 * shell parser cannot read cleanly lends nothing. Pure.
 * @module
 */
import {
  parseShell,
  type Pipeline,
  RESERVED_SKIP,
  type ShellWord,
} from "../safety/command/parse_shell.ts";
import { selectionMayRunNone } from "./runner_selection.ts";
import { ranNoTest } from "./ran_no_test.ts";

/** What a command's exit status says about its tests. */
export type TestStatusSource =
  /** The status is the runner's: 0 passed, anything else failed. */
  | "runner"
  /** Only a 0 is the runner's (an `&&` chain: a failure may be an earlier command's). */
  | "runner_if_zero"
  /** Only a failure is the runner's (it was asked to exit 0 when it finds no test). */
  | "runner_if_failed"
  /** The status is not the runner's (or cannot be told): the outcome is unknown. */
  | "other";

/** Operators outside quotes, found by a forgiving scan (a substitution's count too). */
interface Operators {
  pipe: boolean;
  or: boolean;
  and: boolean;
  background: boolean;
  /** A reserved word (`!`, `if`, `while`, `{`...) where a command starts: the parser drops these. */
  keyword: boolean;
}

/**
 * Words that change what a command's status means or whether it runs, at a command's start:
 * the ones the shell parser passes over, and the compound-command words it does not read.
 */
const KEYWORDS: ReadonlySet<string> = new Set([
  ...RESERVED_SKIP,
  "for",
  "select",
  "case",
  "esac",
  "function",
  "{",
  "}",
  "[[",
  "coproc",
]);

function scanOperators(text: string): Operators {
  const out: Operators = { pipe: false, or: false, and: false, background: false, keyword: false };
  let quote: "'" | '"' | null = null;
  let commandStart = true;
  let word = "";
  let wordQuoted = false;
  const endWord = () => {
    if (word !== "" && commandStart && !wordQuoted && KEYWORDS.has(word)) out.keyword = true;
    // `time` and its `-p` keep the next word at a command's start (`time ! npm test`).
    if ((word !== "" || wordQuoted) && !(word === "time" || word === "-p")) commandStart = false;
    word = "";
    wordQuoted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === null) {
      if (/\s/.test(c)) {
        endWord();
        if (c === "\n") commandStart = true;
        continue;
      }
      if (";&|()".includes(c)) {
        endWord();
        commandStart = true;
      } else if (c === "'" || c === '"' || c === "\\") {
        wordQuoted = true;
      } else word += c;
    }
    if (quote === "'") {
      if (c === "'") quote = null;
      continue;
    }
    if (c === "\\") {
      i++;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = null;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === "|") {
      if (text[i + 1] === "|") {
        out.or = true;
        i++;
      } else out.pipe = true;
    } else if (c === "&") {
      if (text[i + 1] === "&") {
        out.and = true;
        i++;
      } else if (text[i - 1] !== ">" && text[i - 1] !== "<" && text[i + 1] !== ">") {
        out.background = true;
      }
    }
  }
  endWord();
  return out;
}

function literal(word: ShellWord): string | null {
  let text = "";
  for (const s of word.segments) {
    if (s.kind !== "lit") return null;
    text += s.text;
  }
  return text;
}

const RUNNERS = new Set([
  "pytest",
  "py.test",
  "jest",
  "vitest",
  "mocha",
  "rspec",
  "phpunit",
  "ctest",
  "tox",
  "nox",
]);
const SUBCOMMAND_TEST = new Set(["deno", "cargo", "go", "dotnet", "mix", "swift", "zig", "bun"]);
const PACKAGE_MANAGERS = new Set(["npm", "pnpm", "yarn"]);
const RUN_PREFIXES = new Set(["npx", "bunx", "pnpx", "time", "nice", "command"]);
const RUN_WITH_SUBCOMMAND = new Set([
  "uv",
  "poetry",
  "pipenv",
  "pdm",
  "hatch",
  "pnpm",
  "yarn",
  "npm",
]);

function baseName(word: string): string {
  return word.slice(word.lastIndexOf("/") + 1);
}

/** Index of the program after wrappers (`env X=1`, `npx`, `uv run`, `timeout 60`); -1 when none. */
function programIndex(words: readonly string[]): number {
  let i = 0;
  while (i < words.length) {
    const w = baseName(words[i]!);
    if (w === "env") {
      i++;
      while (i < words.length && (words[i]!.startsWith("-") || words[i]!.includes("="))) i++;
    } else if (w === "timeout") {
      i++;
      while (i < words.length && words[i]!.startsWith("-")) i++;
      i++; // the duration
    } else if (w === "command" && words.slice(i + 1).some((x) => /^-[a-zA-Z]*[vV]/.test(x))) {
      return -1; // `command -v pytest` looks the program up, runs nothing
    } else if (RUN_PREFIXES.has(w)) {
      i++;
      while (i < words.length && words[i]!.startsWith("-")) i++;
    } else if (
      RUN_WITH_SUBCOMMAND.has(w) && (words[i + 1] === "run" || words[i + 1] === "exec") &&
      !(PACKAGE_MANAGERS.has(w) && words[i + 1] === "run")
    ) {
      i += 2;
    } else return i;
  }
  return -1;
}

function isTestScript(word: string | undefined): boolean {
  return word !== undefined && /^test(?::|$)/.test(word);
}

/** Options with which a runner prints or lists something and runs no test. */
const NO_RUN_OPTIONS = new Set([
  "-h",
  "--help",
  "--version",
  "--dry-run",
  "--no-run",
  "--collect-only",
  "--co",
  "--setup-plan",
  "--fixtures",
  "--markers",
  "--list",
  "-list",
  "--listTests",
  "--list-tests",
  "--showConfig",
  "--clearCache",
  "--notest",
  "--listenvs",
  "--listenvs-all",
  // pytest: fixtures set up and torn down, or listed, or the cache shown; no test body runs
  "--setup-only",
  "--fixtures-per-test",
  "--cache-show",
  // phpunit, mocha and nox list and exit
  "--list-groups",
  "--list-suites",
  "--list-test-files",
  "--list-tests-xml",
  "--list-reporters",
  "--list-interfaces",
  "--list-sessions",
]);

/** True when the runner's words ask it to run no test (help, listing, a dry run, tests skipped). */
function runsNoTest(program: string, rest: readonly string[]): boolean {
  if (rest.some((w) => NO_RUN_OPTIONS.has(w) || w.startsWith("--cache-show="))) return true;
  if (program === "make") {
    // -n/--just-print/--recon print, -q/--question and -t/--touch run no recipe
    return rest.some((w) =>
      /^-[a-zA-Z]*[nqt]/.test(w) && !w.startsWith("--") ||
      ["--just-print", "--recon", "--question", "--touch"].includes(w)
    );
  }
  if (program === "gradle" || program === "gradlew") {
    return rest.some((w, i) =>
      w === "-m" || ((w === "-x" || w === "--exclude-task") && rest[i + 1] === "test")
    );
  }
  if (program === "mvn" || program === "mvnw") {
    return rest.some((w) => /^-D(?:skipTests|maven\.test\.skip)(?:=true)?$/.test(w));
  }
  // go's -n prints the commands a build would run and runs none of them
  if (program === "go") return rest.some((w) => w === "-c" || w === "-n" || w.startsWith("-list="));
  // tox's -l/-a and nox's -l list environments or sessions
  if (program === "tox") return rest.some((w) => w === "-l" || w === "-a");
  if (program === "nox") return rest.includes("-l");
  if (program === "vitest") return rest[0] === "list";
  return false;
}

/**
 * Options (their names without dashes, in lower case) with which a runner or
 * the package manager in front of it exits 0 when there is no test to run.
 */
const ZERO_WITHOUT_TESTS = new Set([
  "passwithnotests",
  "onlychanged",
  "lastcommit",
  "changedsince",
  "changed",
  "permitnofiles",
  "ifpresent",
  // mocha 10.7's `--pass-on-failing-test-suite`: exits 0 when tests fail
  "passonfailingtestsuite",
]);

/** True when the runner's words let it exit 0 without running a test. */
function zeroMayMeanNoTest(words: readonly string[]): boolean {
  const at = programIndex(words);
  const program = at < 0 ? "" : baseName(words[at]!);
  if (selectionMayRunNone(program, words.slice(at + 1))) return true;
  return words.slice(at + 1).some((w) => {
    if (w === "-o") return program === "jest";
    const m = /^--([A-Za-z-]+)(?:=(.*))?$/.exec(w);
    return m !== null && m[2] !== "false" &&
      ZERO_WITHOUT_TESTS.has(m[1]!.replaceAll("-", "").toLowerCase());
  });
}

/** The runner's program (`python -m pytest` is pytest's, `py.test` too). */
function runnerName(words: readonly string[]): string {
  const at = programIndex(words);
  const program = baseName(words[at]!);
  if (program === "py.test") return "pytest";
  if (/^python[0-9.]*$/.test(program) && words[at + 1] === "-m") return words[at + 2] ?? program;
  return program;
}

/** True when `words` (assignments already left out) run a test runner. */
function runsTests(words: readonly string[]): boolean {
  const at = programIndex(words);
  if (at < 0) return false;
  const program = baseName(words[at]!);
  const rest = words.slice(at + 1);
  if (runsNoTest(program, rest)) return false;
  const firstOperand = rest.find((w) => !w.startsWith("-"));
  if (RUNNERS.has(program)) return true;
  if (PACKAGE_MANAGERS.has(program)) {
    return isTestScript(rest[0]) || rest[0] === "t" ||
      ((rest[0] === "run" || rest[0] === "run-script") && isTestScript(rest[1]));
  }
  if (SUBCOMMAND_TEST.has(program)) return rest[0] === "test";
  if (program === "make") return firstOperand === "test" || firstOperand === "check";
  if (/^python[0-9.]*$/.test(program)) {
    return rest[0] === "-m" && (rest[1] === "pytest" || rest[1] === "unittest");
  }
  if (program === "gradle" || program === "gradlew" || program === "mvn" || program === "mvnw") {
    return rest.some((w, i) =>
      w === "test" && rest[i - 1] !== "-x" && rest[i - 1] !== "--exclude-task"
    );
  }
  return false;
}

/**
 * Builtins run before the runner that can end the shell before it (`exit 0;
 * npm test`), set the status it ends with (`trap 'exit 0' EXIT`), or make
 * its name run something else (`alias`, `hash -p`, `enable`).
 */
const ENDS_OR_REDEFINES = new Set([
  "exit",
  "logout",
  "return",
  "exec",
  "trap",
  "alias",
  "eval",
  "hash",
  "enable",
  "shopt",
  "builtin",
]);

/** What an earlier pipeline can do to the status the runner's pipeline leaves. */
function earlierEffect(p: Pipeline): "none" | "may_stop_on_failure" | "ends_or_redefines" {
  let effect: "none" | "may_stop_on_failure" = "none";
  for (const node of p.elements) {
    // a compound command may hold an `exit`; a function may take the runner's name
    if (node.kind !== "simple") return "ends_or_redefines";
    const first = node.words[0];
    const name = first === undefined ? null : literal(first);
    if (name === null) continue;
    if (ENDS_OR_REDEFINES.has(baseName(name))) return "ends_or_redefines";
    // `set -e`: an earlier failure ends the script with its own status
    if (name === "set") effect = "may_stop_on_failure";
  }
  return effect;
}

/**
 * Whose exit status a command reports, as far as its tests go.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { testStatusSource } from "./test_outcome.ts";
 * assert.equal(testStatusSource("npm test"), "runner");
 * assert.equal(testStatusSource("cd app && npm test -- --watch=false"), "runner_if_zero");
 * assert.equal(testStatusSource("npm test 2>&1 | tail -20"), "other");
 * assert.equal(testStatusSource("npm test || true"), "other");
 * assert.equal(testStatusSource("grep -r jest ."), "other");
 * ```
 */
export function testStatusSource(command: string): TestStatusSource {
  return statusAndRunner(command).source;
}

/** Whose status a command reports, and about the runner whose it is. */
interface Analysis {
  source: TestStatusSource;
  /** The runner's program; null unless the status is its. */
  runner: string | null;
  /** The runner runs under `timeout`, whose own status (124 when it ran out) replaces the runner's. */
  timed: boolean;
}

/** Whose status a command reports, and about the runner whose it is. */
function statusAndRunner(command: string): Analysis {
  const other = { source: "other" as const, runner: null, timed: false };
  const ops = scanOperators(command);
  if (ops.pipe || ops.or || ops.background) return other;
  let parsed;
  try {
    parsed = parseShell(command);
  } catch {
    return other;
  }
  if (parsed.problems.length > 0 || ops.keyword) return other;
  const earlier = parsed.script.pipelines.slice(0, -1);
  let failureAmbiguous = ops.and;
  for (const p of earlier) {
    const flow = earlierEffect(p);
    if (flow === "ends_or_redefines") return other;
    if (flow === "may_stop_on_failure") failureAmbiguous = true;
  }
  const last = parsed.script.pipelines.at(-1);
  if (last === undefined || last.background || last.elements.length !== 1) return other;
  const node = last.elements[0]!;
  if (node.kind !== "simple" || node.control) return other;
  const words: string[] = [];
  for (const w of node.words) {
    const text = literal(w);
    if (text === null) return other;
    words.push(text);
  }
  if (!runsTests(words)) return other;
  const runner = runnerName(words);
  const timed = words.slice(0, programIndex(words)).some((w) => baseName(w) === "timeout");
  if (zeroMayMeanNoTest(words)) {
    return failureAmbiguous ? other : { source: "runner_if_failed", runner, timed };
  }
  return { source: failureAmbiguous ? "runner_if_zero" : "runner", runner, timed };
}

/**
 * A test's outcome from its command and the exit status (or success flag)
 * the host recorded: passed or failed only when that status is the runner's,
 * and neither when the runner's status says it ran no test (pytest's 5), when
 * the recorded output shows that no test ran (./ran_no_test.ts), or when
 * `timeout` stopped the runner (124) or could not start it.
 */
export function testOutcome(
  command: string,
  ok: boolean | null,
  exitCode: number | null = null,
  output: string | null = null,
): "passed" | "failed" | "unknown" {
  if (ok === null) return "unknown";
  const { source, runner, timed } = statusAndRunner(command);
  if (source === "other") return "unknown";
  // The recorded output shows that no test ran: its status, 0 or not, is no test's outcome.
  if (output !== null && ranNoTest(output)) return "unknown";
  // pytest's exit 5: no test was collected (`-k` or a path selecting none), so none failed either
  if (exitCode === 5 && runner === "pytest") return "unknown";
  // timeout's 124 (ran out: the runner was stopped), 125 to 127 (timeout or the runner could
  // not start) and a signal's status (`--preserve-status`, `-s KILL`) are no test's outcome
  if (timed && exitCode !== null && exitCode >= 124) return "unknown";
  if (ok) return source === "runner_if_failed" ? "unknown" : "passed";
  return source === "runner" || source === "runner_if_failed" ? "failed" : "unknown";
}
