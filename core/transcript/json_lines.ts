/**
 * The one reader of JSON Lines transcripts. A file's records are read from
 * its end backwards, in chunks, within a byte bound, optionally stopping at
 * the newest record a caller names (the last compaction, for the context
 * bands): `baton source`, session capture, the format sniffer and the bands
 * all read a transcript's lines through {@linkcode readRecordsBackward}, so a
 * 1 GB transcript costs what its last `maxBytes` cost. Bytes already in
 * memory (a file's head) are split by {@linkcode parseJsonLines}, with the
 * same line parser. What a record means is the format's reader's business
 * (parse_transcript.ts). A line that is not valid UTF-8, not JSON, longer
 * than the line bound, or cut short (hosts append asynchronously, so the
 * last line may be half written; a bound cuts the oldest) is counted, never
 * kept or echoed. Core with the file system injected.
 *
 * Decisions:
 * - `JSON.parse`, not the strict reader: each line is bounded, and the
 *   strict reader's duplicate-key and depth checks protect capsules, not a
 *   host's own log; speed matters on every prompt and on a 50 MB tail.
 * - Lines are cut with the native `lastIndexOf`/`indexOf`: a byte-by-byte
 *   loop costs more than the whole band hook's budget on a cold start.
 * Examples are in its test: the hook loads this module, every comment twice.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import type { ReadCounts } from "./types.ts";

// types.ts's emptyCounts, written out: the band hook loads no module it does not need.
const noCounts = (): ReadCounts => ({ records: 0, skipped: 0, unknown: 0, invalid: 0 });

/** Size of one backwards read. */
export const TAIL_CHUNK_BYTES = 64 * 1024;

/** Default longest line: 4 MiB. */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

/** Random access to a file's bytes. */
export interface ByteRangeSource {
  /** Size of the file when the read starts. */
  size: number;
  /** Bytes [offset, offset+length); shorter only at end of file. */
  read(offset: number, length: number): Promise<Uint8Array>;
}

/**
 * A source over bytes in memory (tests, and text already held).
 */
export function bytesSource(bytes: Uint8Array): ByteRangeSource {
  return {
    size: bytes.length,
    read: (offset, length) => Promise.resolve(bytes.slice(offset, offset + length)),
  };
}

/** A source over a regular file; null when there is none at `path`. */
export async function fileSource(fs: ReadFs, path: string): Promise<ByteRangeSource | null> {
  const st = await fs.stat(path);
  if (st === null || !st.isFile) return null;
  return { size: st.size, read: (offset, length) => fs.readRange(path, offset, length) };
}

/** Options of {@linkcode readRecordsBackward}. */
export interface ReadBackwardOptions {
  /** Never read more than this many bytes. */
  maxBytes: number;
  /**
   * Called with each parsed object, newest first; the newest one it is true
   * for is kept as the oldest record returned, and nothing before it is read.
   * @default {never stops}
   */
  stopAt?: (record: Readonly<Record<string, unknown>>) => boolean;
  /** @default {TAIL_CHUNK_BYTES} */
  chunkBytes?: number;
  /** Longest line parsed; longer ones are counted invalid. @default {MAX_LINE_BYTES} */
  maxLineBytes?: number;
  /**
   * Keep the records; false when `stopAt` takes what it needs from each (the
   * bands: a record then dies young instead of living to the end of the read).
   * @default {true}
   */
  keep?: boolean;
}

/** The records read from a file's end. Counts and offsets; the records as parsed. */
export interface TailRecords {
  /** Parsed lines, oldest first (none when `keep` is false). */
  records: unknown[];
  /** Lines looked at; invalid ones; `skipped` is the partial oldest line at the bound. */
  counts: ReadCounts;
  /** The file's size when the read started. */
  fileBytes: number;
  bytesRead: number;
  /** Bytes from the start of the oldest line looked at to the end of the file. */
  bytes: number;
  /** The oldest line looked at starts the file: nothing before it was left unread. */
  complete: boolean;
  /** File offset just past the stop record's line (before its newline); null when none was met. */
  stoppedAt: number | null;
}

// Deno's non-fatal decoder is the fast path; the fatal one only runs on a
// line that decoded to a replacement character, to tell invalid UTF-8 from
// a U+FFFD the host wrote (made on first need: a cold constructor costs).
const decoder = new TextDecoder("utf-8");
let strict: TextDecoder | null = null;

/** One line's value, or undefined when it is over the bound, not UTF-8 or not JSON. */
function parseLine(line: Uint8Array, maxLine: number): unknown {
  let stop = line.length;
  if (stop > 0 && line[stop - 1] === 0x0d) stop--;
  if (stop > maxLine) return undefined;
  try {
    const bytes = line.subarray(0, stop);
    const text = decoder.decode(bytes);
    if (!text.includes("\uFFFD")) return JSON.parse(text);
    strict ??= new TextDecoder("utf-8", { fatal: true });
    return JSON.parse(strict.decode(bytes));
  } catch {
    return undefined;
  }
}

/** `head` followed by `pieces` (newest first) in file order, in one copy. */
function join(head: Uint8Array, pieces: readonly Uint8Array[]): Uint8Array {
  let length = head.length;
  for (const p of pieces) length += p.length;
  const out = new Uint8Array(length);
  out.set(head);
  let at = head.length;
  for (let i = pieces.length - 1; i >= 0; i--) {
    out.set(pieces[i]!, at);
    at += pieces[i]!.length;
  }
  return out;
}

/**
 * Reads the records of a JSON Lines file from its end. A read that fails
 * throws the source's error.
 */
export async function readRecordsBackward(
  source: ByteRangeSource,
  options: ReadBackwardOptions,
): Promise<TailRecords> {
  const chunk = options.chunkBytes ?? TAIL_CHUNK_BYTES;
  const maxLine = options.maxLineBytes ?? MAX_LINE_BYTES;
  const stopAt = options.stopAt;
  const keep = options.keep ?? true;
  const size = source.size;
  const counts = noCounts();
  const newestFirst: unknown[] = [];
  let pos = size;
  // The part of the line being cut that lies after `pos` (its end was read
  // already), newest piece first: kept as pieces and joined once, when the
  // line's start is found, so a long line costs its length and not its length
  // once per chunk. Past the line bound only their length is kept.
  let pieces: Uint8Array[] = [];
  let pieceBytes = 0;
  let lineEnd = size; // file offset just past the line being cut (its newline)
  let bytesRead = 0;
  let oldestLine = size;
  let stoppedAt: number | null = null;

  // Returns true when nothing more needs reading.
  const onLine = (line: Uint8Array | null, start: number, end: number): boolean => {
    oldestLine = start;
    if (line === null) {
      // Longer than the bound (\r included): invalid, never joined.
      counts.records++;
      counts.invalid++;
      return false;
    }
    if (line.length === 0 || line.length === 1 && line[0] === 0x0d) return false;
    counts.records++;
    const value = parseLine(line, maxLine);
    if (value === undefined) {
      counts.invalid++;
      return false;
    }
    if (keep) newestFirst.push(value);
    if (
      stopAt !== undefined && typeof value === "object" && value !== null &&
      !Array.isArray(value) && stopAt(value as Record<string, unknown>)
    ) {
      stoppedAt = end;
      return true;
    }
    return false;
  };

  // The line whose start is `head` (bytes of the chunk) and whose rest is the pieces.
  const takeLine = (head: Uint8Array, start: number): boolean => {
    const length = head.length + pieceBytes;
    const line = pieceBytes === 0 ? head : length > maxLine + 1 ? null : join(head, pieces);
    pieces = [];
    pieceBytes = 0;
    return onLine(line, start, lineEnd);
  };

  let done = false;
  while (!done && pos > 0 && bytesRead < options.maxBytes) {
    const start = Math.max(0, pos - Math.min(chunk, options.maxBytes - bytesRead));
    const bytes = await source.read(start, pos - start);
    bytesRead += bytes.length;
    pos = start;
    let end = bytes.length; // exclusive end of the line's part in this chunk
    for (
      let i = bytes.lastIndexOf(0x0a);
      i >= 0 && !done;
      i = i > 0 ? bytes.lastIndexOf(0x0a, i - 1) : -1
    ) {
      done = takeLine(bytes.subarray(i + 1, end), pos + i + 1);
      lineEnd = pos + i;
      end = i;
    }
    if (done) break;
    if (end > 0) {
      pieceBytes += end;
      if (pieceBytes > maxLine + 1) pieces = [];
      else pieces.push(bytes.subarray(0, end));
    }
    if (pos === 0) {
      if (pieceBytes > 0) done = takeLine(new Uint8Array(0), 0);
      oldestLine = 0;
    }
  }
  const complete = stoppedAt === null && pos === 0;
  if (stoppedAt === null && pos > 0 && pieceBytes > 0) counts.skipped++;
  return {
    records: newestFirst.reverse(),
    counts,
    fileBytes: size,
    bytesRead,
    bytes: size - oldestLine,
    complete,
    stoppedAt,
  };
}

/** Options of {@linkcode parseJsonLines}. */
export interface JsonLinesOptions {
  /** Longest line parsed, in bytes; longer lines are counted invalid. @default {4194304} */
  maxLineBytes?: number;
}

/** The records of a JSON Lines text, and what was dropped. */
export interface JsonLinesResult {
  records: unknown[];
  counts: ReadCounts;
}

/**
 * Parses JSON Lines bytes held in memory (a whole file, or a head cut at a
 * newline); a file's end is read with {@linkcode readRecordsBackward}.
 * @param bytes The bytes.
 * @param options The line bound.
 * @returns The records and the counts.
 */
export function parseJsonLines(
  bytes: Uint8Array,
  options: JsonLinesOptions = {},
): JsonLinesResult {
  const max = options.maxLineBytes ?? MAX_LINE_BYTES;
  const counts = noCounts();
  const records: unknown[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    const line = bytes.subarray(start, end);
    if (line.length > 1 || line.length === 1 && line[0] !== 0x0d) {
      counts.records++;
      const value = parseLine(line, max);
      if (value === undefined) counts.invalid++;
      else records.push(value);
    }
    start = end + 1;
  }
  return { records, counts };
}
