/**
 * A strict argv parser with the semantics of node:util `parseArgs` in strict
 * mode with positionals allowed, for the option shapes baton's command table
 * uses (boolean and string flags, one-letter aliases, repeated flags).
 *
 * Why not node:util itself: the first `node:` import boots Deno's Node
 * compatibility layer, measured here at about 11 ms — 40% of a bare `deno run`
 * hello world — and hooks run baton before every tool call. A parity test
 * (tests/commands/parse_argv_test.ts) runs generated argv through both parsers
 * and requires the same answer, so node:util stays the oracle.
 * @module
 */

/** One option, as in parseArgs' `options`. */
export interface ArgvOption {
  type: "boolean" | "string";
  short?: string;
  multiple?: boolean;
}

/** The parsed values and positionals, as parseArgs returns them. */
export interface ArgvResult {
  values: Record<string, string | boolean | (string | boolean)[]>;
  positionals: string[];
}

/** Why argv could not be parsed. */
export type ArgvProblem =
  | "unknown_option"
  | "missing_value"
  | "unexpected_value"
  | "option_like_value";

/** Thrown by {@linkcode parseArgv}; `problem` says which rule was broken. */
export class ArgvError extends TypeError {
  /** Which rule the argv broke. */
  readonly problem: ArgvProblem;
  /** Creates the error; the message never holds the argument itself. */
  constructor(problem: ArgvProblem) {
    super(`Cannot parse arguments: ${problem.replaceAll("_", " ")}`);
    this.name = "ArgvError";
    this.problem = problem;
  }
}

function store(
  values: ArgvResult["values"],
  name: string,
  option: ArgvOption,
  value: string | boolean,
): void {
  if (option.multiple === true) {
    const list = values[name];
    if (Array.isArray(list)) list.push(value);
    else values[name] = [value];
  } else {
    values[name] = value;
  }
}

// parseArgs (strict) refuses a value that looks like an option, such as
// `--draft -x`; `--draft=-x` is the way to pass one. A lone "-" is a value.
function takeValue(next: string | undefined): string {
  if (next === undefined) throw new ArgvError("missing_value");
  if (next.length > 1 && next.startsWith("-")) throw new ArgvError("option_like_value");
  return next;
}

/**
 * Parses `args` against `options`; everything after a literal `--` is
 * positional, as in parseArgs.
 * @throws {ArgvError} when an option is unknown, lacks its value, or a
 * boolean is given one.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const r = parseArgv(["-d", "x.json", "--json", "file"], {
 *   draft: { type: "string", short: "d" },
 *   json: { type: "boolean" },
 * });
 * assert.deepEqual(r, { values: { draft: "x.json", json: true }, positionals: ["file"] });
 * ```
 */
export function parseArgv(
  args: readonly string[],
  options: Readonly<Record<string, ArgvOption>>,
): ArgvResult {
  const values: ArgvResult["values"] = Object.create(null);
  const positionals: string[] = [];
  const byShort = new Map<string, string>();
  for (const [name, o] of Object.entries(options)) {
    if (o.short !== undefined) byShort.set(o.short, name);
  }
  const optionOf = (name: string): ArgvOption => {
    if (!Object.hasOwn(options, name)) throw new ArgvError("unknown_option");
    return options[name]!;
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      const option = optionOf(name);
      if (eq >= 0) {
        if (option.type === "boolean") throw new ArgvError("unexpected_value");
        store(values, name, option, arg.slice(eq + 1));
      } else if (option.type === "string") {
        store(values, name, option, takeValue(args[++i]));
      } else {
        store(values, name, option, true);
      }
      continue;
    }
    if (arg.length < 2 || !arg.startsWith("-")) {
      positionals.push(arg);
      continue;
    }
    // A group of short options: `-ab`, `-dFILE` (a string option takes the
    // rest of the group as its value), `-d FILE`.
    for (let j = 1; j < arg.length; j++) {
      const name = byShort.get(arg[j]!);
      if (name === undefined) throw new ArgvError("unknown_option");
      const option = options[name]!;
      if (option.type === "boolean") {
        store(values, name, option, true);
        continue;
      }
      if (j + 1 < arg.length) store(values, name, option, arg.slice(j + 1));
      else store(values, name, option, takeValue(args[++i]));
      break;
    }
  }
  return { values: { ...values }, positionals };
}
