/**
 * One entry point over the JSON Lines readers: the host's format name and
 * the bytes read (a whole file or its tail) in, a parsed transcript out.
 * Pure.
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
import { emptyCounts, type ParsedTranscript } from "./types.ts";

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

/** Options of {@linkcode parseTranscriptBytes}. */
export interface ParseTranscriptOptions {
  /** The bytes are a tail: their first line is partial. @default {false} */
  startsMidFile?: boolean;
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
  options: ParseTranscriptOptions = {},
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
  const { records, counts } = parseJsonLines(bytes, {
    startsMidFile: options.startsMidFile ?? false,
  });
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
