/**
 * Whether the exit status of shell text reports the failure of every
 * command in it, so a recorded `exit 0` means each of them succeeded. Only
 * simple commands joined by `&&` do: `a | b` reports b's status alone
 * (`npm test | tee log` exits 0 when the tests fail), `a; b` and `a || b`
 * hide a's failure, `a &` reports 0 at once, `! a` inverts it, and
 * `trap`, a group, a function or a compound command (`if`, `while`, …) can
 * set any status. Prefixes (`time`, `command`, `builtin`, `exec`) are
 * read past, so `time ! a` is judged as `! a`; `set -n` runs nothing after
 * it, `set -o pipefail` (outside a pipeline) turns pipefail on for what
 * follows and another `set`/`shopt` may turn it off, and `&>` backgrounds a command
 * in shells that do not know it (dash). A substitution's own status is lost
 * in its word, and text the lexer could not read cleanly is not judged. Pure.
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
 * Words a command may start with that run the words after them as the
 * command (their options are read past): `time ! a` inverts a's status,
 * `command eval …` evaluates text.
 */
const PREFIXES: ReadonlySet<string> = new Set([
  "time",
  "command",
  "builtin",
  "exec",
  "noglob",
  "nocorrect",
  "-",
]);

/** Shells where `&>` redirects both outputs; elsewhere (dash) `a &> f` runs a in the background. */
const AMP_REDIRECT_SHELLS: ReadonlySet<string> = new Set(["bash", "rbash", "zsh", "mksh", "lksh"]);

/** Commands that set shell options (`set -o`, `shopt -o`, zsh's `setopt`). */
const OPTION_SETTERS: ReadonlySet<string> = new Set(["set", "shopt", "setopt", "unsetopt"]);

/** An option name as zsh reads it: no case, no underscores (`NO_EXEC`). */
function optionName(word: string): string {
  return word.toLowerCase().replaceAll("_", "");
}

/**
 * What an option-setting command does to pipefail: `set -o pipefail`
 * (`-euo pipefail`), `shopt -so pipefail`, zsh's `setopt pipe_fail` turn it
 * "on"; `set +o pipefail`, `shopt -uo`, `unsetopt`, `setopt no_pipefail`
 * or a form not read here is "off"; options that do not name it (`set -e`,
 * `set -x`) are "none".
 */
function pipefailSetting(words: readonly string[]): "on" | "off" | "none" {
  const args = words.slice(1);
  const names = args.map(optionName);
  if (!names.some((n) => n === "pipefail" || n === "nopipefail")) {
    // `set -e`, `set -eux`: short options that never name pipefail.
    const plain = words[0] === "set" &&
      args.every((a) => /^[-+][a-zA-Z]+$/.test(a) && !/o/i.test(a));
    return plain ? "none" : "off";
  }
  if (names.includes("nopipefail")) return "off";
  switch (words[0]) {
    case "set":
      return setPipefail(args);
    case "shopt":
      return args.some((a) => /^-[a-zA-Z]*s/.test(a)) && args.some((a) => /^-[a-zA-Z]*o/.test(a)) &&
          !args.some((a) => /^-[a-zA-Z]*u/.test(a))
        ? "on"
        : "off";
    case "setopt":
      return "on";
    default:
      return "off";
  }
}

/**
 * What `set`'s words do to pipefail, read in order as the shell does: each
 * `-o pipefail` (last in a cluster: `-euo`) turns it on and each `+o
 * pipefail` off, so the last one counts (`set -o pipefail +o pipefail`
 * leaves it off). `--`, `-` or any word that is no option sets positional
 * parameters (`set -- -o pipefail` sets none), and an `o` inside a cluster
 * is a form not read here: both "off".
 */
function setPipefail(args: readonly string[]): "on" | "off" {
  let on = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!/^[-+][a-zA-Z]+$/.test(a)) return "off";
    if (!/o/i.test(a)) continue;
    if (!/^[-+][a-zA-Z]*o$/.test(a)) return "off";
    const name = optionName(args[++i] ?? "");
    if (name === "pipefail") on = a.startsWith("-");
  }
  return on ? "on" : "off";
}

/**
 * Whether a finished simple command turns on noexec, after which nothing
 * runs and the shell exits 0: `set -n`, `set -o noexec`, zsh's `setopt
 * noexec` or `unsetopt exec`.
 */
function runsNothingAfter(words: readonly string[]): boolean {
  const names = words.slice(1).map(optionName);
  switch (words[0]) {
    case "set":
      return words.some((w) => /^-[A-Za-z]*n/.test(w)) || names.includes("noexec") ||
        names.includes("exec");
    case "setopt":
      return names.includes("noexec");
    case "unsetopt":
      return names.includes("exec");
    default:
      return false;
  }
}

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
  options: {
    pipefail?: boolean;
    depth?: number;
    shell?: string;
    /** Shown each simple command that starts no shell, in order (a script runner's judge). */
    onCommand?: (words: readonly string[]) => void;
  } = {},
): boolean {
  const depth = options.depth ?? 0;
  // The shell that reads the text: `sh` (dash on Debian) unless told.
  const shell = options.shell ?? "sh";
  let pipefail = options.pipefail === true;
  if (depth > MAX_NESTED_SHELLS) return false;
  const lx = new Lexer(text, 4096, 16, false);
  let atStart = true;
  let commands = 0;
  // The words of the simple command being read: a shell started there is judged by its text.
  let words: string[] = [];
  // The prefix being read past (`exec`, `time`): its options are no command word.
  let prefix: string | null = null;
  let prefixValue = false;
  // Whether the command being read takes its input from a pipe (`a | set -o pipefail`).
  let piped = false;
  const innerReports = (end: string | null): boolean => {
    const done = words;
    words = [];
    prefix = null;
    const inPipeline = piped || end === "|" || end === "|&";
    piped = end === "|" || end === "|&";
    if (runsNothingAfter(done)) return false;
    // `set -o pipefail` outside a pipeline (whose commands run in subshells) turns it on for
    // later pipelines (a shell without it fails there, and && stops); any other setting,
    // `set +o pipefail` or one not read here, turns it off for them.
    if (OPTION_SETTERS.has(done[0] ?? "")) {
      pipefail = pipefailSetting(done) === "on" && !inPipeline
        ? true
        : pipefailSetting(done) === "none" && pipefail;
    }
    const run = done.length === 0 ? null : shellInvocation(done);
    if (run === null) {
      if (done.length > 0) options.onCommand?.(done);
      return true;
    }
    return run !== "unjudged" &&
      reportsEveryStatus(run.text, {
        pipefail: run.pipefail,
        depth: depth + 1,
        shell: run.shell,
        ...(options.onCommand === undefined ? {} : { onCommand: options.onCommand }),
      });
  };
  try {
    for (;;) {
      const t: Token = lx.next();
      if (t.kind === "eof") break;
      if (t.kind === "newline") return false;
      if (t.kind === "op") {
        // A prefix alone (`exec 2>&1`) is a command of its own.
        if (atStart && prefix !== null) {
          atStart = false;
          commands++;
        }
        const joins = t.op === "&&" || (pipefail && (t.op === "|" || t.op === "|&"));
        if (!joins || atStart) return false;
        if (!innerReports(t.op)) return false;
        atStart = true;
        continue;
      }
      if (t.kind === "redir") {
        if (t.op.startsWith("&>") && !AMP_REDIRECT_SHELLS.has(shell)) return false;
        // Its target word is no word of the command; a substitution there loses a status too.
        const target = lx.next();
        if (target.kind !== "word" || target.word.segments.some((s) => s.kind === "sub")) {
          return false;
        }
        continue;
      }
      if (t.word.segments.some((s) => s.kind === "sub")) return false;
      if (atStart && prefix !== null) {
        // A prefix's options (`exec -a NAME`, `time -p`, `command -p`) come before the command.
        if (prefixValue) {
          prefixValue = false;
          continue;
        }
        if (t.word.text === "--") {
          prefix = "--";
          continue;
        }
        if (prefix !== "--" && t.word.text.startsWith("-") && t.word.text.length > 1) {
          prefixValue = prefix === "exec" && t.word.text.endsWith("a");
          continue;
        }
      }
      if (atStart && PREFIXES.has(t.word.text) && (prefix === null || t.word.text !== "-")) {
        prefix = t.word.text;
        continue;
      }
      if (atStart) {
        prefix = null;
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
  if (atStart && prefix !== null) {
    atStart = false;
    commands++;
  }
  if (!innerReports(null)) return false;
  return commands > 0 && !atStart && lx.problems.length === 0 && lx.pendingHeredocs.length === 0;
}
