/**
 * Which shell text an argv runs: a shell given `-c` (`bash -o pipefail -c
 * TEXT`, `bash -c -o pipefail TEXT`), behind wrappers that exit with their
 * command's status (`env A=1`, `timeout 60`, `nice`, `nohup`, `stdbuf`,
 * `setsid`, GNU `time`, `busybox`), named later among a program's words
 * (`sudo sh -c`), or handed over by an option (`su -c`, `flock -c`,
 * `nix-shell --run`). A shell given `-n` runs nothing, and fish, csh or
 * PowerShell text is not read by these rules: neither is judged. Used to
 * judge whether an exit status reports every command (evidence) and to look
 * into a shell started inside shell text. Pure.
 * @module
 */

/** Programs that take POSIX-style shell text after a `-c` option. */
const SHELLS: ReadonlySet<string> = new Set([
  "sh",
  "bash",
  "rbash",
  "dash",
  "zsh",
  "ksh",
  "ksh93",
  "mksh",
  "lksh",
  "pdksh",
  "oksh",
  "ash",
  "hush",
  "yash",
  "posh",
  "bosh",
]);

/**
 * Shells whose text follows other rules (fish, csh, PowerShell, …): given
 * their command option, the text is not judged.
 */
const OTHER_SHELLS: ReadonlySet<string> = new Set([
  "fish",
  "csh",
  "tcsh",
  "nu",
  "xonsh",
  "elvish",
  "rc",
  "es",
  "pwsh",
  "powershell",
]);

/** Programs that run the text after one of their options with a shell and exit with its status. */
const TEXT_OPTIONS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["su", new Set(["-c", "--command", "--session-command"])],
  ["script", new Set(["-c", "--command"])],
  ["flock", new Set(["-c", "--command"])],
  ["nix-shell", new Set(["--run", "--command"])],
  ["npx", new Set(["-c", "--call"])],
  ["npm", new Set(["-c", "--call"])],
]);

/** A shell's long options that take no value; any other long option is not judged. */
const VALUELESS_LONG: ReadonlySet<string> = new Set([
  "--norc",
  "--noprofile",
  "--login",
  "--posix",
  "--restricted",
  "--verbose",
  "--noediting",
  "--debugger",
  "--pretty-print",
]);

/** A shell's long options that take the next word as their value. */
const VALUED_LONG: ReadonlySet<string> = new Set(["--rcfile", "--init-file"]);

/**
 * Programs that run the rest of their words as a command and exit with its
 * status: for each, its options that take a value as the next word, and
 * whether an operand comes before the command (timeout's duration).
 */
const WRAPPERS: ReadonlyMap<string, { valued: ReadonlySet<string>; operand?: true }> = new Map([
  ["env", { valued: new Set(["-u", "--unset", "-C", "--chdir"]) }],
  ["timeout", { valued: new Set(["-s", "--signal", "-k", "--kill-after"]), operand: true }],
  ["nice", { valued: new Set(["-n", "--adjustment"]) }],
  ["nohup", { valued: new Set() }],
  ["stdbuf", { valued: new Set(["-i", "-o", "-e", "--input", "--output", "--error"]) }],
  ["setsid", { valued: new Set() }],
  ["time", { valued: new Set(["-f", "--format", "-o", "--output"]) }],
]);

/**
 * The words a wrapper (`env A=1 bash -c …`, `timeout 60 sh -c …`) runs, or
 * null when `words` starts no wrapper; "unjudged" for `env -S`, whose string
 * env splits into words by quoting rules of its own.
 */
function unwrap(words: readonly string[]): string[] | null | "unjudged" {
  const name = baseName(words[0]);
  // busybox runs the applet its next word names.
  if (name === "busybox") return words.length > 1 ? words.slice(1) : null;
  const spec = WRAPPERS.get(name);
  if (spec === undefined) return null;
  let i = 1;
  let operand = spec.operand === true;
  for (; i < words.length; i++) {
    const w = words[i]!;
    if (w === "--") {
      i++;
      break;
    }
    if (w.startsWith("-") && w.length > 1) {
      // `env -S STRING` splits STRING into words by its own quoting rules: not judged here.
      if (/^(?:-[^-]*S|--split-string)/.test(w) && words[0]!.endsWith("env")) return "unjudged";
      if (spec.valued.has(w)) i++;
      continue;
    }
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w) && words[0]!.endsWith("env")) continue;
    if (operand) {
      operand = false;
      continue;
    }
    break;
  }
  return words.slice(i);
}

/**
 * The command wrappers in front of `words` run (`env X=1 timeout 60 nice
 * npm test` runs `npm test`), and whether one of them changed directory
 * first (`env -C DIR`); "unjudged" for `env -S`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unwrapCommand } from "./shell_invocation.ts";
 * assert.deepEqual(unwrapCommand(["timeout", "60", "npm", "test"]), { words: ["npm", "test"], chdir: false });
 * ```
 */
export function unwrapCommand(
  command: readonly string[],
): { words: readonly string[]; chdir: boolean } | "unjudged" {
  let words: readonly string[] = command;
  let chdir = false;
  // Wrappers in front (at most a few: `env X=1 timeout 60 nice bash -c …`).
  for (let depth = 0; depth < 8; depth++) {
    const inner = unwrap(words);
    if (inner === null) break;
    if (inner === "unjudged") return inner;
    const front = words.slice(0, words.length - inner.length);
    if (baseName(front[0]) === "env" && front.some((w) => /^(?:-[^-]*C|--chdir)/.test(w))) {
      chdir = true;
    }
    words = inner;
  }
  return { words, chdir };
}

/** Shell text an argv runs, the shell that runs it, and whether pipefail was set for it. */
export interface ShellRun {
  text: string;
  pipefail: boolean;
  /** The shell's name (`bash`), "sh" when a program hands the text to a shell it picks. */
  shell: string;
}

/** ssh's options that take the next word as their value (OpenSSH's `ssh -B … -w`). */
const SSH_VALUED: ReadonlySet<string> = new Set(
  [..."BbcDEeFIiJLlmOopQRSWw"].map((c) => `-${c}`),
);

/**
 * The remote command of `ssh [options] destination command…`: its words
 * joined with blanks, which the remote user's login shell runs as shell
 * text (ssh exits with its status); null when ssh is given no command.
 */
function sshCommand(args: readonly string[]): ShellRun | null {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") return remote(args.slice(i + 2));
    if (a.startsWith("-") && a.length > 1) {
      if (SSH_VALUED.has(a)) i++;
      continue;
    }
    return remote(args.slice(i + 1));
  }
  return null;
}

function remote(words: readonly string[]): ShellRun | null {
  return words.length === 0 ? null : { text: words.join(" "), pipefail: false, shell: "sh" };
}

/** A command option of a shell whose text follows other rules (`fish -c`, `pwsh -Command`). */
const OTHER_COMMAND_OPTION =
  /^(?:-[A-Za-z]*c[A-Za-z]*|--commands?(?:=.*)?|--init-command(?:=.*)?|-command|-encodedcommand|-ec?)$/i;

/** Programs whose words are text they print, test or search for, never a command they run. */
const WORDS_ONLY: ReadonlySet<string> = new Set([
  "echo",
  "printf",
  "print",
  "true",
  "false",
  ":",
  "test",
  "[",
  "grep",
  "egrep",
  "fgrep",
  "rg",
  "which",
  "man",
]);

/** Whether a program's words are only printed, tested or searched for (`echo sh -c`). */
export function wordsOnly(program: string): boolean {
  return WORDS_ONLY.has(baseName(program));
}

/** The name of a program word: its last path part. */
function baseName(word: string | undefined): string {
  return (word ?? "").replace(/^.*\//, "");
}

/**
 * A POSIX shell's options, then its text: after `-c` (also in a cluster:
 * `-ec`) the first word that is no option is the text, wherever the other
 * options stand (`bash -c -o pipefail TEXT`); null for a script file.
 * Given neither, or `-s`, the shell reads its commands from its input
 * (`printf 'a; b' | sh`, `bash <<< 'a; b'`), text not seen here:
 * "unjudged", unless `stdin` says to take it as a program (a shell's name
 * among another program's words, `ls /bin/sh`).
 */
function shellOptions(
  shell: string,
  args: readonly string[],
  stdin: "unjudged" | null,
): ShellRun | null | "unjudged" {
  let pipefail = false;
  let command = false;
  const run = (text: string | undefined): ShellRun | null =>
    command ? { text: text ?? "", pipefail, shell } : null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") return run(args[i + 1]);
    if (!a.startsWith("-") && !a.startsWith("+")) return run(a);
    if (a.startsWith("--")) {
      if (VALUED_LONG.has(a)) i++;
      else if (!VALUELESS_LONG.has(a)) return "unjudged";
      continue;
    }
    // `-n` (noexec) reads the text and runs none of it: the shell exits 0.
    if (/^-[A-Za-z]*n/.test(a)) return "unjudged";
    if (/^-[A-Za-z]*c/.test(a)) command = true;
    if (/^-[A-Za-z]*s/.test(a) && !command) return stdin;
    // `-o NAME`, `+O NAME` (also last in a cluster: `-euo pipefail`) take the next word.
    if (/^[-+][A-Za-z]*[oO]$/.test(a)) {
      // zsh reads option names without case or underscores (`-o PIPE_FAIL`).
      const value = (args[++i] ?? "").toLowerCase().replaceAll("_", "");
      if (value === "noexec" && a.startsWith("-") && a.endsWith("o")) return "unjudged";
      if (value === "pipefail") pipefail = a.startsWith("-") && a.endsWith("o");
      if (value === "nopipefail") pipefail = false;
    }
  }
  return command ? run(undefined) : stdin;
}

/** The text a program runs with a shell after one of its options (`su -c TEXT`), or null. */
function optionText(name: string, args: readonly string[]): ShellRun | null {
  const options = TEXT_OPTIONS.get(name);
  if (options === undefined) return null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (options.has(a)) return { text: args[i + 1] ?? "", pipefail: false, shell: "sh" };
    const eq = a.indexOf("=");
    if (a.startsWith("--") && eq > 0 && options.has(a.slice(0, eq))) {
      return { text: a.slice(eq + 1), pipefail: false, shell: "sh" };
    }
  }
  return null;
}

/**
 * The shell text `words` run (a shell given `-c`, through wrappers), null
 * when they run a program directly, or "unjudged" when a wrapper or an
 * option hides which. A shell named later among a program's words (`sudo
 * sh -c`, `xargs bash -c`, `docker run img sh -c`) is judged too: such
 * programs pass its status on, and one that does not is no better.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shellInvocation } from "./shell_invocation.ts";
 * assert.deepEqual(shellInvocation(["env", "CI=1", "bash", "-c", "a | b"]), { text: "a | b", pipefail: false, shell: "bash" });
 * assert.equal(shellInvocation(["npm", "test"]), null);
 * ```
 */
export function shellInvocation(
  command: readonly string[],
  named: "run" | "later" = "run",
): ShellRun | null | "unjudged" {
  const unwrapped = unwrapCommand(command);
  if (unwrapped === "unjudged") return unwrapped;
  const [program, ...args] = unwrapped.words;
  const name = baseName(program);
  if (SHELLS.has(name)) return shellOptions(name, args, named === "run" ? "unjudged" : null);
  if (OTHER_SHELLS.has(name)) {
    const command = name === "pwsh" || name === "powershell"
      ? args.length > 0
      : args.some((a) => OTHER_COMMAND_OPTION.test(a));
    return command ? "unjudged" : null;
  }
  // The remote login shell is read as sh: `ssh host 'npm test; true'` exits 0 when the tests fail.
  if (name === "ssh") return sshCommand(args);
  const text = optionText(name, args);
  if (text !== null) return text;
  // `echo sh -c`, `grep bash -c file`: the words are printed or searched for, never run.
  if (WORDS_ONLY.has(name)) return null;
  for (let i = 0; i < args.length; i++) {
    const later = baseName(args[i]);
    if (!SHELLS.has(later) && !OTHER_SHELLS.has(later)) continue;
    const run = shellInvocation(args.slice(i), "later");
    if (run !== null) return run;
  }
  return null;
}
