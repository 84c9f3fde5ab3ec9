/**
 * Turns what a transcript scan found into band signals, and joins signals
 * from several sources (a flag beats the host's status line, which beats
 * the transcript: the more direct measurement wins for each signal). Pure.
 * @module
 */
import { BAND_SIGNALS } from "../config/bands_section.ts";
import type { BandSignals } from "./evaluate.ts";
import type { TranscriptFormat, TranscriptSignals } from "./scan_transcript.ts";

/** The record each format's fill is read from, for the reading's label. */
const USAGE_FIELD: Readonly<Record<TranscriptFormat, string>> = {
  "claude-code": "usage",
  codex: "token_count",
  gemini: "tokens",
  copilot: "usage_record",
};

/**
 * The signals a scan gives: pct from the host's own token accounting, depth
 * from the transcript, and transcript bytes only as a labelled fallback where
 * no token count was found.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const s = signalsFromScan({ format: "codex", size: 10, bytes: 10, bytesAtLeast: false,
 *   compactionFound: false, depth: 3, depthAtLeast: false, pct: 55, bytesRead: 10, skippedLines: 0 });
 * assert.equal(s.pct?.source, "transcript (codex token_count)");
 * assert.equal(s.depth?.value, 3);
 * ```
 */
export function signalsFromScan(scan: TranscriptSignals): BandSignals {
  const out: BandSignals = {};
  // Bytes of transcript only stand in for the host's own token count when it has none.
  if (scan.bytes !== null && scan.pct === null) {
    out.bytes = {
      value: scan.bytes,
      source: "transcript bytes (fallback: no token count)",
      atLeast: scan.bytesAtLeast,
    };
  }
  if (scan.depth !== null) {
    out.depth = { value: scan.depth, source: "transcript", atLeast: scan.depthAtLeast };
  }
  if (scan.pct !== null) {
    const from = scan.format === null ? "token count" : USAGE_FIELD[scan.format];
    const window = scan.window === undefined || scan.window === null ? "" : `; ${scan.window}`;
    out.pct = { value: scan.pct, source: `transcript (${scan.format} ${from}${window})` };
  }
  return out;
}

/**
 * Joins signal sets, earlier ones first: for each signal the first set that
 * has it wins.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const j = joinSignals({ pct: { value: 70, source: "flag" } }, { pct: { value: 10, source: "transcript" } });
 * assert.equal(j.pct?.value, 70);
 * ```
 */
export function joinSignals(...sets: BandSignals[]): BandSignals {
  const out: BandSignals = {};
  for (const signal of BAND_SIGNALS) {
    for (const set of sets) {
      const s = set[signal];
      if (s !== undefined && s !== null) {
        out[signal] = s;
        break;
      }
    }
  }
  return out;
}
