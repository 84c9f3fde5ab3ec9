/**
 * The shapes every transcript reader produces: a host's own session records
 * turned into a few typed turns (user message, assistant message, tool call,
 * tool result, compaction marker), plus what the reader skipped and why.
 * Everything here came from a file another program wrote: untrusted, to be
 * redacted and neutralised before it is shown. Pure data.
 * @module
 */

/** How sure a reader is of the format it parses. */
export type ReaderConfidence = "verified" | "documented" | "guessed";

/** A user's message. */
export interface UserTurn {
  kind: "user";
  text: string;
  at: string | null;
}

/** An assistant's message (what the model said: a claim). */
export interface AssistantTurn {
  kind: "assistant";
  text: string;
  at: string | null;
}

/** A tool the assistant called. */
export interface ToolCallTurn {
  kind: "tool_call";
  /** The host's id linking the call to its result; null when the host gives none. */
  id: string | null;
  name: string;
  /** The shell command, for tools that run one. */
  command: string | null;
  /** Files the call names (read, written or edited), as written in the call. */
  paths: string[];
  /** What the call does to those paths. */
  access: "read" | "edit" | "other";
  /**
   * The call asked the host to run its command detached (in the background): its result
   * says that the command started, never how it ended.
   */
  detached?: boolean;
  at: string | null;
}

/** What a tool call returned. */
export interface ToolResultTurn {
  kind: "tool_result";
  id: string | null;
  /** The exit status the host recorded, when it recorded one. */
  exit_code: number | null;
  /** The host's own error flag; null when it gives none. */
  is_error: boolean | null;
  /** The output, already cut to a bound. */
  text: string;
  /** The host says the command went on in the background: the result is not its end. */
  detached?: boolean;
  /** The host says the call never ran (the user rejected it): no outcome, no file touched. */
  denied?: boolean;
  at: string | null;
}

/** The host compacted its context here. */
export interface CompactionTurn {
  kind: "compaction";
  at: string | null;
}

/** One turn. */
export type Turn = UserTurn | AssistantTurn | ToolCallTurn | ToolResultTurn | CompactionTurn;

/** What a reader did not turn into turns. Never holds the records themselves. */
export interface ReadCounts {
  /** Records (lines, rows, messages) looked at. */
  records: number;
  /** Known records that carry nothing baton uses (telemetry, snapshots, titles). */
  skipped: number;
  /** Records of a type this reader does not know. */
  unknown: number;
  /** Records that could not be read: not JSON, invalid UTF-8, cut short, over the size bound. */
  invalid: number;
}

/** What a reader learnt about the session itself. */
export interface SessionMeta {
  session_id: string | null;
  cwd: string | null;
  started_at: string | null;
  updated_at: string | null;
  /** The format version the records state or imply, e.g. `claude-code 2.1.197`. */
  format: string | null;
}

/** A parsed transcript (or the part of it that was read). */
export interface ParsedTranscript {
  turns: Turn[];
  counts: ReadCounts;
  meta: SessionMeta;
  /**
   * The context fill in percent that the host's own token accounting states
   * in the newest record after the last compaction (NaN when that record is
   * malformed); absent when the format or the records state none.
   */
  contextPct?: number;
  /** Where the window `contextPct` is measured against came from (recorded, known for the model, assumed). */
  contextWindow?: string;
}

/** The empty counts. */
export function emptyCounts(): ReadCounts {
  return { records: 0, skipped: 0, unknown: 0, invalid: 0 };
}

/** The empty session metadata. */
export function emptyMeta(): SessionMeta {
  return { session_id: null, cwd: null, started_at: null, updated_at: null, format: null };
}

/**
 * Widens the session's span in `meta` to a record's time (null: the record
 * has none): the first time seen starts it, the latest ends it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const meta = emptyMeta();
 * seenAt(meta, "2026-01-01T00:00:00Z");
 * seenAt(meta, null);
 * seenAt(meta, "2026-01-01T00:05:00Z");
 * assert.deepEqual([meta.started_at, meta.updated_at], ["2026-01-01T00:00:00Z", "2026-01-01T00:05:00Z"]);
 * ```
 */
export function seenAt(meta: SessionMeta, at: string | null): void {
  if (at === null) return;
  meta.started_at ??= at;
  meta.updated_at = at;
}
