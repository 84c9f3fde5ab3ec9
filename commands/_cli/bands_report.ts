/**
 * Edge helpers shared by `baton bands` and `baton statusline`: flag values
 * as signals and the report both print. A flag value that is not a number is
 * passed on as it is, so the evaluator counts it as hard (a present but
 * malformed signal), as the band rules say.
 * @module
 */
import type { BandThresholds } from "../../core/config/bands_section.ts";
import type { BandResult, SignalInput } from "../../core/bands/evaluate.ts";
import type { TranscriptSignals } from "../../core/bands/scan_transcript.ts";

/** A flag's text as a signal (undefined when the flag is absent). */
export function flagSignal(raw: string | undefined): SignalInput | undefined {
  if (raw === undefined) return undefined;
  const t = raw.trim();
  const value = /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : raw;
  return { value, source: "flag" };
}

/** The `--json` shape of `baton bands`. */
export interface BandsReport {
  band: BandResult["band"];
  deciding: BandResult["deciding"];
  readings: BandResult["readings"];
  missing: BandResult["missing"];
  thresholds: BandThresholds;
  transcript: {
    format: string | null;
    size: number;
    bytes_read: number;
    compaction_found: boolean;
    skipped_lines: number;
  } | null;
}

/** Builds the report from a verdict and the scan behind it. */
export function bandsReport(result: BandResult, scan: TranscriptSignals | null): BandsReport {
  return {
    band: result.band,
    deciding: result.deciding,
    readings: result.readings,
    missing: result.missing,
    thresholds: result.thresholds,
    transcript: scan === null ? null : {
      format: scan.format,
      size: scan.size,
      bytes_read: scan.bytesRead,
      compaction_found: scan.compactionFound,
      skipped_lines: scan.skippedLines,
    },
  };
}
