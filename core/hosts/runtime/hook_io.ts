/**
 * What the hook runtime is handed by the edge: the file system, the
 * environment, the process's clock and stdin, its two output streams, and
 * the pieces that live elsewhere (the bounded job, the config reader, deny
 * arming, the resume line, baton's own invocation). Every heavy piece is a
 * callback the edge loads on first call, so the hook's light path loads none
 * of them (commands/_adapters/hook_io.ts builds the real one).
 * @module
 */
import type { WriteFs } from "../../fs.ts";
import type { BandThresholds } from "../../config/bands_section.ts";
import type { BatonLayout } from "../../store/layout.ts";
import type { BatonInvocation } from "../hook_command.ts";
import type { BoundedOutcome, HookJobKind, HookJobRequest } from "./job.ts";

/** What the band hook needs from `.baton/config.yaml`. */
export interface HookConfig {
  /** The `.baton` directory the config was looked up in. */
  batonDir: string;
  bands: BandThresholds;
  enforceMode: string;
}

/** A job whose Worker was started before its request: run it once, or cancel it. */
export interface StartedJob {
  /** Runs `request` in the started Worker and gives up after `budgetMs`, counted from now. */
  run(request: HookJobRequest, budgetMs: number): Promise<BoundedOutcome>;
  /** Ends the Worker when the job will not run (nothing happens after a run). */
  cancel(): void;
}

/** The hook runtime's capability. */
export interface HookIo {
  fs: WriteFs;
  env(name: string): string | undefined;
  cwd(): string;
  now(): Date;
  /** Milliseconds since the process started (the hook's budgets count from there). */
  elapsedMs(): number;
  /** Waits `ms` (between attempts at a lock another hook holds); absent: no waiting. */
  sleep?(ms: number): Promise<void>;
  /**
   * `work`'s value, or "late" when it has not settled within `ms` (it is then
   * left running: a read stuck on a dead mount cannot be cancelled); its timer
   * keeps no process alive. Absent: `work` is awaited unbounded.
   */
  within?<T>(work: Promise<T>, ms: number): Promise<T | "late">;
  /** All of stdin, at most `maxBytes` (RangeError past it), waiting at most `timeoutMs`. */
  readStdin(maxBytes: number, options: { timeoutMs: number }): Promise<Uint8Array>;
  stdout(text: string): void;
  stderr(text: string): void;
  /** Prints a value as the `--json` report. */
  printJson(value: unknown): void;
  /** Records the run for the real-host suite's timings (a no-op unless asked for). */
  logTiming(entry: { event: string | null; host: string | null; action: string }): void;
  /** Runs the heavy job and gives up after `budgetMs`. */
  runJob(request: HookJobRequest, budgetMs: number): Promise<BoundedOutcome>;
  /**
   * Starts a `kind` job's Worker for `cwd` now, its request to follow: its
   * runtime and modules load while the hook does its light check. Absent:
   * runJob starts it.
   */
  startJob?(kind: HookJobKind, cwd: string): Promise<StartedJob>;
  /** The resume line a session-start adds for an open handoff deny; "" when none. */
  resumeHint(layout: BatonLayout, session: string | null): Promise<string>;
  /** The config for `cwd`; throws a coded error when it cannot be read. */
  readConfig(cwd: string): Promise<HookConfig>;
  /**
   * Arms the handoff deny where this machine opted in (baton enforce on); the
   * sentence to add to the advice, or null when nothing was armed.
   */
  armHandoffDeny(session: string, host: string, cwd: string): Promise<string | null>;
  /** How this baton is run, for the commands an advisory names. */
  invocation(): Promise<BatonInvocation>;
  /** The words that start this baton as printed text (`baton` when PATH finds this very program). */
  printableBaton(): Promise<string>;
}
