/**
 * Array subscripts and slices as bash evaluates them, for the small
 * arithmetic a command line holds: `${x[-1]}`, `${x[ 1 ]}`, `${x[i+1]}`
 * (i a known integer), `${x[010]}` (octal, so 8), `${x[@]:1}`,
 * `${x[@]: -1:1}`. What is not in that subset is not known (undefined). Pure.
 * @module
 */

/** A bash integer literal: decimal, or octal with a leading 0; else undefined. */
function integer(t: string): number | undefined {
  if (/^0[0-7]*$/.test(t)) return parseInt(t, 8);
  if (/^[1-9][0-9]*$/.test(t)) return Number(t);
  return undefined;
}

/**
 * The value of a sum of integers and known integer variables (`1`, ` -1 `,
 * `i+1`, `$i - 2`); undefined for anything else (other operators, unknown
 * or non-integer variables, hex, `base#n`, an empty expression).
 *
 * @param expr The text inside the brackets.
 * @param vars Known variable values.
 * @returns The value, or undefined when not known.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { evalSubscript } from "./array_subscript.ts";
 * assert.equal(evalSubscript(" i + 1 ", new Map([["i", "1"]])), 2);
 * assert.equal(evalSubscript("010", new Map()), 8);
 * assert.equal(evalSubscript("i*2", new Map([["i", "1"]])), undefined);
 * ```
 */
export function evalSubscript(expr: string, vars: ReadonlyMap<string, string>): number | undefined {
  const terms = expr.match(/^\s*[+-]?\s*[^+\s-]+\s*(?:[+-]\s*[^+\s-]+\s*)*$/);
  if (terms === null) return undefined;
  let total = 0;
  for (const m of expr.matchAll(/([+-]?)\s*([^+\s-]+)/g)) {
    const t = m[2]!;
    const name = t.match(/^\$?\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/);
    let v: number | undefined;
    if (name !== null && (t.startsWith("${") === t.endsWith("}"))) {
      const value = vars.get(name[1]!);
      v = value === undefined ? undefined : integer(value.trim());
    } else v = integer(t);
    if (v === undefined) return undefined;
    total += m[1] === "-" ? -v : v;
  }
  return total;
}

/**
 * The elements `${NAME[sub]}` or `${NAME[@]:off:len}` picks from `all`, by
 * bash's rules (a negative index or offset counts from the end); undefined
 * when not known or when bash would fail or give nothing.
 *
 * @param sub The subscript text, or null for a slice of the whole array.
 * @param slice The offset and optional length texts of a slice, or null.
 * @param all The array's elements.
 * @param vars Known variable values.
 * @returns The elements, or undefined.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pickElements } from "./array_subscript.ts";
 * assert.deepEqual(pickElements("-1", null, ["a", "b"], new Map()), ["b"]);
 * assert.deepEqual(pickElements(null, [" -1", undefined], ["a", "b", "c"], new Map()), ["c"]);
 * ```
 */
export function pickElements(
  sub: string | null,
  slice: [string, string | undefined] | null,
  all: readonly string[],
  vars: ReadonlyMap<string, string>,
): string[] | undefined {
  if (sub !== null) {
    const n = evalSubscript(sub, vars);
    if (n === undefined) return undefined;
    const e = all[n < 0 ? n + all.length : n];
    return e === undefined ? undefined : [e];
  }
  if (slice === null) return [...all];
  // `${x[@]:-w}`, `:=`, `:+`, `:?` are not slices.
  if (/^[-=+?]/.test(slice[0])) return undefined;
  const off = evalSubscript(slice[0], vars);
  const len = slice[1] === undefined ? all.length : evalSubscript(slice[1], vars);
  if (off === undefined || len === undefined || len < 0) return undefined;
  const start = off < 0 ? off + all.length : off;
  if (start < 0 || start >= all.length) return undefined;
  const picked = all.slice(start, start + len);
  return picked.length === 0 ? undefined : picked;
}
