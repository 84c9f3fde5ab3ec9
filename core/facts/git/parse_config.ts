/**
 * Parser for git's config file format, following git's own config.c state
 * machine: section and key names are case-insensitive, subsections are
 * case-sensitive, values may be quoted, escaped, continued with a trailing
 * backslash and followed by `;` or `#` comments.
 * Pure: text in, data out.
 * @module
 */
import { GitConfigSyntaxError } from "./errors.ts";

/** One `key = value` line. */
export interface GitConfigEntry {
  /** Section name, lower-cased ("remote"). */
  section: string;
  /** Subsection, case kept ("origin"); null for `[core]`. Lower-cased for the deprecated `[a.b]` form, as git does. */
  subsection: string | null;
  /** Key name, lower-cased ("url"). */
  key: string;
  /** The value with quotes and escapes resolved, or null for a bare key (boolean true). */
  value: string | null;
  /** 1-based line where the entry starts. */
  line: number;
}

/** A parsed config file: entries in file order (later entries win). */
export interface GitConfig {
  entries: GitConfigEntry[];
}

/**
 * Parses git config text.
 *
 * @param text The file's content.
 * @returns Entries in file order.
 * @throws {GitConfigSyntaxError} On anything git itself rejects; the message gives the line only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGitConfig } from "./parse_config.ts";
 * const config = parseGitConfig([
 *   '[Remote "Origin"]',
 *   '  URL = "https://example.com/a b.git" ; comment',
 *   "[core]",
 *   "  bare",
 * ].join("\n"));
 * assert.deepEqual(config.entries[0], {
 *   section: "remote", subsection: "Origin", key: "url", value: "https://example.com/a b.git", line: 2,
 * });
 * assert.equal(config.entries[1]!.value, null);
 * ```
 */
export function parseGitConfig(text: string): GitConfig {
  return new ConfigParser(text).parse();
}

/**
 * The entries git takes from config text it reads on past a syntax error
 * (a `.gitmodules` blob: git reports the bad line and keeps every setting
 * before it), with that error; the whole text's entries and null when it
 * parses.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGitConfigPrefix } from "./parse_config.ts";
 * const { entries, error } = parseGitConfigPrefix("[a]\n\tb = 1\n[bad\n\tc = 2\n");
 * assert.deepEqual(entries.map((e) => e.key), ["b"]);
 * assert.equal(error?.data.line, 3);
 * ```
 */
export function parseGitConfigPrefix(
  text: string,
): { entries: GitConfigEntry[]; error: GitConfigSyntaxError | null } {
  return new ConfigParser(text).parsePrefix();
}

function isSpace(c: string): boolean {
  return c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\v" || c === "\f";
}

function isAlpha(c: string): boolean {
  return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z");
}

function isKeyChar(c: string): boolean {
  return isAlpha(c) || (c >= "0" && c <= "9") || c === "-";
}

/** A cursor over the text that folds CRLF to LF and reports "\n" at end of input. */
class ConfigParser {
  #s: string;
  #i = 0;
  #line = 1;
  #eof = false;
  #section: string | null = null;
  #subsection: string | null = null;
  #entries: GitConfigEntry[] = [];

  constructor(text: string) {
    this.#s = text.startsWith("\uFEFF") ? text.slice(1) : text;
  }

  /** parse(), keeping the entries read before a syntax error. */
  parsePrefix(): { entries: GitConfigEntry[]; error: GitConfigSyntaxError | null } {
    try {
      return { entries: this.parse().entries, error: null };
    } catch (e) {
      if (!(e instanceof GitConfigSyntaxError)) throw e;
      return { entries: this.#entries, error: e };
    }
  }

  parse(): GitConfig {
    let comment = false;
    for (;;) {
      const c = this.#next();
      if (c === "\n") {
        if (this.#eof) return { entries: this.#entries };
        comment = false;
        continue;
      }
      if (comment || isSpace(c)) continue;
      if (c === "#" || c === ";") {
        comment = true;
        continue;
      }
      if (c === "[") {
        this.#header();
        continue;
      }
      if (!isAlpha(c)) throw this.#error("unexpected character");
      this.#entry(c);
    }
  }

  #next(): string {
    if (this.#i >= this.#s.length) {
      this.#eof = true;
      return "\n";
    }
    let c = this.#s[this.#i++]!;
    if (c === "\r" && this.#s[this.#i] === "\n") {
      c = "\n";
      this.#i++;
    }
    if (c === "\n") this.#line++;
    return c;
  }

  /** Line of the character just read (a consumed "\n" belongs to the line it ends). */
  #error(problem: string, endedLine = false): GitConfigSyntaxError {
    return new GitConfigSyntaxError(endedLine ? this.#line - 1 : this.#line, problem);
  }

  #header(): void {
    let name = "";
    for (;;) {
      let c = this.#next();
      if (this.#eof) throw this.#error("unterminated section header", true);
      if (c === "]") break;
      if (isSpace(c)) {
        while (isSpace(c)) {
          if (c === "\n") throw this.#error("incomplete section header", true);
          c = this.#next();
        }
        if (c !== '"') throw this.#error('section header needs "subsection" in quotes');
        const sub = this.#quotedSubsection();
        if (this.#next() !== "]") throw this.#error("section header needs a closing bracket");
        this.#setSection(name, sub);
        return;
      }
      if (!isKeyChar(c) && c !== ".") throw this.#error("bad section name");
      name += c.toLowerCase();
    }
    this.#setSection(name, null);
  }

  #quotedSubsection(): string {
    let sub = "";
    for (;;) {
      let c = this.#next();
      if (c === "\n") throw this.#error("incomplete section header", true);
      if (c === '"') return sub;
      if (c === "\\") {
        c = this.#next();
        if (c === "\n") throw this.#error("incomplete section header", true);
      }
      sub += c;
    }
  }

  #setSection(name: string, quoted: string | null): void {
    const dot = name.indexOf(".");
    const section = dot < 0 ? name : name.slice(0, dot);
    if (section === "") throw this.#error("empty section name");
    const dotted = dot < 0 ? null : name.slice(dot + 1);
    this.#section = section;
    this.#subsection = quoted === null ? dotted : dotted === null ? quoted : `${dotted}.${quoted}`;
  }

  #entry(first: string): void {
    const line = this.#line;
    let key = first.toLowerCase();
    let c: string;
    for (;;) {
      c = this.#next();
      if (this.#eof || !isKeyChar(c)) break;
      key += c.toLowerCase();
    }
    while (c === " " || c === "\t") c = this.#next();
    let value: string | null = null;
    if (c !== "\n") {
      if (c !== "=") throw this.#error("expected '=' after key");
      value = this.#value();
    }
    // git parses a key before any section but can never look it up; skip it the same way.
    if (this.#section === null) return;
    this.#entries.push({ section: this.#section, subsection: this.#subsection, key, value, line });
  }

  #value(): string {
    let out = "";
    let quote = false;
    let comment = false;
    let space = 0;
    for (;;) {
      let c = this.#next();
      if (c === "\n") {
        if (quote) throw this.#error("unterminated quote", true);
        return out;
      }
      if (comment) continue;
      if (isSpace(c) && !quote) {
        if (out.length > 0) space++;
        continue;
      }
      if (!quote && (c === ";" || c === "#")) {
        comment = true;
        continue;
      }
      out += " ".repeat(space);
      space = 0;
      if (c === "\\") {
        c = this.#next();
        if (c === "\n") {
          if (this.#eof) throw this.#error("backslash at end of input", true);
          continue;
        }
        if (c === "t") c = "\t";
        else if (c === "b") c = "\b";
        else if (c === "n") c = "\n";
        else if (c !== "\\" && c !== '"') throw this.#error("unknown escape sequence");
        out += c;
        continue;
      }
      if (c === '"') {
        quote = !quote;
        continue;
      }
      out += c;
    }
  }
}
