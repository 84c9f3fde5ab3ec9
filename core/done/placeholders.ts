/**
 * The placeholder gate's scan: finds denied words (TODO, FIXME, XXX,
 * pseudocode by default) in changed source files. Pure: path and text in,
 * findings out.
 *
 * Decisions:
 * - Whole words only ("TODOS" or "xxxl" do not match); a deny word written
 *   in capitals matches only in capitals, a lower-case one in any case
 *   ("pseudocode" catches "Pseudocode"), because `todo` is an ordinary
 *   identifier in many programs while TODO is the marker.
 * - Markdown, YAML and JSON files are never scanned (prose and data talk
 *   about TODOs legitimately); neither is a path under an exempt prefix.
 * - A line holding the allow marker is exempt, so a deliberate mention can
 *   be kept and is visible in review.
 * - Findings carry path, line and the deny word only, never the line's text.
 * @module
 */
import { ALLOW_MARKER } from "../config/done_section.ts";

/** One denied word found. */
export interface PlaceholderFinding {
  path: string;
  /** 1-based line number. */
  line: number;
  /** The deny-list entry that matched. */
  word: string;
}

/** Extensions never scanned. */
const NEVER_SCANNED = /\.(md|markdown|mdx|ya?ml|json|jsonc|json5|lock)$/i;

/** Whether the gate scans `path` (relative, "/"-separated) at all. */
export function isScannedPath(path: string, exempt: readonly string[]): boolean {
  if (NEVER_SCANNED.test(path)) return false;
  for (const prefix of exempt) {
    const p = prefix.endsWith("/") ? prefix : `${prefix}/`;
    if (path === prefix || path.startsWith(p)) return false;
  }
  return true;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A compiled deny list. */
export interface DenyMatcher {
  /** The first deny word on the line, or null. */
  match(line: string): string | null;
}

/**
 * Compiles a deny list.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compileDenyList } from "./placeholders.ts";
 * const m = compileDenyList(["TODO", "pseudocode"]);
 * assert.equal(m.match("// TODO: finish"), "TODO");
 * assert.equal(m.match("const todo = 1; // Pseudocode"), "pseudocode");
 * assert.equal(m.match("const todos = []"), null);
 * ```
 */
export function compileDenyList(words: readonly string[]): DenyMatcher {
  const compiled = words.map((word) => ({
    word,
    re: new RegExp(
      `(?<![\\p{L}\\p{N}_])${escapeRegExp(word)}(?![\\p{L}\\p{N}_])`,
      word === word.toLowerCase() ? "iu" : "u",
    ),
  }));
  return {
    match(line) {
      for (const c of compiled) if (c.re.test(line)) return c.word;
      return null;
    },
  };
}

/** Most findings reported per file. */
const MAX_PER_FILE = 20;

/**
 * The deny words in one file's text, skipping lines with the allow marker.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compileDenyList, scanPlaceholders } from "./placeholders.ts";
 * const found = scanPlaceholders("a.ts", "ok\n// FIXME later\n// TODO keep baton-allow-placeholder\n", compileDenyList(["TODO", "FIXME"]));
 * assert.deepEqual(found, [{ path: "a.ts", line: 2, word: "FIXME" }]);
 * ```
 */
export function scanPlaceholders(
  path: string,
  text: string,
  matcher: DenyMatcher,
): PlaceholderFinding[] {
  const out: PlaceholderFinding[] = [];
  let line = 0;
  for (const content of text.split("\n")) {
    line++;
    if (content.includes(ALLOW_MARKER)) continue;
    const word = matcher.match(content);
    if (word !== null) {
      out.push({ path, line, word });
      if (out.length >= MAX_PER_FILE) break;
    }
  }
  return out;
}
