/**
 * Arithmetic subscripts: bash evaluates an array subscript as arithmetic and
 * runs the `$(...)`, backtick and `${...}` expansions inside it, even when
 * the word was quoted: `[[ 'a[$(rm -rf ~)]' -eq 0 ]]`, `test -v 'a[..]'`,
 * `printf -v 'a[..]' x`, `declare 'a[..]=1'`, `let`, `unset`, `read` and
 * `(( 'a[..]' ))` all run it, as do `${!ref}`, `${arr[ref]}`, `${#arr[ref]}`,
 * `${x:ref}` and the assignment `arr[ref]=v` when `ref` holds such a name, in
 * any word bash expands (an argument, an assignment value, a redirection).
 * Such a word is at least review, and the text of every substitution in it
 * is judged as a command. Arithmetic that evaluates a variable whose value
 * is not known here (not set to a literal earlier in the text) is at least
 * review too: that value may be anything, `a[$(cmd)]` included. Pure.
 * @module
 */
import type { Findings, Invocation } from "../invocation.ts";
import type { Group, ShellNode } from "../parse_shell.ts";
import { integerKey } from "../written_variables.ts";

/** Builtins whose every operand may name an array element or be arithmetic. */
const NAME_BUILTINS = new Set([
  "declare",
  "typeset",
  "local",
  "readonly",
  "export",
  "let",
  "unset",
  "read",
  "mapfile",
  "readarray",
  "getopts",
  "wait",
]);

const TESTS = new Set(["test", "[", "[["]);
const ARITH_OPS = /^-(?:eq|ne|lt|le|gt|ge)$/;

/**
 * A word with a subscript that holds an expansion (a plain `$name` too: its
 * value is itself evaluated as arithmetic, subscripts and all).
 */
function hasSubscriptExpansion(word: string): boolean {
  const open = word.indexOf("[");
  return open !== -1 && /\$[({A-Za-z_]|`/.test(word.slice(open));
}

/**
 * The texts of the `$(...)` and backtick substitutions in `text`, outermost
 * only (nested ones are found when these are judged).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { substitutionTexts } from "./arith.ts";
 * assert.deepEqual(substitutionTexts("a[$(rm -rf ~)] + b[`id`]"), ["rm -rf ~", "id"]);
 * assert.deepEqual(substitutionTexts("a[$(echo $(id))]"), ["echo $(id)"]);
 * assert.deepEqual(substitutionTexts("a[1]"), []);
 * ```
 */
export function substitutionTexts(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text.startsWith("$(", i)) {
      let depth = 1;
      let j = i + 2;
      let quote = "";
      while (j < text.length && depth > 0) {
        const c = text[j]!;
        if (quote !== "") {
          if (c === quote) quote = "";
          else if (c === "\\" && quote === '"') j++;
        } else if (c === "'" || c === '"') quote = c;
        else if (c === "\\") j++;
        else if (c === "(") depth++;
        else if (c === ")") depth--;
        j++;
      }
      out.push(text.slice(i + 2, depth === 0 ? j - 1 : j));
      i = j;
      continue;
    }
    if (text[i] === "`") {
      const end = text.indexOf("`", i + 1);
      out.push(text.slice(i + 1, end === -1 ? text.length : end));
      i = end === -1 ? text.length : end + 1;
      continue;
    }
    i++;
  }
  return out;
}

function arithmeticWords(inv: Invocation): string[] {
  const argv = inv.argv;
  const words: string[] = [];
  if (inv.programWord !== undefined && hasSubscriptExpansion(inv.programWord.text)) {
    // `(( 'a[..]' ))` and any other command whose first word is such a subscript.
    words.push(inv.programWord.text);
  }
  if (TESTS.has(inv.program)) {
    argv.forEach((a, i) => {
      if (a === "-v" && argv[i + 1] !== undefined) words.push(argv[i + 1]!);
      if (ARITH_OPS.test(a)) {
        if (i > 0) words.push(argv[i - 1]!);
        if (argv[i + 1] !== undefined) words.push(argv[i + 1]!);
      }
    });
  } else if (inv.program === "printf") {
    argv.forEach((a, i) => {
      if (a === "-v" && argv[i + 1] !== undefined) words.push(argv[i + 1]!);
      else if (/^-v./.test(a)) words.push(a.slice(2));
    });
  } else if (NAME_BUILTINS.has(inv.program)) {
    words.push(...argv);
  }
  return words;
}

/**
 * A word and the values of the variables it names, followed to a bounded
 * depth: bash evaluates a variable's value as arithmetic too, so
 * `x='a[$(id)]'; [[ x -eq 0 ]]` runs the substitution.
 */
function withValues(word: string, vars: ReadonlyMap<string, string> | undefined): string[] {
  const out = [word];
  if (vars === undefined) return out;
  const seen = new Set<string>();
  let frontier = [word];
  for (let depth = 0; depth < 8 && frontier.length > 0; depth++) {
    const next: string[] = [];
    for (const text of frontier) {
      for (const [name] of text.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
        const value = vars.get(name);
        if (value === undefined || seen.has(name)) continue;
        seen.add(name);
        out.push(value);
        next.push(value);
      }
    }
    frontier = next;
  }
  return out;
}

/**
 * Variables bash itself keeps as numbers: read-only (`UID`, `PPID`...) or
 * set by the shell as it runs (`RANDOM`, `LINENO`, `OPTIND`...). Their
 * value is never a stranger's text.
 */
const SHELL_NUMBERS = new Set([
  "BASHPID",
  "EPOCHSECONDS",
  "EUID",
  "LINENO",
  "OPTIND",
  "PPID",
  "RANDOM",
  "SECONDS",
  "SRANDOM",
  "UID",
]);

/**
 * The variables an arithmetic text evaluates: every name, bare or as `$name`
 * or `${name...}`, except numbers in any base (`0x1f`, `2#101`, `64#@_`) and
 * the target of a plain assignment (`x=1` sets x without reading it; `x+=1`
 * reads it). A positional parameter (`$1`, `${10}`, `$@`, `$*`) is named
 * by its number or sign: its value is an argument (`bash -c '...' _ ARG`, a
 * function's), not seen here. The special parameters (`$#`, `$?`, `$$`)
 * are numbers and no names.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { arithmeticNames } from "./arith.ts";
 * assert.deepEqual(arithmeticNames("X = Y + 0x1f + 2#101 + $Z + ${W} + $1"), ["Y", "Z", "W", "1"]);
 * assert.deepEqual(arithmeticNames("$# + $? + ${#} + $$"), []);
 * assert.deepEqual(arithmeticNames("i++ , n += 2 , a == b"), ["i", "n", "a", "b"]);
 * ```
 */
export function arithmeticNames(text: string): string[] {
  const out: string[] = [];
  const token =
    /[0-9][0-9A-Za-z_#@]*|\$\{?([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*])|([A-Za-z_][A-Za-z0-9_]*)/g;
  for (const m of text.matchAll(token)) {
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[2] !== undefined) {
      // `name =` (not `==`) assigns: the name's value is not read.
      const after = text.slice(m.index! + m[0].length);
      if (!/^\s*=(?!=)/.test(after)) out.push(m[2]);
    }
  }
  return out;
}

/**
 * Whether an arithmetic text evaluates a variable whose value is not known
 * here (set by the environment, by a command's output, a loop, a read):
 * bash evaluates such a value as arithmetic too, and a value such as
 * `a[$(cmd)]` runs `cmd`. Known values are followed (bounded) for the
 * names they evaluate in turn.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { evaluatesUnseen } from "./arith.ts";
 * assert.equal(evaluatesUnseen("X = Y", new Map()), true);
 * assert.equal(evaluatesUnseen("X = Y", new Map([["Y", "2"]])), false);
 * assert.equal(evaluatesUnseen("x", new Map([["x", "Y"]])), true);
 * assert.equal(evaluatesUnseen("1 + 2 * $#", new Map()), false);
 * ```
 */
export function evaluatesUnseen(
  text: string,
  vars: ReadonlyMap<string, string> | undefined,
): boolean {
  const seen = new Set<string>();
  let frontier = [text];
  for (let depth = 0; depth < 8 && frontier.length > 0; depth++) {
    const next: string[] = [];
    for (const t of frontier) {
      for (const name of arithmeticNames(t)) {
        if (SHELL_NUMBERS.has(name) || seen.has(name)) continue;
        seen.add(name);
        // A loop over integer literals set it to an integer (written_variables.ts).
        const value = vars?.get(name) ?? vars?.get(integerKey(name));
        if (value === undefined) return true;
        next.push(value);
      }
    }
    frontier = next;
  }
  // Values still nesting past the bound are not followed: not seen either.
  return frontier.length > 0;
}

const UNSEEN_REASON =
  "arithmetic evaluates a variable whose value is not known here: a value holding an array subscript runs the command inside it";

/** Judges one text bash evaluates as arithmetic: at least review when it reads an unseen value. */
export function arithmeticTextRule(
  text: string,
  vars: ReadonlyMap<string, string> | undefined,
  out: Findings,
): void {
  if (evaluatesUnseen(text, vars)) out.review(UNSEEN_REASON);
}

/**
 * The text of an arithmetic command `((...))` as the parser read it (a
 * group whose body is one group alone, `( (...) )` too, which is taken as
 * arithmetic on the safe side), or null: its assignments, words and
 * redirections put back together, enough to name every variable it reads.
 */
export function arithmeticCommandText(node: Group): string | null {
  const [only, ...rest] = node.body.pipelines;
  if (only === undefined || rest.length > 0 || only.elements.length !== 1) return null;
  const inner = only.elements[0]!;
  if (inner.kind !== "group") return null;
  const parts: string[] = [];
  const walk = (n: ShellNode): void => {
    if (n.kind === "group") {
      for (const p of n.body.pipelines) p.elements.forEach(walk);
      return;
    }
    if (n.kind === "function") return walk(n.body);
    for (const a of n.assignments) {
      const target = a.subscript === undefined ? a.name : `${a.name}[${a.subscript}]`;
      parts.push(`${target}${a.append === true ? "+=" : "="}${a.value.text}`);
    }
    parts.push(...n.words.map((w) => w.text));
    for (const r of n.redirects) parts.push(`${r.op}${r.target?.text ?? ""}`);
  };
  walk(inner);
  return parts.join(" ; ");
}

/**
 * `${param:offset}` and `${param:offset:length}` on a name, an element, an
 * array (`${a[@]:o}`) or the positional parameters: offset and length are
 * arithmetic. `${x:-w}`, `${x:=w}`, `${x:?w}` and `${x:+w}` are not.
 */
const SUBSTRING =
  /\$\{(?:[A-Za-z_][A-Za-z0-9_]{0,63}(?:\[[^\]]{0,256}\])?|[@*]|[0-9]{1,9}):(?![-=?+])([^}]{1,256})\}/g;

/**
 * The arithmetic texts of a word's parameter expansions (subscripts,
 * offsets and lengths; not the name an indirect expansion reads), each
 * with the expansion it came from.
 */
function expansionArithmetic(word: string): { text: string; source: string }[] {
  const out: { text: string; source: string }[] = [];
  for (const m of word.matchAll(/\$\{[!#]?[A-Za-z_][A-Za-z0-9_]{0,63}\[([^\]]{1,256})\]/g)) {
    if (m[1] !== "@" && m[1] !== "*") out.push({ text: m[1]!, source: m[0] });
  }
  for (const m of word.matchAll(SUBSTRING)) out.push({ text: m[1]!, source: m[0] });
  return out;
}

/**
 * An indirect expansion `${!name...}`: alone or with any operator after the
 * name (`${!x:-d}`, `${!x#p}`, `${!x/a/b}`, `${!x^^}`, `${!x@Q}`,
 * `${!x:0:1}`), each of which reads the variable the value of `name`
 * names first; `name` may be a positional parameter (`${!1}`). Not the name lists `${!prefix*}`, `${!prefix@}` and the
 * keys `${!arr[@]}`.
 */
const INDIRECT = /\$\{!([A-Za-z_][A-Za-z0-9_]{0,63}|[0-9]{1,9})(?=[}:#%/^,@+=?-])(?![*@]\})/g;

/**
 * What bash evaluates inside parameter expansions of a word: the variable
 * an indirect `${!name}` names (its value may be `a[$(...)]`, an element
 * whose subscript runs), the subscript of `${arr[expr]}`, `${#arr[expr]}`
 * and `${!arr[expr]}`, and the offset and length of `${x:offset:length}`
 * (all arithmetic, so a variable in them is evaluated with its value's
 * subscripts). The name lists `${!prefix*}`, `${!prefix@}` and
 * `${!arr[@]}` evaluate nothing.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { expansionOperands } from "./arith.ts";
 * assert.deepEqual(expansionOperands("${!ref} ${a[i + 1]} ${!a[@]} ${b[*]}"), ["ref", "i + 1"]);
 * assert.deepEqual(expansionOperands("${!r:-d} ${!s#p} ${!t@Q} ${!pre@} ${!pre*}"), ["r", "s", "t"]);
 * assert.deepEqual(expansionOperands("${#a[n]} ${!a[m]} ${x:o:l} ${x:-d} ${@:k}"), [
 *   "n",
 *   "m",
 *   "o:l",
 *   "k",
 * ]);
 * ```
 */
export function expansionOperands(word: string): string[] {
  const out: string[] = [];
  for (const m of word.matchAll(INDIRECT)) out.push(m[1]!);
  for (const m of word.matchAll(/\$\{[!#]?[A-Za-z_][A-Za-z0-9_]{0,63}\[([^\]]{1,256})\]/g)) {
    if (m[1] !== "@" && m[1] !== "*") out.push(m[1]!);
  }
  for (const m of word.matchAll(SUBSTRING)) out.push(m[1]!);
  return out;
}

/**
 * Judges what the parameter expansions in one word's text evaluate (see
 * {@linkcode expansionOperands}), given the variables the text set: a
 * value holding a subscript with an expansion runs it. Every word bash
 * expands goes through here: command words, assignment values,
 * redirection targets, here-strings, loop and case words, heredoc bodies.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { expansionRule } from "./arith.ts";
 * const seen: string[] = [];
 * const out = { dangerous: () => {}, review: () => {}, nested: (t: string) => void seen.push(t), executes: () => {} };
 * const vars = new Map([["y", "a[$(id)]"]]);
 * expansionRule("${x:y}", vars, out);
 * expansionRule("${x:-y}", vars, out);
 * assert.deepEqual(seen, ["id"]);
 * ```
 */
export function expansionRule(
  text: string,
  vars: ReadonlyMap<string, string>,
  out: Findings,
): void {
  if (!text.includes("${")) return;
  const operands = expansionOperands(text);
  for (const m of text.matchAll(INDIRECT)) {
    // `${!ref}` reads the variable ref names: an unseen ref may name `a[$(cmd)]`;
    // a known one names a variable, and only its subscript is arithmetic.
    const value = vars.get(m[1]!);
    // A positional parameter (`${!1}`) is read as `$1`: an argument, unseen.
    const name = /^[0-9]/.test(m[1]!) ? `$${m[1]}` : m[1]!;
    if (value === undefined) arithmeticTextRule(name, vars, out);
    else for (const sub of value.matchAll(/\[([^\]]*)\]/g)) arithmeticTextRule(sub[1]!, vars, out);
  }
  // PowerShell's `${env:NAME}` reads, to bash, a variable named `env` that
  // no environment sets: its offset is evaluated only when it is set.
  const arithmetic = expansionArithmetic(text).filter((o) => !/^\$\{env:/.test(o.source));
  for (const o of arithmetic) arithmeticTextRule(o.text, vars, out);
  if (vars.size === 0) return;
  for (const operand of operands.flatMap((w) => withValues(w, vars).slice(1))) {
    if (!hasSubscriptExpansion(operand)) continue;
    out.review("an indirect or subscripted expansion evaluates a value holding an expansion");
    for (const t of substitutionTexts(operand)) out.nested(t, "array subscript");
  }
}

/**
 * Judges the subscript of an indexed assignment (`arr[SUB]=value`): bash
 * evaluates it as arithmetic, so a variable it names whose value holds a
 * subscript with an expansion runs that expansion.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { assignedSubscriptRule } from "./arith.ts";
 * const seen: string[] = [];
 * const out = { dangerous: () => {}, review: () => {}, nested: (t: string) => void seen.push(t), executes: () => {} };
 * assignedSubscriptRule("y", new Map([["y", "a[$(id)]"]]), out);
 * assignedSubscriptRule("0", new Map([["y", "a[$(id)]"]]), out);
 * assert.deepEqual(seen, ["id"]);
 * ```
 */
export function assignedSubscriptRule(
  subscript: string,
  vars: ReadonlyMap<string, string>,
  out: Findings,
): void {
  arithmeticTextRule(subscript, vars, out);
  for (const word of withValues(subscript, vars)) {
    if (!hasSubscriptExpansion(word)) continue;
    out.review("an array subscript evaluated as arithmetic holds an expansion");
    for (const t of substitutionTexts(word)) out.nested(t, "array subscript");
  }
}

/**
 * An operand with each length expansion put as what bash evaluates of it:
 * `${#x}`, `${#a[@]}` and `${#a[*]}` expand to a count (a number, which
 * evaluates to itself), `${#a[expr]}` evaluates `expr`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lengthsRead } from "./arith.ts";
 * assert.equal(lengthsRead("${#a[@]}"), "0");
 * assert.equal(lengthsRead('"${#s}"'), '"0"');
 * assert.equal(lengthsRead("${#a[i + 1]}"), "(i + 1)");
 * assert.equal(lengthsRead("$n"), "$n");
 * ```
 */
export function lengthsRead(operand: string): string {
  return operand.replace(
    /\$\{#[A-Za-z_][A-Za-z0-9_]{0,63}(?:\[([^\]]{1,256})\])?\}/g,
    (_, sub: string | undefined) =>
      sub === undefined || sub === "@" || sub === "*" ? "0" : `(${sub})`,
  );
}

/**
 * Judges the operand of a test's `-v`: bash reads it as a variable name
 * after expansion, and evaluates a subscript in it as arithmetic. So an
 * expansion of a value not known here (`test -v "$Y"`, `Y='a[$(cmd)]'`)
 * may name an element whose subscript runs, and a literal subscript
 * (`[[ -v a[Y] ]]`) evaluates the values of the names it holds.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { testedNameRule } from "./arith.ts";
 * const reasons: string[] = [];
 * const out = { dangerous: () => {}, review: (r: string) => void reasons.push(r), nested: () => {}, executes: () => {} };
 * testedNameRule("HOME", new Map(), out);
 * testedNameRule("a[1]", new Map(), out);
 * assert.equal(reasons.length, 0);
 * testedNameRule("$Y", new Map(), out);
 * testedNameRule("a[Y]", new Map(), out);
 * assert.equal(reasons.length, 2);
 * ```
 */
export function testedNameRule(
  operand: string,
  vars: ReadonlyMap<string, string> | undefined,
  out: Findings,
): void {
  const open = operand.indexOf("[");
  const name = open === -1 ? operand : operand.slice(0, open);
  for (const m of name.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*])/g)) {
    if (vars?.get(m[1]!) === undefined) {
      out.review(
        "a test's -v names a variable through a value not known here: a value holding an array subscript runs the command inside it",
      );
      break;
    }
  }
  if (open === -1) return;
  const close = operand.lastIndexOf("]");
  const subscript = operand.slice(open + 1, close > open ? close : undefined);
  if (subscript !== "@" && subscript !== "*") arithmeticTextRule(lengthsRead(subscript), vars, out);
}

/** Judges words that bash evaluates as arithmetic or as an array element name. */
export function arithRule(inv: Invocation, out: Findings): void {
  if (TESTS.has(inv.program)) {
    inv.argv.forEach((a, i) => {
      const next = inv.argv[i + 1];
      if (a === "-v" && next !== undefined) testedNameRule(next, inv.vars, out);
    });
  }
  // `[[ a -eq b ]]` evaluates both operands as arithmetic (`test` and `[` read integers only).
  if (inv.program === "[[") {
    inv.argv.forEach((a, i) => {
      if (!ARITH_OPS.test(a)) return;
      if (i > 0) arithmeticTextRule(lengthsRead(inv.argv[i - 1]!), inv.vars, out);
      if (inv.argv[i + 1] !== undefined) {
        arithmeticTextRule(lengthsRead(inv.argv[i + 1]!), inv.vars, out);
      }
    });
  }
  // The known values' subscripts (an unseen value is review through arithmeticTextRule).
  if (inv.vars !== undefined) {
    for (const word of [inv.programWord?.text ?? "", ...inv.argv]) {
      expansionRule(word, inv.vars, out);
    }
  }
  for (const word of arithmeticWords(inv).flatMap((w) => withValues(w, inv.vars))) {
    if (!hasSubscriptExpansion(word)) continue;
    out.review("an array subscript evaluated as arithmetic holds an expansion");
    for (const text of substitutionTexts(word)) out.nested(text, "array subscript");
  }
}
