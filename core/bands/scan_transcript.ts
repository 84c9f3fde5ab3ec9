/**
 * The context signals a transcript gives, read from its end through the
 * transcripts' one reader (core/transcript/json_lines.ts), each record
 * judged by the part of its format's reader that says what a record means
 * for the context (core/transcript/context_signals.ts, which the full
 * readers build on, so the two cannot disagree): transcript
 * bytes since the last compaction, tool calls since the last user turn, and
 * the context fill the host's own token accounting states (Claude Code
 * `usage`, Codex `token_count`, Gemini CLI `tokens`, Copilot CLI
 * `session.usage_record`). Only that light module is loaded on the band
 * hook's path (the full readers cut and keep text, tool inputs and outputs,
 * which the bands never need); the sniffer is small, and a dynamic import
 * of it cost `baton bands` more than loading it costs the hook. Read-only and
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
 * - Anything else: no signal (bytes of an unknown format would only grow);
 *   nor from a file not named by the host that does not open with a JSON
 *   object (free-form text), whatever record-shaped lines it holds.
 * Examples are in its test: the hook loads this module, every comment twice.
 * @module
 */
import { opensAsJson, sniffRecord } from "../transcript/sniff.ts";
import {
  type ByteRangeSource,
  readRecordsBackward,
  TAIL_CHUNK_BYTES,
} from "../transcript/json_lines.ts";
import {
  claudeSignal,
  codexSignal,
  copilotSignal,
  geminiMessages,
  geminiSignal,
  isClaudeCompaction,
  isCodexCompaction,
  isCopilotCompaction,
  type RecordSignal,
  type TokenFill,
} from "../transcript/context_signals.ts";

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
   * threshold, past which the exact count no longer changes the band (and,
   * with no `format`, the file's first 256 bytes, which tell JSON records
   * from free-form text).
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
  /** Context fill in percent, from the host's own token accounting (core/transcript/context_signals.ts); null otherwise. */
  pct: number | null;
  /** Where the window `pct` is measured against came from (recorded, known for the model, assumed); null without pct. */
  window?: string | null;
  bytesRead: number;
  /** Lines that did not parse or were cut by the bound. */
  skippedLines: number;
}

type Json = Readonly<Record<string, unknown>>;

/** How the bands read one format. */
interface FormatScan {
  /** What a record says (the decision its format's reader takes too). */
  signal(record: Json): RecordSignal;
  /**
   * Where the context window starts, read backwards: the compaction marker
   * (`marker: true`), or for a format without one the record the bands'
   * window ends at (Gemini: the last user record, all depth needs). A new
   * test per scan (it may keep state).
   */
  startsAt(): (record: Json) => boolean;
  marker: boolean;
  /** Bytes since the marker say something about the live context (not when the file carries the system prompt, or has no marker). */
  bytes: boolean;
  /** The records the window leaves, oldest first (Gemini: the messages its updates and rewinds leave). */
  window?(records: readonly unknown[]): readonly unknown[];
}

const FORMATS: Record<TranscriptFormat, FormatScan> = {
  "claude-code": {
    signal: claudeSignal,
    startsAt: () => isClaudeCompaction,
    marker: true,
    bytes: true,
  },
  codex: { signal: codexSignal, startsAt: () => isCodexCompaction, marker: true, bytes: true },
  gemini: {
    signal: geminiSignal,
    // No marker: the window the bands need ends at the last user record once the reply that
    // states the fill was read (a prompt just submitted comes after that reply).
    startsAt: () => {
      let filled = false;
      return (o) => {
        if (o.type === "gemini" && typeof o.tokens === "object" && o.tokens !== null) {
          filled = true;
        }
        return o.type === "user" && filled;
      };
    },
    marker: false,
    bytes: false,
    window: (records) => geminiMessages(records),
  },
  // Its events carry the system prompt: bytes say little, the usage records say it all.
  copilot: {
    signal: copilotSignal,
    startsAt: () => isCopilotCompaction,
    marker: true,
    bytes: false,
  },
};

/** What the fold of a window's signals gives. */
interface Folded {
  depth: number;
  userTurnFound: boolean;
  fill: TokenFill | undefined;
}

/**
 * Tool calls since the last user turn (the turn's own calls included), and
 * the newest fill since the last compaction, from signals met newest first:
 * what {@linkcode fold} gives oldest first, taken while the lines are read,
 * so no record outlives its line.
 */
function backwardFold(): Folded & { take(s: RecordSignal): void } {
  let pastCompaction = false;
  return {
    depth: 0,
    userTurnFound: false,
    fill: undefined,
    take(s) {
      if (!this.userTurnFound) {
        this.depth += s.toolCalls;
        if (s.userTurn) this.userTurnFound = true;
      }
      if (s.compaction) pastCompaction = true;
      if (!pastCompaction) this.fill ??= s.fill;
    },
  };
}

/** Tool calls since the last user turn, and the newest fill since the last compaction. */
function fold(scan: FormatScan, records: readonly unknown[]): Folded {
  let depth = 0;
  let userTurnFound = false;
  let fill: TokenFill | undefined;
  for (const raw of scan.window?.(records) ?? records) {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) continue;
    const s = scan.signal(raw as Json);
    if (s.compaction) fill = undefined;
    if (s.userTurn) {
      depth = 0;
      userTurnFound = true;
    }
    depth += s.toolCalls;
    fill = s.fill ?? fill;
  }
  return { depth, userTurnFound, fill };
}

/** Bytes of a file's head read to tell JSON records from free-form text. */
const HEAD_BYTES = 256;

/** The signals of a transcript in no format the scanner reads: none. */
function noFormat(
  base: Pick<TranscriptSignals, "size" | "bytesRead" | "skippedLines">,
): TranscriptSignals {
  return {
    format: null,
    ...base,
    bytes: null,
    bytesAtLeast: false,
    compactionFound: false,
    depth: null,
    depthAtLeast: false,
    pct: null,
    window: null,
  };
}

/**
 * Scans a transcript from its end. A read that fails throws the source's
 * error; a line that is not JSON is counted and skipped.
 */
export async function scanTranscript(
  source: ByteRangeSource,
  options: ScanTranscriptOptions,
): Promise<TranscriptSignals> {
  const chunk = options.chunkBytes ?? SCAN_CHUNK_BYTES;
  let format: TranscriptFormat | null = options.format ?? null;
  let headRead = 0;
  if (format === null) {
    // Not named by the host: only a file of JSON records is sniffed. In a free-form text one (the
    // plain-text transcript Cursor's hooks name) a line shaped like a record is a tool's output:
    // a file the agent read said 97.5% used, a hard band (and the deny armed where opted in).
    const head = await source.read(0, HEAD_BYTES);
    headRead = head.length;
    if (!opensAsJson(new TextDecoder().decode(head))) {
      return noFormat({ size: source.size, bytesRead: head.length, skippedLines: 0 });
    }
  }
  let startsAt: ((o: Json) => boolean) | null = null;
  // The records are not kept by the reader: a format whose window is a log to replay (Gemini)
  // keeps its own, newest first; the others fold each record's signal as it is read. Records
  // met before the sniffer knew the format wait for it.
  const backward = backwardFold();
  const kept: Json[] = [];
  let waiting: Json[] = [];
  const read = await readRecordsBackward(source, {
    maxBytes: options.maxBytes + chunk,
    chunkBytes: chunk,
    keep: false,
    stopAt: (o) => {
      if (format === null) {
        // Not named by the host: the transcripts' one sniffer decides from the newest record it knows.
        const sniffed = sniffRecord(o);
        if (!(SCANNED_FORMATS as readonly (string | null)[]).includes(sniffed)) {
          waiting.push(o);
          return false;
        }
        format = sniffed as TranscriptFormat;
      }
      const scan = FORMATS[format];
      startsAt ??= scan.startsAt();
      if (waiting.length > 0) {
        for (const w of waiting) take(scan, w);
        waiting = [];
      }
      take(scan, o);
      return startsAt(o);
    },
  });
  function take(scan: FormatScan, o: Json): void {
    if (scan.window === undefined) backward.take(scan.signal(o));
    else kept.push(o);
  }
  const found = format as TranscriptFormat | null;
  const skippedLines = read.counts.invalid + read.counts.skipped;
  const base = { size: read.fileBytes, bytesRead: read.bytesRead + headRead, skippedLines };
  if (found === null) return noFormat(base);
  const reader = FORMATS[found];
  const { depth, userTurnFound, fill } = reader.window === undefined
    ? backward
    : fold(reader, kept.reverse());
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
    pct: fill?.pct ?? null,
    window: fill?.window ?? null,
  };
}
