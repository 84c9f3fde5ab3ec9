/**
 * Searchers: grep and its kin, ripgrep, the silver searcher (ag) and ack.
 * Read-only unless an option runs a program (a pager, an input
 * preprocessor, `--hostname-bin`), or loads a config that can set one.
 * Long options are matched by any unambiguous prefix (getopt_long and
 * Getopt::Long do; for ripgrep this can only flag more). Pure data.
 * @module
 */
import type { ProgramRecord } from "./_record.ts";
import { type Findings, hasShort, type Invocation } from "../invocation.ts";
import { type ParsedOptions, parseOptions, usesOf } from "./_options.ts";
import { foldHome, inDirs, normalizePath } from "../paths.ts";

/** Directories that hold every user's or the system's credentials: the home, the root, /etc, ~/.config. */
const BROAD =
  /^(?:~[a-z0-9._-]{0,64}|\/|\/etc|\/home(?:\/[^/]+)?|\/users(?:\/[^/]+)?|\/root|\/var|\/run|\/proc|\/private|~\/\.config|~\/\.local(?:\/share)?|[a-z]:|[a-z]:\/users(?:\/[^/]+)?)$/;

/** grep's and ripgrep's options that take a value: the rest of a short cluster is that value. */
const SEARCH_VALUED = /[efmABCdDgtTM]/;

/**
 * A searcher asked for an exit status, a count or the names of matching files
 * (`grep -q KEY .env`, `grep -c`, `-l`, `-L`, `rg --count-matches`) prints no
 * line of the files it reads.
 */
export function searchPrintsNoLine(p: string, argv: readonly string[]): boolean {
  if (!/^(?:grep|egrep|fgrep|rg)$/.test(p)) return false;
  return argv.some((a) => {
    if (
      /^--(?:quiet|silent|count|count-matches|files-with-matches|files-without-match)$/.test(a)
    ) {
      return true;
    }
    if (!/^-[a-zA-Z]/.test(a)) return false;
    for (const c of a.slice(1)) {
      if ("qclL".includes(c)) return true;
      if (SEARCH_VALUED.test(c)) return false;
    }
    return false;
  });
}

/** Words a search for secrets is made of. */
export const SECRET_WORDS: RegExp =
  /token|secret|passw|pwd|api[_-]?key|apikey|priv(?:ate)?[_ -]?key|credential|auth|bearer|akia|ghp_|github_pat|xox[bp]|sk-|aws_access|begin .{0,20}private/i;

/** True for a search root that is a home, the whole system or a configuration tree. */
export function isBroadSearchRoot(path: string): boolean {
  const t = normalizePath(foldHome(path.trim()).replace(/\\/g, "/"));
  return BROAD.test(t.length > 1 ? t.replace(/\/+$/, "") : t);
}

/**
 * A recursive search of a whole home, the root, /etc or ~/.config reads
 * every credential file there: review, and dangerous when its patterns hunt
 * for secrets (`grep -r token ~`). A pattern from a file not shown is
 * judged as one that may.
 */
function broadSearch(
  inv: Invocation,
  parsed: ParsedOptions,
  out: Findings,
  recursive: boolean,
): void {
  const fed = inv.fedPaths ?? [];
  if (!recursive && fed.length === 0) return;
  const given = [
    ...usesOf(parsed, "regexp", "e", "match").map((u) => u.value ?? ""),
  ];
  const fromFile = usesOf(parsed, "file", "f").length > 0;
  const ops = parsed.operands.map((o) => o.text);
  const patterns = given.length > 0 || fromFile ? given : ops.slice(0, 1);
  const named = given.length > 0 || fromFile ? ops : ops.slice(1);
  // With no path a recursive search starts in the current directory, wherever a `cd` left it.
  const all = [...named, ...fed];
  judgeRoots(inv, out, all.length > 0 ? all : ["."], patterns, fromFile);
}

/** Review for a search under a broad root; dangerous when its patterns may hunt for secrets. */
function judgeRoots(
  inv: Invocation,
  out: Findings,
  roots: readonly string[],
  patterns: readonly string[],
  fromFile: boolean,
): void {
  if (!roots.flatMap((p) => inDirs(p, inv.dirs)).some(isBroadSearchRoot)) return;
  if (fromFile || patterns.some((p) => SECRET_WORDS.test(p))) {
    out.dangerous(
      "credential_exposure",
      `${inv.program}: searches a home or system directory for secrets`,
    );
  } else {
    out.review(
      `${inv.program}: searches a whole home or system directory, credential files included`,
    );
  }
}

/** grep recurses with -r, -R or `-d recurse` (any unambiguous abbreviation of its values). */
function grepRecurses(args: readonly string[], parsed: ParsedOptions): boolean {
  const argv = args.slice(0, args.indexOf("--") < 0 ? undefined : args.indexOf("--"));
  return hasShort(argv, "r") || hasShort(argv, "R") ||
    argv.some((a) =>
      /^--(?:rec|recu|recur|recurs|recursi|recursiv|recursive|der|dere|deref)/.test(a)
    ) ||
    usesOf(parsed, "directories", "d").some((u) => /^rec/.test(u.value ?? ""));
}

/** grep, egrep, fgrep, zgrep (GNU getopt_long). */
export const GREP: ProgramRecord = {
  names: ["grep", "egrep", "fgrep", "zgrep"],
  longMatch: "prefix",
  options: [
    // The pattern options each on their own: a use of one is told from -m or -A.
    { long: ["regexp"], short: "e", arity: "value" },
    { long: ["file"], short: "f", arity: "value" },
    {
      long: ["max-count", "label", "after-context", "before-context", "context"],
      short: "mABC",
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
  families: ["credential_exposure"],
  judge: (inv, parsed, out) => broadSearch(inv, parsed, out, grepRecurses(inv.argv, parsed)),
};

/**
 * cmd's findstr. Options start with `/` or `-` and may be run together
 * (`/spin`); `/s` searches the files a name matches in its directory and
 * every one below it (in each of `/d:DIR;DIR` if given), `/c:TEXT`
 * gives the search text (then every operand is a file name) and `/g:FILE`
 * reads the search strings from a file.
 */
function findstrSearch(inv: Invocation, out: Findings): void {
  const opts = inv.argv.filter((a) => /^[/-]/.test(a));
  const ops = inv.argv.filter((a) => !/^[/-]/.test(a));
  const valued = (letter: string) =>
    opts.filter((o) => o.slice(1, 3).toLowerCase() === `${letter}:`).map((o) => o.slice(3));
  const recursive = opts.some((o) =>
    !o.includes(":") && /^[/-][belrsixvnmop]+$/i.test(o) && /s/i.test(o)
  );
  const given = valued("c");
  const fromFile = valued("g").length > 0;
  const patterns = given.length > 0 || fromFile
    ? given
    : ops.slice(0, 1).flatMap((p) => p.split(" "));
  const files = given.length > 0 || fromFile ? ops : ops.slice(1);
  // A name's directory (`C:\Users\me\*` -> C:\Users\me), or the current one.
  const dirs = files.map((f) => {
    const at = Math.max(f.lastIndexOf("/"), f.lastIndexOf("\\"));
    return at < 0 ? "." : at === 0 ? f.slice(0, 1) : f.slice(0, at);
  });
  const listed = valued("d").flatMap((d) => d.split(";")).filter((d) => d !== "");
  // Without /s only the top of each directory is searched, as grep without -r.
  const roots = recursive ? [...listed, ...dirs] : [];
  judgeRoots(inv, out, roots, patterns, fromFile);
}

/** findstr (cmd.exe). */
export const FINDSTR: ProgramRecord = {
  names: ["findstr"],
  longMatch: "exact",
  options: [],
  readOnly: "always",
  families: ["credential_exposure"],
  judge: (inv, _parsed, out) => findstrSearch(inv, out),
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
    // The pattern options each on their own: a use of one is told from -g or -m.
    { long: ["regexp"], short: "e", arity: "value" },
    { long: ["file"], short: "f", arity: "value" },
    {
      long: [
        "pre-glob",
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
      short: "gtTrmMjdABCE",
      arity: "value",
    },
    { long: ["color"], arity: "value" },
  ],
  readOnly: "always",
  families: ["credential_exposure"],
  judge: (inv, parsed, out) => broadSearch(inv, parsed, out, true),
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
  families: ["credential_exposure"],
  judge: (inv, parsed, out) => broadSearch(inv, parsed, out, true),
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
    // The pattern option on its own: a use of it is told from -m or -g.
    { long: ["match"], arity: "value" },
    {
      long: [
        "type-set",
        "type-add",
        "type-del",
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
  families: ["credential_exposure"],
  judge: (inv, parsed, out) => broadSearch(inv, parsed, out, true),
};

/**
 * grep's arguments but its pattern operand, read as GNU getopt_long reads
 * them, so an option's value in the next word (`-d recurse`, `-m 1`) is
 * not taken for the pattern; with no path named, a recursive grep walks
 * the current directory, for which "." stands.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { grepPaths } from "./search.ts";
 * assert.deepEqual(grepPaths(["-d", "recurse", "KEY"]), ["-d", "."]);
 * assert.deepEqual(grepPaths(["-m", "1", "KEY", "f"]), ["-m", "f"]);
 * assert.deepEqual(grepPaths(["-d", "skip", "KEY"]), ["-d"]);
 * assert.deepEqual(grepPaths(["-f", "pats", "f"]), ["-f", "pats", "f"]);
 * ```
 */
export function grepPaths(argv: readonly string[]): readonly string[] {
  const parsed = parseOptions(GREP, argv);
  const byOption = usesOf(parsed, "regexp", "e", "file", "f").length > 0;
  const pattern = byOption ? -1 : parsed.operands[0]?.index ?? -1;
  // A value in the next word (`-d skip`, `-m 1`) is no path; a pattern file's (`-f F`) is read.
  const values = new Set(
    parsed.uses.filter((u) => u.valueIndex !== u.index && u.spec.long?.[0] !== "file")
      .map((u) => u.valueIndex),
  );
  const rest = argv.filter((_, i) => i !== pattern && !values.has(i));
  const named = parsed.operands.some((o) => o.index !== pattern);
  return named || !grepRecurses(argv, parsed) ? rest : [...rest, "."];
}
