/**
 * sed (GNU, getopt_long; BSD's options are a subset): read-only unless it
 * edits in place, reads its script from a file, or its script runs a
 * command (`e`, `s///e`) or writes a file (`w`, `W`, `s///w`). Scripts are
 * found in every form: `-e SCRIPT`, `-eSCRIPT`, `--expression=SCRIPT` (or
 * any unambiguous prefix), and the first operand when none is given.
 * Commands in a script are classified as commands. Pure.
 * @module
 */
import type { Arg, Findings, Invocation } from "../invocation.ts";
import { isCredentialPath } from "../paths.ts";
import { type ParsedOptions, usesOf } from "./_options.ts";
import { reportWrite, valueArg } from "./effects.ts";
import type { ProgramRecord } from "./_record.ts";
import { scanSed } from "./_sed_script.ts";

interface Script {
  text: string;
  arg: Arg | undefined;
}

function scripts(inv: Invocation, parsed: ParsedOptions): Script[] {
  const given = usesOf(parsed, "expression");
  if (given.length > 0) {
    return given.map((u) => ({ text: u.value ?? "", arg: valueArg(inv, u) }));
  }
  if (usesOf(parsed, "file").length > 0) return [];
  const first = parsed.operands[0];
  return first === undefined ? [] : [{ text: first.text, arg: inv.args[first.index] }];
}

function judge(inv: Invocation, parsed: ParsedOptions, out: Findings): void {
  const sandbox = usesOf(parsed, "sandbox").length > 0;
  if (usesOf(parsed, "file").length > 0) {
    out.review("sed: runs a script read from a file, which may run commands or write files");
  }
  for (const s of scripts(inv, parsed)) {
    if (s.arg?.dynamic === true) {
      out.review("sed: a script taken from a variable or substitution");
      continue;
    }
    const fx = scanSed(s.text);
    if (fx.unparsed) out.review("sed: a script this analysis cannot read to its end");
    if (sandbox) continue;
    for (const command of fx.runs) out.nested(command, "sed e command");
    if (fx.runs.length > 0) out.review("sed: its script runs commands");
    if (fx.runsInput) out.review("sed: runs its input as a command");
    for (const file of fx.writes) {
      reportWrite("sed", s.arg === undefined ? null : { ...s.arg, text: file.trim() }, out);
    }
    for (const file of fx.reads) {
      if (isCredentialPath(file.trim())) {
        out.dangerous("credential_exposure", "sed: reads a credential file into its output");
      }
    }
  }
}

/** The sed record. */
export const SED: ProgramRecord = {
  names: ["sed", "gsed"],
  longMatch: "prefix",
  options: [
    { long: ["expression"], short: "e", arity: "value" },
    { long: ["file"], short: "f", arity: "value", effect: "config" },
    { long: ["in-place"], short: "i", arity: "optional", effect: "writes" },
    // BSD sed: -I EXTENSION edits in place too.
    { short: "I", arity: "value", effect: "writes" },
    { long: ["line-length"], short: "l", arity: "value" },
    { long: ["quiet", "silent"], short: "n", arity: "none" },
    { long: ["regexp-extended"], short: "Er", arity: "none" },
    { long: ["separate"], short: "s", arity: "none" },
    { long: ["sandbox"], arity: "none" },
    { long: ["unbuffered"], short: "u", arity: "none" },
    { long: ["null-data", "zero-terminated"], short: "z", arity: "none" },
    { long: ["posix"], arity: "none" },
    { long: ["debug"], arity: "none" },
    { long: ["follow-symlinks"], arity: "none" },
    { long: ["binary"], short: "b", arity: "none" },
    { long: ["help"], arity: "none" },
    { long: ["version"], arity: "none" },
  ],
  readOnly: "always",
  families: ["persistence", "credential_exposure"],
  judge,
};
