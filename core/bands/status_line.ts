/**
 * Reads the JSON Claude Code gives a status-line command on stdin: the
 * context-window fill, the transcript and the working directory. The input
 * is parsed strictly and within bounds; unknown fields are ignored. Pure.
 *
 * The percentage is `context_window.used_percentage` when Claude Code
 * states it. It is null early in a session and right after /compact; then,
 * when `current_usage` and `context_window_size` are given, it is computed
 * as (input + cache creation + cache read tokens) / window size, the
 * formula Claude Code documents for it, and the source says "computed".
 * @module
 */
import { InputError } from "../errors.ts";
import { parseStrictJson } from "../json/strict_parse.ts";
import type { SignalInput } from "./evaluate.ts";

/** Largest status-line input read. */
export const MAX_STATUS_LINE_BYTES = 256 * 1024;

/** What the status line input says. */
export interface StatusLineInput {
  /** The context-fill signal, or null when the input has none. */
  pct: SignalInput | null;
  transcriptPath: string | null;
  cwd: string | null;
}

function obj(v: unknown): Record<string, unknown> | null {
  return typeof v === "object" && v !== null && !Array.isArray(v)
    ? v as Record<string, unknown>
    : null;
}

function absPath(v: unknown): string | null {
  if (typeof v !== "string" || v.length === 0 || v.length > 4096) return null;
  const p = v.replaceAll("\\", "/");
  return p.startsWith("/") || /^[A-Za-z]:\//.test(p) ? p : null;
}

function computedPct(cw: Record<string, unknown>): number | null {
  const usage = obj(cw.current_usage);
  const size = cw.context_window_size;
  if (usage === null || typeof size !== "number") return null;
  const parts = [
    usage.input_tokens,
    usage.cache_creation_input_tokens ?? 0,
    usage.cache_read_input_tokens ?? 0,
  ];
  if (!parts.every((n) => typeof n === "number")) return Number.NaN;
  const used = (parts as number[]).reduce((a, b) => a + b, 0);
  return size > 0 ? (used / size) * 100 : Number.NaN;
}

/**
 * Parses the status-line input bytes.
 * @throws {StrictJsonError} on malformed JSON; {@linkcode InputError} when it is not an object.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const enc = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
 * assert.equal(parseStatusLineInput(enc({ context_window: { used_percentage: 42 } })).pct?.value, 42);
 * const early = parseStatusLineInput(enc({ context_window: { used_percentage: null,
 *   context_window_size: 200000, current_usage: { input_tokens: 1000, cache_read_input_tokens: 99000 } } }));
 * assert.equal(early.pct?.value, 50);
 * assert.equal(early.pct?.source, "status line (computed from current_usage)");
 * assert.equal(parseStatusLineInput(enc({})).pct, null);
 * ```
 */
export function parseStatusLineInput(bytes: Uint8Array): StatusLineInput {
  const value = parseStrictJson(bytes, { maxBytes: MAX_STATUS_LINE_BYTES });
  const o = obj(value);
  if (o === null) {
    throw new InputError(
      "Cannot read the status-line input: expected a JSON object",
      "status_line_not_object",
    );
  }
  const cw = obj(o.context_window);
  let pct: SignalInput | null = null;
  if (cw !== null && cw.used_percentage !== undefined && cw.used_percentage !== null) {
    pct = { value: cw.used_percentage, source: "status line" };
  } else if (cw !== null) {
    const computed = computedPct(cw);
    if (computed !== null) {
      pct = { value: computed, source: "status line (computed from current_usage)" };
    }
  }
  const workspace = obj(o.workspace);
  return {
    pct,
    transcriptPath: absPath(o.transcript_path),
    cwd: absPath(o.cwd) ?? absPath(workspace?.current_dir),
  };
}
