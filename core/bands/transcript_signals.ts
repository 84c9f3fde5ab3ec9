/**
 * The band signals of a transcript file, read with the bounded
 * backwards scan of core/bands (at most the bytes signal's hard threshold
 * plus one 64 KiB chunk, whatever the file's size) over the transcripts'
 * one reader.
 * @module
 */
import { NotFoundError } from "../errors.ts";
import type { ReadFs } from "../fs.ts";
import type { BandThresholds } from "../config/bands_section.ts";
import type { BandSignals } from "./evaluate.ts";
import {
  SCANNED_FORMATS,
  scanTranscript,
  type TranscriptFormat,
  type TranscriptSignals,
} from "./scan_transcript.ts";
import { hostRecord, isHostId } from "../hosts/ids.ts";
import { signalsFromScan } from "./signals.ts";
import { fileSource } from "../transcript/json_lines.ts";

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
