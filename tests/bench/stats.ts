/**
 * Bench statistics: median and quartiles of timing samples (pure: no I/O).
 * Quartiles follow Python's `statistics.quantiles` "exclusive" method, the
 * one the reference measurements' rr.py timer used, clamped to the sample
 * range so tiny samples never extrapolate.
 * @module
 */

/** Median, quartiles and range of one scenario's samples. */
export interface Summary {
  n: number;
  median: number;
  p25: number;
  p75: number;
  min: number;
  max: number;
}

/**
 * Returns the `p`-quantile (0..1) of ascending `sorted` samples.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { quantile } from "./stats.ts";
 * assert.equal(quantile([1, 2, 3, 4, 5, 6, 7], 0.25), 2);
 * ```
 */
export function quantile(sorted: readonly number[], p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  if (n === 1) return sorted[0]!;
  const pos = p * (n + 1);
  const j = Math.min(Math.max(Math.floor(pos), 1), n - 1);
  const frac = Math.min(Math.max(pos - j, 0), 1);
  const lo = sorted[j - 1]!;
  const hi = sorted[j]!;
  return lo + (hi - lo) * frac;
}

/**
 * Summarizes samples (any order).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { summarize } from "./stats.ts";
 * assert.equal(summarize([3, 1, 2]).median, 2);
 * ```
 */
export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const n = sorted.length;
  const mid = Math.floor(n / 2);
  const median = n === 0 ? NaN : n % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return {
    n,
    median,
    p25: quantile(sorted, 0.25),
    p75: quantile(sorted, 0.75),
    min: sorted[0] ?? NaN,
    max: sorted[n - 1] ?? NaN,
  };
}

/** The median of `samples` (NaN for none). */
export function median(samples: readonly number[]): number {
  return summarize(samples).median;
}
