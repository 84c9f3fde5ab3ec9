/**
 * Quoted values as the rules read them, escaped quotes included: a value
 * holding `\"` (C, JavaScript, Objective-C) or `\'` (PHP) is read whole, not
 * cut at the escape, in plain text and in a transcript's JSON, where every
 * quote and backslash is escaped once more. Pattern sources only. Pure.
 * @module
 */

/**
 * A character of a value in `quote`s, or an escape: a backslash and the
 * character after it (one more backslash before a single quote, which JSON
 * escaping doubles while leaving the quote alone).
 * @param quote `"` or `'`.
 * @returns A RegExp source matching one character or escape.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { quotedChar } from "./quoted.ts";
 * assert.ok(new RegExp(`^"${quotedChar('"')}+"$`).test(String.raw`"ab\"cd"`));
 * ```
 */
export function quotedChar(quote: '"' | "'"): string {
  return quote === '"'
    ? String.raw`(?:[^"\\\r\n]|\\[^\r\n])`
    : String.raw`(?:[^'\\\r\n]|\\{1,2}[^\r\n])`;
}

/**
 * A character of a double-quoted value whose quotes are JSON-escaped
 * (`\"...\"`), or an escape of the value itself escaped again (`\\\"`,
 * `\\n`): a single backslash before a quote closes the value.
 */
export const ESCAPED_QUOTED_CHAR = String.raw`(?:[^"\\\r\n]|\\\\(?:\\"|[^"\\\r\n]))`;

/**
 * A quoted value as group `group`: double-quoted, double-quoted with its
 * quotes escaped 1 to `escapes` times, or single-quoted; `min` to `max`
 * characters, escapes included.
 * @param group The group name.
 * @param min Fewest characters.
 * @param max Most characters.
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
  return `(?:"(?<${group}>${
    quotedChar('"')
  }{${min},${max}})"|${esc}"(?<${group}>${ESCAPED_QUOTED_CHAR}{${min},${max}})${esc}"|'(?<${group}>${
    quotedChar("'")
  }{${min},${max}})')`;
}
