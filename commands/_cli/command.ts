/**
 * The command contract: one object per subcommand carrying its flags, its
 * help and a thin run(). Flags are parsed with parseArgs semantics; help
 * text is rendered from the same data (and so are the docs/ reference and
 * the skill's command list). Help is wrapped to the terminal's width by
 * core/text_wrap.ts. The parser is commands/_cli/parse_argv.ts, which keeps
 * node:util parseArgs' semantics without booting Node compatibility.
 * @module
 */
import { UsageError } from "../../core/errors.ts";
import { wrapText } from "../../core/text_wrap.ts";
import { closestMatch } from "./closest.ts";
import type { Io, TextSink } from "../_adapters/io.ts";
import { ArgvError, type ArgvOption, parseArgv } from "./parse_argv.ts";
import { safeWord } from "../../core/safe_word.ts";
export { safeWord };

/** One flag of a command. */
export interface FlagSpec {
  /** Long name without dashes. */
  name: string;
  type: "boolean" | "string";
  /** One-letter alias. */
  short?: string;
  /** Shown in help; strings only. */
  default?: string;
  /** Placeholder for the value in help (`FILE`, `N`). */
  value?: string;
  /** One line. */
  summary: string;
  /** Longer help. */
  doc?: string;
  /** The flag may be given more than once. */
  multiple?: boolean;
}

/** Parsed flags and positionals. */
export interface ParsedArgs {
  flags: Record<string, string | boolean | string[] | undefined>;
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
      type: f.type,
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
  return {
    flags: parsed.values as ParsedArgs["flags"],
    positionals: parsed.positionals,
    rest,
  };
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
 * Reads a positive integer flag.
 * @throws {UsageError} when the value is not a positive integer.
 */
export function intFlag(
  args: ParsedArgs,
  name: string,
  min = 1,
  max = 10_000_000,
): number | undefined {
  const v = stringFlag(args, name);
  if (v === undefined) return undefined;
  if (!/^[0-9]{1,9}$/.test(v) || Number(v) < min || Number(v) > max) {
    throw new UsageError(`Invalid value for --${name}: expected an integer from ${min} to ${max}`);
  }
  return Number(v);
}

function flagLine(f: FlagSpec): string {
  const short = f.short === undefined ? "    " : `-${f.short}, `;
  const value = f.type === "string" ? ` ${f.value ?? "VALUE"}` : "";
  return `${short}--${f.name}${value}`;
}

/** Widest help ever printed, however wide the terminal. */
export const MAX_HELP_WIDTH = 100;
/** Width of help when the output is not a terminal (a pipe, a file, a test). */
export const DEFAULT_HELP_WIDTH = 80;

/**
 * The width to wrap help to for `sink`: the terminal's width when it is a
 * terminal that reports one (at most 100, at least 20), else 80.
 */
export function helpWidth(sink: TextSink): number {
  const columns = sink.isTerminal ? sink.columns?.() : undefined;
  if (columns === undefined || !Number.isFinite(columns) || columns <= 0) return DEFAULT_HELP_WIDTH;
  return Math.min(MAX_HELP_WIDTH, Math.max(20, Math.floor(columns)));
}

/** Below this many columns for a flag's text, it goes under the flag instead of beside it. */
const MIN_FLAG_TEXT = 28;

/** Renders `baton <command> --help`, wrapped to `width` columns. */
export function renderHelp(command: Command, width: number = DEFAULT_HELP_WIDTH): string {
  const lines: string[] = [];
  lines.push(wrapText(`baton ${command.name}: ${command.summary}`, width, { hang: "  " }), "");
  lines.push(
    wrapText(
      `Usage: baton ${command.name} [flags]${command.usage ? ` ${command.usage}` : ""}`,
      width,
      {
        hang: "       ",
      },
    ),
    "",
  );
  lines.push(wrapText(command.description, width), "");
  lines.push("Flags:");
  const flags = allFlags(command);
  const column = 2 + Math.max(...flags.map((f) => flagLine(f).length)) + 2;
  const beside = width - column >= MIN_FLAG_TEXT;
  const hang = " ".repeat(beside ? column : 8);
  for (const f of flags) {
    const def = f.default === undefined ? "" : ` (default: ${f.default})`;
    const text = `${f.summary}${def}${f.doc ? `\n${f.doc}` : ""}`;
    if (beside) {
      lines.push(wrapText(text, width, { prefix: `  ${flagLine(f)}`.padEnd(column), hang }));
    } else {
      lines.push(`  ${flagLine(f)}`, wrapText(text, width, { prefix: hang, hang }));
    }
  }
  if (command.examples.length > 0) {
    lines.push("", "Examples:");
    for (const ex of command.examples) {
      lines.push(wrapText(ex, width, { prefix: "  ", hang: "      " }));
    }
  }
  return lines.join("\n") + "\n";
}
