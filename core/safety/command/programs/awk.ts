/**
 * awk, gawk, mawk, nawk and busybox awk (gawk uses getopt_long): the
 * program text (`-e`/`--source` values, else the first operand) is judged
 * as code — system(), pipes and getline from commands run programs, print
 * to files writes, gawk's indirect calls may name system — and options
 * that load program files or extensions, or write a profile, a dump or a
 * pretty-printed program (`-o`, `-p`, `-d`), are not read-only. A literal
 * file print writes is judged as a write (a privilege or start-up file is
 * dangerous) and a literal command it pipes into as a command; a literal
 * credential file getline reads is credential exposure. Pure.
 * @module
 */
import type { Arg, Findings, Invocation } from "../invocation.ts";
import { analyzeCode } from "../_rules/exec.ts";
import { reportWrite } from "./effects.ts";
import { inDirs, isCredentialPath } from "../paths.ts";
import { type ParsedOptions, usesOf } from "./_options.ts";
import type { ProgramRecord } from "./_record.ts";

/** Code that reaches outside the input: commands, files, sockets, the environment, extensions, indirect calls. */
const NOT_PLAIN =
  /system|getline|ENVIRON|PROCINFO|close|fflush|\/inet\/|@load|@include|@[A-Za-z_][A-Za-z0-9_]*\s*\(/;

/**
 * Output is redirected or piped only by print and printf: a `>` or `|`
 * after the first print (string literals removed) may be one; before it,
 * it is a comparison or a pattern (`NR>1 { print }`).
 */
function redirects(code: string): boolean {
  const bare = code.replace(/"(?:[^"\\\n]|\\.)*"/g, '""');
  const at = bare.search(/\bprintf?\b/);
  return at >= 0 && /[|>]/.test(bare.slice(at));
}

function programs(parsed: ParsedOptions): string[] | null {
  const source = usesOf(parsed, "source");
  if (usesOf(parsed, "file", "exec").length > 0) {
    return source.map((u) => u.value ?? "");
  }
  if (source.length > 0) return source.map((u) => u.value ?? "");
  const first = parsed.operands[0];
  return first === undefined ? null : [first.text];
}

/** `print > "file"`, `>> "file"`, `| "command"`: a literal target after print. */
const LITERAL_TARGET = /(>>?|\|)\s*"((?:[^"\\\n]|\\.)*)"/g;

/** Judges the literal files print writes and the literal commands it pipes into. */
function literalTargets(code: string, out: Findings): void {
  const at = code.search(/\bprintf?\b/);
  if (at < 0) return;
  for (const m of code.slice(at).matchAll(LITERAL_TARGET)) {
    const text = m[2]!;
    if (m[1] === "|") out.nested(text, "awk print pipe");
    else reportWrite("awk", { ...PLAIN_ARG, text }, out);
  }
}

const PLAIN_ARG: Arg = {
  text: "",
  dynamic: false,
  quoted: true,
  glob: false,
  escapes: false,
  substituted: false,
  subs: [],
};

/** `getline < "file"`, `getline var < "file"`: a literal file getline reads. */
const GETLINE_FILE = /\bgetline\b[^<;{}"]*<\s*"((?:[^"\\\n]|\\.)*)"/g;

/**
 * A credential file getline reads (review77): the program has its lines,
 * to print as `print` does (`while ((getline l < ".env") > 0) print l`),
 * as a file operand of awk is read and printed.
 */
function getlineCredential(inv: Invocation, code: string, out: Findings): void {
  for (const m of code.matchAll(GETLINE_FILE)) {
    const file = m[1]!.replace(/\\(.)/g, "$1");
    if (inDirs(file, inv.dirs).some(isCredentialPath)) {
      out.dangerous("credential_exposure", "awk: getline reads a credential file");
      return;
    }
  }
}

function judge(inv: Invocation, parsed: ParsedOptions, out: Findings): void {
  if (usesOf(parsed, "file", "exec").length > 0) {
    out.review("awk: runs a program read from a file");
  }
  for (const code of programs(parsed) ?? []) {
    analyzeCode("awk", code, out);
    literalTargets(code, out);
    getlineCredential(inv, code, out);
  }
}

/** The awk record. */
export const AWK: ProgramRecord = {
  names: ["awk", "gawk", "mawk", "nawk", "busybox-awk"],
  longMatch: "prefix",
  options: [
    { long: ["file"], short: "f", arity: "value", effect: "config" },
    { long: ["exec"], short: "E", arity: "value", effect: "config" },
    { long: ["include"], short: "i", arity: "value", effect: "config" },
    { long: ["load"], short: "l", arity: "value", effect: "config" },
    { long: ["source"], short: "e", arity: "value" },
    { long: ["field-separator"], short: "F", arity: "value" },
    { long: ["assign"], short: "v", arity: "value" },
    { long: ["dump-variables"], short: "d", arity: "optional", effect: "writes" },
    { long: ["debug"], short: "D", arity: "optional", effect: "config" },
    { long: ["pretty-print"], short: "o", arity: "optional", effect: "writes" },
    { long: ["profile"], short: "p", arity: "optional", effect: "writes" },
    { long: ["lint"], short: "L", arity: "optional" },
    // mawk's -W takes an option of its own (-W exec FILE, -W dump, ...).
    { short: "W", arity: "value", effect: "config" },
    { long: ["characters-as-bytes"], short: "b", arity: "none" },
    { long: ["traditional"], short: "c", arity: "none" },
    { long: ["copyright"], short: "C", arity: "none" },
    { long: ["gen-pot"], short: "g", arity: "none" },
    { long: ["help"], short: "h", arity: "none" },
    { long: ["trace"], short: "I", arity: "none" },
    { long: ["csv"], short: "k", arity: "none" },
    { long: ["bignum"], short: "M", arity: "none" },
    { long: ["non-decimal-data"], short: "n", arity: "none" },
    { long: ["use-lc-numeric"], short: "N", arity: "none" },
    { long: ["optimize"], short: "O", arity: "none" },
    { long: ["posix"], short: "P", arity: "none" },
    { long: ["re-interval"], short: "r", arity: "none" },
    { long: ["no-optimize"], short: "s", arity: "none" },
    { long: ["sandbox"], short: "S", arity: "none" },
    { long: ["lint-old"], short: "t", arity: "none" },
    { long: ["version"], short: "V", arity: "none" },
  ],
  readOnly: (_inv, parsed) => {
    const codes = programs(parsed);
    // Operands after the program are checked too: gawk reads `@include`
    // and assignments from operands in some modes, and a file name never
    // needs these characters.
    return codes !== null && codes.length > 0 &&
      ![...codes, ...parsed.operands.map((o) => o.text)].some((c) =>
        NOT_PLAIN.test(c) || redirects(c)
      );
  },
  families: ["interpreter_primitives"],
  judge,
};
