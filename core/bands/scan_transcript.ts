/**
 * The context signals a transcript gives, read from its end through the
 * transcripts' one reader (core/transcript/json_lines.ts) and parsed by the
 * format's own reader (core/transcript/<format>.ts): transcript
 * bytes since the last compaction, tool calls since the last user turn, and
 * the context fill the host's own token accounting states
 * (core/transcript/token_fill.ts: Claude Code `usage`, Codex `token_count`,
 * Gemini CLI `tokens`, Copilot CLI `session.usage_record`). Read-only and
 * bounded: the read stops at the format's compaction marker or once
 * `maxBytes` are read, so a 200 MB transcript costs what a 1 MB one does.
 * Content is never kept or returned. Core with the file system injected.
 *
 * What each format gives (the readers say how they read it):
 * - Claude Code and Codex: bytes, depth and pct, the read stopping at the
 *   last compaction.
 * - Gemini CLI: depth and pct, the read stopping at the last user record
 *   once the reply stating the fill was read. Gemini compresses in memory
 *   and writes no marker, so its file size says nothing about the live
 *   context: no bytes.
 * - Copilot CLI: depth and pct, the read stopping at the last compaction.
 *   Its events carry the system prompt, so bytes say little: no bytes.
 * - Anything else: no signal (bytes of an unknown format would only grow).
 * @module
 */
import {
  type ByteRangeSource,
  readRecordsBackward,
  TAIL_CHUNK_BYTES,
} from "../transcript/json_lines.ts";
import { sniffRecord } from "../transcript/sniff.ts";
import type { ParsedTranscript, ParseOptions, ReadCounts } from "../transcript/types.ts";

/** Size of one backwards read. */
export const SCAN_CHUNK_BYTES = TAIL_CHUNK_BYTES;

/** The transcript formats the scanner understands. */
export const SCANNED_FORMATS = ["claude-code", "codex", "gemini", "copilot"] as const;
/** One of them. */
export type TranscriptFormat = typeof SCANNED_FORMATS[number];

/** Options of {@linkcode scanTranscript}. */
export interface ScanTranscriptOptions {
  /**
   * Read at most this many bytes plus one chunk: the bytes signal's hard
   * threshold, past which the exact count no longer changes the band.
   */
  maxBytes: number;
  /** Interpret lines as this format; detected from the lines when absent. @default {detected} */
  format?: TranscriptFormat;
  /** @default {SCAN_CHUNK_BYTES} */
  chunkBytes?: number;
}

/** What the scan found. Counts only; no content. */
export interface TranscriptSignals {
  /** The format the lines were read as, or null when none was recognised. */
  format: TranscriptFormat | null;
  size: number;
  /** Bytes after the last compaction marker (the whole file when it has none); null when the format gives none. */
  bytes: number | null;
  /** The marker was not reached within the bound: `bytes` is a lower bound. */
  bytesAtLeast: boolean;
  compactionFound: boolean;
  /** Tool calls since the last user turn; null when no tool call or turn was recognised. */
  depth: number | null;
  /** The last user turn was not reached: `depth` is a lower bound. */
  depthAtLeast: boolean;
  /** Context fill in percent, from the host's own token accounting (core/transcript/token_fill.ts); null otherwise. */
  pct: number | null;
  /** Where the window `pct` is measured against came from (recorded, known for the model, assumed); null without pct. */
  window?: string | null;
  bytesRead: number;
  /** Lines that did not parse or were cut by the bound. */
  skippedLines: number;
}

type Json = Readonly<Record<string, unknown>>;

/** What the scan needs of a format's reader. */
interface FormatReader {
  parse(records: readonly unknown[], counts: ReadCounts, options: ParseOptions): ParsedTranscript;
  /**
   * Where the context window starts, read backwards: the compaction marker
   * (`marker: true`), or for a format without one the record the bands'
   * window ends at (Gemini: the last user record, all depth needs).
   */
  marker: boolean;
  at(o: Json): boolean;
  /** Bytes since the marker say something about the live context (not when the file carries the system prompt, or has no marker). */
  bytes: boolean;
}

/** Each format's reader, imported only when its format is read (the band hook loads one). */
const READERS: Record<TranscriptFormat, () => Promise<FormatReader>> = {
  "claude-code": async () => {
    const m = await import("../transcript/claude_code.ts");
    return { parse: m.parseClaudeCode, marker: true, at: m.isClaudeCompaction, bytes: true };
  },
  codex: async () => {
    const m = await import("../transcript/codex.ts");
    return { parse: m.parseCodex, marker: true, at: m.isCodexCompaction, bytes: true };
  },
  gemini: async () => {
    const m = await import("../transcript/gemini.ts");
    // No marker: the window the bands need ends at the last user record once the reply that
    // states the fill was read (a prompt just submitted comes after that reply).
    let filled = false;
    return {
      parse: m.parseGemini,
      marker: false,
      bytes: false,
      at: (o) => {
        if (o.type === "gemini" && objectOfTokens(o)) filled = true;
        return o.type === "user" && filled;
      },
    };
  },
  copilot: async () => {
    const m = await import("../transcript/copilot.ts");
    // Its events carry the system prompt: bytes say little, the usage records say it all.
    return { parse: m.parseCopilot, marker: true, at: m.isCopilotCompaction, bytes: false };
  },
};

function objectOfTokens(o: Json): boolean {
  return typeof o.tokens === "object" && o.tokens !== null;
}

/** The scanned format of a record, by the transcripts' one sniffer (core/transcript/sniff.ts). */
function detect(o: Json): TranscriptFormat | null {
  const format = sniffRecord(o);
  return (SCANNED_FORMATS as readonly (string | null)[]).includes(format)
    ? format as TranscriptFormat
    : null;
}

/**
 * Scans a transcript from its end. A read that fails throws the source's
 * error; a line that is not JSON is counted and skipped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bytesSource } from "../transcript/json_lines.ts";
 * const lines = [
 *   { type: "system", subtype: "compact_boundary" },
 *   { type: "user", message: { role: "user", content: "go" } },
 *   { type: "assistant", message: { content: [{ type: "tool_use", id: "t", name: "Bash", input: {} }] } },
 * ].map((l) => JSON.stringify(l) + "\n").join("");
 * const source = bytesSource(new TextEncoder().encode(lines));
 * const s = await scanTranscript(source, { maxBytes: 1 << 20 });
 * assert.equal(s.format, "claude-code");
 * assert.equal(s.depth, 1);
 * assert.equal(s.compactionFound, true);
 * ```
 */
export async function scanTranscript(
  source: ByteRangeSource,
  options: ScanTranscriptOptions,
): Promise<TranscriptSignals> {
  const chunk = options.chunkBytes ?? SCAN_CHUNK_BYTES;
  // The host names the format (the band hook): one reader; detected: any of them.
  const readers: Partial<Record<TranscriptFormat, FormatReader>> = {};
  for (const f of options.format === undefined ? SCANNED_FORMATS : [options.format]) {
    readers[f] = await READERS[f]();
  }
  let format: TranscriptFormat | null = options.format ?? null;
  const read = await readRecordsBackward(source, {
    maxBytes: options.maxBytes + chunk,
    chunkBytes: chunk,
    stopAt: (o) => {
      format ??= detect(o);
      return format !== null && readers[format]!.at(o);
    },
  });
  const found = format as TranscriptFormat | null;
  const skippedLines = read.counts.invalid + read.counts.skipped;
  const base = { size: read.fileBytes, bytesRead: read.bytesRead, skippedLines };
  if (found === null) {
    const none = { bytes: null, bytesAtLeast: false, compactionFound: false };
    return {
      format: null,
      ...base,
      ...none,
      depth: null,
      depthAtLeast: false,
      pct: null,
      window: null,
    };
  }
  const reader = readers[found]!;
  // Kinds and names are all the signals need: the reader's light mode.
  const parsed = reader.parse(read.records, read.counts, { light: true });
  let depth = 0;
  let userTurnFound = false;
  for (let i = parsed.turns.length - 1; i >= 0 && !userTurnFound; i--) {
    const kind = parsed.turns[i]!.kind;
    if (kind === "user") userTurnFound = true;
    else if (kind === "tool_call") depth++;
  }
  const markerAt = reader.marker ? read.stoppedAt : null;
  const complete = read.stoppedAt !== null || read.complete;
  let bytes: number | null = null;
  if (reader.bytes) {
    // Past the marker's newline; with no marker, the whole file or (bound hit) what was read.
    const size = read.fileBytes;
    bytes = markerAt !== null
      ? size - Math.min(size, markerAt + 1)
      : complete
      ? size
      : read.bytesRead;
  }
  return {
    format: found,
    ...base,
    bytes,
    bytesAtLeast: reader.bytes && markerAt === null && !complete,
    compactionFound: markerAt !== null,
    depth,
    depthAtLeast: !userTurnFound && markerAt === null && !complete,
    pct: parsed.contextPct ?? null,
    window: parsed.contextWindow ?? null,
  };
}
