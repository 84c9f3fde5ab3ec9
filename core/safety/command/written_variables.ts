/**
 * The shell variables a command gives a value the analysis cannot know:
 * loop variables (`for X in ...`, `select X in ...`), and the names that
 * `read`, `mapfile`/`readarray`, `printf -v`, `getopts`, `unset` and a
 * `declare -n` name reference write, and the names text run by `eval` may
 * assign. The classifier forgets what it knew of them, so
 * `X=ls; read X; $X -rf /` is not judged as `ls`. Pure.
 * @module
 */

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Names a loop header (`for`/`select` NAME ...) binds, from its raw words. */
export function loopVariables(words: readonly string[]): string[] {
  const [kw, name] = words;
  return (kw === "for" || kw === "select") && name !== undefined && NAME.test(name) ? [name] : [];
}

const INTEGER = /^-?[0-9]{1,18}$/;
const RANGE = /^\{(-?[0-9]{1,18})\.\.-?[0-9]{1,18}(?:\.\.-?[0-9]{1,18})?\}$/;

/**
 * A value standing for every one a `for NAME in WORDS` loop gives NAME when
 * each word is an integer literal or a brace range of them (`{1..5}`): an
 * integer, which is all arithmetic needs to know (any integer evaluates to
 * itself); null when some word is anything else (a glob may name a file
 * `a[$(cmd)]`, an expansion any value) or the list is missing.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loopIntegerValue } from "./written_variables.ts";
 * assert.equal(loopIntegerValue(["for", "i", "in", "0", "1", "2"]), "0");
 * assert.equal(loopIntegerValue(["for", "i", "in", "{1..5}"]), "1");
 * assert.equal(loopIntegerValue(["for", "i", "in", "*.txt"]), null);
 * assert.equal(loopIntegerValue(["for", "i", "in", "1", "$Y"]), null);
 * assert.equal(loopIntegerValue(["for", "i"]), null);
 * ```
 */
export function loopIntegerValue(words: readonly string[]): string | null {
  if (words[0] !== "for" || words[2] !== "in" || words.length < 4) return null;
  let first: string | null = null;
  for (const w of words.slice(3)) {
    const value = INTEGER.test(w) ? w : RANGE.exec(w)?.[1];
    if (value === undefined) return null;
    first ??= value;
  }
  return first;
}

/**
 * The value a `for NAME in WORDS` loop is judged with, as if `NAME=VALUE`
 * were set for its body (NAME takes every listed word in turn and keeps the
 * last after the loop): its one plain word, or with several words the first
 * plain one or a glob `sensitive` accepts (a credential file, a glob over
 * credential files), since the body runs with that value too; null for
 * anything else (a quoted, globbed or expanded lone word `sensitive` does
 * not accept, several words none of which is sensitive, any other header).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loopSingleValue } from "./written_variables.ts";
 * assert.equal(loopSingleValue(["for", "f", "in", "~/.ssh/id_rsa"]), "~/.ssh/id_rsa");
 * assert.equal(loopSingleValue(["for", "f", "in", "a", "b"]), null);
 * assert.equal(loopSingleValue(["for", "f", "in", "a", "b"], (w) => w === "b"), "b");
 * assert.equal(loopSingleValue(["for", "f", "in", "*.txt"]), null);
 * assert.equal(loopSingleValue(["for", "f", "in", "~/.ssh/*"], (w) => w.includes(".ssh")), "~/.ssh/*");
 * assert.equal(loopSingleValue(["select", "f", "in", "a"]), null);
 * ```
 */
export function loopSingleValue(
  words: readonly string[],
  sensitive: (word: string) => boolean = () => false,
): string | null {
  if (words[0] !== "for" || words[2] !== "in" || words.length < 4) return null;
  const list = words.slice(3);
  if (list.length === 1 && PLAIN.test(list[0]!)) return list[0]!;
  // A glob `sensitive` accepts (`~/.ssh/*`, `.*`): the body runs with each file it names.
  return list.find((w) => (PLAIN.test(w) || GLOB_WORD.test(w)) && sensitive(w)) ?? null;
}

/** A plain word with glob characters in it (`~/.ssh/*`, `.e?v`, `id_[rd]sa`). */
const GLOB_WORD = /^(?=.*[*?[])[\w@%+=:,./~*?[\]!-]{1,4096}$/;

/** A word the shell leaves as it is: no quote, glob, expansion or separator. */
const PLAIN = /^[\w@%+=:,./~-]{1,4096}$/;

/**
 * The key under which the variables map records that NAME holds an integer
 * of unknown value (a loop over integer literals): read by arithmetic only
 * (rules/arith.ts), so no other rule takes one of the loop's values for all
 * of them. A NUL starts it, which no variable name holds.
 */
export function integerKey(name: string): string {
  return `\0integer:${name}`;
}

/**
 * The key under which the variables map records that NAME holds a
 * secret-named variable's value of unknown text (`X=$GITHUB_TOKEN`), so
 * printing `$X` prints the secret (review74). A NUL starts it, as
 * {@linkcode integerKey}'s does.
 */
export function secretKey(name: string): string {
  return `\0secret:${name}`;
}

/**
 * The key under which the variables map records the elements of an array
 * set to literal words (`x=(a b)`), joined by NUL (which no element holds),
 * for `${x[@]}`, `${x[*]}` and `${x[N]}`; NAME itself holds element 0, as
 * `$x` reads it. A NUL starts it, as {@linkcode integerKey}'s does.
 */
export function arrayKey(name: string): string {
  return `\0array:${name}`;
}

/**
 * The key under which the variables map records that NAME's value may be a
 * glob the shell expanded before it was set (a loop's variable: `for f in
 * .e*` sets f to each file): `"$f"` then names those files, where a plain
 * assignment's quoted value (`x='.e*'; cat "$x"`) names a file by its
 * characters. A NUL starts it, as {@linkcode integerKey}'s does.
 */
export function globKey(name: string): string {
  return `\0glob:${name}`;
}

/**
 * The key under which the variables map records that NAME, a loop's
 * variable, holds one of several plain relative names none of which is a
 * broad target (`for f in *.ts`, `for d in build dist`): `"$f"` is then a
 * file below the current directory, never `~`, `/`, `.` or `..`. A NUL
 * starts it, as {@linkcode integerKey}'s does.
 */
export function boundedKey(name: string): string {
  return `\0bounded:${name}`;
}

/** The variable an {@linkcode integerKey}, {@linkcode secretKey} or {@linkcode arrayKey} stands for; else the key. */
export function keyName(key: string): string {
  if (key.startsWith("\0integer:")) return key.slice(9);
  if (key.startsWith("\0array:")) return key.slice(7);
  if (key.startsWith("\0glob:")) return key.slice(6);
  return key.startsWith("\0secret:") ? key.slice(8) : key;
}

/** Option letters of `read` that take a value (the value is not a name, except `-a`). */
const READ_VALUED = new Set(["d", "i", "n", "N", "p", "t", "u"]);

/** Names the command `program argv...` writes with values the analysis cannot know. */
export function writtenVariables(program: string, argv: readonly string[]): string[] {
  switch (program) {
    case "read":
      return readNames(argv);
    case "mapfile":
    case "readarray": {
      const last = argv.filter((a) => !a.startsWith("-")).at(-1);
      return last !== undefined && NAME.test(last) ? [last] : ["MAPFILE"];
    }
    case "printf":
      return valuesOf(argv, "-v");
    case "wait":
      return valuesOf(argv, "-p");
    case "getopts":
      return argv[1] !== undefined && NAME.test(argv[1]) ? [argv[1]] : [];
    case "unset":
      return argv.filter((a) => NAME.test(a));
    case "declare":
    case "typeset":
    case "local":
      return argv.some((a) => /^-[a-zA-Z]*n/.test(a))
        ? argv.map((a) => a.split("=")[0]!).filter((a) => NAME.test(a))
        : [];
    default:
      return [];
  }
}

function readNames(argv: readonly string[]): string[] {
  const names: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith("-") && a.length > 1) {
      const letters = a.slice(1);
      for (let j = 0; j < letters.length; j++) {
        const l = letters[j]!;
        if (l !== "a" && !READ_VALUED.has(l)) continue;
        const rest = letters.slice(j + 1);
        const value = rest !== "" ? rest : argv[++i];
        if (l === "a" && value !== undefined && NAME.test(value)) names.push(value);
        break;
      }
      continue;
    }
    if (NAME.test(a)) names.push(a);
  }
  return names.length > 0 ? names : ["REPLY"];
}

function valuesOf(argv: readonly string[], flag: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === flag && argv[i + 1] !== undefined && NAME.test(argv[i + 1]!)) out.push(argv[i + 1]!);
    else if (a.startsWith(flag) && NAME.test(a.slice(flag.length))) out.push(a.slice(flag.length));
  }
  return out;
}

/**
 * Whether shell text run in this shell (by `eval`) may assign `name`: the name
 * appears other than as a plain reference (`$X`, `${X}`, `${#X}`), or as an
 * assigning default (`${X:=v}`, `${X=v}`). Over-counts on purpose (a word
 * that merely equals the name counts): a wrong "may" only forgets a value.
 */
export function mayAssign(text: string, name: string): boolean {
  if (!NAME.test(name)) return true;
  const bare = new RegExp(`(?<![\\w$]|\\$\\{[#!]?)${name}(?!\\w)`);
  const defaulting = new RegExp(`\\$\\{${name}:?=`);
  return bare.test(text) || defaulting.test(text);
}
