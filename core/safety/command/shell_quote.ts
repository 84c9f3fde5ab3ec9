/**
 * Words a program was given (or will be given: xargs's input, a launcher's
 * argument list) written back as shell text, so the command they make can
 * be judged by the same analysis: each word stays one word. A word of plain
 * characters is written as it is — a leading `~` keeps standing for the home
 * directory, as it did where the word was first read — and any other is
 * single-quoted. Pure.
 * @module
 */

/** Characters a word may hold and still be written unquoted. */
const PLAIN = /^[A-Za-z0-9_~/.,:=@%+-]+$/;

/**
 * The words as shell text, one word each.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shellWords } from "./shell_quote.ts";
 * assert.equal(shellWords(["rm", "-rf", "~"]), "rm -rf ~");
 * assert.equal(shellWords(["sh", "-c", "rm -rf ~"]), "sh -c 'rm -rf ~'");
 * assert.equal(shellWords(["echo", "it's"]), "echo 'it'\\''s'");
 * ```
 */
export function shellWords(words: readonly string[]): string {
  return words.map((w) => PLAIN.test(w) ? w : `'${w.replaceAll("'", "'\\''")}'`).join(" ");
}
