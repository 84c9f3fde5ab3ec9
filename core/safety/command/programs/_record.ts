/**
 * The shape of a program record: everything the classifier knows about one
 * program (or a family of closely related programs) in one typed value —
 * its names, how its parser matches long options, which options take a
 * value and how, which options write files, run programs, open pagers or
 * reach the network, when it is read-only, and a predicate for the few
 * programs whose arguments are code (sed scripts, awk programs,
 * `find -exec`). Pure types.
 * @module
 */
import type { FamilyId } from "../families.ts";
import type { Findings, Invocation } from "../invocation.ts";
import type { ParsedOptions } from "./_options.ts";

/**
 * How a program's parser matches a long option:
 * - `exact`: only the full name (hand-written parsers, popt, git's own
 *   global options);
 * - `prefix`: any unambiguous prefix of a name, an exact name winning
 *   (GNU getopt_long, argp, git's parse-options).
 */
export type LongMatch = "exact" | "prefix";

/**
 * What an option does beyond reading:
 * - `writes`: writes a file named by its value (or a default file);
 * - `runs`: runs its value as a command or program;
 * - `pager`: runs its value as a pager (a command);
 * - `network`: reaches another machine;
 * - `config`: loads a file or setting that can itself run programs;
 * - `state`: changes shared state (a setting, a service, a repository elsewhere).
 */
export type Effect = "writes" | "runs" | "pager" | "network" | "config" | "state";

/** One option of a program. */
export interface OptionSpec {
  /** Long names, without the leading dashes. */
  readonly long?: readonly string[];
  /** Short letters (each one a separate short option with the same meaning). */
  readonly short?: string;
  /**
   * `none`: a flag; `value`: takes a value, attached or as the next word;
   * `optional`: takes a value only attached (`-Ovalue`, `--name=value`).
   */
  readonly arity: "none" | "value" | "optional";
  /** What the option does beyond reading, when it does. */
  readonly effect?: Effect;
}

/** Whether an invocation is read-only, given its parsed options. */
export type ReadOnlyCheck = (inv: Invocation, parsed: ParsedOptions) => boolean;

/** Everything the classifier knows about one program. */
export interface ProgramRecord {
  /** Normalised program names and aliases it is invoked as. */
  readonly names: readonly string[];
  /** How its long options are matched. */
  readonly longMatch: LongMatch;
  /** Options that take a value or do more than read (others are flags that only read). */
  readonly options: readonly OptionSpec[];
  /** `--no-NAME` turns NAME off (git parse-options). */
  readonly longNegation?: boolean;
  /** Options end at the first operand (a subcommand, or POSIX order). */
  readonly stopAtOperand?: boolean;
  /**
   * Read-only when: `always` (no option given has an effect), `never`, or a
   * predicate. An option with an effect is never read-only in any case.
   */
  readonly readOnly: "always" | "never" | ReadOnlyCheck;
  /** Dangerous families its judge can report (documentation and tests). */
  readonly families?: readonly FamilyId[];
  /** Program-specific judgement: code arguments, subcommands, danger shapes. */
  readonly judge?: (inv: Invocation, parsed: ParsedOptions, out: Findings) => void;
  /** The reason given when it is not read-only and nothing else was reported. */
  readonly notReadOnly?: string;
}
