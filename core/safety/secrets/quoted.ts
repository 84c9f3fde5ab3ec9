/**
 * Quoted values as the rules read them, escaped quotes included: a value
 * holding `\"` (C, JavaScript, Objective-C) or `\'` (PHP) is read whole, not
 * cut at the escape, in plain text and in a transcript's JSON, where every
 * quote and backslash is escaped once more. Each shape is a run of plain
 * characters (at least `min`, as the keyword pass has already checked),
 * then up to 1,024 escapes each followed by another run (a service account's
 * JSON kept in one variable holds dozens; an escape run cut short would print
 * the value's tail): the common value with no escape stays one
 * character-class loop. Pattern sources only. Pure.
 * @module
 */

/** Most escapes a value is read through. */
const MAX_ESCAPES = 1024;

/**
 * (Exported for the test that each inside reads one way only.)
 * What continues a single-quoted value: a backslash and the character after
 * it (PHP's `\'`, doubled by JSON escaping), or a quote spliced in the way a
 * shell writes one inside single quotes, `'"'"'` or `'\''` (its `"` and `\`
 * escaped once or more in a transcript's JSON): the shell's value runs on.
 * A single backslash before `n`, `r` or `t` is a line break or tab of the
 * transcript's JSON (or of the code's own string): a single-quoted value
 * does not run across it (`prompt='Password: ', stream=None):\n...` inside a
 * tool result holds no value after its closing quote).
 * A run of backslashes is read whole, with the character after it, so each
 * run can be read one way only: reading a JSON `\\n` two ways (as two
 * escapes or one) cost exponential time when a quote never closed over a
 * few hundred of them (a source map inside a tool result: 2 KB took over
 * 20 s on main).
 */
export const SINGLE_QUOTE_ESCAPE = String
  .raw`(?:\\{2,}[^\\\r\n]|\\[^\\\r\nnrt]|'(?:\\{0,3}"'\\{0,3}"|\\{1,3}')')`;

/**
 * The inside of a value in `quote`s: `min` to `max` plain characters, then
 * escapes (a backslash and the character after it; one more backslash
 * before a single quote, which JSON escaping doubles while leaving the quote
 * alone), each followed by more plain characters.
 * @param quote `"` or `'`.
 * @param min Fewest plain characters before the first escape.
 * @param max Most characters of each run.
 * @returns A RegExp source (no group).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { quotedRun } from "./quoted.ts";
 * assert.ok(new RegExp(`^"${quotedRun('"', 1, 64)}"$`).test(String.raw`"ab\"cd"`));
 * ```
 */
export function quotedRun(quote: '"' | "'", min: number, max: number): string {
  const plain = quote === '"' ? String.raw`[^"\\\r\n]` : String.raw`[^'\\\r\n]`;
  const escape = quote === '"' ? String.raw`\\[^\r\n]` : SINGLE_QUOTE_ESCAPE;
  return `${plain}{${min},${max}}(?:${escape}${plain}{0,${max}}){0,${MAX_ESCAPES}}`;
}

/**
 * The inside of a double-quoted value whose quotes are JSON-escaped
 * (`\"...\"`): plain characters, then escapes of the value itself escaped
 * again (`\\\"`, `\\n`) each followed by more; a single backslash before a
 * quote closes the value.
 * @param min Fewest plain characters before the first escape.
 * @param max Most characters of each run.
 * @returns A RegExp source (no group).
 */
export function escapedQuotedRun(min: number, max: number): string {
  const plain = String.raw`[^"\\\r\n]`;
  return `${plain}{${min},${max}}(?:${String
    .raw`\\\\(?:\\"|[^"\\\r\n])`}${plain}{0,${max}}){0,${MAX_ESCAPES}}`;
}

/**
 * A quoted value as group `group`: double-quoted, double-quoted with its
 * quotes escaped 1 to `escapes` times, or single-quoted.
 * @param group The group name.
 * @param min Fewest characters before any escape.
 * @param max Most characters of each run between escapes.
 * @param escapes Most backslashes before an escaped quote (1 to 3).
 * @returns A RegExp source with three alternatives that each set the group.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { quotedValue } from "./quoted.ts";
 * const re = new RegExp(quotedValue("s", 1, 64));
 * assert.equal(re.exec(String.raw`x = "ab\"cd" y`)?.groups?.s, String.raw`ab\"cd`);
 * assert.equal(re.exec(String.raw`x = \"ab\\\"cd\" y`)?.groups?.s, String.raw`ab\\\"cd`);
 * ```
 */
export function quotedValue(group: string, min: number, max: number, escapes = 3): string {
  const esc = `\\\\{1,${escapes}}`;
  return `(?:"(?<${group}>${quotedRun('"', min, max)})"|${esc}"(?<${group}>${
    escapedQuotedRun(min, max)
  })${esc}"|'(?<${group}>${quotedRun("'", min, max)})')`;
}
