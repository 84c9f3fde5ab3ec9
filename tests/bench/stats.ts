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

/** The median of paired differences and a 95 % bootstrap interval around it. */
export interface PairedDifference {
  /** Pairs found (rounds both scenarios were measured in). */
  n: number;
  median: number;
  lo: number;
  hi: number;
}

/**
 * Pairs `a` and `b` round by round (`aRounds[i]` is the round of `a[i]`)
 * and returns the median of `a - b` with a 95 % percentile bootstrap
 * interval (2,000 resamples, a fixed seed: the same samples give the same
 * interval). Pairing takes out what a round's load did to both; null with
 * fewer than 5 pairs.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pairedDifference } from "./stats.ts";
 * const d = pairedDifference([11, 12, 13, 14, 15], [0, 1, 2, 3, 4], [10, 11, 12, 13, 14], [0, 1, 2, 3, 4]);
 * assert.deepEqual([d?.median, d?.lo, d?.hi], [1, 1, 1]);
 * assert.equal(pairedDifference([1], [0], [1], [0]), null);
 * ```
 */
export function pairedDifference(
  a: readonly number[],
  aRounds: readonly number[],
  b: readonly number[],
  bRounds: readonly number[],
): PairedDifference | null {
  const byRound = new Map<number, number>();
  b.forEach((v, i) => byRound.set(bRounds[i]!, v));
  const diffs: number[] = [];
  a.forEach((v, i) => {
    const other = byRound.get(aRounds[i]!);
    if (other !== undefined) diffs.push(v - other);
  });
  if (diffs.length < 5) return null;
  // A small fixed-seed generator (mulberry32): the interval is reproducible from the samples.
  let seed = 0x9e3779b9;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const medians: number[] = [];
  for (let r = 0; r < 2000; r++) {
    const resample = diffs.map(() => diffs[Math.floor(random() * diffs.length)]!);
    medians.push(median(resample));
  }
  medians.sort((x, y) => x - y);
  return {
    n: diffs.length,
    median: median(diffs),
    lo: quantile(medians, 0.025),
    hi: quantile(medians, 0.975),
  };
}
