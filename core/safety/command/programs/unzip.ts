/**
 * unzip and zipinfo (Info-ZIP UnZip 6.00). Read-only only when they list
 * or test: `-l`, `-t`, `-v`, `-z` or zipinfo mode (`zipinfo`, `unzip -Z`
 * as the first option), read the way UnZip reads options:
 *
 * - a `-` inside an option word negates the letter after it, even in the
 *   next word (`unzip -l --l a.zip` and `unzip -q- -l a.zip` extract every
 *   member), so any such `-` is not read-only;
 * - options end at the archive name: `unzip a.zip a.txt -l` extracts;
 * - `-T` in unzip mode sets the archive's time to its newest member's;
 * - options also come from UNZIP/UNZIPOPT (ZIPINFO/ZIPINFOOPT for
 *   zipinfo), which the text may set for the command: review.
 *
 * Pure.
 * @module
 */
import type { Findings, Invocation } from "../invocation.ts";
import type { ParsedOptions } from "./_options.ts";
import type { ProgramRecord } from "./_record.ts";

/** unzip letters that only list, test or choose how: -l -t -v -z list or test, -q quiet, -C case. */
const UNZIP_LETTERS = /^[ltvzqC]+$/;
/** unzip's listing and testing modes. */
const UNZIP_MODES = /[ltvz]/;
/** zipinfo letters (every zipinfo mode only lists; M, a pager, is left out). */
const ZIPINFO_LETTERS = /^[12smlvhtTzC]*$/;
/** The variables UnZip takes options from. */
const OPTION_VARS = /^(?:UNZIP|UNZIPOPT|ZIPINFO|ZIPINFOOPT)$/;

/** True when the text sets an option variable for this command. */
function optionsFromEnvironment(inv: Invocation): boolean {
  return [...(inv.vars?.keys() ?? [])].some((n) => OPTION_VARS.test(n));
}

function readOnly(inv: Invocation): boolean {
  if (optionsFromEnvironment(inv)) return false;
  const argv = inv.argv;
  const zipinfo = inv.program === "zipinfo" || /^-Z/.test(argv[0] ?? "");
  let mode = zipinfo;
  let i = 0;
  for (; i < argv.length && argv[i]!.startsWith("-") && argv[i] !== "-"; i++) {
    const body = argv[i]!.slice(i === 0 && zipinfo && inv.program !== "zipinfo" ? 2 : 1);
    // A `-` inside the word negates what follows (into the next word, too).
    if (body.includes("-")) return false;
    if (!(zipinfo ? ZIPINFO_LETTERS : UNZIP_LETTERS).test(body)) return false;
    if (!zipinfo && UNZIP_MODES.test(body)) mode = true;
  }
  // The archive name ends the options: a later `-l` is a member name, and
  // only `-x` (members left out) keeps the run a listing.
  if (i >= argv.length) return mode;
  return mode && argv.slice(i + 1).every((a) => !a.startsWith("-") || a === "-x");
}

function judge(inv: Invocation, _parsed: ParsedOptions, out: Findings): void {
  if (optionsFromEnvironment(inv)) {
    out.review(`${inv.program}: options come from UNZIP/ZIPINFO variables the text sets`);
  }
}

/** unzip and zipinfo. */
export const UNZIP: ProgramRecord = {
  names: ["unzip", "zipinfo"],
  longMatch: "exact",
  options: [],
  readOnly,
  judge,
};
