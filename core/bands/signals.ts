/**
 * The band signals of a transcript file, read with the bounded backwards
 * scan (core/bands/scan_transcript.ts: at most the bytes signal's hard
 * threshold plus one 64 KiB chunk, whatever the file's size) over the
 * transcripts' one reader; what a scan found turned into band signals; and
 * signals from several sources joined (a flag beats the host's status line,
 * which beats the transcript: the more direct measurement wins for each
 * signal). One module with the scan: the band hook runs on every prompt and
 * every module it loads costs it. Core with the file system injected.
 * Examples are in its test: the hook loads this module, every comment twice.
 * @module
 */
import { NotFoundError } from "../errors.ts";
import type { ReadFs } from "../fs.ts";
import { BAND_SIGNALS, type BandThresholds } from "../config/bands_section.ts";
import type { BandSignals } from "./evaluate.ts";
import {
  SCANNED_FORMATS,
  scanTranscript,
  type TranscriptFormat,
  type TranscriptSignals,
} from "./scan_transcript.ts";
import { hostRecord, isHostId } from "../hosts/ids.ts";
import { fileSource } from "../transcript/json_lines.ts";

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

/** The transcript format a host writes (its record's usual one), when the scanner knows it. */
export function hostFormat(host: string | null | undefined): TranscriptFormat | undefined {
  if (host === null || host === undefined || !isHostId(host)) return undefined;
  const format = hostRecord(host).transcript.formats[0];
  return (SCANNED_FORMATS as readonly string[]).includes(format ?? "")
    ? format as TranscriptFormat
    : undefined;
}

/** A scan and the signals it gives. */
export interface TranscriptBandSignals {
  signals: BandSignals;
  scan: TranscriptSignals;
}

/**
 * Scans `path` for band signals.
 * @throws {NotFoundError} when it is not a regular file.
 */
export async function readTranscriptSignals(
  fs: ReadFs,
  path: string,
  options: { thresholds: BandThresholds; host?: string | null },
): Promise<TranscriptBandSignals> {
  const source = await fileSource(fs, path);
  if (source === null) {
    throw new NotFoundError(
      "Cannot read the transcript: no regular file at the path given",
      "transcript_not_found",
    );
  }
  const format = hostFormat(options.host);
  const scan = await scanTranscript(source, {
    maxBytes: options.thresholds.bytes.hard,
    ...(format === undefined ? {} : { format }),
  });
  return { signals: signalsFromScan(scan), scan };
}
