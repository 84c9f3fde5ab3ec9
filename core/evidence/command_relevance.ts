/**
 * Whether a command could have anything to do with the claim that cites
 * it: a cheap word test so the reader sees `baton evidence -- true` offered
 * for "the parser handles UTF-8". It never raises trust; it only adds a
 * visible warning beside a claim whose command shares no word with it.
 *
 * A command word is a run of letters or digits of three or more characters
 * that is not shell noise (sh, bash, exec, env…); the command is related
 * when one of its words occurs in the claim, or one of the claim's words
 * in the command (case-insensitive, so `test` matches "tests pass"). Pure.
 * @module
 */

const NOISE: ReadonlySet<string> = new Set([
  "sh",
  "bash",
  "zsh",
  "env",
  "exec",
  "run",
  "npx",
  "true",
  "false",
  "exit",
  "echo",
  "the",
  "and",
  "dev",
  "null",
  "usr",
  "bin",
]);

function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter((w) => !NOISE.has(w));
}

/**
 * True when the command shares a word with the claim.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { commandRelatesTo } from "./command_relevance.ts";
 * assert.equal(commandRelatesTo("deno task test", "all tests pass"), true);
 * assert.equal(commandRelatesTo("true", "the parser handles UTF-8"), false);
 * ```
 */
export function commandRelatesTo(command: string, claim: string): boolean {
  const c = command.toLowerCase();
  const t = claim.toLowerCase();
  const cw = words(command);
  if (cw.some((w) => t.includes(w))) return true;
  return words(claim).some((w) => c.includes(w));
}
