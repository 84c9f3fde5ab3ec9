/**
 * sort (GNU coreutils, getopt_long): read-only unless it writes its output
 * to a file (`-o`, `--output`, any unambiguous prefix such as `--o`) or runs
 * a compressor for its temporary files (`--compress-program`). Pure data.
 * @module
 */
import type { ProgramRecord } from "./_record.ts";

/** The sort record. */
export const SORT: ProgramRecord = {
  names: ["sort", "gsort"],
  longMatch: "prefix",
  options: [
    { long: ["output"], short: "o", arity: "value", effect: "writes" },
    { long: ["compress-program"], arity: "value", effect: "runs" },
    { long: ["random-source"], arity: "value" },
    { long: ["sort"], arity: "value" },
    { long: ["batch-size"], arity: "value" },
    { long: ["check"], short: "c", arity: "optional" },
    { long: ["files0-from"], arity: "value" },
    { long: ["key"], short: "k", arity: "value" },
    { long: ["buffer-size"], short: "S", arity: "value" },
    { long: ["field-separator"], short: "t", arity: "value" },
    { long: ["temporary-directory"], short: "T", arity: "value" },
    { long: ["parallel"], arity: "value" },
    { long: ["ignore-leading-blanks"], short: "b", arity: "none" },
    { long: ["dictionary-order"], short: "d", arity: "none" },
    { long: ["ignore-case"], short: "f", arity: "none" },
    { long: ["general-numeric-sort"], short: "g", arity: "none" },
    { long: ["ignore-nonprinting"], short: "i", arity: "none" },
    { long: ["month-sort"], short: "M", arity: "none" },
    { long: ["human-numeric-sort"], short: "h", arity: "none" },
    { long: ["numeric-sort"], short: "n", arity: "none" },
    { long: ["random-sort"], short: "R", arity: "none" },
    { long: ["reverse"], short: "r", arity: "none" },
    { long: ["version-sort"], short: "V", arity: "none" },
    { long: ["merge"], short: "m", arity: "none" },
    { long: ["stable"], short: "s", arity: "none" },
    { long: ["unique"], short: "u", arity: "none" },
    { long: ["zero-terminated"], short: "z", arity: "none" },
    { long: ["debug"], arity: "none" },
    { long: ["help"], arity: "none" },
    { long: ["version"], arity: "none" },
  ],
  readOnly: "always",
};
