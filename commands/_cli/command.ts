/**
 * The command contract: one object per subcommand carrying its flags, its
 * help and a thin run(). Flags are parsed with parseArgs semantics; help
 * text is rendered from the same data by commands/_cli/help.ts (and so are
 * the docs/ reference and the skill's command list), which a command that
 * only runs never loads. The parser is commands/_cli/parse_argv.ts, which
 * keeps node:util parseArgs' semantics without booting Node compatibility.
 * @module
 */
import { UsageError } from "../../core/errors.ts";
import { closestMatch } from "../../core/closest.ts";
import type { Io } from "../_adapters/io.ts";
import { ArgvError, type ArgvOption, parseArgv } from "./parse_argv.ts";
import { safeWord } from "../../core/errors.ts";
export { safeWord };

/** What every flag has. */
interface FlagBase {
  /** Long name without dashes. */
  name: string;
  /** One-letter alias. */
  short?: string;
  /** Placeholder for the value in help (`FILE`, `N`). */
  value?: string;
  /** One line. */
  summary: string;
  /** Longer help. */
  doc?: string;
  /** The flag may be given more than once. */
  multiple?: boolean;
}

/**
 * One flag of a command. An integer flag owns its value: the parser checks
 * the range and applies the default, and help shows both from here, so the
 * value used and the value shown cannot differ.
 */
export type FlagSpec =
  | FlagBase & { type: "boolean" }
  | FlagBase & {
    type: "string";
    /** Shown in help only: the command applies it. Prefer an integer flag for numbers. */
    default?: string;
  }
  | FlagBase & {
    type: "integer";
    /** Applied by the parser when the flag is absent; none: the flag is undefined. */
    default?: number;
    min: number;
    max: number;
  };

/** Parsed flags and positionals. */
export interface ParsedArgs {
  /** Values by flag name; an integer flag's value is a number, in range, its default when absent. */
  flags: Record<string, string | boolean | string[] | number | undefined>;
  positionals: string[];
  /** Arguments after a literal `--`. */
  rest: string[];
}

/** Where a command is listed in `baton --help` and docs/commands.md. */
export type CommandCategory = "everyday" | "agent-facing" | "setup" | "diagnostics";

/** Every category in listing order, with its heading. */
export const CATEGORIES: readonly { id: CommandCategory; heading: string }[] = [
  { id: "everyday", heading: "Everyday" },
  { id: "agent-facing", heading: "Agent-facing (run by an agent or a host's hooks)" },
  { id: "setup", heading: "Setup" },
  { id: "diagnostics", heading: "Diagnostics" },
];

/** A subcommand. */
export interface Command {
  name: string;
  category: CommandCategory;
  /** One line of at most 60 characters, no final full stop. */
  summary: string;
  /**
   * The long help: paragraphs separated by a blank line ("\n\n"), wrapped
   * to the terminal when printed.
   */
  description: string;
  /** Positional arguments in help, e.g. `FILE`. */
  usage?: string;
  examples: string[];
  flags: FlagSpec[];
  /** Accepts positionals (otherwise extra words are a usage error). */
  maxPositionals?: number;
  /** Hidden from `baton --help` and the generated docs (internal helpers). */
  hidden?: boolean;
  /**
   * Fail open: any error this command meets, flag parsing included, prints
   * one line on stderr and exits with this status, and nothing goes to
   * stdout. Hooks use 0: a host must never be blocked by baton.
   */
  exitOnError?: number;
  /** Validates, calls core, formats, writes through io; returns the exit code. */
  run(args: ParsedArgs, io: Io): Promise<number>;
}

/** Flags every command accepts. */
export const COMMON_FLAGS: readonly FlagSpec[] = [
  { name: "json", type: "boolean", summary: "Print the result as one JSON document on stdout" },
  { name: "help", short: "h", type: "boolean", summary: "Show this help" },
];

/** Every flag of a command including the common ones. */
export function allFlags(command: Command): FlagSpec[] {
  return [...command.flags, ...COMMON_FLAGS];
}

/**
 * Parses argv for one command; unknown flags become a UsageError naming the
 * closest known flag.
 * @throws {UsageError}
 */
export function parseFlags(command: Command, argv: readonly string[]): ParsedArgs {
  const dashDash = argv.indexOf("--");
  const head = dashDash >= 0 ? argv.slice(0, dashDash) : argv;
  const rest = dashDash >= 0 ? argv.slice(dashDash + 1) : [];
  const flags = allFlags(command);
  for (const word of head) {
    if (!word.startsWith("-") || word === "-") continue;
    const name = word.startsWith("--") ? word.slice(2).split("=")[0]! : word.slice(1, 2);
    const known = word.startsWith("--")
      ? flags.some((f) => f.name === name)
      : flags.some((f) => f.short === name);
    if (!known) {
      const hint = closestMatch(name, flags.map((f) => f.name));
      throw new UsageError(
        `Unknown flag for "${command.name}": ${safeWord(word)}` +
          (hint === undefined ? "" : ` (did you mean --${hint}?)`),
      );
    }
  }
  const options: Record<string, ArgvOption> = {};
  for (const f of flags) {
    options[f.name] = {
      type: f.type === "integer" ? "string" : f.type,
      ...(f.short === undefined ? {} : { short: f.short }),
      ...(f.multiple === true ? { multiple: true } : {}),
    };
  }
  let parsed;
  try {
    parsed = parseArgv(head, options);
  } catch (e) {
    if (!(e instanceof ArgvError)) throw e;
    throw new UsageError(`Cannot parse flags for "${command.name}": ${flagProblem(e)}`, {
      cause: e,
    });
  }
  const max = command.maxPositionals ?? 0;
  if (parsed.positionals.length > max) {
    throw new UsageError(
      `Too many arguments for "${command.name}": got ${parsed.positionals.length}, expected at most ${max}`,
    );
  }
  const values = parsed.values as ParsedArgs["flags"];
  for (const f of flags) {
    if (f.type === "integer") values[f.name] = integerValue(f, values[f.name]);
  }
  return { flags: values, positionals: parsed.positionals, rest };
}

/**
 * An integer flag's value: the one given, checked against the spec's range,
 * or the spec's default.
 * @throws {UsageError} when the value is not an integer in range.
 */
function integerValue(
  f: Extract<FlagSpec, { type: "integer" }>,
  given: ParsedArgs["flags"][string],
): number | undefined {
  if (given === undefined) return f.default;
  return checkedInteger(f.name, typeof given === "string" ? given : "", f.min, f.max);
}

function checkedInteger(name: string, text: string, min: number, max: number): number {
  if (!/^[0-9]{1,9}$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`Invalid value for --${name}: expected an integer from ${min} to ${max}`);
  }
  return Number(text);
}

function flagProblem(e: ArgvError): string {
  switch (e.problem) {
    case "missing_value":
      return "a flag that takes a value was given none";
    case "unexpected_value":
      return "a boolean flag was given a value";
    case "option_like_value":
      return "a flag's value starts with a dash; write it as --flag=VALUE";
    case "unknown_option":
      return "the flags do not match the command's options";
  }
}

/** Reads a string flag. */
export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags[name];
  return typeof v === "string" ? v : undefined;
}

/** Reads a boolean flag. */
export function boolFlag(args: ParsedArgs, name: string): boolean {
  return args.flags[name] === true;
}

/**
 * Reads an integer flag: an `integer` flag's parsed value (its range and
 * default applied by the parser), or a `string` flag checked against `min`
 * and `max` here (flags not yet moved to the integer type).
 * @throws {UsageError} when a string flag's value is not an integer in range.
 */
export function intFlag(
  args: ParsedArgs,
  name: string,
  min = 1,
  max = 10_000_000,
): number | undefined {
  const v = args.flags[name];
  if (typeof v === "number") return v;
  if (typeof v !== "string") return undefined;
  return checkedInteger(name, v, min, max);
}
