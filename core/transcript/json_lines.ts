/**
 * Splits the bytes of a JSON Lines file (or the tail of one) into parsed
 * records. A line that is not valid UTF-8, not JSON, longer than the bound,
 * or cut short (hosts append asynchronously, so the last line may be half
 * written) is counted invalid and dropped, never echoed. When the bytes
 * start mid-file the first (partial) line is dropped and counted skipped.
 * Pure.
 *
 * Decisions:
 * - `JSON.parse`, not the strict reader: each line is already bounded by
 *   `maxLineBytes`, and the strict reader's duplicate-key and depth checks
 *   protect capsules, not a host's own log; speed matters on a 50 MB tail.
 * @module
 */
import { emptyCounts, type ReadCounts } from "./types.ts";

/** Options of {@linkcode parseJsonLines}. */
export interface JsonLinesOptions {
  /** The bytes begin mid-file: their first line is partial. @default {false} */
  startsMidFile?: boolean;
  /** Longest line parsed, in bytes; longer lines are counted invalid. @default {4194304} */
  maxLineBytes?: number;
}

/** The records of a JSON Lines text, and what was dropped. */
export interface JsonLinesResult {
  records: unknown[];
  counts: ReadCounts;
}

/** Default longest line: 4 MiB. */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

const decoder = new TextDecoder("utf-8", { fatal: true });

/**
 * Parses JSON Lines bytes.
 * @param bytes The file, or a tail of it.
 * @param options Where the bytes start and the line bound.
 * @returns The records and the counts.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseJsonLines } from "./json_lines.ts";
 * const r = parseJsonLines(new TextEncoder().encode('{"a":1}\nnot json\n{"b":'));
 * assert.deepEqual(r.records, [{ a: 1 }]);
 * assert.equal(r.counts.invalid, 2);
 * ```
 */
export function parseJsonLines(
  bytes: Uint8Array,
  options: JsonLinesOptions = {},
): JsonLinesResult {
  const max = options.maxLineBytes ?? MAX_LINE_BYTES;
  const counts = emptyCounts();
  const records: unknown[] = [];
  let start = 0;
  if (options.startsMidFile === true) {
    const nl = bytes.indexOf(0x0a);
    if (nl < 0) {
      if (bytes.length > 0) counts.skipped++;
      return { records, counts };
    }
    counts.skipped++;
    start = nl + 1;
  }
  while (start < bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    let stop = end;
    if (stop > start && bytes[stop - 1] === 0x0d) stop--;
    if (stop > start) {
      counts.records++;
      const value = stop - start > max ? undefined : parseLine(bytes.subarray(start, stop));
      if (value === undefined) counts.invalid++;
      else records.push(value);
    }
    start = end + 1;
  }
  return { records, counts };
}

function parseLine(line: Uint8Array): unknown {
  try {
    return JSON.parse(decoder.decode(line));
  } catch {
    return undefined;
  }
}
