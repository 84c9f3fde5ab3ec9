/**
 * gitignore patterns (gitignore(5), git's wildmatch with WM_PATHNAME)
 * compiled to regular expressions, or, with three or more stars (and with
 * two slash-crossing stars, for a path over 256 bytes), to an automaton that
 * cannot backtrack (core/facts/worktree/pattern_automaton.ts). Pure.
 *
 * Why not npm:ignore: it is CommonJS only, and loading CommonJS boots Deno's
 * Node compatibility layer, measured at about 40 ms of every preflight,
 * finalize and load. This matcher decides one path against one file's
 * patterns; the walk applies the levels (deeper files override shallower
 * ones, info/exclude and core.excludesFile come last) and never enters an
 * ignored directory, which is how git keeps a file under an excluded
 * directory from being re-included. tests/core/facts/worktree/gitignore_test.ts
 * compares the whole walk with `git status` on generated patterns and trees.
 * @module
 */
import { GitLimitError } from "../git/errors.ts";
import {
  automatonMatcher,
  type PatternToken,
  spanningCount,
  tokensSource,
  unboundedCount,
} from "./pattern_automaton.ts";

/** One compiled pattern. */
interface Rule {
  /** Decides a whole path (or base name); throws GitLimitError for a pattern too long to match. */
  match: (path: string) => boolean;
  negated: boolean;
  dirOnly: boolean;
  /** No slash in the pattern: it is matched against the last path component. */
  basenameOnly: boolean;
}

/** The patterns of one ignore file, in file order. */
export interface GitignoreRules {
  readonly rules: readonly Rule[];
  /**
   * core.ignoreCase: ASCII letters fold, as in git: the path's all, the
   * pattern's where git's wildmatch folds them (not after a backslash, not
   * a bracket's single characters; a bracket's range also takes letters
   * whose capitals it holds).
   */
  readonly ignoreCase: boolean;
}

const UTF8 = new TextEncoder();

/**
 * `text` as one code unit per UTF-8 byte (0-255). git matches bytes, so `?`
 * takes one byte of "é", not the whole letter; working on byte strings keeps
 * every rule below byte-exact.
 */
function toBytes(text: string): string {
  // deno-lint-ignore no-control-regex
  if (/^[\u0000-\u007f]*$/.test(text)) return text;
  let out = "";
  for (const b of UTF8.encode(text)) out += String.fromCharCode(b);
  return out;
}

/** Lower-cases ASCII letters only (git folds bytes in the C locale). */
function foldAscii(text: string): string {
  return text.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

/** Options of {@linkcode parseGitignore}. */
export interface ParseGitignoreOptions {
  /** core.ignoreCase. @default {false} */
  ignoreCase?: boolean;
  /**
   * Whether the text is a whole file, whose leading U+FEFF (a byte-order
   * mark) git skips; false for one pattern of another file (an attributes
   * line), which keeps it as written. @default {true}
   */
  wholeFile?: boolean;
}

/** Where a path stands against one file's patterns. */
export type GitignoreVerdict = "ignored" | "unignored" | null;

const POSIX_CLASSES: Record<string, string> = {
  alnum: "a-zA-Z0-9",
  alpha: "a-zA-Z",
  blank: " \\t",
  cntrl: "\\x00-\\x1f\\x7f",
  digit: "0-9",
  graph: "\\x21-\\x7e",
  lower: "a-z",
  print: "\\x20-\\x7e",
  punct: "!-\\/:-@\\[-`{-~",
  space: " \\t\\n\\r\\f\\v",
  upper: "A-Z",
  xdigit: "0-9A-Fa-f",
};

function escapeRegex(ch: string): string {
  return /[\\^$.*+?()[\]{}|/-]/.test(ch) ? `\\${ch}` : ch;
}

/**
 * Translates a bracket expression starting at `pattern[start] === "["`.
 * Returns the regex source and the index after `]`, or null when the
 * bracket never closes (wildmatch then fails the whole pattern).
 */
function bracket(
  pattern: string,
  start: number,
  fold: boolean,
): { source: string; end: number } | null {
  let i = start + 1;
  let negate = false;
  if (pattern[i] === "!" || pattern[i] === "^") {
    negate = true;
    i++;
  }
  let body = "";
  let first = true;
  while (i < pattern.length) {
    const ch = pattern[i]!;
    if (ch === "]" && !first) {
      // Bracket expressions never match "/" under WM_PATHNAME.
      const cls = body === "" ? (negate ? "[^/]" : "[]") : `[${negate ? "^/" : ""}${body}]`;
      return { source: negate ? cls : `(?!/)${cls}`, end: i + 1 };
    }
    first = false;
    if (ch === "[" && pattern[i + 1] === ":") {
      const close = pattern.indexOf(":]", i + 2);
      if (close > 0) {
        const name = pattern.slice(i + 2, close);
        // Folded text has no capitals left: both letter classes mean a-z.
        const cls = fold && (name === "upper" || name === "lower") ? "a-z" : POSIX_CLASSES[name];
        if (cls === undefined) return null;
        body += cls;
        i = close + 2;
        continue;
      }
    }
    let lo = ch;
    if (ch === "\\") {
      if (i + 1 >= pattern.length) return null;
      lo = pattern[++i]!;
    }
    i++;
    if (pattern[i] === "-" && i + 1 < pattern.length && pattern[i + 1] !== "]") {
      let hi = pattern[i + 1]!;
      i += 2;
      if (hi === "\\") {
        if (i >= pattern.length) return null;
        hi = pattern[i++]!;
      }
      // wildmatch matches the range's first character on its own before it
      // sees the dash, so a reversed range still matches that character.
      body += hi < lo ? escapeRegex(lo) : `${escapeRegex(lo)}-${escapeRegex(hi)}`;
      // Under core.ignoreCase git also takes a (folded) letter whose capital
      // is in the range: [A-Z] matches every letter.
      if (fold && hi >= lo) body += foldedCapitals(lo, hi);
    } else {
      // A single character is compared as written with the folded text:
      // under core.ignoreCase a capital there never matches (git's wildmatch).
      body += escapeRegex(lo);
    }
  }
  return null;
}

/** One byte as written (escaped for a regex), compared as is. */
function literal(ch: string): PatternToken {
  return { kind: "one", source: escapeRegex(ch), test: (b) => b === ch };
}

/** One byte a single-character regex source (`[^/]`, a bracket) accepts. */
function oneOf(source: string): PatternToken {
  // Compiled on first use: only the automaton tests one byte at a time.
  let re: RegExp | null = null;
  return { kind: "one", source, test: (b) => (re ??= new RegExp(`^(?:${source})$`, "s")).test(b) };
}

/** Compiles a pattern body (no `!`, no trailing `/`) to tokens. */
function compileBody(body: string, fold: boolean): PatternToken[] | null {
  const out: PatternToken[] = [];
  let i = 0;
  while (i < body.length) {
    const ch = body[i]!;
    if (ch === "*") {
      let j = i;
      while (body[j] === "*") j++;
      const run = j - i;
      const atStart = i === 0 || body[i - 1] === "/";
      // wildmatch also ends the component at an escaped slash after the stars, and then the
      // stars match across slashes with no zero-directory shortcut: stars, backslash, slash
      // and x compile to ".*/x", which never matches a top-level x.
      const escapedSlash = body[j] === "\\" && body[j + 1] === "/";
      const atEnd = j === body.length || body[j] === "/";
      if (run >= 2 && atStart && escapedSlash) {
        out.push({ kind: "any" });
        i = j;
        continue;
      }
      if (run >= 2 && atStart && atEnd) {
        if (j === body.length) {
          // "x/**" matches everything inside x; a lone "**" matches everything.
          out.push({ kind: "any" });
          i = j;
        } else if (i === 0) {
          out.push({ kind: "dirs" }); // "**/x": x in every directory
          i = j + 1;
        } else {
          out.push({ kind: "dirs" }); // "a/**/b": zero or more directories
          i = j + 1;
        }
        continue;
      }
      out.push({ kind: "star" });
      i = j;
      continue;
    }
    if (ch === "?") {
      out.push(oneOf("[^/]"));
      i++;
      continue;
    }
    if (ch === "[") {
      const b = bracket(body, i, fold);
      if (b === null) return null;
      out.push(oneOf(b.source));
      i = b.end;
      continue;
    }
    if (ch === "\\") {
      if (i + 1 >= body.length) return null; // a trailing backslash matches nothing
      // An escaped character is not folded: under core.ignoreCase an escaped
      // capital never matches the folded text (git's wildmatch folds only the
      // pattern character it reads, not the one after a backslash).
      out.push(literal(body[i + 1]!));
      i += 2;
      continue;
    }
    out.push(literal(fold ? foldAscii(ch) : ch));
    i++;
  }
  return out;
}

/** The lower-case letters whose capitals lie in [lo, hi], as a class body. */
function foldedCapitals(lo: string, hi: string): string {
  const from = Math.max(lo.charCodeAt(0), 0x41);
  const to = Math.min(hi.charCodeAt(0), 0x5a);
  if (from > to) return "";
  return `${String.fromCharCode(from + 32)}-${String.fromCharCode(to + 32)}`;
}

/**
 * Compiles a pattern. An anchored pattern is matched the way git's
 * match_pathname does it: the literal part before the first wildcard is
 * compared as is and the rest goes to wildmatch on its own, so a `**`
 * right after that literal part counts as starting a path component (so
 * "d", two stars, then two slashes matches the directory d and everything
 * under it, exactly as git does).
 */
function compileAnchoredOrBase(
  line: string,
  basenameOnly: boolean,
  fold: boolean,
): PatternToken[] | null {
  if (basenameOnly) return compileBody(line, fold);
  const w = line.search(/[*?[\\]/);
  if (w <= 0) return compileBody(line, fold);
  const rest = compileBody(line.slice(w), fold);
  if (rest === null) return null;
  // git compares the literal part with the path's case folded (fspathncmp).
  return [...[...line.slice(0, w)].map((ch) => literal(fold ? foldAscii(ch) : ch)), ...rest];
}

/**
 * Most tokens of a pattern the automaton runs: each path costs its length times this. A longer
 * line with three or more stars (no ignore file a person writes holds one) is too long to match.
 */
const MAX_AUTOMATON_TOKENS = 256;

/**
 * The matcher of a compiled pattern. Up to two unbounded stars, at most one of them able to
 * cross a slash, it is the regular expression (at worst quadratic in one name's length, and the
 * fastest for the usual `*.log` or `**\/build`); with three or more, or two that cross slashes
 * (`**\/a/**\/b`: quadratic in the whole path's), the automaton
 * (core/facts/worktree/pattern_automaton.ts), since a regular expression then backtracks
 * through every split of the path between them.
 */
function matcherOf(tokens: readonly PatternToken[]): (path: string) => boolean {
  const stars = unboundedCount(tokens);
  const fits = tokens.length <= MAX_AUTOMATON_TOKENS;
  if (stars >= 3) return fits ? automatonMatcher(tokens) : () => tooLong();
  const regex = new RegExp(`^${tokensSource(tokens)}$`, "s");
  if (spanningCount(tokens) < 2 || !fits) return (path) => test(regex, path);
  // Two that cross slashes: the regular expression for a path of ordinary length (the
  // automaton is several times slower there), the automaton past it.
  const automaton = automatonMatcher(tokens);
  return (path) => path.length > LONG_PATH ? automaton(path) : test(regex, path);
}

/** Bytes of a path past which two slash-crossing stars are matched by the automaton. */
const LONG_PATH = 256;

/** Removes trailing spaces that are not escaped with a backslash. */
function trimTrailingSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && line[end - 1] === " ") {
    let slashes = 0;
    for (let k = end - 2; k >= 0 && line[k] === "\\"; k--) slashes++;
    if (slashes % 2 === 1) break;
    end--;
  }
  return line.slice(0, end);
}

/**
 * Parses the text of one ignore file.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const rules = parseGitignore("*.log\n!keep.log\nbuild/\n/top\n");
 * assert.equal(matchGitignore(rules, "a/x.log"), "ignored");
 * assert.equal(matchGitignore(rules, "keep.log"), "unignored");
 * assert.equal(matchGitignore(rules, "src/build/"), "ignored");
 * assert.equal(matchGitignore(rules, "src/build"), null);
 * assert.equal(matchGitignore(rules, "sub/top"), null);
 * ```
 */
export function parseGitignore(text: string, options: ParseGitignoreOptions = {}): GitignoreRules {
  const fold = options.ignoreCase === true;
  const rules: Rule[] = [];
  const unmarked = options.wholeFile !== false && text.startsWith("\uFEFF") ? text.slice(1) : text;
  // Letters are folded where git folds them (compileBody, bracket), not here.
  const source = toBytes(unmarked);
  for (const raw of source.split("\n")) {
    let line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (line === "" || line.startsWith("#")) continue;
    // git reads each line as a C string: a NUL byte ends it.
    const nul = line.indexOf("\0");
    if (nul >= 0) line = line.slice(0, nul);
    line = trimTrailingSpaces(line);
    if (line === "") continue;
    let negated = false;
    if (line.startsWith("!")) {
      negated = true;
      line = line.slice(1);
    }
    let dirOnly = false;
    if (line.endsWith("/") && !line.endsWith("\\/")) {
      dirOnly = true;
      line = line.slice(0, -1);
    }
    if (line === "") continue;
    const basenameOnly = !line.includes("/");
    if (line.startsWith("/")) line = line.slice(1);
    if (line === "") continue;
    const tokens = compileAnchoredOrBase(line, basenameOnly, fold);
    if (tokens === null) continue;
    rules.push({ match: matcherOf(tokens), negated, dirOnly, basenameOnly });
  }
  return { rules, ignoreCase: fold };
}

/**
 * Decides `path` (relative to the ignore file's directory; a directory ends
 * with "/") against one file's rules: the last matching pattern wins.
 */
export function matchGitignore(rules: GitignoreRules, text: string): GitignoreVerdict {
  const path = rules.ignoreCase ? foldAscii(toBytes(text)) : toBytes(text);
  const isDir = path.endsWith("/");
  const bare = isDir ? path.slice(0, -1) : path;
  const slash = bare.lastIndexOf("/");
  const base = slash < 0 ? bare : bare.slice(slash + 1);
  for (let k = rules.rules.length - 1; k >= 0; k--) {
    const r = rules.rules[k]!;
    if (r.dirOnly && !isDir) continue;
    if (r.match(r.basenameOnly ? base : bare)) return r.negated ? "unignored" : "ignored";
  }
  return null;
}

/**
 * One wildmatch pattern with WM_PATHNAME (and WM_CASEFOLD when `fold`),
 * matched against a whole text byte for byte as git's wildmatch does it:
 * `*`, `?` and brackets never take "/", stars cross it only as a whole path
 * component (`**` glued to a name is one `*`), POSIX classes, ASCII-only
 * folding. A pattern git's wildmatch fails on (an unclosed bracket, a
 * trailing backslash, an unknown class) matches nothing. For includeIf
 * conditions (core/facts/git/_include_if.ts), which git decides with the
 * same wildmatch as ignore patterns.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(compileWildmatch("/w/**", false)("/w/a/b"), true);
 * assert.equal(compileWildmatch("/w**", false)("/w/a"), false, "glued: one star");
 * assert.equal(compileWildmatch("/[[:alpha:]]/x", false)("/q/x"), true);
 * assert.equal(compileWildmatch("/W/*", true)("/w/A"), true);
 * ```
 */
export function compileWildmatch(pattern: string, fold: boolean): (text: string) => boolean {
  const tokens = compileBody(toBytes(pattern), fold);
  if (tokens === null) return () => false;
  const match = matcherOf(tokens);
  return (text) => match(fold ? foldAscii(toBytes(text)) : toBytes(text));
}

/**
 * A rule's regex against a path. A pattern line of tens of thousands of
 * characters (a stranger's .gitignore may hold one) compiles to a regex the
 * engine refuses on first use: a typed error naming no content, so the
 * status is unknown with a reason rather than guessed either way.
 */
function test(regex: RegExp, path: string): boolean {
  try {
    return regex.test(path);
  } catch {
    return tooLong();
  }
}

function tooLong(): never {
  throw new GitLimitError(
    "an ignore pattern is too long for baton to match",
    "git_pattern_too_long",
  );
}
