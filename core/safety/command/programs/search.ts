/**
 * Searchers: grep and its kin, ripgrep, the silver searcher (ag) and ack.
 * Read-only unless an option runs a program (a pager, an input
 * preprocessor, `--hostname-bin`), or loads a config that can set one.
 * Long options are matched by any unambiguous prefix (getopt_long and
 * Getopt::Long do; for ripgrep this can only flag more). Pure data.
 * @module
 */
import type { ProgramRecord } from "./_record.ts";

/** grep, egrep, fgrep, zgrep (GNU getopt_long). */
export const GREP: ProgramRecord = {
  names: ["grep", "egrep", "fgrep", "zgrep"],
  longMatch: "prefix",
  options: [
    {
      long: ["regexp", "file", "max-count", "label", "after-context", "before-context", "context"],
      short: "efmABC",
      arity: "value",
    },
    {
      long: [
        "include",
        "exclude",
        "exclude-from",
        "exclude-dir",
        "binary-files",
        "devices",
        "directories",
        "group-separator",
      ],
      short: "dD",
      arity: "value",
    },
    { long: ["color", "colour"], arity: "optional" },
  ],
  readOnly: "always",
};

/** ripgrep. */
export const RG: ProgramRecord = {
  names: ["rg"],
  longMatch: "prefix",
  options: [
    { long: ["pre"], arity: "value", effect: "runs" },
    { long: ["hostname-bin"], arity: "value", effect: "runs" },
    // Compressed files are read through decompressors (gzip, xz, zstd...)
    // looked up on PATH, which may be the repository's own.
    { long: ["search-zip"], short: "z", arity: "none", effect: "runs" },
    {
      long: [
        "pre-glob",
        "regexp",
        "file",
        "glob",
        "iglob",
        "type",
        "type-not",
        "replace",
        "max-count",
        "max-columns",
        "threads",
        "max-depth",
        "after-context",
        "before-context",
        "context",
        "encoding",
        "engine",
        "sort",
        "sortr",
        "type-add",
        "type-clear",
        "path-separator",
        "colors",
        "field-match-separator",
        "field-context-separator",
        "context-separator",
        "max-filesize",
        "dfa-size-limit",
        "regex-size-limit",
        "ignore-file",
      ],
      short: "efgtTrmMjdABCE",
      arity: "value",
    },
    { long: ["color"], arity: "value" },
  ],
  readOnly: "always",
};

/** The silver searcher. */
export const AG: ProgramRecord = {
  names: ["ag"],
  longMatch: "prefix",
  options: [
    { long: ["pager"], arity: "value", effect: "pager" },
    {
      long: [
        "file-search-regex",
        "ignore",
        "max-count",
        "depth",
        "path-to-ignore",
        "width",
        "workers",
        "color-line-number",
        "color-match",
        "color-path",
      ],
      short: "GmpWg",
      arity: "value",
    },
    { long: ["after", "before", "context"], short: "ABC", arity: "optional" },
  ],
  readOnly: "always",
};

/** ack (Getopt::Long). */
export const ACK: ProgramRecord = {
  names: ["ack", "ack-grep"],
  longMatch: "prefix",
  options: [
    { long: ["pager"], arity: "value", effect: "pager" },
    // --output=EXPR is evaluated for each match.
    { long: ["output"], arity: "value", effect: "runs" },
    { long: ["ackrc"], arity: "value", effect: "config" },
    { long: ["create-ackrc"], arity: "none", effect: "writes" },
    {
      long: [
        "type-set",
        "type-add",
        "type-del",
        "match",
        "ignore-dir",
        "ignore-file",
        "max-count",
        "after-context",
        "before-context",
        "context",
        "files-from",
      ],
      short: "gmABC",
      arity: "value",
    },
  ],
  readOnly: "always",
};
