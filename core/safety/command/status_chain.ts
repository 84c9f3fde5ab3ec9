/**
 * Whether the exit status of shell text reports the failure of every
 * command in it, so a recorded `exit 0` means each of them succeeded. Only
 * simple commands joined by `&&` do: `a | b` reports b's status alone
 * (`npm test | tee log` exits 0 when the tests fail), `a; b` and `a || b`
 * hide a's failure, `a &` reports 0 at once, `! a` inverts it, and
 * `trap`, a group, a function or a compound command (`if`, `while`, …) can
 * set any status. A substitution's own status is lost in its word, and
 * text the lexer could not read cleanly is not judged. Pure.
 * @module
 */
import { Lexer, ShellBoundsError, type Token } from "./_shell_lexer.ts";
import { shellInvocation } from "./shell_invocation.ts";

/** How deep shells started inside shell text are looked into (`sh -c "bash -c …"`). */
const MAX_NESTED_SHELLS = 4;

/** Words that start a command whose status is not the chain's plain success. */
const STATUS_WORDS: ReadonlySet<string> = new Set([
  "!",
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "while",
  "until",
  "for",
  "do",
  "done",
  "case",
  "esac",
  "select",
  "function",
  "{",
  "}",
  "[[",
  "trap",
  "eval",
  "source",
  ".",
  "exit",
  "return",
  "coproc",
]);

/**
 * True when every command of `text` is a simple command, they are joined
 * only by `&&` (or `|` under pipefail, where a pipeline's status is its
 * last failing command's), and no word holds a substitution.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { reportsEveryStatus } from "./status_chain.ts";
 * assert.equal(reportsEveryStatus("cd app && npm test 2>&1"), true);
 * assert.equal(reportsEveryStatus("npm test | tee log"), false);
 * assert.equal(reportsEveryStatus("npm test || true"), false);
 * ```
 */
export function reportsEveryStatus(
  text: string,
  options: { pipefail?: boolean; depth?: number } = {},
): boolean {
  const depth = options.depth ?? 0;
  if (depth > MAX_NESTED_SHELLS) return false;
  const lx = new Lexer(text, 4096, 16, false);
  let atStart = true;
  let commands = 0;
  // The words of the simple command being read: a shell started there is judged by its text.
  let words: string[] = [];
  const innerReports = (): boolean => {
    const run = words.length === 0 ? null : shellInvocation(words);
    words = [];
    if (run === null) return true;
    return run !== "unjudged" &&
      reportsEveryStatus(run.text, { pipefail: run.pipefail, depth: depth + 1 });
  };
  try {
    for (;;) {
      const t: Token = lx.next();
      if (t.kind === "eof") break;
      if (t.kind === "newline") return false;
      if (t.kind === "op") {
        const joins = t.op === "&&" ||
          (options.pipefail === true && (t.op === "|" || t.op === "|&"));
        if (!joins || atStart) return false;
        if (!innerReports()) return false;
        atStart = true;
        continue;
      }
      if (t.kind === "redir") {
        // Its target word is no word of the command; a substitution there loses a status too.
        const target = lx.next();
        if (target.kind !== "word" || target.word.segments.some((s) => s.kind === "sub")) {
          return false;
        }
        continue;
      }
      if (t.word.segments.some((s) => s.kind === "sub")) return false;
      if (atStart) {
        if (STATUS_WORDS.has(t.word.text)) return false;
        if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(t.word.text)) {
          atStart = false;
          commands++;
        }
      }
      if (!atStart) words.push(t.word.text);
    }
  } catch (e) {
    if (e instanceof ShellBoundsError) return false;
    throw e;
  }
  if (!innerReports()) return false;
  return commands > 0 && !atStart && lx.problems.length === 0 && lx.pendingHeredocs.length === 0;
}
