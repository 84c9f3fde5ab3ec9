/**
 * What the suite needs to know about one real host: how to point it at the
 * fake model, how to run a headless turn (new or continued), how to make it
 * compact where it can, and where its own logs show hook or config errors.
 * @module
 */
import type { FakeModel } from "../fake_model/server.ts";
import type { BoundedRun } from "./process.ts";
import type { Sandbox } from "./sandbox.ts";

/** What a compaction run showed. */
export interface CompactionRun {
  runs: BoundedRun[];
  /** Index into the model's request log where the compaction turn started. */
  requestsBefore: number;
}

/** One host's driver. */
export interface HostDriver {
  /** baton's host id. */
  host: string;
  /** The program in tests/hosts/node_modules/.bin. */
  bin: string;
  /** Writes the host's own config (model provider, trust) before `baton install`. */
  prepare(sb: Sandbox, model: FakeModel): Promise<void>;
  /** Extra environment for the host. */
  env(sb: Sandbox, model: FakeModel): Record<string, string>;
  /** Arguments of one headless turn; `resume` continues the last session. */
  turnArgs(sb: Sandbox, prompt: string, resume: boolean): string[];
  /**
   * Arguments of a new headless session that may run shell commands without
   * asking (the host's own approval switch), for the gate case; absent when
   * the host has no pre-tool event baton installs.
   */
  toolTurnArgs?(sb: Sandbox, prompt: string): string[];
  /**
   * Arguments that run the host as an Agent Client Protocol agent on stdio
   * (several prompts in one process, which headless turns cannot give);
   * absent when the host has no such mode.
   */
  acpArgs?: string[];
  /**
   * Arguments of a new headless session in which every tool call that no
   * permission rule allows is refused without asking (the host's own
   * mode), for the check of the entries install writes; absent when baton
   * writes no permission entries for the host.
   */
  refusingTurnArgs?(sb: Sandbox, prompt: string): string[];
  /** Milliseconds one turn may take. */
  turnTimeoutMs: number;
  /**
   * The host's process may exit before a worker of its own (in a session of
   * its own) finishes the turn: a scripted turn is then over only when the
   * model has answered without a tool call.
   */
  turnOutlivesProcess?: boolean;
  /**
   * Makes the host compact the session started by the first turn (null: the
   * host cannot be made to compact headless).
   */
  compact: ((ctx: DriverContext) => Promise<CompactionRun>) | null;
  /** Why `compact` is null, for the summary. */
  noCompactionWhy?: string;
  /** True when the host re-runs session start after compacting. */
  reinjectsAfterCompaction: boolean;
  /** Lines of the host's output that report a hook or config error. */
  hookErrors(output: string): string[];
  /** Extra host log text to scan for hook errors (debug logs the host wrote). */
  extraLogs?(sb: Sandbox): Promise<string>;
}

/** What a driver's compaction step can use. */
export interface DriverContext {
  sb: Sandbox;
  model: FakeModel;
  turn(prompt: string, resume: boolean): Promise<BoundedRun>;
  /** Changes a file, so the next capture has new facts to record. */
  touch(): Promise<void>;
}

/** The usual hook/config error patterns; `allow` drops known benign lines. */
export function matchErrors(
  output: string,
  allow: readonly RegExp[] = [],
): string[] {
  return output.split("\n").filter((line) =>
    /\bhooks?\b[^\n]*\b(error|fail(ed|ure)?|invalid|timed? ?out|denied|blocked)\b/i
      .test(line) ||
    /\b(error|invalid)\b[^\n]*\b(config|settings|hooks?\.json|plugin)\b/i.test(
      line,
    ) ||
    /^baton: hook /.test(line)
  ).filter((line) => !allow.some((re) => re.test(line)));
}
