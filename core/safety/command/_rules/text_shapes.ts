/**
 * Rules over the text of a command rather than one program: invisible and
 * control characters, parameter expansions that evaluate, fork-bomb shapes
 * (also a loop without end that starts background processes) (a function that pipes into itself,
 * also in zsh's blank-free form, and `%0|%0`), and PowerShell script
 * blocks built from strings or passed to programs (judged as commands).
 * Pure.
 * @module
 */
import type { Findings } from "../invocation.ts";
import type { ShellNode } from "../parse_shell.ts";
import { cmdletBlocks, scriptBlocks } from "./script_block.ts";

// Characters that change what the text shows: every format and default-
// ignorable character (zero-width, bidi controls, tag characters, variation
// selectors) and the Hangul fillers.
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u115f\u1160\u3164\uffa0]/u;
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** `${name@P}`, `${arr[@]@E}`, `${(e)name}`, `${(%%)name}` (bounded, so linear). */
const EVALUATING_EXPANSION = /\$\{(?:[^{}]{0,256}@[PE]\}|\([^()]{0,32}[e%][^()]{0,32}\))/;

/**
 * A loop whose condition never fails (`while true`, `while :`, `while [ 1 ]`,
 * `until false`, `for ((;;))`) with a command sent to the background (a
 * lone `&`, not `&&`, `>&` or `&>`) in its body: it forks without end.
 */
const FOREVER_BACKGROUND =
  /\b(?:while\s{1,8}(?:true|:|\/(?:usr\/)?bin\/true|\[\[?\s{1,8}1\s{1,8}\]\]?|\(\(\s{0,8}1\s{0,8}\)\))|until\s{1,8}(?:false|\/(?:usr\/)?bin\/false)|for\s{0,8}\(\(\s{0,8};\s{0,8};\s{0,8}\)\))\s{0,8};?\s{0,8}(?:do\b|\{)(?:(?!\bdone\b)[^]){0,400}?[^&|>]&(?![&>])/;

/** Judges characters, fork-bomb shapes and script blocks in a text before it is parsed. */
export function textShapeRule(text: string, out: Findings): void {
  if (INVISIBLE.test(text)) {
    out.review("invisible or direction-changing characters in the command");
  }
  if (CONTROL.test(text)) out.review("control characters in the command");
  // Parameter transformations that evaluate the value: bash's `${x@P}`
  // expands it as a prompt (command substitutions included) and `${x@E}`
  // decodes escapes; zsh's `${(e)x}` and `${(%)x}` flags do the same. The
  // raw text is searched (a single-quoted one is literal, which over-flags).
  if (EVALUATING_EXPANSION.test(text)) {
    out.review("a parameter expansion evaluates its value (prompt or escape expansion)");
  }
  // zsh accepts `:(){:|:&};:` without the blanks bash needs; quoted text
  // is left out (a nested string is checked when it is parsed itself), and
  // bounded quantifiers keep this linear on hostile input.
  const bare = text.replace(/'[^']*'|"(?:[^"\\]|\\.)*"/g, "''");
  const bomb = bare.match(
    /(?:^|[\s;&|({])([^\s(){};|&]{1,32})\s{0,8}\(\s{0,8}\)\s{0,8}\{[^}]{0,200}?\1\s{0,8}\|\s{0,8}\1/,
  );
  if (bomb || /%0\s*\|\s*%0/.test(bare)) {
    out.dangerous("fork_bomb", "a function that pipes into itself (fork bomb)");
  }
  if (FOREVER_BACKGROUND.test(bare)) {
    out.dangerous("fork_bomb", "a loop that never ends starts background processes (fork bomb)");
  }
  // A script block built from a string ([scriptblock]::Create(...),
  // NewScriptBlock, InvokeScript) runs it as iex does.
  if (
    /\[scriptblock\]\s{0,8}::\s{0,8}create\s{0,8}\(|\.newscriptblock\s{0,8}\(|\.invokescript\s{0,8}\(/i
      .test(text)
  ) {
    if (
      /\b(?:iwr|irm|invoke-webrequest|invoke-restmethod|curl|wget|start-bitstransfer)\b|downloadstring|downloaddata|net\.webclient|https?:\/\//i
        .test(text)
    ) {
      out.dangerous("download_exec", "a script block built from downloaded content");
    } else out.review("a script block built from a string, which may be run");
  }
  // A script block passed to a program may be run by it.
  for (const block of scriptBlocks(text)) {
    out.review("a script block is passed to a program, which may run it");
    out.nested(block, "script block");
  }
  for (const block of cmdletBlocks(text)) {
    out.review("a script block is passed to a cmdlet, which runs it");
    out.nested(block, "script block");
  }
}

/** A function that calls itself through a pipe or in the background, or twice (fork bomb). */
export function forkBombFunctionRule(name: string, body: ShellNode, out: Findings): void {
  let calls = 0;
  let piped = false;
  const walk = (node: ShellNode, inPipe: boolean): void => {
    if (node.kind === "simple") {
      if (node.words[0]?.text === name) {
        calls++;
        if (inPipe) piped = true;
      }
    } else if (node.kind === "group") {
      for (const p of node.body.pipelines) {
        for (const el of p.elements) walk(el, inPipe || p.elements.length > 1 || p.background);
      }
    } else walk(node.body, inPipe);
  };
  walk(body, false);
  if (calls >= 2 || (calls >= 1 && piped)) {
    out.dangerous(
      "fork_bomb",
      "a function that calls itself through a pipe or in the background (fork bomb)",
    );
  }
}
