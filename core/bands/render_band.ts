/**
 * Words for a band verdict: the one-line summary `baton bands` and the
 * status line print, and the advisory a hook adds to the agent's context
 * (nothing below warn, one short line at warn, a request for a capsule with
 * the exact commands at handoff and hard). Written as plain statements, not
 * as "system" orders, which hosts may treat as injection. Renders results;
 * never computes them. Pure.
 * Examples are in its test: the hook loads this module, every comment twice.
 * @module
 */
import type { BandSignal } from "../config/bands_section.ts";
import type { BandResult, SignalReading } from "./evaluate.ts";

function kib(n: number): string {
  return `${Math.round(n / 1024)} KiB`;
}

function amount(signal: BandSignal, n: number): string {
  if (signal === "pct") return `${Math.round(n * 10) / 10}%`;
  if (signal === "bytes") return kib(n);
  return String(n);
}

const NOUN: Record<BandSignal, string> = {
  pct: "context window used",
  depth: "tool calls since the last user turn",
  bytes: "transcript since the last compaction",
};

/**
 * One reading in words, with the threshold it reached.
 */
export function describeReading(r: SignalReading, result: BandResult): string {
  if (r.status !== "ok") {
    return `${NOUN[r.signal]}: ${
      r.status === "malformed" ? "not a number" : "out of range"
    }, counted as hard`;
  }
  const value = `${r.atLeast ? "at least " : ""}${amount(r.signal, r.value!)}`;
  const t = result.thresholds[r.signal];
  const at = r.band === "ok"
    ? `warn at ${amount(r.signal, t.warn)}`
    : `${r.band} at ${amount(r.signal, t[r.band])}`;
  return `${value} ${NOUN[r.signal]} (${at})`;
}

/**
 * The verdict in one line: the band and what decided it.
 */
export function renderBandLine(result: BandResult): string {
  if (result.readings.length === 0) return "ok: no signal available";
  const shown = result.band === "ok"
    ? result.readings
    : result.readings.filter((r) => result.deciding.includes(r.signal));
  return `${result.band}: ${shown.map((r) => describeReading(r, result)).join("; ")}`;
}

/** How to start baton, for the commands the advisory names. */
export interface AdviceOptions {
  /** The shell command that runs baton (`baton`, or the installed binary's path). */
  baton: string;
  /**
   * At handoff and hard in a repository that denies: the sentence saying the
   * session's changes are now denied, said instead of "advisory". Absent or
   * null: the advice is advisory. @default {null}
   */
  armed?: string | null;
}

/**
 * What a hook adds to the agent's context for a verdict: "" below warn.
 */
export function renderBandAdvice(result: BandResult, options: AdviceOptions): string {
  if (result.band === "ok") return "";
  const why = result.readings.filter((r) => result.deciding.includes(r.signal))
    .map((r) => describeReading(r, result)).join("; ");
  if (result.band === "warn") {
    return `baton context band: warn: ${why}. Finish the current step before starting a large new one.`;
  }
  const urgency = result.band === "hard" ? "The context is near its limit." : "";
  return `baton context band: ${result.band}: ${why}. ${urgency}${
    urgency === "" ? "" : " "
  }Write a capsule now: \`${options.baton} preflight\`, then pipe the draft JSON into \`${options.baton} finalize --draft -\`. ${
    options.armed ?? "This is advisory; nothing is blocked."
  }`;
}
