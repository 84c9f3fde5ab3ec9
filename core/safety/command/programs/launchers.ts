/**
 * Programs that start another command given in their arguments: PowerShell's
 * Start-Process (`saps`; `-FilePath` or the first operand, with
 * `-ArgumentList` joined by blanks into its command line, as Windows passes
 * it), `wmic process call create "CMD"`, and WSL's `wsl [options] CMD...`
 * (`-e`/`--exec` too), and ed, whose `!cmd` lines on stdin run a shell. The
 * command each starts is judged as a command. None is read-only. Pure.
 * @module
 */
import type { Findings, Invocation } from "../invocation.ts";
import type { ParsedOptions } from "./_options.ts";
import type { ProgramRecord } from "./_record.ts";
import { shellWords } from "../shell_quote.ts";

/** PowerShell parameters of Start-Process that take a value (by a prefix PowerShell accepts). */
const START_VALUE =
  /^-(?:f|fi|fil|file|filep|filepa|filepat|filepath|path|a|ar|arg|args|argu\w*|argumentlist|verb|wo\w*|workingdirectory|redirect\w*|wi\w*|windowstyle|cr\w*|credential|lo\w*|environment)$/i;

function startProcessJudge(inv: Invocation, _parsed: ParsedOptions, out: Findings): void {
  let file: string | null = null;
  const args: string[] = [];
  const argv = inv.argv;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (START_VALUE.test(a)) {
      const v = argv[++i] ?? "";
      if (/^-(?:f|fi|fil|file\w*|path)$/i.test(a)) file = v;
      else if (/^-(?:a|ar|arg|args|argu\w*)$/i.test(a)) args.push(...v.split(","));
      continue;
    }
    if (a.startsWith("-")) continue;
    if (file === null) file = a;
    else args.push(...a.split(","));
  }
  if (file !== null) launched([file, ...args], "Start-Process", out);
}

/**
 * Judges the command `words` start, read both ways: joined by blanks (the
 * command line Windows passes on, which the program splits again) and with
 * each word kept whole (a program that gets its arguments as they were).
 */
function launched(words: readonly string[], via: string, out: Findings): void {
  const joined = words.join(" ");
  out.nested(joined, via);
  const whole = shellWords(words);
  if (whole !== joined) out.nested(whole, via);
}

/** Start-Process and its alias saps. */
export const START_PROCESS: ProgramRecord = {
  names: ["start-process", "saps"],
  longMatch: "exact",
  options: [],
  readOnly: "never",
  judge: startProcessJudge,
};

function wmicJudge(inv: Invocation, _parsed: ParsedOptions, out: Findings): void {
  const words = inv.argv.map((a) => a.toLowerCase());
  const at = words.findIndex((w, i) => w === "call" && words[i + 1] === "create");
  if (words.includes("process") && at >= 0 && inv.argv[at + 2] !== undefined) {
    launched(inv.argv.slice(at + 2), "wmic process call create", out);
  }
  if (words.includes("shadowcopy") && words.includes("delete")) {
    out.dangerous("disk_write", "wmic shadowcopy delete: destroys backups and shadow copies");
  }
}

/** wmic. */
export const WMIC: ProgramRecord = {
  names: ["wmic", "wmic.exe"],
  longMatch: "exact",
  options: [],
  readOnly: "never",
  judge: wmicJudge,
};

/** wsl's options that take a value. */
const WSL_VALUE = /^(?:-d|--distribution|-u|--user|--cd|--distribution-id)$/;

function wslJudge(inv: Invocation, _parsed: ParsedOptions, out: Findings): void {
  const argv = inv.argv;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "-e" || a === "--exec" || a === "--") {
      if (argv[i + 1] !== undefined) launched(argv.slice(i + 1), "wsl", out);
      return;
    }
    if (WSL_VALUE.test(a)) {
      i++;
      continue;
    }
    if (!a.startsWith("-")) return launched(argv.slice(i), "wsl", out);
  }
}

/** wsl: runs a Linux command (in the user's default shell unless --exec). */
export const WSL: ProgramRecord = {
  names: ["wsl", "wsl.exe"],
  longMatch: "exact",
  options: [],
  readOnly: "never",
  judge: wslJudge,
};

function edJudge(inv: Invocation, _parsed: ParsedOptions, out: Findings): void {
  for (const body of inv.stdinText) {
    for (const line of body.split("\n").slice(0, 256)) {
      // `!cmd`, and `r !cmd`, `w !cmd`, `e !cmd` with an address before them.
      const m = line.match(/^[0-9,.$;'a-z+-]*[rwe]?\s*!(.*)$/);
      if (m !== null && m[1]!.trim() !== "") out.nested(m[1]!, "ed shell command");
    }
  }
}

/** ed: its `!` commands, read from stdin, run a shell. */
export const ED: ProgramRecord = {
  names: ["ed"],
  longMatch: "exact",
  options: [{ short: "p", arity: "value" }],
  readOnly: "never",
  judge: edJudge,
};
