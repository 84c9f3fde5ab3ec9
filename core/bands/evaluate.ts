/**
 * Context bands: where a session stands (ok, warn, handoff, hard) from the
 * signals that are present, OR-joined: the highest band any signal reaches
 * decides. Pure.
 *
 * Decisions:
 * - A missing signal (undefined or null) is ignored: a host that gives no
 *   percentage must not make every session look fine or look full.
 * - A present signal that is not a finite number, or is outside its domain
 *   (negative, a fractional tool count, a percentage above 100), counts as
 *   hard: a reader that produced garbage is treated as the worst case, never
 *   as "nothing to report".
 * - A value known only as a lower bound (the scan stopped before finding the
 *   compaction marker) is judged by that bound; the bound is at least the
 *   hard threshold whenever the scan stops early, so the answer is the same.
 * Examples are in its test: the hook loads this module, every comment twice.
 * @module
 */
import {
  BAND_LEVELS,
  BAND_SIGNALS,
  type BandLevel,
  type BandSignal,
  type BandThresholds,
  DEFAULT_BAND_THRESHOLDS,
} from "../config/bands_section.ts";

/** Where a session stands; `ok` is below warn. */
export type Band = "ok" | BandLevel;

/** The order of the bands, lowest first. */
export const BANDS: readonly Band[] = ["ok", ...BAND_LEVELS];

/** One signal as measured. */
export interface SignalInput {
  /** The measured value; anything but a finite in-domain number counts as hard. */
  value: unknown;
  /** Where it came from, e.g. `flag`, `status_line`, `transcript`, `codex token_count`. */
  source: string;
  /** The true value is at least `value` (a bounded scan stopped early). */
  atLeast?: boolean;
}

/** The signals to judge; a missing one is ignored. */
export type BandSignals = Partial<Record<BandSignal, SignalInput | null>>;

/** How one present signal was judged. */
export interface SignalReading {
  signal: BandSignal;
  /** The value, or null when it was malformed or out of range. */
  value: number | null;
  atLeast: boolean;
  source: string;
  /** `malformed`: not a finite number; `out_of_range`: outside the signal's domain. */
  status: "ok" | "malformed" | "out_of_range";
  band: Band;
}

/** The verdict. */
export interface BandResult {
  band: Band;
  /** Signals whose band is the verdict's (empty when ok). */
  deciding: BandSignal[];
  /** Every present signal, in signal order. */
  readings: SignalReading[];
  /** Signals that were not given. */
  missing: BandSignal[];
  thresholds: BandThresholds;
}

function domainOk(signal: BandSignal, v: number): boolean {
  if (v < 0) return false;
  if (signal === "pct") return v <= 100;
  return Number.isInteger(v);
}

function bandOf(value: number, t: Readonly<Record<BandLevel, number>>): Band {
  if (value >= t.hard) return "hard";
  if (value >= t.handoff) return "handoff";
  if (value >= t.warn) return "warn";
  return "ok";
}

/** Compares two bands: negative when `a` is lower. */
export function compareBands(a: Band, b: Band): number {
  return BANDS.indexOf(a) - BANDS.indexOf(b);
}

/**
 * Judges the signals against the thresholds.
 */
export function evaluateBands(
  signals: BandSignals,
  thresholds: BandThresholds = DEFAULT_BAND_THRESHOLDS,
): BandResult {
  const readings: SignalReading[] = [];
  const missing: BandSignal[] = [];
  for (const signal of BAND_SIGNALS) {
    const input = signals[signal];
    if (
      input === undefined || input === null || input.value === undefined || input.value === null
    ) {
      missing.push(signal);
      continue;
    }
    const base = { signal, atLeast: input.atLeast === true, source: input.source };
    const v = input.value;
    if (typeof v !== "number" || !Number.isFinite(v)) {
      readings.push({ ...base, value: null, status: "malformed", band: "hard" });
    } else if (!domainOk(signal, v)) {
      readings.push({ ...base, value: null, status: "out_of_range", band: "hard" });
    } else {
      readings.push({ ...base, value: v, status: "ok", band: bandOf(v, thresholds[signal]) });
    }
  }
  let band: Band = "ok";
  for (const r of readings) if (compareBands(r.band, band) > 0) band = r.band;
  const deciding = band === "ok"
    ? []
    : readings.filter((r) => r.band === band).map((r) => r.signal);
  return { band, deciding, readings, missing, thresholds };
}
