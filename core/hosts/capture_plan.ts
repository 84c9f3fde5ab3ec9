/**
 * What a capture hook records and how often: the capsule's trigger is what
 * actually happened, as far as the hook can know. A stop (or idle) hook
 * fires after every turn: `turn_end`, rate-limited. Gemini CLI fires
 * PreCompress before every model request, before it checks whether the
 * history is large enough to compress, so only a manual `/compress` is
 * known to compact: an automatic PreCompress (an install from before baton
 * registered it for manual compression only) is a turn hook like stop. A
 * prompt hook that finds the fill near such a host's compression threshold
 * captures as before a compaction, rate-limited like a turn hook
 * ({@linkcode NEAR_COMPRESSION_PLAN}). The rate limit can be decided from latest.md's header and
 * this clone's head record (core/workflow/recent_capture.ts), so a turn hook with nothing to do
 * starts no heavy work. Pure.
 * @module
 */
import type { LatestHeader } from "../store/latest_header.ts";
import type { HookEvent, HostId } from "./ids.ts";

/** A turn hook adds a capsule at most this often. */
export const TURN_INTERVAL_MS = 5 * 60_000;

/** The trigger and rate limit of one capture. */
export interface CapturePlan {
  trigger: "pre_compact" | "session_end" | "turn_end";
  /** Skip while an automatic capsule younger than this is the latest (0: never). */
  minIntervalMs: number;
}

/** A prompt hook's capture when the host's fill nears its compression threshold. */
export const NEAR_COMPRESSION_PLAN: CapturePlan = {
  trigger: "pre_compact",
  minIntervalMs: TURN_INTERVAL_MS,
};

/**
 * The plan for a capture event.
 *
 * @param event baton's event (not session-start).
 * @param host The host calling, or null.
 * @param payloadTrigger The payload's `trigger` (PreCompact/PreCompress), or null.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(capturePlan("pre-compact", "claude-code", "auto").trigger, "pre_compact");
 * assert.equal(capturePlan("pre-compact", "gemini", "auto").trigger, "turn_end");
 * assert.equal(capturePlan("pre-compact", "gemini", "manual").trigger, "pre_compact");
 * assert.equal(capturePlan("stop", "copilot", null).minIntervalMs, TURN_INTERVAL_MS);
 * ```
 */
export function capturePlan(
  event: Exclude<HookEvent, "session-start">,
  host: HostId | null,
  payloadTrigger: string | null,
): CapturePlan {
  const turn: CapturePlan = { trigger: "turn_end", minIntervalMs: TURN_INTERVAL_MS };
  if (event === "stop") return turn;
  if (event === "pre-compact") {
    return host === "gemini" && payloadTrigger !== "manual"
      ? turn
      : { trigger: "pre_compact", minIntervalMs: 0 };
  }
  return { trigger: "session_end", minIntervalMs: 0 };
}

/**
 * True when the latest capsule, as its header shows, is an automatic one
 * younger than `minIntervalMs` (so a rate-limited capture has nothing to
 * do). A manual or pasted capsule, an unreadable header or a time in the
 * future never counts as recent: a capsule dated ahead (a committed one
 * dated 2099) would otherwise silence every turn's capture until then. The
 * one rule for the hook's light path and the capture job alike.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const h = { id12: "0123456789ab", createdAt: "2026-01-01T00:00:00.000Z", trigger: "turn_end" };
 * const at = Date.parse(h.createdAt);
 * assert.equal(isRecentAutomatic(h, at + 1000, 60_000), true);
 * assert.equal(isRecentAutomatic({ ...h, trigger: "manual" }, at + 1000, 60_000), false);
 * assert.equal(isRecentAutomatic(h, at + 61_000, 60_000), false);
 * ```
 */
export function isRecentAutomatic(
  header: Pick<LatestHeader, "createdAt" | "trigger"> | null,
  nowMs: number,
  minIntervalMs: number,
): boolean {
  if (header === null || minIntervalMs <= 0) return false;
  if (header.trigger === null || header.trigger === "manual" || header.trigger === "paste") {
    return false;
  }
  const age = nowMs - Date.parse(header.createdAt);
  return Number.isFinite(age) && age >= 0 && age < minIntervalMs;
}
