/**
 * Whether a command's exit status is its test runner's, so that a session's
 * test can be called passed or failed from it. A shell reports the status of
 * the last command it ran: `npm test | tail -20` exits with tail's status,
 * `npm test || true` with 0 whatever the tests did, `npm test; echo done`
 * with echo's, and `grep -r jest .` runs no test at all. Only a command whose
 * last pipeline is the runner alone (no pipe, no `||`, not in the background)
 * lends its status to the test; a failure after an `&&` chain may be an
 * earlier command's, so only a pass is taken from one. Anything the shell
 * parser cannot read cleanly lends nothing. Pure.
 * @module
 */
import { parseShell, type ShellWord } from "../safety/command/parse_shell.ts";

/** What a command's exit status says about its tests. */
export type TestStatusSource =
  /** The status is the runner's: 0 passed, anything else failed. */
  | "runner"
  /** Only a 0 is the runner's (an `&&` chain: a failure may be an earlier command's). */
  | "runner_if_zero"
  /** The status is not the runner's (or cannot be told): the outcome is unknown. */
  | "other";

/** Operators outside quotes, found by a forgiving scan (a substitution's count too). */
interface Operators {
  pipe: boolean;
  or: boolean;
  and: boolean;
  background: boolean;
}

function scanOperators(text: string): Operators {
  const out: Operators = { pipe: false, or: false, and: false, background: false };
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
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

/** True when `words` (assignments already left out) run a test runner. */
function runsTests(words: readonly string[]): boolean {
  const at = programIndex(words);
  if (at < 0) return false;
  const program = baseName(words[at]!);
  const rest = words.slice(at + 1);
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
    return rest.some((w) => w === "test");
  }
  return false;
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
  const ops = scanOperators(command);
  if (ops.pipe || ops.or || ops.background) return "other";
  let parsed;
  try {
    parsed = parseShell(command);
  } catch {
    return "other";
  }
  if (parsed.problems.length > 0) return "other";
  const last = parsed.script.pipelines.at(-1);
  if (last === undefined || last.background || last.elements.length !== 1) return "other";
  const node = last.elements[0]!;
  if (node.kind !== "simple" || node.control) return "other";
  const words: string[] = [];
  for (const w of node.words) {
    const text = literal(w);
    if (text === null) return "other";
    words.push(text);
  }
  if (!runsTests(words)) return "other";
  return ops.and ? "runner_if_zero" : "runner";
}

/**
 * A test's outcome from its command and the exit status (or success flag)
 * the host recorded: passed or failed only when that status is the runner's.
 */
export function testOutcome(
  command: string,
  ok: boolean | null,
): "passed" | "failed" | "unknown" {
  if (ok === null) return "unknown";
  const source = testStatusSource(command);
  if (source === "other") return "unknown";
  if (ok) return "passed";
  return source === "runner" ? "failed" : "unknown";
}
