/**
 * The heavy half of a hook as data: what the hook asks its bounded job to do
 * (capture an automatic capsule, or render the briefing to inject) and what
 * comes back. Plain structured-clone values: the job runs in a Worker the
 * edge can terminate (commands/_adapters/bounded_job.ts).
 * @module
 */
import type { AutoCapsuleResult } from "../../workflow/auto_capsule.ts";

/** Most time a capture spends finding and reading the session's transcript, unscaled. */
export const SESSION_BUDGET_MS = 500;

/** What the hook asks its job to do. */
export type HookJobRequest =
  | {
    kind: "capture";
    cwd: string;
    trigger: "pre_compact" | "session_end" | "turn_end";
    host: string | null;
    session: string | null;
    /** The payload's transcript path (null when absent or sent as null). */
    transcriptPath?: string | null;
    /** Skip while an automatic capsule younger than this exists (0: never). */
    minIntervalMs: number;
    /** Epoch ms by which the facts must be collected (what is left is named unchecked). */
    factsDeadlineMs?: number;
    /**
     * Most time finding and reading the session's transcript takes (ms), under
     * the hook's time scale. @default {SESSION_BUDGET_MS}
     */
    sessionBudgetMs?: number;
  }
  | {
    kind: "inject";
    cwd: string;
    maxChars: number;
    /**
     * The id of the capsule already shown: when the capsule read has this
     * id (its JSON's, not latest.md's prose) and nothing drifted, the short
     * form. Null: always the full briefing.
     */
    shortIfShown: string | null;
    /**
     * Time the re-checks get, counted from when the job begins them (what is
     * left is shown as not re-checked). @default {no limit}
     */
    factsBudgetMs?: number;
    /** Epoch ms by which the re-checks must end however late they begin. @default {none} */
    factsDeadlineMs?: number;
    /**
     * Answer with the job's steps as each ended ({@linkcode JobPhase}): the
     * facts bench's table of the injecting hook reads them. @default {false}
     */
    phases?: boolean;
  };

/** A job's kind. */
export type HookJobKind = HookJobRequest["kind"];

const WORKER_NAME = /^baton-hook-(inject|capture)(?:\n([^\n]+))?$/;

/**
 * The name a job's Worker is started under: its kind and, when known, the
 * folder its job works in. The Worker starts loading that kind's modules and
 * guarding that folder's environment before its request arrives (the request
 * is sent later when the Worker was started early).
 */
export function jobWorkerName(kind: HookJobKind, cwd?: string): string {
  return cwd === undefined || cwd === "" || cwd.includes("\n")
    ? `baton-hook-${kind}`
    : `baton-hook-${kind}\n${cwd}`;
}

/** The job a Worker's name gives (its folder null when the name names none), or null. */
export function workerJob(name: string): { kind: HookJobKind; cwd: string | null } | null {
  const m = WORKER_NAME.exec(name);
  return m === null ? null : { kind: m[1] as HookJobKind, cwd: m[2] ?? null };
}

/** One step of a job and when it ended, in epoch milliseconds (fractional). */
export interface JobPhase {
  phase: string;
  atMs: number;
}

/** The briefing an inject job rendered. */
export interface InjectJobResult {
  capsule_id: string;
  created_at: string;
  text: string;
  /** True when the short form was given. */
  short: boolean;
}

/** What the job answers. */
export type HookJobResponse =
  | {
    ok: true;
    kind: "capture";
    capture: AutoCapsuleResult;
    /** True when the payload named a transcript that exists and no session section came of it. */
    transcriptUnread?: boolean;
  }
  | {
    ok: true;
    kind: "inject";
    inject: InjectJobResult | null;
    /** The steps, when the request asked for them. */
    phases?: JobPhase[];
  }
  | { ok: false; code: string; message: string; stack?: string };

/** How a bounded job ended. */
export type BoundedOutcome =
  | { status: "done"; response: HookJobResponse }
  | { status: "timeout"; inline: boolean };
