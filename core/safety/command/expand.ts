/**
 * The expansions the shell applies to an unquoted word before running it,
 * as far as the classifier needs them: brace expansion (`{rm,-rf,/}`,
 * `id_{rsa,ed25519}`, `{1..3}`) and glob patterns (`~/.ssh/id_*`,
 * `[i]d_rsa`) turned into matchers. Both are bounded (results, length) so
 * hostile input cannot blow up. Pure.
 * @module
 */

/** Most words one brace expansion yields; the rest are dropped. */
export const MAX_BRACE_WORDS = 64;
const MAX_BRACE_TEXT = 4096;

/** Most expansion steps for one word (each is linear in the word's length). */
const MAX_BRACE_STEPS = 1024;
const MAX_BRACE_DEPTH = 200;

interface Pair {
  open: number;
  close: number;
  commas: number[];
}

/** The alternatives of a pair (`{a,b}` or `{1..3}`); null when it does not expand. */
function alternativesOf(text: string, p: Pair): string[] | null {
  if (p.commas.length > 0) {
    const cuts = [p.open, ...p.commas, p.close];
    return cuts.slice(0, -1).map((c, k) => text.slice(c + 1, cuts[k + 1]));
  }
  return sequence(text.slice(p.open + 1, p.close));
}

/**
 * The leftmost brace pair that expands, found in one pass that stops as
 * soon as the outermost group around it closes.
 */
function firstExpandable(text: string): { pair: Pair; parts: string[] } | null {
  const stack: Pair[] = [];
  let best: { pair: Pair; parts: string[] } | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "{" && text[i - 1] !== "$") stack.push({ open: i, close: -1, commas: [] });
    else if (c === "}") {
      const p = stack.pop();
      if (p === undefined) continue;
      p.close = i;
      const parts = alternativesOf(text, p);
      if (parts !== null && (best === null || p.open < best.pair.open)) best = { pair: p, parts };
      if (stack.length === 0 && best !== null) return best;
    } else if (c === "," && stack.length > 0) stack.at(-1)!.commas.push(i);
  }
  return best;
}

function sequence(body: string): string[] | null {
  const m = body.match(/^(-?\d{1,6}|[A-Za-z])\.\.(-?\d{1,6}|[A-Za-z])$/);
  if (!m) return null;
  const num = /^-?\d/.test(m[1]!);
  if (num !== /^-?\d/.test(m[2]!)) return null;
  const a = num ? Number(m[1]) : m[1]!.charCodeAt(0);
  const b = num ? Number(m[2]) : m[2]!.charCodeAt(0);
  const out: string[] = [];
  const step = a <= b ? 1 : -1;
  for (let v = a; out.length < MAX_BRACE_WORDS; v += step) {
    out.push(num ? String(v) : String.fromCharCode(v));
    if (v === b) break;
  }
  return out;
}

/**
 * The words brace expansion makes of one word (the word itself when it has
 * no expansion); at most {@linkcode MAX_BRACE_WORDS}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { expandBraces } from "./expand.ts";
 * assert.deepEqual(expandBraces("{rm,-rf,/}"), ["rm", "-rf", "/"]);
 * assert.deepEqual(expandBraces("~/.ssh/id_{rsa,ed25519}"), ["~/.ssh/id_rsa", "~/.ssh/id_ed25519"]);
 * assert.deepEqual(expandBraces("a{1..3}"), ["a1", "a2", "a3"]);
 * assert.deepEqual(expandBraces("${HOME}/{}"), ["${HOME}/{}"]);
 * assert.deepEqual(expandBraces("x{a,{b,c}}"), ["xa", "xb", "xc"]);
 * ```
 */
export function expandBraces(word: string): string[] {
  if (word.length > MAX_BRACE_TEXT || !word.includes("{")) return [word];
  let steps = 0;
  const product = (a: string[], b: string[]): string[] => {
    const out: string[] = [];
    for (const x of a) {
      for (const y of b) {
        if (out.length >= MAX_BRACE_WORDS) return out;
        out.push(x + y);
      }
    }
    return out;
  };
  // Expands the first expandable pair; its alternatives and the rest are expanded in turn.
  const expand = (text: string, depth: number): string[] => {
    if (++steps > MAX_BRACE_STEPS || depth > MAX_BRACE_DEPTH) return [text];
    const found = firstExpandable(text);
    if (found === null) return [text];
    const alternatives: string[] = [];
    for (const p of found.parts) {
      if (alternatives.length >= MAX_BRACE_WORDS) break;
      alternatives.push(...expand(p, depth + 1));
    }
    const rest = expand(text.slice(found.pair.close + 1), depth + 1);
    return product(product([text.slice(0, found.pair.open)], alternatives), rest);
  };
  return expand(word, 0).slice(0, MAX_BRACE_WORDS);
}

/**
 * A matcher for a glob pattern (`*`, `?`, `[...]`, `[!...]`), for checking
 * whether a pattern can name a known file; null when the text has no glob.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { globMatcher } from "./expand.ts";
 * assert.equal(globMatcher("id_*")!.test("id_rsa"), true);
 * assert.equal(globMatcher("[i]d_rsa")!.test("id_rsa"), true);
 * assert.equal(globMatcher(".env*")!.test(".env"), true);
 * assert.equal(globMatcher("*.md")!.test(".env"), false);
 * assert.equal(globMatcher("notes.txt"), null);
 * ```
 */
export function globMatcher(pattern: string): RegExp | null {
  if (!/[*?[]/.test(pattern) || pattern.length > MAX_BRACE_TEXT) return null;
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else if (c === "[") {
      const end = pattern.indexOf("]", i + 2);
      if (end < 0) {
        re += "\\[";
        continue;
      }
      let set = pattern.slice(i + 1, end);
      const neg = set.startsWith("!") || set.startsWith("^");
      if (neg) set = set.slice(1);
      re += `[${neg ? "^" : ""}${set.replace(/[\\\]^]/g, "\\$&")}]`;
      i = end;
    } else re += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  try {
    return new RegExp(`^${re}$`, "i");
  } catch {
    return null;
  }
}
