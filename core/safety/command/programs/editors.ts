/**
 * vim and its kin (vi, nvim, ex, view, vimdiff, gvim): never read-only
 * (they edit files), and their Ex commands — given by `-c`, `--cmd` or a
 * `+cmd` operand — can run a shell: the text after a `!` in one (`:!cmd`,
 * `r !cmd`, `w !cmd`, `silent !cmd`) is judged as a command, and Ex that
 * calls `system()`, a terminal or an embedded interpreter is review.
 * Pure data.
 * @module
 */
import type { Findings, Invocation } from "../invocation.ts";
import type { ParsedOptions } from "./_options.ts";
import type { ProgramRecord } from "./_record.ts";

/** Ex commands that run code other than through `!`. */
const RUNS_CODE =
  /\b(?:system|systemlist|jobstart|termopen)\s*\(|\b(?:term(?:inal)?|lua|luado|luafile|py(?:thon)?3?|pyx?do|pyfile|perl|ruby|tcl|mzscheme|so(?:urce)?)\b/;

/** Most `!` positions of one Ex text judged (each judges the rest of the text). */
const MAX_BANGS = 8;

function judgeEx(text: string, name: string, out: Findings): void {
  // A `!` command takes the rest of the line, bars included; a `!` that only
  // forces (`wq!`) leaves text that is no command, or the next `!` command.
  let bang = text.indexOf("!");
  for (let n = 0; bang >= 0 && n < MAX_BANGS; n++) {
    const rest = text.slice(bang + 1);
    if (rest.trim() !== "") out.nested(rest, `${name} Ex command`);
    bang = text.indexOf("!", bang + 1);
  }
  if (RUNS_CODE.test(text)) out.review(`${name}: an Ex command runs code`);
}

function editorJudge(inv: Invocation, parsed: ParsedOptions, out: Findings): void {
  out.review(`${inv.program}: an editor changes files`);
  for (const use of parsed.uses) {
    if ((use.name === "c" || use.name === "cmd") && use.value !== null) {
      judgeEx(use.value, inv.program, out);
    }
  }
  for (const o of parsed.operands) {
    if (o.text.startsWith("+")) judgeEx(o.text.slice(1), inv.program, out);
  }
}

/** vim, vi, nvim, ex, view, vimdiff, gvim, rvim. */
export const VIM: ProgramRecord = {
  names: [
    "vim",
    "vi",
    "nvim",
    "ex",
    "view",
    "vimdiff",
    "nvimdiff",
    "gvim",
    "rvim",
    "vim.basic",
    "vim.tiny",
  ],
  longMatch: "exact",
  options: [
    { long: ["cmd"], short: "c", arity: "value" },
    { short: "S", arity: "value", effect: "config" },
    { short: "u", arity: "value", effect: "config" },
    { short: "s", arity: "value", effect: "config" },
    { short: "wW", arity: "value", effect: "writes" },
    { short: "iTtqU", arity: "value" },
    {
      long: ["servername", "remote", "remote-send", "remote-expr", "startuptime", "listen"],
      arity: "value",
    },
  ],
  readOnly: "never",
  judge: editorJudge,
};
