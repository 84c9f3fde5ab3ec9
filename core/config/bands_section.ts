/**
 * The `bands:` section of `.baton/config.yaml`: the context-band signals,
 * their built-in thresholds and the bounds a configured threshold must keep.
 * No imports, so a hook can use the defaults without loading the YAML
 * parser or zod (they cost more start-up time than the hook's whole budget
 * allows; see core/config/parse_config.ts). Pure data.
 *
 * Decisions:
 * - The defaults live with the config section rather than in core/bands, so
 *   this rank-1 folder never imports the rank-3 feature that consumes it.
 * - Every threshold has an upper bound: bytes because the transcript scan
 *   reads at most the hard threshold plus one chunk (a configured 1 GB
 *   threshold would turn a bounded read into an unbounded one), pct because
 *   a percentage above 100 can never be reached.
 * @module
 */

/** The context-pressure signals, OR-joined. */
export const BAND_SIGNALS = ["pct", "depth", "bytes"] as const;

/** One signal: context-window fill (percent), tool calls since the last user turn, transcript bytes since the last compaction. */
export type BandSignal = typeof BAND_SIGNALS[number];

/** The bands above `ok`, lowest first. */
export const BAND_LEVELS = ["warn", "handoff", "hard"] as const;

/** One band above `ok`. */
export type BandLevel = typeof BAND_LEVELS[number];

/** The three thresholds of one signal; a value at or above a threshold is in that band. */
export type SignalThresholds = Readonly<Record<BandLevel, number>>;

/** The thresholds of every signal. */
export type BandThresholds = Readonly<Record<BandSignal, SignalThresholds>>;

/** The built-in thresholds (pct 50/60/80, depth 20/30/40, bytes 128/192/256 KiB). */
export const DEFAULT_BAND_THRESHOLDS: BandThresholds = Object.freeze({
  pct: Object.freeze({ warn: 50, handoff: 60, hard: 80 }),
  depth: Object.freeze({ warn: 20, handoff: 30, hard: 40 }),
  bytes: Object.freeze({ warn: 128 * 1024, handoff: 192 * 1024, hard: 256 * 1024 }),
});

/**
 * The largest threshold a signal accepts: pct 100, depth 100,000 tool calls,
 * bytes 16 MiB (the scan reads at most the hard threshold plus one chunk).
 */
export const MAX_THRESHOLD: Readonly<Record<BandSignal, number>> = Object.freeze({
  pct: 100,
  depth: 100_000,
  bytes: 16 * 1024 * 1024,
});

/** Whether a signal's thresholds must be whole numbers (pct may be fractional). */
export const INTEGER_SIGNAL: Readonly<Record<BandSignal, boolean>> = Object.freeze({
  pct: false,
  depth: true,
  bytes: true,
});

/**
 * The lowest threshold that arms a deny: `.baton/config.yaml` travels in
 * commits, so a stranger's `depth: {handoff: 2}` must not make an opted-in
 * person's every session deny its own changes at its second tool call. A
 * lower configured threshold still gives its advice; the deny waits for
 * this floor (pct 30, depth 15 tool calls, bytes 96 KiB).
 */
export const ARM_FLOOR: Readonly<Record<BandSignal, number>> = Object.freeze({
  pct: 30,
  depth: 15,
  bytes: 96 * 1024,
});

/** The thresholds that arm a deny: each one raised to {@link ARM_FLOOR}. */
export function armingThresholds(t: BandThresholds): BandThresholds {
  const raise = (signal: BandSignal): SignalThresholds => ({
    warn: Math.max(t[signal].warn, ARM_FLOOR[signal]),
    handoff: Math.max(t[signal].handoff, ARM_FLOOR[signal]),
    hard: Math.max(t[signal].hard, ARM_FLOOR[signal]),
  });
  return { pct: raise("pct"), depth: raise("depth"), bytes: raise("bytes") };
}

/** Whether any threshold lies below {@link ARM_FLOOR} (the advice then comes before the deny may arm). */
export function belowArmFloor(t: BandThresholds): boolean {
  return BAND_SIGNALS.some((s) => BAND_LEVELS.some((l) => t[s][l] < ARM_FLOOR[s]));
}
