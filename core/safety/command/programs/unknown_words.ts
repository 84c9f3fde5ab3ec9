/**
 * Words whose value the classifier cannot see: `$X`, `"$X"`, `$(...)`,
 * `$((...))`, or a glob that can match a file named like an option. For a
 * program with any option that writes, runs a program, reaches the network
 * or loads a setting (or whose read-only verdict depends on its words, as
 * find's actions), such a word may become that option (`find . $X` with
 * `X=-delete`, `sort "$X" f` with `X=-o/etc/passwd`), so the command is not
 * read-only. Not counted: a word after a `--` the program honours, a quoted
 * word given as an option's separate value, and a word whose text starts
 * with a literal other than `-`. An unquoted expansion may split into
 * several words, so it counts wherever it stands before `--`. Pure.
 * @module
 */
import type { Arg, Invocation } from "../invocation.ts";
import type { ParsedOptions } from "./_options.ts";
import type { ProgramRecord } from "./_record.ts";

/** find's tests and options that take the next word as their value. */
const FIND_VALUE =
  /^-(?:i?name|i?path|i?wholename|i?regex|i?lname|x?type|[acm]?newer|newer[amcBt][amcBt]?|[acm](?:time|min)|size|user|group|uid|gid|perm|links|inum|samefile|maxdepth|mindepth|fstype|context|used|printf|regextype|files0-from)$/;

/** Whether some option or word of the program can write, run or reach out. */
export function hasDangerousWords(rec: ProgramRecord): boolean {
  return rec.readOnly !== "always" || rec.options.some((o) => o.effect !== undefined);
}

/**
 * Whether the word may be read as an option other than the one its literal
 * start names: it starts with an expansion or glob character, or with a
 * literal `-` whose unknown part comes before the value of a known option
 * (`-$X`, `--$X`; `--format="$F"` and `-t"$SEP"` only give a value).
 */
function mayBeOption(a: Arg, valueStart: number | undefined): boolean {
  if (!a.dynamic && !a.substituted && !a.glob) return false;
  // The text keeps expansions in their source form; a glob character counts only when unquoted.
  const unknownAt = a.text.search(a.glob ? /[$`*?[]/ : /[$`]/);
  if (unknownAt < 0) return false;
  if (unknownAt === 0) return true;
  return a.text.startsWith("-") && (valueStart === undefined || unknownAt < valueStart);
}

/** Indices of words that are an option's separate value, and of the `--` ending options. */
function positions(rec: ProgramRecord, inv: Invocation, parsed: ParsedOptions) {
  const values = new Set<number>();
  /** Where an attached value starts in its option word (`--format=` is 9 characters). */
  const valueStarts = new Map<number, number>();
  if (rec.names[0] === "find") {
    // Read left to right: a test's value is never itself a test (`-name -size "$X"`: -size is
    // the name matched, so "$X" stands alone and may be -delete).
    for (let i = 0; i < inv.argv.length; i++) {
      if (FIND_VALUE.test(inv.argv[i]!)) values.add(++i);
    }
    // find reads `--` only before its starting points.
    return { values, valueStarts, end: inv.argv[0] === "--" ? 0 : inv.argv.length };
  }
  const sub = rec.subOptions?.(inv, parsed) ?? null;
  const from = sub === null ? 0 : (parsed.operands[0]?.index ?? 0) + 1;
  for (const p of sub === null ? [parsed] : [parsed, sub]) {
    for (const u of p.uses) {
      if (!u.attached) values.add(u.valueIndex);
      else if (u.value !== null) {
        valueStarts.set(u.index, inv.argv[u.index]!.length - u.value.length);
      }
    }
  }
  // Past the subcommand, its own reading says which words are operands.
  const operands = new Set((sub ?? parsed).operands.map((o) => o.index));
  const end = inv.argv.findIndex((a, i) =>
    i >= from && a === "--" && !values.has(i) && !operands.has(i)
  );
  return { values, valueStarts, end: end < 0 ? inv.argv.length : end };
}

/**
 * True when a word of unknown value may become an option with an effect.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { literalArg } from "../invocation.ts";
 * import { parseOptions } from "./_options.ts";
 * import { recordFor } from "./records.ts";
 * import { mayBecomeOption } from "./unknown_words.ts";
 * const sort = recordFor("sort")!;
 * const inv = (args: ReturnType<typeof literalArg>[]) => ({
 *   program: "sort", args, argv: args.map((a) => a.text), redirects: [], wrappers: [],
 *   stdinText: [], pipeIn: false, pipeOut: false,
 * });
 * const quotedVar = { ...literalArg("$X"), dynamic: true, quoted: true };
 * const a = inv([quotedVar, literalArg("f")]);
 * assert.equal(mayBecomeOption(sort, a, parseOptions(sort, a.argv)), true);
 * const b = inv([literalArg("--"), quotedVar]);
 * assert.equal(mayBecomeOption(sort, b, parseOptions(sort, b.argv)), false);
 * const cat = recordFor("cat")!;
 * assert.equal(mayBecomeOption(cat, a, parseOptions(cat, a.argv)), false);
 * ```
 */
export function mayBecomeOption(
  rec: ProgramRecord,
  inv: Invocation,
  parsed: ParsedOptions,
): boolean {
  if (!hasDangerousWords(rec) || inv.args.length !== inv.argv.length) return false;
  if (!inv.args.some((a) => a.dynamic || a.substituted || a.glob)) return false;
  const { values, valueStarts, end } = positions(rec, inv, parsed);
  for (let i = 0; i < end; i++) {
    const a = inv.args[i]!;
    // Split or globbed into several words, the words after the first are not an option's value.
    if (a.splits === true || (a.glob && mayBeOption(a, valueStarts.get(i)))) return true;
    if (!values.has(i) && mayBeOption(a, valueStarts.get(i))) return true;
  }
  return false;
}
