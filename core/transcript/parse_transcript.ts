/**
 * One entry point over the format readers: the host's format name and the
 * records read (json_lines.ts's backward read of a file's end) or the bytes
 * held (a whole file, a head) in, a parsed transcript out. Pure.
 * @module
 */
import { parseClaudeCode } from "./claude_code.ts";
import { parseCodex } from "./codex.ts";
import { parseCopilot } from "./copilot.ts";
import { parseGemini, parseGeminiDocument } from "./gemini.ts";
import { parseGenericRecords, parseMarkdownTranscript } from "./generic.ts";
import { parseContinueSession } from "./continue_cli.ts";
import { parseDroid } from "./droid.ts";
import { parseJsonLines } from "./json_lines.ts";
import { parsePi } from "./pi.ts";
import { parseQwenCode } from "./qwen_code.ts";
import { emptyCounts, type ParsedTranscript, type ReadCounts } from "./types.ts";

/** The transcript formats baton reads from bytes. */
export const BYTE_FORMATS = [
  "claude-code",
  "codex",
  "gemini",
  "gemini-json",
  "copilot",
  "qwen-code",
  "pi",
  "droid",
  "continue-json",
  "generic-jsonl",
  "markdown",
] as const;
/** One of them. */
export type ByteFormat = typeof BYTE_FORMATS[number];

/** The formats whose files are JSON Lines, read record by record (the others are one document). */
export type JsonLinesFormat = Exclude<ByteFormat, "gemini-json" | "continue-json" | "markdown">;

/** Whether a format's files are JSON Lines. */
export function isJsonLines(format: ByteFormat): format is JsonLinesFormat {
  return format !== "gemini-json" && format !== "continue-json" && format !== "markdown";
}

/**
 * Turns parsed JSON Lines records (oldest first) into a transcript with
 * the format's reader.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { emptyCounts } from "./types.ts";
 * const r = parseRecords("generic-jsonl", [{ role: "user", content: "hi" }], emptyCounts());
 * assert.equal(r.turns.length, 1);
 * ```
 */
export function parseRecords(
  format: JsonLinesFormat,
  records: readonly unknown[],
  counts: ReadCounts,
): ParsedTranscript {
  switch (format) {
    case "claude-code":
      return parseClaudeCode(records, counts);
    case "codex":
      return parseCodex(records, counts);
    case "gemini":
      return parseGemini(records, counts);
    case "copilot":
      return parseCopilot(records, counts);
    case "qwen-code":
      return parseQwenCode(records, counts);
    case "pi":
      return parsePi(records, counts);
    case "droid":
      return parseDroid(records, counts);
    case "generic-jsonl":
      return parseGenericRecords(records, counts);
  }
}

/**
 * Parses transcript bytes in the named format.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTranscriptBytes } from "./parse_transcript.ts";
 * const bytes = new TextEncoder().encode('{"role":"user","content":"hi"}\n\xff\n');
 * const r = parseTranscriptBytes("generic-jsonl", bytes);
 * assert.equal(r.turns.length, 1);
 * ```
 */
export function parseTranscriptBytes(
  format: ByteFormat,
  bytes: Uint8Array,
): ParsedTranscript {
  if (format === "markdown") {
    const text = new TextDecoder().decode(bytes);
    return parseMarkdownTranscript(text, emptyCounts());
  }
  if (format === "gemini-json" || format === "continue-json") {
    const read = format === "gemini-json" ? parseGeminiDocument : parseContinueSession;
    const counts = emptyCounts();
    try {
      return read(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)), counts);
    } catch {
      // Not JSON (or not UTF-8): the reader counts the document invalid.
      return read(null, counts);
    }
  }
  const { records, counts } = parseJsonLines(bytes);
  return parseRecords(format, records, counts);
}
