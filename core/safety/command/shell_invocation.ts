/**
 * Which shell text an argv runs: a shell given `-c` (`bash -o pipefail -c
 * TEXT`), behind wrappers that exit with their command's status (`env A=1`,
 * `timeout 60`, `nice`, `nohup`, `stdbuf`, `setsid`, GNU `time`, `busybox`).
 * Used to judge whether an exit status reports every command (evidence) and
 * to look into a shell started inside shell text. Pure.
 * @module
 */

/** Programs that take shell text after a `-c` option. */
const SHELLS: ReadonlySet<string> = new Set(["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash"]);

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
  const name = (words[0] ?? "").replace(/^.*\//, "");
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

/** Shell text an argv runs, and whether pipefail was set for it (`bash -o pipefail -c …`). */
export interface ShellRun {
  text: string;
  pipefail: boolean;
}

/**
 * The shell text `words` run (a shell given `-c`, through wrappers), null
 * when they run a program directly, or "unjudged" when a wrapper or an
 * option hides which.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shellInvocation } from "./shell_invocation.ts";
 * assert.deepEqual(shellInvocation(["env", "CI=1", "bash", "-c", "a | b"]), { text: "a | b", pipefail: false });
 * assert.equal(shellInvocation(["npm", "test"]), null);
 * ```
 */
export function shellInvocation(command: readonly string[]): ShellRun | null | "unjudged" {
  let words: readonly string[] = command;
  // Wrappers in front (at most a few: `env X=1 timeout 60 nice bash -c …`).
  for (let depth = 0; depth < 8; depth++) {
    const inner = unwrap(words);
    if (inner === null) break;
    if (inner === "unjudged") return inner;
    words = inner;
  }
  const [program, ...args] = words;
  const name = (program ?? "").replace(/^.*\//, "");
  if (!SHELLS.has(name)) return null;
  let pipefail = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--" || !a.startsWith("-") && !a.startsWith("+")) break;
    if (a.startsWith("--")) {
      if (VALUED_LONG.has(a)) i++;
      else if (!VALUELESS_LONG.has(a)) return "unjudged";
      continue;
    }
    if (/^-[A-Za-z]*c[A-Za-z]*$/.test(a)) {
      return { text: args.slice(i + 1).find((w) => !w.startsWith("-")) ?? "", pipefail };
    }
    // `-o NAME`, `+O NAME` (also last in a cluster: `-euo pipefail`) take the next word.
    if (/^[-+][A-Za-z]*[oO]$/.test(a)) {
      const value = args[++i];
      if (value === "pipefail") pipefail = a.startsWith("-") && a.endsWith("o");
    }
  }
  return null;
}
