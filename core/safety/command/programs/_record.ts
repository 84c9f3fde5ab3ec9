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
import type { LongMatch, OptionSpec, ParsedOptions } from "./_options.ts";

export type { Effect, LongMatch, OptionSpec } from "./_options.ts";

/** Whether an invocation is read-only, given its parsed options. */
export type ReadOnlyCheck = (inv: Invocation, parsed: ParsedOptions) => boolean;

/** Everything the classifier knows about one program. */
export interface ProgramRecord {
  /** Normalised program names and aliases it is invoked as. */
  readonly names: readonly string[];
  /** Further names, by pattern (versioned interpreters such as python3.12). */
  readonly namePattern?: RegExp;
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
  /**
   * The options of its subcommand, read from the word after it (git's `log`,
   * `diff`): which words are option values and where `--` ends them.
   */
  readonly subOptions?: (inv: Invocation, parsed: ParsedOptions) => ParsedOptions | null;
  /** Dangerous families its judge can report (documentation and tests). */
  readonly families?: readonly FamilyId[];
  /** Program-specific judgement: code arguments, subcommands, danger shapes. */
  readonly judge?: (inv: Invocation, parsed: ParsedOptions, out: Findings) => void;
  /** The reason given when it is not read-only and nothing else was reported. */
  readonly notReadOnly?: string;
}
