/**
 * Words for a band verdict: the one-line summary `baton bands` and the
 * status line print, and the advisory a hook adds to the agent's context
 * (nothing below warn, one short line at warn, a request for a capsule with
 * the exact commands at handoff and hard). Written as plain statements, not
 * as "system" orders, which hosts may treat as injection. Renders results;
 * never computes them. Pure.
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
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { evaluateBands } from "./evaluate.ts";
 * const r = evaluateBands({ depth: { value: 31, source: "transcript" } });
 * assert.equal(describeReading(r.readings[0]!, r), "31 tool calls since the last user turn (handoff at 30)");
 * ```
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
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { evaluateBands } from "./evaluate.ts";
 * assert.equal(renderBandLine(evaluateBands({})), "ok: no signal available");
 * assert.match(renderBandLine(evaluateBands({ pct: { value: 55, source: "flag" } })), /^warn: 55% context window used/);
 * ```
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
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { evaluateBands } from "./evaluate.ts";
 * const ev = (depth: number) => evaluateBands({ depth: { value: depth, source: "transcript" } });
 * assert.equal(renderBandAdvice(ev(3), { baton: "baton" }), "");
 * assert.equal(renderBandAdvice(ev(25), { baton: "baton" }).split("\n").length, 1);
 * assert.match(renderBandAdvice(ev(33), { baton: "baton" }), /baton finalize --draft -/);
 * const armed = renderBandAdvice(ev(33), { baton: "baton", armed: "Changes are denied now." });
 * assert.match(armed, /Changes are denied now\.$/);
 * assert.doesNotMatch(armed, /advisory/);
 * ```
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
