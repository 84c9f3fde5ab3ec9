/**
 * POSIX-style shells (sh, bash, zsh, dash, ksh, fish, ...): a `-c` string
 * is classified as a command, a heredoc or here-string fed to a shell is
 * too, a script operand is review, and a shell with nothing to read starts
 * an interactive session (review). Never read-only by itself: what it runs
 * decides. `sh -c CODE NAME ARGS...` runs CODE with `$1`... the ARGS. The `set` builtin with
 * options or words is read-only. Pure.
 * @module
 */
import { type Findings, type Invocation, operands } from "../invocation.ts";
import { SHELLS } from "../_rules/exec.ts";
import { expandsSecret } from "../_rules/secret_names.ts";
import { shellWords } from "../shell_quote.ts";
import type { ParsedOptions } from "./_options.ts";
import type { ProgramRecord } from "./_record.ts";

/** A shell's options that turn on tracing (`-x`, `-xc`, `-o xtrace`). */
function traces(opts: readonly string[]): boolean {
  return opts.some((a, i) =>
    /^-[a-zA-Z]*x[a-zA-Z]*$/.test(a) || (a === "-o" && opts[i + 1] === "xtrace")
  );
}

function judge(inv: Invocation, _parsed: ParsedOptions, out: Findings): void {
  const argv = inv.argv;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--" || !a.startsWith("-") || a === "-") break;
    if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(a) || a === "--command" || a.startsWith("--command=")) {
      const code = a.startsWith("--command=") ? a.slice(10) : argv[i + 1];
      const arg = a.startsWith("--command=") ? inv.args[i]! : inv.args[i + 1];
      // `sh -c 'cat "$1"' _ FILE`: the code runs with the words after its name as `$1`...
      const params = argv.slice(i + 3);
      if (
        code !== undefined && arg !== undefined && !arg.dynamic && !arg.substituted &&
        !a.startsWith("--command=") && params.length > 0 &&
        inv.args.slice(i + 3).every((p) => !p.dynamic && !p.substituted)
      ) {
        out.nested(`set -- ${shellWords(params)}; ${code}`, inv.program);
      } else if (code !== undefined && arg !== undefined) out.executes(arg, inv.program, "shell");
      // `bash -x -c '... $GITHUB_TOKEN ...'` prints each command with the secret expanded.
      if (code !== undefined && traces(argv.slice(0, i + 1)) && expandsSecret(code, true)) {
        out.dangerous(
          "credential_exposure",
          `${inv.program} -x: prints commands with a secret expanded`,
        );
      }
      return;
    }
  }
  const stdinMode = argv.slice(0, Math.max(0, argv.indexOf("--")) || argv.length)
    .some((a) => /^-[a-zA-Z]*s[a-zA-Z]*$/.test(a));
  const ops = operands(argv.filter((a) => !/^-[a-zA-Z]*[ois]$/.test(a) && !/^[+-]o$/.test(a)));
  const script = inv.args.find((a) => a.text === ops[0]);
  if (!stdinMode && script !== undefined && ops[0] !== "-" && ops[0] !== "/dev/stdin") {
    if (script.substituted) out.executes(script, inv.program, "shell");
    else out.review(`${inv.program}: runs a script file`);
    return;
  }
  for (const body of inv.stdinText) out.nested(body, `${inv.program} heredoc`);
  if (!inv.pipeIn && inv.stdinText.length === 0) {
    out.review(`${inv.program}: starts an interactive shell`);
  }
}

/** The shells. */
export const SHELL_PROGRAMS: ProgramRecord = {
  names: [...SHELLS],
  longMatch: "exact",
  options: [],
  readOnly: "never",
  families: ["download_exec", "obfuscated_exec", "interpreter_primitives"],
  judge,
};

/**
 * The `set` builtin: with options first it sets shell options or, after `--`, the positional
 * parameters (`set -euo pipefail`, `set -- a b`), which reads and writes nothing. Alone it
 * prints every variable (the environment dump rules judge that), and a plain word first is
 * cmd.exe's `set PREFIX`, which prints the variables named so (`set GITHUB`): not read-only.
 */
export const SET_BUILTIN: ProgramRecord = {
  names: ["set"],
  longMatch: "exact",
  options: [],
  readOnly: ({ argv }) => argv.length > 0 && /^[-+]/.test(argv[0]!),
};
