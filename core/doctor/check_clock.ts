/**
 * Doctor's clock check: capsules carry their creation time, and ages in
 * briefings are computed from it, so a clock set before this build's year,
 * or a latest capsule dated in the future, makes them wrong; a capsule
 * latest continues dated in the future says the clock was put back since.
 * Pure.
 * @module
 */
import type { DoctorCheck } from "./check.ts";

/** The year this version of baton was built; a clock before it is wrong. */
export const BUILD_YEAR = 2026;

/** How far in the future the latest capsule may be dated before the clock is suspect. */
const FUTURE_SLACK_MS = 5 * 60 * 1000;

/** Options of {@linkcode checkClock}. */
export interface CheckClockOptions {
  /**
   * `created_at` of the latest capsule, when there is one.
   * @default null
   */
  latestCreatedAt?: string | null;
  /**
   * The latest `created_at` among the capsules walked from latest.md (latest included): one
   * dated after latest and in the future says this clock was put back since it was written.
   * @default null
   */
  chainNewestCreatedAt?: string | null;
}

/**
 * Checks the clock.
 *
 * @param now The current time.
 * @param options The latest capsule's creation time.
 * @returns The check: fail before the build year, warn for a capsule from the future.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(checkClock(new Date("2026-12-01T00:00:00Z")).outcome, "ok");
 * assert.equal(checkClock(new Date("1970-01-01T00:00:00Z")).outcome, "fail");
 * assert.equal(
 *   checkClock(new Date("2026-12-01T00:00:00Z"), { latestCreatedAt: "2026-12-02T00:00:00.000Z" }).outcome,
 *   "warn",
 * );
 * ```
 */
export function checkClock(now: Date, options: CheckClockOptions = {}): DoctorCheck {
  const year = now.getUTCFullYear();
  if (!Number.isFinite(now.getTime()) || year < BUILD_YEAR) {
    return {
      name: "clock",
      outcome: "fail",
      reason:
        `The clock says ${year}, before this baton was built (${BUILD_YEAR}): capsule times and ages would be wrong`,
    };
  }
  const latest = options.latestCreatedAt ?? null;
  const ahead = latest === null ? 0 : Date.parse(latest) - now.getTime();
  if (ahead > FUTURE_SLACK_MS) {
    return {
      name: "clock",
      outcome: "warn",
      reason: `The latest capsule is dated ${
        Math.round(ahead / 60000)
      } minute(s) in the future: this clock, or the one that wrote it, is off`,
    };
  }
  // latest.md written after the clock was put back is not ahead of it; a capsule it continues,
  // written before, is.
  const newest = options.chainNewestCreatedAt ?? null;
  const chainAhead = newest === null ? 0 : Date.parse(newest) - now.getTime();
  if (chainAhead > FUTURE_SLACK_MS) {
    return {
      name: "clock",
      outcome: "warn",
      reason: `A capsule latest.md continues is dated ${
        Math.round(chainAhead / 60000)
      } minute(s) in the future, after latest.md itself: this clock was put back since it was written, or the one that wrote it ran ahead`,
    };
  }
  return { name: "clock", outcome: "ok", reason: `The clock is plausible (${now.toISOString()})` };
}
