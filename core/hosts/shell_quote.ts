/**
 * POSIX shell quoting for the hook commands baton writes into host configs
 * (every host here runs a hook command string through `sh -c`, or Git Bash
 * on Windows). Pure.
 * @module
 */

/** Characters that never need quoting in a POSIX shell word. */
const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * Quotes one word for a POSIX shell: bare when it is made of safe characters,
 * otherwise in single quotes with each `'` written as `'\''`.
 *
 * @param word The word.
 * @returns The quoted word.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(quoteShellWord("/usr/bin/baton"), "/usr/bin/baton");
 * assert.equal(quoteShellWord("/Users/Jo Ann/baton"), "'/Users/Jo Ann/baton'");
 * assert.equal(quoteShellWord("it's"), "'it'\\''s'");
 * ```
 */
export function quoteShellWord(word: string): string {
  if (word !== "" && SAFE_WORD.test(word)) return word;
  return `'${word.replaceAll("'", "'\\''")}'`;
}

/**
 * Joins an argument vector into one shell command line.
 *
 * @param argv Program and arguments.
 * @returns The command line.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(renderShellCommand(["baton", "hook", "stop"]), "baton hook stop");
 * ```
 */
export function renderShellCommand(argv: readonly string[]): string {
  return argv.map(quoteShellWord).join(" ");
}

/**
 * Splits a command line written by {@linkcode renderShellCommand} (bare
 * words, single quotes, backslash escapes and double quotes) back into words;
 * null when it uses anything else (variables, substitutions, operators), so a
 * hand-written command is never mistaken for one of baton's.
 *
 * @param line The command line.
 * @returns The words, or null.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(splitShellCommand("'/a b/baton' hook stop"), ["/a b/baton", "hook", "stop"]);
 * assert.equal(splitShellCommand("baton hook stop && rm -rf /"), null);
 * ```
 */
export function splitShellCommand(line: string): string[] | null {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const ch = line[i]!;
    if (ch === " " || ch === "\t") {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      i++;
      continue;
    }
    inWord = true;
    if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return null;
      word += line.slice(i + 1, end);
      i = end + 1;
    } else if (ch === '"') {
      i++;
      while (i < line.length && line[i] !== '"') {
        if (/[$`]/.test(line[i]!)) return null;
        if (line[i] === "\\" && i + 1 < line.length && /["\\]/.test(line[i + 1]!)) i++;
        word += line[i]!;
        i++;
      }
      if (i >= line.length) return null;
      i++;
    } else if (ch === "\\") {
      if (i + 1 >= line.length) return null;
      word += line[i + 1]!;
      i += 2;
    } else if (/[A-Za-z0-9_@%+=:,./~-]/.test(ch)) {
      word += ch;
      i++;
    } else {
      return null;
    }
  }
  if (inWord) words.push(word);
  return words;
}
