/**
 * The program records, by name, and the one entry point the engine calls
 * for an invocation: parse its options by its record's syntax, report
 * every option with an effect, run its judge, and say whether it is
 * read-only. A program without a record is never read-only. Pure.
 * @module
 */
import type { Findings, Invocation } from "../invocation.ts";
import { parseOptions, usesOf } from "./_options.ts";
import { judgeOptions } from "./effects.ts";
import { mayBecomeOption } from "./unknown_words.ts";

import type { ProgramRecord } from "./_record.ts";
import { RSYNC, SCP, TAR, ZIP } from "./archive.ts";
import { AWK } from "./awk.ts";
import { DOCKER, HELM, KUBECTL, PODMAN } from "./cluster.ts";
import { FIND } from "./find.ts";
import { INTERPRETERS } from "./interpreters.ts";
import { SET_BUILTIN, SHELL_PROGRAMS } from "./shells.ts";
import { GIT } from "./git.ts";
import {
  CARGO,
  DENO,
  GH,
  GO,
  NPM,
  PIP,
  PNPM,
  RUSTC,
  TERRAFORM,
  VERSIONED,
  YARN,
} from "./packages.ts";
import { BAT, DELTA, INFO, LESS, MAN, MORE } from "./pagers.ts";
import { UNZIP } from "./unzip.ts";
import {
  BASE64,
  CLOC,
  COMMAND,
  COMPGEN,
  CRONTAB,
  DATE,
  FD,
  FILE,
  FZF,
  HOSTNAME,
  IP,
  JQ,
  MOUNT,
  PLAIN,
  PRINTF,
  READ,
  SCC,
  SS,
  TOP,
  TREE,
  UNIQ,
  XXD,
  YQ,
} from "./readers.ts";
import { ACK, AG, FINDSTR, GREP, RG } from "./search.ts";
import { SED } from "./sed.ts";
import { HOSTNAMECTL, JOURNALCTL, SYSTEMCTL, TIMEDATECTL } from "./services.ts";
import { SORT } from "./sort.ts";
import { ED, START_PROCESS, WMIC, WSL } from "./launchers.ts";
import { VIM } from "./editors.ts";
import { EMACS } from "./emacs.ts";

/** Every program record. */
export const PROGRAM_RECORDS: readonly ProgramRecord[] = [
  ACK,
  AG,
  AWK,
  BASE64,
  BAT,
  CARGO,
  CLOC,
  COMMAND,
  COMPGEN,
  CRONTAB,
  DATE,
  DELTA,
  DENO,
  DOCKER,
  ED,
  FD,
  FILE,
  FIND,
  FINDSTR,
  FZF,
  GH,
  GIT,
  GO,
  GREP,
  HELM,
  HOSTNAME,
  HOSTNAMECTL,
  INFO,
  INTERPRETERS,
  IP,
  JOURNALCTL,
  JQ,
  KUBECTL,
  LESS,
  MAN,
  MORE,
  MOUNT,
  NPM,
  PIP,
  PLAIN,
  PNPM,
  PODMAN,
  PRINTF,
  READ,
  RG,
  RSYNC,
  RUSTC,
  SCC,
  SCP,
  SED,
  SET_BUILTIN,
  SHELL_PROGRAMS,
  SORT,
  SS,
  START_PROCESS,
  SYSTEMCTL,
  TAR,
  TERRAFORM,
  TIMEDATECTL,
  TOP,
  TREE,
  UNIQ,
  UNZIP,
  VERSIONED,
  VIM,
  EMACS,
  WMIC,
  WSL,
  XXD,
  YARN,
  YQ,
  ZIP,
];

const BY_NAME = new Map<string, ProgramRecord>();
for (const rec of PROGRAM_RECORDS) {
  for (const name of rec.names) {
    if (BY_NAME.has(name)) throw new Error(`two program records for ${name}`);
    BY_NAME.set(name, rec);
  }
}

const BY_PATTERN = PROGRAM_RECORDS.filter((r) => r.namePattern !== undefined);

/** The record of a normalised program name, if it has one. */
export function recordFor(program: string): ProgramRecord | undefined {
  return BY_NAME.get(program) ?? BY_PATTERN.find((r) => r.namePattern!.test(program));
}

/**
 * Whether `argv` holds a `--` that ends the options of the program `rec`
 * records: not an option's value (`sort -T --` takes it as a directory, so
 * an `-o` after it is still an option) and not an operand.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { endsOptions, recordFor } from "./records.ts";
 * assert.equal(endsOptions(recordFor("sort")!, ["-n", "--"]), true);
 * assert.equal(endsOptions(recordFor("sort")!, ["-T", "--"]), false);
 * ```
 */
/**
 * Whether the shown arguments give the script of a program whose first
 * operand is its script when no option (`givenBy`, long names) gives it:
 * sed's script, jq's and yq's expression. Its record judges what a script
 * does only when the text shows it.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { recordFor, showsScript } from "./records.ts";
 * assert.equal(showsScript(recordFor("sed")!, ["-n", "1p"], ["expression", "file"]), true);
 * assert.equal(showsScript(recordFor("sed")!, ["-n", "--"], ["expression", "file"]), false);
 * ```
 */
export function showsScript(
  rec: ProgramRecord,
  argv: readonly string[],
  givenBy: readonly string[],
): boolean {
  const parsed = parseOptions(rec, argv);
  return parsed.operands.length > 0 || givenBy.some((name) => usesOf(parsed, name).length > 0);
}

export function endsOptions(rec: ProgramRecord, argv: readonly string[]): boolean {
  const parsed = parseOptions(rec, argv);
  const taken = new Set(parsed.uses.filter((u) => !u.attached).map((u) => u.valueIndex));
  for (const o of parsed.operands) taken.add(o.index);
  return argv.some((a, i) => a === "--" && !taken.has(i));
}

/**
 * Judges an invocation by its program's record; returns whether it is
 * read-only (null when the program has no record).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { judgeProgram } from "./records.ts";
 * const findings: string[] = [];
 * const out = {
 *   dangerous: (_f: string, r: string) => void findings.push(r),
 *   review: (r: string) => void findings.push(r),
 *   nested: () => {},
 *   executes: () => {},
 * };
 * const inv = (program: string, argv: string[]) => ({
 *   program, argv, args: [], redirects: [], wrappers: [], stdinText: [], pipeIn: false, pipeOut: false,
 * });
 * assert.equal(judgeProgram(inv("sort", ["-n", "f"]), out), true);
 * assert.equal(judgeProgram(inv("sort", ["--o=x", "f"]), out), false);
 * assert.deepEqual(findings, ["sort: writes a file"]);
 * ```
 */
export function judgeProgram(inv: Invocation, out: Findings): boolean | null {
  const rec = recordFor(inv.program);
  if (rec === undefined) return null;
  const parsed = parseOptions(rec, inv.argv);
  const effects = judgeOptions(rec, inv, parsed, out);
  rec.judge?.(inv, parsed, out);
  if (effects || rec.readOnly === "never") return false;
  if (!(rec.readOnly === "always" || rec.readOnly(inv, parsed))) return false;
  if (mayBecomeOption(rec, inv, parsed)) {
    out.review(
      `${
        rec.names[0]
      }: a word whose value is not known here may be an option that writes or runs a program`,
    );
    return false;
  }
  return true;
}
