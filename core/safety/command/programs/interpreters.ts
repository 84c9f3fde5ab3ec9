/**
 * Interpreters that take code on the command line or on stdin: python,
 * perl, ruby, node, php, lua, osascript, Rscript, tclsh, bun, jshell (awk
 * has its own record). Their code strings (`-c`, `-e`, `-r`, `--eval`) and
 * heredocs are judged as code (process and network primitives, decoding
 * fed to eval, tree deletion, fork loops; embedded shell strings are
 * classified as commands); a script file or `-m module` is review.
 * Read-only only for `--version` and `--help`. Pure.
 * @module
 */
import { type Arg, type Findings, type Invocation, operands } from "../invocation.ts";
import { analyzeCode, interpreterName } from "../_rules/exec.ts";
import { printsSecretEnv } from "../_rules/env_reads.ts";
import type { ParsedOptions } from "./_options.ts";
import type { ProgramRecord } from "./_record.ts";

/** Interpreters and the flag that takes a code string. */
const CODE_FLAGS: Record<string, RegExp> = {
  python: /^-[a-zA-Z]*c$/,
  perl: /^-[a-zA-Z]*[eE]$/,
  ruby: /^-[a-zA-Z]*e$/,
  node: /^(?:-e|--eval|-p|--print|-pe)$/,
  php: /^-r$/,
  lua: /^-e$/,
  osascript: /^-e$/,
  rscript: /^-e$/,
  tclsh: /^$/,
  bun: /^(?:-e|--eval|-p|--print)$/,
  jshell: /^$/,
};

function codeArg(inv: Invocation, flag: RegExp): Arg | null {
  for (let i = 0; i < inv.args.length; i++) {
    const a = inv.args[i]!.text;
    if (a === "--") return null;
    if (flag.test(a)) return inv.args[i + 1] ?? null;
    const eq = a.match(/^(--eval|--print|-e|-c)=(.*)$/s);
    if (eq && flag.test(eq[1]!)) return { ...inv.args[i]!, text: eq[2]! };
  }
  return null;
}

/**
 * The code string an interpreter is given on its command line (`node -p CODE`,
 * `python -c CODE`), or null. It is code, judged as code (analyzeCode), not a
 * file name: `node -p process.env` reads no file named `process.env`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { interpreterCode } from "./interpreters.ts";
 * const inv = (program: string, argv: string[]) => ({ program, argv, args: argv.map((text) => ({ text, dynamic: false, quoted: false, glob: false, escapes: false, substituted: false })) });
 * assert.equal(interpreterCode(inv("node", ["-p", "process.env"]) as never), "process.env");
 * assert.equal(interpreterCode(inv("node", ["app.env"]) as never), null);
 * ```
 */
export function interpreterCode(inv: Invocation): string | null {
  const lang = interpreterName(inv.program);
  const flag = lang === null ? undefined : CODE_FLAGS[lang];
  return flag === undefined ? null : codeArg(inv, flag)?.text ?? null;
}

function judge(inv: Invocation, _parsed: ParsedOptions, out: Findings): void {
  const p = inv.program;
  const lang = interpreterName(p);
  if (lang === null) return;
  const flag = CODE_FLAGS[lang];
  const code = flag === undefined ? null : codeArg(inv, flag);
  if (code !== null) {
    if (code.substituted) out.executes(code, p, "other");
    else analyzeCode(lang, code.text, out);
    // node -p and bun -p print the code's value: `node -p process.env.GITHUB_TOKEN`.
    if (inv.argv.some((a) => /^(?:-p|--print|-pe)$/.test(a)) && printsSecretEnv(code.text, true)) {
      out.dangerous("credential_exposure", `${p}: prints a secret-named environment variable`);
    }
    return;
  }
  if (lang === "python" && inv.argv.includes("-m")) {
    const mod = inv.argv[inv.argv.indexOf("-m") + 1] ?? "";
    if (/^(?:http\.server|SimpleHTTPServer|smtpd|pty|ftplib|pip)$/.test(mod)) {
      out.review(
        `python -m ${
          mod === "pip" ? "pip" : "a network or process module"
        }: changes or exposes this machine`,
      );
    }
    // Python's keyring module, as its `keyring` command: `get SERVICE USER` prints the password
    // (review77).
    if (mod === "keyring" && inv.argv.slice(inv.argv.indexOf("-m") + 2).includes("get")) {
      out.dangerous("credential_exposure", "python -m keyring get: prints a stored password");
    }
    return out.review("python -m: runs a module");
  }
  for (const body of inv.stdinText) analyzeCode(lang, body, out);
  const ops = operands(inv.argv);
  if (ops.length > 0 && ops[0] !== "-") {
    const script = inv.args.find((a) => a.text === ops[0]);
    if (script?.substituted) out.executes(script, p, "other");
    else out.review(`${p}: runs a script file`);
  }
}

/** The only read-only use of an interpreter: its version or help. */
const VERSION_ONLY = /^(?:-v|-V|--version|version|-h|--help|help)$/;

/** The interpreters. */
export const INTERPRETERS: ProgramRecord = {
  names: [
    ..."python python3 py pypy pypy3 perl ruby jruby irb node nodejs php lua luajit osascript rscript tclsh wish bun jshell"
      .split(" "),
  ],
  namePattern: /^(?:python[0-9.]+|pypy[0-9.]+|perl[0-9.]+|ruby[0-9.]+|php[0-9.]+|lua[0-9.]+)$/,
  longMatch: "exact",
  options: [],
  readOnly: ({ argv }) => argv.length === 1 && VERSION_ONLY.test(argv[0]!),
  families: ["interpreter_primitives", "obfuscated_exec", "recursive_delete", "fork_bomb"],
  judge,
};
