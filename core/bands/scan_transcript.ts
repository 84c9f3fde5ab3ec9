/**
 * The two context signals a transcript gives, read from its end: transcript
 * bytes since the last compaction, and tool calls since the last user turn
 * (plus, for Codex rollouts, the context fill its `token_count` events
 * state). Read-only and bounded: chunks of 64 KiB from the end, stopping at
 * the compaction marker or once `maxBytes` are read, so a 200 MB transcript
 * costs what a 1 MB one does. Content is never kept or returned: a line is
 * parsed, classified and dropped. Core with the file system injected.
 *
 * Formats (from each host's own files; all internal to their hosts and liable to
 * change):
 * - Claude Code JSONL: `system` lines with subtype `compact_boundary`, a
 *   `user` line with `isCompactSummary`, and (older builds) `summary` lines
 *   mark a compaction; a `user` line whose content is text (not only
 *   `tool_result` blocks, not `isMeta`) is a user turn; `tool_use` blocks of
 *   `assistant` lines are tool calls; sidechain (subagent) lines are skipped.
 *   The newest assistant `usage` after the last compaction gives the context
 *   fill (input + cache creation + cache read tokens) over a 200k window (1M
 *   once the fill is past 200k; the transcript does not name the window).
 * - Codex rollout JSONL: a `compacted` line marks a compaction;
 *   `event_msg`/`user_message` is a user turn; `response_item` function,
 *   custom-tool and local-shell calls are tool calls; the newest
 *   `event_msg`/`token_count` after the last compaction gives
 *   `last_token_usage.input_tokens` / `model_context_window` as a percentage.
 * - Gemini CLI chat JSONL: `user` records are user turns, `toolCalls` of
 *   `gemini` records are tool calls (a record id seen again is an update:
 *   the newest copy counts); the newest `gemini` record's `tokens` gives the
 *   context fill (core/bands/token_fill.ts). Gemini compresses in memory and
 *   writes no marker, so its file size says nothing about the live context:
 *   no bytes.
 * - Copilot CLI events JSONL: `session.compaction_complete` marks a
 *   compaction, `user.message` is a user turn, `toolRequests` of
 *   `assistant.message` are tool calls, and the newest `session.usage_record`
 *   gives the context fill over its `maxPromptTokens`. Its events carry the
 *   system prompt, so bytes say little: no bytes.
 * - Anything else: no signal (bytes of an unknown format would only grow).
 * @module
 */
import { sniffRecord } from "../transcript/sniff.ts";
import { claudeFill, codexFill, copilotFill, geminiFill } from "./token_fill.ts";

/** Size of one backwards read. */
export const SCAN_CHUNK_BYTES = 64 * 1024;

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
  /** Context fill in percent, from the host's own token accounting (core/bands/token_fill.ts); null otherwise. */
  pct: number | null;
  /** Where the window `pct` is measured against came from (recorded, known for the model, assumed); null without pct. */
  window?: string | null;
  bytesRead: number;
  /** Lines that did not parse or were cut by the bound. */
  skippedLines: number;
}

/** Random access to the transcript's bytes: the edge opens the file once. */
export interface ByteRangeSource {
  /** Size of the file when the scan starts. */
  size: number;
  /** Bytes [offset, offset+length); shorter only at end of file. */
  read(offset: number, length: number): Promise<Uint8Array>;
}

/**
 * A source over bytes in memory (tests, and text already held).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const s = bytesSource(new Uint8Array([1, 2, 3]));
 * assert.deepEqual(await s.read(1, 5), new Uint8Array([2, 3]));
 * ```
 */
export function bytesSource(bytes: Uint8Array): ByteRangeSource {
  return {
    size: bytes.length,
    read: (offset, length) => Promise.resolve(bytes.slice(offset, offset + length)),
  };
}

type Json = Record<string, unknown>;

interface LineVerdict {
  marker?: boolean;
  userTurn?: boolean;
  toolCalls?: number;
  /** A Gemini record id (updates repeat it). */
  id?: string;
  pct?: number;
  window?: string;
}

function obj(v: unknown): Json | null {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? v as Json : null;
}

/** The scanned format of a line, by the transcripts' one sniffer (core/transcript/sniff.ts). */
function detect(o: Json): TranscriptFormat | null {
  const format = sniffRecord(o);
  return (SCANNED_FORMATS as readonly (string | null)[]).includes(format)
    ? format as TranscriptFormat
    : null;
}

function claudeLine(o: Json): LineVerdict {
  if (o.isSidechain === true) return {};
  if (o.type === "system") return o.subtype === "compact_boundary" ? { marker: true } : {};
  if (o.type === "summary") return { marker: true };
  const message = obj(o.message);
  if (o.type === "user") {
    if (o.isCompactSummary === true) return { marker: true };
    if (o.isMeta === true || message === null) return {};
    const content = message.content;
    if (typeof content === "string") return { userTurn: true };
    if (!Array.isArray(content)) return {};
    const blocks = content.map(obj);
    if (blocks.some((b) => b?.type === "tool_result")) return {};
    return blocks.some((b) => b?.type === "text") ? { userTurn: true } : {};
  }
  if (o.type === "assistant" && message !== null && Array.isArray(message.content)) {
    const n = message.content.filter((b) => obj(b)?.type === "tool_use").length;
    const fill = claudeFill(message.usage, message.model);
    return { ...(n > 0 ? { toolCalls: n } : {}), ...(fill === undefined ? {} : fill) };
  }
  return {};
}

const CODEX_CALLS = new Set(["function_call", "custom_tool_call", "local_shell_call"]);

function codexLine(o: Json): LineVerdict {
  if (o.type === "compacted") return { marker: true };
  const p = obj(o.payload);
  if (p === null) return {};
  if (o.type === "response_item") return CODEX_CALLS.has(String(p.type)) ? { toolCalls: 1 } : {};
  if (o.type !== "event_msg") return {};
  if (p.type === "user_message") return { userTurn: true };
  if (p.type !== "token_count") return {};
  return codexFill(p.info) ?? {};
}

function geminiLine(o: Json): LineVerdict {
  const id = typeof o.id === "string" ? o.id : undefined;
  const withId = (v: LineVerdict): LineVerdict => (id === undefined ? v : { ...v, id });
  if (o.type === "user") return withId({ userTurn: true });
  if (o.type !== "gemini") return withId({});
  const fill = geminiFill(o.tokens, o.model);
  return withId({
    ...(Array.isArray(o.toolCalls) ? { toolCalls: o.toolCalls.length } : {}),
    ...(fill === undefined ? {} : fill),
  });
}

function copilotLine(o: Json): LineVerdict {
  const data = obj(o.data);
  if (o.type === "session.compaction_complete") return { marker: true };
  if (o.type === "user.message") return { userTurn: true };
  if (o.type === "assistant.message" && Array.isArray(data?.toolRequests)) {
    const n = data.toolRequests.length;
    return n > 0 ? { toolCalls: n } : {};
  }
  if (o.type === "session.usage_record") return copilotFill(data?.usage) ?? {};
  return {};
}

const CLASSIFY: Record<TranscriptFormat, (o: Json) => LineVerdict> = {
  "claude-code": claudeLine,
  codex: codexLine,
  gemini: geminiLine,
  copilot: copilotLine,
};

const decoder = new TextDecoder("utf-8", { fatal: false });

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * Scans a transcript from its end. A read that fails throws the source's
 * error; a line that is not JSON is counted and skipped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
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
  const size = source.size;
  let format: TranscriptFormat | null = options.format ?? null;
  let pos = size;
  let rest = new Uint8Array(0); // the head of a line whose end was read already
  let restEnd = size; // file offset just past `rest`
  let bytesRead = 0;
  let skipped = 0;
  let markerEnd: number | null = null;
  let depth = 0;
  let userTurnFound = false;
  let pct: number | null = null;
  let window: string | null = null;
  const seenIds = new Set<string>();
  const limit = options.maxBytes + chunk;

  // Returns true when nothing more needs reading.
  const onLine = (text: string, lineEnd: number): boolean => {
    if (text.trim() === "") return false;
    let o: Json | null;
    try {
      o = obj(JSON.parse(text));
    } catch {
      o = null;
    }
    if (o === null) {
      skipped++;
      return false;
    }
    format ??= detect(o);
    if (format === null) return false;
    const v = CLASSIFY[format](o);
    if (v.id !== undefined) {
      if (seenIds.has(v.id)) return false;
      seenIds.add(v.id);
    }
    if (v.marker === true) {
      markerEnd = lineEnd;
      return true;
    }
    if (v.pct !== undefined && pct === null) {
      pct = v.pct;
      window = v.window ?? null;
    }
    if (!userTurnFound) {
      if (v.userTurn === true) userTurnFound = true;
      else if (v.toolCalls !== undefined) depth += v.toolCalls;
    }
    // Gemini writes no marker: its scan ends at the last user turn, or (a prompt just submitted)
    // once the fill of the reply before it is found.
    return userTurnFound && format === "gemini" && pct !== null;
  };

  let done = false;
  while (!done && pos > 0 && bytesRead < limit) {
    const start = Math.max(0, pos - Math.min(chunk, limit - bytesRead));
    const bytes = await source.read(start, pos - start);
    bytesRead += bytes.length;
    pos = start;
    const buf = concat(bytes, rest);
    const bufStart = pos;
    let end = buf.length; // exclusive end of the line being cut out
    // lastIndexOf is native: a byte-by-byte loop costs more than the whole hook's budget cold.
    for (
      let i = buf.lastIndexOf(0x0a);
      i >= 0 && !done;
      i = i > 0 ? buf.lastIndexOf(0x0a, i - 1) : -1
    ) {
      if (i + 1 < end) done = onLine(decoder.decode(buf.subarray(i + 1, end)), bufStart + end);
      end = i;
    }
    rest = done ? new Uint8Array(0) : buf.slice(0, end);
    restEnd = bufStart + end;
    if (!done && pos === 0 && rest.length > 0) {
      done = onLine(decoder.decode(rest), restEnd);
      rest = new Uint8Array(0);
    }
  }
  const complete = done || pos === 0;
  if (!complete && rest.length > 0) skipped++;
  const hasBytes = format === "claude-code" || format === "codex";
  const markerAt: number | null = markerEnd;
  let bytes: number | null = null;
  if (hasBytes) {
    // Past the marker's newline; with no marker, the whole file or (bound hit) what was read.
    bytes = markerAt !== null ? size - Math.min(size, markerAt + 1) : complete ? size : bytesRead;
  }
  return {
    format,
    size,
    bytes,
    bytesAtLeast: hasBytes && markerAt === null && !complete,
    compactionFound: markerAt !== null,
    depth: format === null ? null : depth,
    depthAtLeast: format !== null && !userTurnFound && markerAt === null && !complete,
    pct,
    window,
    bytesRead,
    skippedLines: skipped,
  };
}
