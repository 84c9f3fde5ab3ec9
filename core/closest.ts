/**
 * Finds the closest known word to a mistyped one (for "did you mean" hints).
 * Pure.
 * @module
 */

/** Levenshtein distance, bounded to short words. */
export function editDistance(a: string, b: string): number {
  const m = Math.min(a.length, 64);
  const n = Math.min(b.length, 64);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur.push(Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost));
    }
    prev = cur;
  }
  return prev[n]!;
}

/**
 * The known word nearest to `word`, or undefined when none is close.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { closestMatch } from "./closest.ts";
 * assert.equal(closestMatch("fianlize", ["finalize", "load"]), "finalize");
 * assert.equal(closestMatch("zzzzzz", ["load"]), undefined);
 * ```
 */
export function closestMatch(word: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = k.startsWith(word) && word.length >= 2 ? 1 : editDistance(word, k);
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  const limit = Math.max(2, Math.floor((best?.length ?? 0) / 3));
  return bestDistance <= limit ? best : undefined;
}
