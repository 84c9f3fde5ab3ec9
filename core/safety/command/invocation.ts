/**
 * The shapes the classifier's rules work on: one invocation (a program and
 * its arguments after wrappers are seen through) and the sink a rule reports
 * into. Pure types and two small flag helpers every rule uses.
 * @module
 */
import type { FamilyId } from "./families.ts";
import type { Redirect, Substitution } from "./parse_shell.ts";

/** One argument after quote removal and variable resolution. */
export interface Arg {
  text: string;
  /** Part of it comes from an expansion whose value is not known. */
  dynamic: boolean;
  /** Part of it was quoted. */
  quoted: boolean;
  /** An unquoted glob character (`*`, `?`, `[`) is in it. */
  glob: boolean;
  /** Built with `$'\x..'` escapes. */
  escapes: boolean;
  /** Holds a command substitution. */
  substituted: boolean;
  /** An unquoted expansion of unknown value is in it: the shell may split it into several words. */
  splits?: true;
  /**
   * It is a loop variable whose list named only plain relative names, none
   * broad (`for f in *.ts; do mv "$f" ...`): unknown, but never `~`, `/` or `.`.
   */
  bounded?: true;
  /**
   * Part of it is a variable's value known here: a stand-in that may be a
   * glob the shell expanded before (`for f in .*` sets f to `.*`).
   */
  valued?: true;
  /**
   * The text with each `$` a quoted or escaped literal holds (`'$X'`, `\$X`)
   * made a NUL, set only when one does: the shell prints such a `$` as it is,
   * so rules looking for an expanded variable read this.
   */
  expansions?: string;
  /** The command and process substitutions inside it. */
  subs: Substitution[];
}

/** The text of `a` in which only expanded variables are written with a `$` (see `expansions`). */
export function expandedText(a: Arg): string {
  return a.expansions ?? a.text;
}

/** A plain literal argument with the given text (an empty word by default). */
export function literalArg(text = ""): Arg {
  return {
    text,
    dynamic: false,
    quoted: false,
    glob: false,
    escapes: false,
    substituted: false,
    subs: [],
  };
}

/** A program with its arguments, after wrappers (sudo, env, nice, ...) are seen through. */
export interface Invocation {
  /** Normalised program name (see program_name.ts). */
  program: string;
  args: Arg[];
  /** `args` as text. */
  argv: string[];
  redirects: Redirect[];
  /** Wrappers seen through, outermost first. */
  wrappers: string[];
  /** Text fed on stdin by heredocs and here-strings. */
  stdinText: string[];
  /** stdin comes from a pipe. */
  pipeIn: boolean;
  /** stdout goes into a pipe. */
  pipeOut: boolean;
  /** Another reading of an ambiguous wrapper option (see unwrap.ts), judged beside the main one. */
  alternative?: true;
  /** A reading of a program word of unknown value as a risky program: only its dangerous findings count. */
  dangerOnly?: true;
  /** Shell variables with literal values set earlier in the text, as they stand here. */
  vars?: ReadonlyMap<string, string>;
  /** The program word as written (quotes removed), before normalisation. */
  programWord?: Arg;
  /** Its output also goes to a shell or interpreter through `>(...)` (as in `tee >(sh)`). */
  feedsRunner?: true;
  /** The shell traces it (`set -x` earlier): each command is printed with its words expanded. */
  traced?: true;
  /** It runs in another directory than the one the text started in (`cd DIR` earlier, `env -C DIR`). */
  elsewhere?: true;
  /**
   * Every directory a `cd`, `pushd` or wrapper earlier in the text (or for
   * this command) named, home-folded and normalised: a relative path may be
   * in any of them (`cd -`, `popd` and subshells return to earlier ones).
   */
  dirs?: readonly string[];
  /**
   * Its output is printed for the user, read by no command: the last element of a pipeline at
   * the top of the text, outside any group, function, substitution or nested command string,
   * in text with no compound command's words. Worked out only for a finder (find, fd) and a
   * printer (echo, printf), the ones that read it: what they print is names and words, not a
   * file's content, unless a command reads it.
   */
  shown?: true;
  /** The roots of a search whose file names xargs feeds it (`find ~ -type f | xargs grep`). */
  fedPaths?: readonly string[];
  /** xargs feeds it the paths find prints (each starts with a root, so none is an option). */
  fedByFind?: true;
  /** xargs puts its input where the replace string stands (`-I{}`), not after the arguments. */
  inputInArgs?: true;
  /** xargs splits its input at NUL bytes only (`-0`): a path with blanks or newlines stays one word. */
  nulInput?: true;
}

/** Where rules report. Reasons are fixed texts naming known programs only, never input. */
export interface Findings {
  dangerous(family: FamilyId, reason: string): void;
  review(reason: string): void;
  /** Classify this text as a command too (a `-c` string, an eval argument). */
  nested(text: string, via: string): void;
  /**
   * This argument is run as code: a literal is classified as a command; the
   * output of a substitution is judged by what produces it (a downloader or
   * a decoder makes it dangerous); an unknown value needs review.
   */
  executes(arg: Arg, via: string, lang: "shell" | "powershell" | "other"): void;
}

/** A rule over one invocation. */
export type Rule = (inv: Invocation, out: Findings) => void;

/**
 * True when a short flag letter is present, alone or combined (`-rf`), before `--`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hasShort } from "./invocation.ts";
 * assert.equal(hasShort(["-rf", "x"], "f"), true);
 * assert.equal(hasShort(["--force"], "f"), false);
 * assert.equal(hasShort(["--", "-f"], "f"), false);
 * ```
 */
export function hasShort(argv: readonly string[], letter: string): boolean {
  for (const a of argv) {
    if (a === "--") return false;
    if (/^-[A-Za-z0-9]+$/.test(a) && a.slice(1).includes(letter)) return true;
  }
  return false;
}

/** Options of {@linkcode hasLong}. */
export interface HasLongOptions {
  /** Also accept a PowerShell-style abbreviation of at least this many letters. @default {0} */
  prefix?: number;
}

/**
 * True when a long flag (`--force`, `--force=...`) or PowerShell parameter
 * (`-Force`, any case; with `prefix`, also an abbreviation of at least that many letters) is present.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hasLong } from "./invocation.ts";
 * assert.equal(hasLong(["--force-with-lease=main"], "force-with-lease"), true);
 * assert.equal(hasLong(["-Recurse"], "recurse"), true);
 * assert.equal(hasLong(["-Rec"], "recurse", { prefix: 3 }), true);
 * assert.equal(hasLong(["--forced"], "force"), false);
 * ```
 */
export function hasLong(
  argv: readonly string[],
  name: string,
  options: HasLongOptions = {},
): boolean {
  const minPrefix = options.prefix ?? 0;
  const n = name.toLowerCase();
  for (const a of argv) {
    if (a === "--") return false;
    const m = a.toLowerCase().match(/^--?([a-z][a-z0-9-]*)(?:[=:].*)?$/);
    if (!m) continue;
    const w = m[1]!;
    if (w === n) return true;
    if (minPrefix > 0 && a[1] !== "-" && w.length >= minPrefix && n.startsWith(w)) return true;
  }
  return false;
}

/** Arguments that are not flags (do not start with `-`), before and after `--`. */
export function operands(argv: readonly string[]): string[] {
  const out: string[] = [];
  let done = false;
  for (const a of argv) {
    if (!done && a === "--") {
      done = true;
      continue;
    }
    if (done || !a.startsWith("-") || a === "-") out.push(a);
  }
  return out;
}

/** Which options of a program take a value (shared by wrappers and allow-listed programs). */
export interface ValueOptions {
  /** Short flags that take a value. */
  value?: string;
  /** Short flags whose optional value can only be attached (`-i{}`); alone they are ambiguous. */
  optional?: string;
  /** Long flags that take a value (without `--`). */
  longValue?: string[];
  /** Long flags whose optional value can only be attached (`--replace=X`); alone they are ambiguous. */
  longOptional?: string[];
}

/**
 * Whether an option takes the next word: yes, no, or maybe (an optional value given alone).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { takesValue } from "./invocation.ts";
 * assert.equal(takesValue({ value: "n" }, "-n"), "yes");
 * assert.equal(takesValue({ value: "n" }, "-nprod"), "no");
 * assert.equal(takesValue({ longValue: ["namespace"] }, "--namespace"), "yes");
 * assert.equal(takesValue({ longValue: ["namespace"] }, "--namespace=x"), "no");
 * ```
 */
export function takesValue(spec: ValueOptions, arg: string): "yes" | "no" | "maybe" {
  if (arg.startsWith("--")) {
    const name = arg.slice(2);
    if (name.includes("=")) return "no";
    if ((spec.longValue ?? []).includes(name)) return "yes";
    return (spec.longOptional ?? []).includes(name) ? "maybe" : "no";
  }
  if (!arg.startsWith("-") || arg === "-") return "no";
  // -u root, -uroot: the value is attached when more letters follow.
  const letters = arg.slice(1);
  for (let i = 0; i < letters.length; i++) {
    const last = i === letters.length - 1;
    if ((spec.value ?? "").includes(letters[i]!)) return last ? "yes" : "no";
    if ((spec.optional ?? "").includes(letters[i]!)) return last ? "maybe" : "no";
  }
  return "no";
}

/**
 * Operands (as {@linkcode operands}) with the values of options that take one
 * skipped, so `kubectl -n prod get secret` has operands `get secret` and
 * `systemctl -p status stop x` has operands `stop x`. A "maybe" option is taken
 * to have its value attached.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { operandsSkipping } from "./invocation.ts";
 * const spec = { value: "n", longValue: ["namespace"] };
 * assert.deepEqual(operandsSkipping(["-n", "prod", "get", "--namespace", "x", "pods"], spec), ["get", "pods"]);
 * assert.deepEqual(operandsSkipping(["get", "--", "-n"], spec), ["get", "-n"]);
 * ```
 */
export function operandsSkipping(argv: readonly string[], spec: ValueOptions): string[] {
  const out: string[] = [];
  let done = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (done) out.push(a);
    else if (a === "--") done = true;
    else if (!a.startsWith("-") || a === "-") out.push(a);
    else if (takesValue(spec, a) === "yes") i++;
  }
  return out;
}

/**
 * Joins words back into shell text that parses to the same words (each word
 * with a special character is single-quoted), for re-classifying a command
 * that another program runs (`kubectl exec pod -- CMD`, a script block).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shellJoin } from "./invocation.ts";
 * assert.equal(shellJoin(["sh", "-c", "rm -rf ~"]), "sh -c 'rm -rf ~'");
 * assert.equal(shellJoin(["echo", "it's"]), "echo 'it'\\''s'");
 * assert.equal(shellJoin(["rm", "{}"]), "rm {}");
 * ```
 */
export function shellJoin(words: readonly string[]): string {
  return words.map((w) => /^[\w@%+=:,./{}~-]+$/.test(w) ? w : "'" + w.replace(/'/g, "'\\''") + "'")
    .join(" ");
}
