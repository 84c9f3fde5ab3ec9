/**
 * Arguments the text does not show: xargs appends what it reads (a file's
 * lines with -a, a pipe, stdin) to the program's arguments, and they may be
 * options — `-o FILE` for sort, `--pre=CMD` for rg, `--output=FILE` for
 * git log, `-delete` for find — or one operand too many (uniq writes its
 * second operand). A program so fed keeps the verdict its shown arguments
 * earn only when no added argument can change it: its record reads
 * whatever its operands, and either it has no option with an effect or
 * the added words cannot be options (they follow a `--` that ends the
 * options, not one that is an option's value as in `sort -T --`, and xargs
 * does not put them where `-I`'s replace string stands; they are the paths
 * find prints with -print0 and xargs -0 reads, each starting with one of its
 * roots; or the positional parameters of a shell's `-c` string). Pure.
 * @module
 */
import type { Findings, Invocation } from "../invocation.ts";
import { endsOptions, recordFor, showsScript } from "../programs/records.ts";
import { SHELLS } from "./exec.ts";
import { shellWords } from "../shell_quote.ts";

/** A shell given a `-c` string: what xargs adds are its positional parameters, not options. */
function shellCommandString(inv: Invocation): boolean {
  if (!SHELLS.has(inv.program)) return false;
  for (const a of inv.argv) {
    if (!a.startsWith("-") || a === "-" || a === "--") return false;
    if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(a)) return true;
  }
  return false;
}

/**
 * Programs whose first operand is a script or an expression their record
 * judges (sed's `w FILE` and `e CMD`, jq's `env`, yq's `load()`), by the
 * first of their names, with the options that give it instead.
 */
const SCRIPT_OPERAND: ReadonlyMap<string, readonly string[]> = new Map([
  ["sed", ["expression", "file"]],
  ["jq", ["from-file"]],
  ["yq", ["from-file", "expression"]],
]);

/**
 * Reports a program fed arguments by xargs whose verdict those arguments
 * could change.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { addedArgumentsRule } from "./added_args.ts";
 * const seen: string[] = [];
 * const out = { dangerous: () => {}, review: (r: string) => void seen.push(r), nested: () => {}, executes: () => {} };
 * const inv = (program: string, argv: string[], more = {}) => ({
 *   program, argv, args: [], redirects: [], wrappers: ["xargs"], stdinText: [], pipeIn: true, pipeOut: false, ...more,
 * });
 * addedArgumentsRule(inv("wc", ["-l"]), out);
 * addedArgumentsRule(inv("sort", ["--"]), out);
 * addedArgumentsRule(inv("sort", [], { fedByFind: true }), out);
 * addedArgumentsRule(inv("sh", ["-c", "ls \"$1\""]), out);
 * assert.deepEqual(seen, []);
 * addedArgumentsRule(inv("sort", []), out);
 * addedArgumentsRule(inv("uniq", ["--"]), out);
 * addedArgumentsRule(inv("sort", ["-T", "--"]), out);
 * addedArgumentsRule(inv("sort", ["{}", "--"], { inputInArgs: true }), out);
 * assert.equal(seen.length, 4);
 * ```
 */
export function addedArgumentsRule(inv: Invocation, out: Findings): void {
  if (!inv.wrappers.includes("xargs")) return;
  // Known input (`echo 'rm -rf ~' | xargs -I{} sh -c {}`): the commands xargs builds are judged.
  for (const text of inv.stdinText) {
    for (const built of xargsCommands(inv, text)) out.nested(built, "xargs input");
  }
  const rec = recordFor(inv.program);
  // A program without a record is never read-only anyway.
  if (rec === undefined || shellCommandString(inv)) return;
  const scriptBy = SCRIPT_OPERAND.get(rec.names[0]!);
  if (scriptBy !== undefined && !showsScript(rec, inv.argv, scriptBy)) {
    out.review(`${inv.program}: xargs gives it the script the text does not show`);
    return;
  }
  const notOptions = inv.fedByFind === true ||
    (inv.inputInArgs !== true && endsOptions(rec, inv.argv));
  if (
    rec.readOnly !== "always" ||
    (!notOptions && rec.options.some((o) => o.effect !== undefined))
  ) {
    out.review(
      `${inv.program}: xargs adds arguments the text does not show, options or operands that change what it does`,
    );
  }
}

/** Most input lines, and readings of an unknown replace string, judged per xargs invocation. */
const MAX_BUILT = 8;

/**
 * The items xargs reads from `text`, as GNU xargs parses them: quotes (`'a b'`, `"a b"`) and a
 * backslash keep blanks in an item and are removed; items end at unquoted blanks, or, for
 * `perLine` (`-I`), at the end of a line (leading blanks dropped).
 */
export function xargsItems(text: string, perLine: boolean): string[] {
  const items: string[] = [];
  let item = "";
  let started = false;
  let quote: string | null = null;
  for (let i = 0; i < text.length && items.length < 4096; i++) {
    const c = text[i]!;
    if (quote !== null) {
      if (c === quote) quote = null;
      else item += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      started = true;
    } else if (c === "\\" && i + 1 < text.length) {
      item += text[++i];
      started = true;
    } else if (c === "\n" || (!perLine && /\s/.test(c))) {
      if (started) items.push(item);
      item = "";
      started = false;
    } else if (perLine && !started && /\s/.test(c)) {
      continue;
    } else {
      item += c;
      started = true;
    }
  }
  if (started) items.push(item);
  return items;
}

/**
 * The command lines xargs builds from a known input: with `-I`/`-i`/`--replace`, one per input
 * line, the line put where `{}` stands (or, for another replace string, at each operand in
 * turn); otherwise the input's items appended.
 */
function xargsCommands(inv: Invocation, text: string): string[] {
  const line = (argv: readonly string[]) => shellWords([inv.program, ...argv]);
  if (inv.nulInput === true) {
    return [line([...inv.argv, ...text.split("\0").filter((w) => w !== "").slice(0, 4096)])];
  }
  if (inv.inputInArgs !== true) return [line([...inv.argv, ...xargsItems(text, false)])];
  const out: string[] = [];
  for (const input of xargsItems(text, true).slice(0, MAX_BUILT)) {
    if (inv.argv.some((a) => a.includes("{}"))) {
      out.push(line(inv.argv.map((a) => a.replaceAll("{}", input))));
      continue;
    }
    inv.argv.forEach((a, i) => {
      if (!a.startsWith("-") && out.length < MAX_BUILT) {
        out.push(line(inv.argv.map((b, j) => j === i ? input : b)));
      }
    });
  }
  return out;
}
