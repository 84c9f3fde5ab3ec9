/**
 * A remote URL as git uses it: `url.<base>.insteadOf` rewriting, applied
 * the way git's remote.c applies it when it reads a remote's URL (what
 * `git remote -v` and `git remote get-url` print). Pure: no I/O.
 * @module
 */
import type { GitConfigEntry } from "./parse_config.ts";

/**
 * Rewrites `url` by the longest `url.<base>.insteadOf` value it starts
 * with, as git does: every such value in the whole cascade counts; bases
 * are taken in the order each first appears and their values in file
 * order, and of two values of the same length the first wins (a later one
 * must be strictly longer). An empty value matches every URL. A key without
 * a value (an error to git) and `pushInsteadOf` (push URLs only) are not
 * applied.
 *
 * @param entries The merged configuration, in git's precedence order.
 * @param url A remote's URL as written.
 * @returns The URL git uses.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGitConfig } from "./parse_config.ts";
 * import { rewriteUrl } from "./url_rewrite.ts";
 * const c = parseGitConfig('[url "git@github.com:"]\n\tinsteadOf = https://github.com/\n');
 * assert.equal(rewriteUrl(c.entries, "https://github.com/x/y.git"), "git@github.com:x/y.git");
 * assert.equal(rewriteUrl(c.entries, "https://gitlab.com/x/y.git"), "https://gitlab.com/x/y.git");
 * ```
 */
export function rewriteUrl(entries: readonly GitConfigEntry[], url: string): string {
  const bases = new Map<string, string[]>();
  for (const e of entries) {
    if (e.section !== "url" || e.key !== "insteadof" || e.subsection === null) continue;
    if (e.value === null) continue;
    const values = bases.get(e.subsection);
    if (values === undefined) bases.set(e.subsection, [e.value]);
    else values.push(e.value);
  }
  let best: { base: string; length: number } | null = null;
  for (const [base, values] of bases) {
    for (const v of values) {
      if (url.startsWith(v) && (best === null || best.length < v.length)) {
        best = { base, length: v.length };
      }
    }
  }
  return best === null ? url : best.base + url.slice(best.length);
}
