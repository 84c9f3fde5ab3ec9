/**
 * A compiled ignore pattern as a list of tokens, and a matcher that runs
 * them as an automaton: every place the pattern can stand after each byte
 * of the path is kept at once (Thompson's construction), so deciding a path
 * costs at most its length times the pattern's tokens. A regular expression
 * with several unbounded stars backtracks through every way of splitting the
 * path between them: a repository's `.gitignore` line of ten `*a` against a
 * name of fifty `a` took longer than anyone waits, where git's wildmatch
 * answers at once. Pure; imports nothing.
 * @module
 */

/** One token of a compiled pattern. */
export type PatternToken =
  /** One byte that `test` accepts; `source` is its regular-expression form. */
  | { kind: "one"; source: string; test: (byte: string) => boolean }
  /** `[^/]*`: any run of bytes within one path component. */
  | { kind: "star" }
  /** `.*`: any run of bytes, slashes included. */
  | { kind: "any" }
  /** `(?:.*\/)?`: nothing, or any run of bytes that ends with a slash (zero or more directories). */
  | { kind: "dirs" };

const UNBOUNDED_SOURCE = { star: "[^/]*", any: ".*", dirs: "(?:.*/)?" } as const;

/** The regular-expression source of a token list (unanchored). */
export function tokensSource(tokens: readonly PatternToken[]): string {
  return tokens.map((t) => t.kind === "one" ? t.source : UNBOUNDED_SOURCE[t.kind]).join("");
}

/** How many tokens match a run of any length (a regex backtracks once per split between them). */
export function unboundedCount(tokens: readonly PatternToken[]): number {
  return tokens.filter((t) => t.kind !== "one").length;
}

/**
 * How many tokens match a run that may hold slashes (`any`, `dirs`). Two of
 * them split the whole path between them, where two stars split one name
 * (at most 255 bytes): the regular expression of `**` `/a/` `**` `/zz` tries
 * every pair of slashes in a path of a thousand levels, milliseconds a path,
 * and every directory on the way is matched.
 */
export function spanningCount(tokens: readonly PatternToken[]): number {
  return tokens.filter((t) => t.kind === "any" || t.kind === "dirs").length;
}

/**
 * A matcher of the whole of a path against `tokens` (as the anchored
 * regular expression of {@linkcode tokensSource} would match it).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { automatonMatcher, type PatternToken } from "./pattern_automaton.ts";
 * const a: PatternToken = { kind: "one", source: "a", test: (b) => b === "a" };
 * const b: PatternToken = { kind: "one", source: "b", test: (c) => c === "b" };
 * const tokens: PatternToken[] = [{ kind: "dirs" }, { kind: "star" }, a, { kind: "star" }, a, { kind: "star" }, b];
 * const match = automatonMatcher(tokens);
 * assert.equal(match("x/y/xaya-b"), true);
 * assert.equal(match("a".repeat(5000)), false);
 * assert.equal(match("aa/b"), false, "a star stays within one component");
 * ```
 */
export function automatonMatcher(tokens: readonly PatternToken[]): (path: string) => boolean {
  const m = tokens.length;
  // State 2i: before token i; 2i + 1: inside token i when it is `dirs`; 2m: the end.
  const size = 2 * m + 1;
  const close = (set: Uint8Array): void => {
    // Every free move goes forward (to the next token, or into a `dirs`): one pass in order.
    for (let i = 0; i < m; i++) {
      if (set[2 * i] === 0) continue;
      const t = tokens[i]!;
      if (t.kind === "one") continue;
      set[2 * i + 2] = 1;
      if (t.kind === "dirs") set[2 * i + 1] = 1;
    }
  };
  return (path) => {
    let cur = new Uint8Array(size);
    let next = new Uint8Array(size);
    cur[0] = 1;
    close(cur);
    for (let p = 0; p < path.length; p++) {
      const byte = path[p]!;
      next.fill(0);
      let any = false;
      for (let i = 0; i < m; i++) {
        const t = tokens[i]!;
        if (cur[2 * i] === 1) {
          // A `one` moves on past its byte; a star or `any` consumes the byte and stays.
          const to = t.kind === "one"
            ? (t.test(byte) ? 2 * i + 2 : -1)
            : t.kind === "dirs"
            ? -1
            : t.kind === "star" && byte === "/"
            ? -1
            : 2 * i;
          if (to >= 0) {
            next[to] = 1;
            any = true;
          }
        }
        if (cur[2 * i + 1] === 1) {
          // Inside `dirs`: any byte stays inside; a slash may also end it.
          next[2 * i + 1] = 1;
          if (byte === "/") next[2 * i + 2] = 1;
          any = true;
        }
      }
      if (!any) return false;
      close(next);
      [cur, next] = [next, cur];
    }
    return cur[2 * m] === 1;
  };
}
