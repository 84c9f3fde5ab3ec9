/**
 * Pagers and manual readers: less (and zless), more, most, man, info, bat
 * and delta. Read-only unless an option or an initial command runs a
 * program (a pager, a browser, `+!cmd`), writes a file (a log, a config)
 * or loads a key or config file that can set a preprocessor. less and
 * man-db accept any unambiguous prefix of a long option; the others are
 * matched the same way, which can only flag more. Pure data.
 * @module
 */
import type { Findings, Invocation } from "../invocation.ts";
import type { ParsedOptions } from "./_options.ts";
import type { OptionSpec, ProgramRecord } from "./_record.ts";
import { helpOnline } from "./readers.ts";

/** An initial less command that only moves or searches (`+G`, `+F`, `+42`, `+/pattern`). */
const MOVE_ONLY = /^\+(?:[0-9]*[GgFpP%]?|[/?][^\n]*)$/;

function initialCommands(name: string) {
  return (_inv: Invocation, parsed: ParsedOptions, out: Findings): void => {
    for (const o of parsed.operands) {
      if (o.text.startsWith("+") && !MOVE_ONLY.test(o.text)) {
        out.review(`${name}: an initial command may run a shell command or write a file`);
        // `+!cmd` runs cmd in a shell.
        if (o.text.startsWith("+!")) out.nested(o.text.slice(2), `${name} initial command`);
      }
    }
  };
}

const LESS_OPTIONS: readonly OptionSpec[] = [
  { long: ["log-file"], short: "o", arity: "value", effect: "writes" },
  { long: ["LOG-FILE"], short: "O", arity: "value", effect: "writes" },
  {
    long: ["lesskey-file", "lesskey-src", "lesskey-content"],
    short: "k",
    arity: "value",
    effect: "config",
  },
  { long: ["tag"], short: "t", arity: "value", effect: "config" },
  { long: ["tag-file"], short: "T", arity: "value", effect: "config" },
  {
    long: ["buffers", "max-back-scroll", "max-forw-scroll", "window", "shift", "pattern"],
    short: "bhjyzxpP",
    arity: "value",
  },
  {
    long: [
      "prompt",
      "tabs",
      "rscroll",
      "header",
      "intr",
      "quotes",
      "line-num-width",
      "status-col-width",
    ],
    arity: "value",
  },
  { short: "D", arity: "value" },
];

/** less and zless. */
export const LESS: ProgramRecord = {
  names: ["less", "zless"],
  longMatch: "prefix",
  options: LESS_OPTIONS,
  readOnly: "always",
  judge: initialCommands("less"),
};

/** more and most: `+NUM` and `+/pattern` only move. */
export const MORE: ProgramRecord = {
  names: ["more", "most"],
  longMatch: "prefix",
  options: [{ short: "n", arity: "value" }],
  readOnly: "always",
  judge: initialCommands("more"),
};

/** man (man-db, argp). */
export const MAN: ProgramRecord = {
  names: ["man"],
  longMatch: "prefix",
  options: [
    { long: ["pager"], short: "P", arity: "value", effect: "pager" },
    { long: ["html"], short: "H", arity: "optional", effect: "runs" },
    { long: ["gxditview"], short: "X", arity: "optional", effect: "runs" },
    { long: ["config-file"], short: "C", arity: "value", effect: "config" },
    { long: ["preprocessor"], short: "p", arity: "value", effect: "config" },
    { long: ["recode"], short: "R", arity: "value", effect: "writes" },
    { long: ["update"], short: "u", arity: "none", effect: "writes" },
    { long: ["catman"], short: "c", arity: "none", effect: "writes" },
    { long: ["troff", "ditroff"], short: "tZ", arity: "none", effect: "runs" },
    {
      long: ["manpath", "locale", "sections", "systems", "extension", "prompt", "encoding"],
      short: "MLSsmerE",
      arity: "value",
    },
    { long: ["troff-device", "warnings"], short: "T", arity: "optional" },
  ],
  readOnly: "always",
  // PowerShell's alias of Get-Help: -Online and -ShowWindow start a browser or a window.
  judge: (inv, _parsed, out) => helpOnline(inv, out),
};

/** info (GNU texinfo). */
export const INFO: ProgramRecord = {
  names: ["info"],
  longMatch: "prefix",
  options: [
    { long: ["output"], short: "o", arity: "value", effect: "writes" },
    { long: ["dribble"], arity: "value", effect: "writes" },
    { long: ["restore"], arity: "value", effect: "config" },
    { long: ["init-file"], arity: "value", effect: "config" },
    { long: ["directory", "file", "node", "index-search"], short: "dfn", arity: "value" },
  ],
  readOnly: "always",
};

/** bat (batcat on Debian): `bat cache` writes its syntax cache. */
export const BAT: ProgramRecord = {
  names: ["bat", "batcat"],
  longMatch: "prefix",
  options: [
    { long: ["pager"], arity: "value", effect: "pager" },
    { long: ["generate-config-file"], arity: "none", effect: "writes" },
    {
      long: [
        "language",
        "highlight-line",
        "line-range",
        "theme",
        "style",
        "map-syntax",
        "file-name",
      ],
      short: "lHr",
      arity: "value",
    },
    {
      long: [
        "tabs",
        "wrap",
        "terminal-width",
        "decorations",
        "color",
        "italic-text",
        "diff-context",
        "paging",
      ],
      arity: "value",
    },
  ],
  readOnly: (_inv, parsed) => parsed.operands[0]?.text !== "cache",
};

/** delta (a diff pager). */
export const DELTA: ProgramRecord = {
  names: ["delta"],
  longMatch: "prefix",
  options: [
    { long: ["pager"], arity: "value", effect: "pager" },
    { long: ["config"], arity: "value", effect: "config" },
    { long: ["features", "syntax-theme", "width", "tabs"], short: "w", arity: "value" },
  ],
  readOnly: "always",
};
