/**
 * The shared option matcher: reads a program's arguments the way its own
 * parser does — short clusters (`-nf FILE`, `-S1K`), values attached,
 * separate or after `=`, and long options matched exactly or by any
 * unambiguous prefix (GNU getopt_long, argp, git's parse-options: an exact
 * name wins, a prefix of several options is ambiguous). Pure.
 * @module
 */
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

/** One option found in the arguments. */
export interface OptionUse {
  readonly spec: OptionSpec;
  /** The full long name, or the short letter, it was matched to. */
  readonly name: string;
  /** `--no-NAME` (git parse-options): the option turned off. */
  readonly negated: boolean;
  /** Its value, or null when it has none. */
  readonly value: string | null;
  /** Index of the option word in argv. */
  readonly index: number;
  /** Index of the word holding the value (the option word itself when attached). */
  readonly valueIndex: number;
  /** The value was attached to the option word. */
  readonly attached: boolean;
}

/** An operand (a word that is not an option or an option's value). */
export interface Operand {
  readonly text: string;
  readonly index: number;
}

/** What {@linkcode parseOptions} found. */
export interface ParsedOptions {
  readonly uses: OptionUse[];
  readonly operands: Operand[];
  /** Long options written as a prefix of several options (the program refuses them or guesses). */
  ambiguous: number;
  /** Long options matching no declared option. */
  readonly unknown: string[];
}

/** How to read one argument list. */
export interface OptionSyntax {
  readonly options: readonly OptionSpec[];
  readonly longMatch: LongMatch;
  /** `--no-NAME` turns NAME off (git parse-options). */
  readonly longNegation?: boolean;
  /** Options end at the first operand (POSIX order) instead of anywhere (GNU permutation). */
  readonly stopAtOperand?: boolean;
}

interface Index {
  long: Map<string, OptionSpec>;
  longNames: string[];
  short: Map<string, OptionSpec>;
}

const INDEXES = new WeakMap<readonly OptionSpec[], Index>();

function indexOf(options: readonly OptionSpec[]): Index {
  let ix = INDEXES.get(options);
  if (ix !== undefined) return ix;
  ix = { long: new Map(), longNames: [], short: new Map() };
  for (const o of options) {
    for (const l of o.long ?? []) {
      ix.long.set(l, o);
      ix.longNames.push(l);
    }
    for (const s of o.short ?? "") ix.short.set(s, o);
  }
  INDEXES.set(options, ix);
  return ix;
}

/** The result of matching one long name. */
export type LongLookup =
  | { readonly kind: "one"; readonly spec: OptionSpec; readonly name: string }
  | { readonly kind: "ambiguous" }
  | { readonly kind: "none" };

/**
 * Matches a long option name (without dashes and value) by a convention.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { matchLong } from "./_options.ts";
 * const options = [
 *   { long: ["output"], arity: "value" },
 *   { long: ["compress-program"], arity: "value" },
 *   { long: ["check"], arity: "optional" },
 * ] as const;
 * assert.equal(matchLong(options, "o", "prefix").kind, "one");
 * assert.equal(matchLong(options, "c", "prefix").kind, "ambiguous");
 * assert.equal(matchLong(options, "o", "exact").kind, "none");
 * ```
 */
export function matchLong(
  options: readonly OptionSpec[],
  name: string,
  match: LongMatch,
): LongLookup {
  const ix = indexOf(options);
  const exact = ix.long.get(name);
  if (exact !== undefined) return { kind: "one", spec: exact, name };
  if (match === "exact" || name === "") return { kind: "none" };
  let found: { spec: OptionSpec; name: string } | null = null;
  for (const full of ix.longNames) {
    if (!full.startsWith(name)) continue;
    const spec = ix.long.get(full)!;
    if (found !== null && found.spec !== spec) return { kind: "ambiguous" };
    found ??= { spec, name: full };
  }
  return found === null ? { kind: "none" } : { kind: "one", ...found };
}

/**
 * Reads an argument list by a program's option syntax.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseOptions } from "./_options.ts";
 * const syntax = {
 *   longMatch: "prefix" as const,
 *   options: [
 *     { long: ["output"], short: "o", arity: "value" as const, effect: "writes" as const },
 *     { long: ["buffer-size"], short: "S", arity: "value" as const },
 *   ],
 * };
 * const p = parseOptions(syntax, ["-S1K", "--out=x", "f"]);
 * assert.deepEqual(p.uses.map((u) => [u.name, u.value]), [["S", "1K"], ["output", "x"]]);
 * assert.deepEqual(p.operands.map((o) => o.text), ["f"]);
 * ```
 */
export function parseOptions(
  syntax: OptionSyntax,
  argv: readonly string[],
  from = 0,
): ParsedOptions {
  const ix = indexOf(syntax.options);
  const out: ParsedOptions = { uses: [], operands: [], ambiguous: 0, unknown: [] };
  let done = false;
  for (let i = from; i < argv.length; i++) {
    const a = argv[i]!;
    if (done || a === "-" || !a.startsWith("-")) {
      out.operands.push({ text: a, index: i });
      if (syntax.stopAtOperand === true) done = true;
      continue;
    }
    if (a === "--") {
      done = true;
      continue;
    }
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      let found = matchLong(syntax.options, name, syntax.longMatch);
      let negated = false;
      if (found.kind === "none" && syntax.longNegation === true && name.startsWith("no-")) {
        found = matchLong(syntax.options, name.slice(3), syntax.longMatch);
        negated = found.kind === "one";
      }
      if (found.kind === "ambiguous") {
        out.ambiguous++;
        continue;
      }
      if (found.kind === "none") {
        out.unknown.push(name);
        continue;
      }
      const { spec } = found;
      if (eq >= 0) {
        out.uses.push({
          spec,
          name: found.name,
          negated,
          value: a.slice(eq + 1),
          index: i,
          valueIndex: i,
          attached: true,
        });
      } else if (spec.arity === "value" && !negated) {
        out.uses.push({
          spec,
          name: found.name,
          negated,
          value: argv[i + 1] ?? null,
          index: i,
          valueIndex: i + 1,
          attached: false,
        });
        i++;
      } else {
        out.uses.push({
          spec,
          name: found.name,
          negated,
          value: null,
          index: i,
          valueIndex: i,
          attached: false,
        });
      }
      continue;
    }
    // A short cluster: -abc, -oFILE, -o FILE.
    for (let k = 1; k < a.length; k++) {
      const letter = a[k]!;
      const spec = ix.short.get(letter);
      if (spec === undefined) continue;
      const rest = a.slice(k + 1);
      if (spec.arity === "none") {
        out.uses.push({
          spec,
          name: letter,
          negated: false,
          value: null,
          index: i,
          valueIndex: i,
          attached: false,
        });
        continue;
      }
      if (rest !== "" || spec.arity === "optional") {
        out.uses.push({
          spec,
          name: letter,
          negated: false,
          value: rest === "" ? null : rest,
          index: i,
          valueIndex: i,
          attached: rest !== "",
        });
      } else {
        out.uses.push({
          spec,
          name: letter,
          negated: false,
          value: argv[i + 1] ?? null,
          index: i,
          valueIndex: i + 1,
          attached: false,
        });
        i++;
      }
      break;
    }
  }
  return out;
}

/** The uses of an option by any of its names (long or short). */
export function usesOf(parsed: ParsedOptions, ...names: string[]): OptionUse[] {
  return parsed.uses.filter((u) =>
    !u.negated &&
    (names.includes(u.name) || (u.spec.long ?? []).some((l) => names.includes(l)) ||
      [...(u.spec.short ?? "")].some((s) => names.includes(s)))
  );
}

/** True when the option is given (not negated), by any of its names. */
export function given(parsed: ParsedOptions, ...names: string[]): boolean {
  return usesOf(parsed, ...names).length > 0;
}
