/**
 * Redacts an argv as an evidence record keeps it. Each word is scanned
 * alone, and again after the word before it: a secret that only its option
 * names (`--password VALUE`, `--token VALUE`: two words) matches no rule
 * alone. A word is replaced by what the pair's scan left of it when the
 * pair's scan kept the word before unchanged. Pure.
 * @module
 */

/** A redaction of one text: the text with secrets replaced, and one kind per secret. */
export type RedactOne = (text: string) => { text: string; kinds: readonly string[] };

/** A redacted argv and the number of secrets replaced. */
export interface RedactedArgv {
  argv: string[];
  redactions: number;
}

/**
 * Redacts `argv` word by word, each word also in the context of the one before.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { redactArgv } from "./redact_argv.ts";
 * const scan = (t: string) =>
 *   /^--password \S+$/.test(t)
 *     ? { text: "--password [REDACTED:x]", kinds: ["x"] }
 *     : { text: t, kinds: [] };
 * assert.deepEqual(redactArgv(["login", "--password", "hunter2"], scan), {
 *   argv: ["login", "--password", "[REDACTED:x]"],
 *   redactions: 1,
 * });
 * ```
 */
export function redactArgv(argv: readonly string[], redact: RedactOne): RedactedArgv {
  let redactions = 0;
  const out = argv.map((word) => {
    const r = redact(word);
    redactions += r.kinds.length;
    return r.text;
  });
  for (let i = 1; i < argv.length; i++) {
    if (out[i] !== argv[i]) continue;
    const before = `${argv[i - 1]} `;
    const pair = redact(`${before}${argv[i]}`);
    if (pair.kinds.length === 0) continue;
    // A finding that took the word before too (its option name read as part of the value):
    // the whole word goes, never kept because the pair's text no longer starts as it did.
    const word = pair.text.startsWith(before)
      ? pair.text.slice(before.length)
      : `[REDACTED:${pair.kinds[0]}]`;
    if (word === argv[i]) continue;
    out[i] = word;
    redactions += pair.kinds.length;
  }
  return { argv: out, redactions };
}
