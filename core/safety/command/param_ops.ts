/**
 * bash's parameter operations on a variable whose value is known, for the
 * forms that need no pattern matching: a substring (`${x:1:2}`, `${x: -2}`),
 * case changes (`${x^^}`, `${x,,}`, `${x^}`, `${x,}`), and removing or
 * replacing literal text (`${x#ab}`, `${x%%ab}`, `${x/a/b}`, `${x//a/b}`).
 * `x=mr; ${x:1:1}${x:0:1} -rf ~` is `rm -rf ~`. Anything else (globs in a
 * pattern, arithmetic offsets) is not known. Pure.
 * @module
 */

/** A pattern or replacement without glob or quoting characters: matched as it is. */
const LITERAL = /^[^*?[\]\\'"$`{}]*$/;

/**
 * The value of `raw` (one `${...}` expansion) when it is one of the forms
 * above on a variable in `vars`; undefined otherwise.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { knownOperation } from "./param_ops.ts";
 * const vars = new Map([["x", "mr"], ["y", "RM"]]);
 * assert.equal(knownOperation("${x:1:1}", vars), "r");
 * assert.equal(knownOperation("${x: -1}", vars), "r");
 * assert.equal(knownOperation("${y,,}", vars), "rm");
 * assert.equal(knownOperation("${x/m/M}", vars), "Mr");
 * assert.equal(knownOperation("${x/*\/M}", vars), undefined);
 * ```
 */
export function knownOperation(raw: string, vars: ReadonlyMap<string, string>): string | undefined {
  const m = raw.match(/^\$\{([A-Za-z_][A-Za-z0-9_]*)(.{1,64})\}$/s);
  if (m === null) return undefined;
  const v = vars.get(m[1]!);
  if (v === undefined) return undefined;
  const op = m[2]!;
  const sub = op.match(/^:(\s*-?[0-9]{1,4})(?::([0-9]{1,4}))?$/);
  if (sub !== null) {
    const off = Number(sub[1]!.trim());
    // A negative offset needs a blank or parentheses after the colon (`${x:-1}` is a default).
    if (off < 0 && !/^\s/.test(sub[1]!)) return undefined;
    const start = off < 0 ? Math.max(0, v.length + off) : off;
    return sub[2] === undefined ? v.slice(start) : v.slice(start, start + Number(sub[2]));
  }
  if (op === "^^") return v.toUpperCase();
  if (op === ",,") return v.toLowerCase();
  if (op === "^") return v.slice(0, 1).toUpperCase() + v.slice(1);
  if (op === ",") return v.slice(0, 1).toLowerCase() + v.slice(1);
  const cut = op.match(/^(##?|%%?)(.*)$/s);
  if (cut !== null) {
    const pat = cut[2]!;
    if (!LITERAL.test(pat)) return undefined;
    if (cut[1]!.startsWith("#")) return v.startsWith(pat) ? v.slice(pat.length) : v;
    return v.endsWith(pat) ? v.slice(0, v.length - pat.length) : v;
  }
  const rep = op.match(/^\/(\/?)([^/]*)\/?(.*)$/s);
  if (rep !== null && rep[2] !== "" && LITERAL.test(rep[2]!) && LITERAL.test(rep[3]!)) {
    return rep[1] === "/" ? v.replaceAll(rep[2]!, rep[3]!) : v.replace(rep[2]!, rep[3]!);
  }
  return undefined;
}
