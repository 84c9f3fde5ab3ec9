/**
 * Says how old a capsule is, in words. Pure.
 * @module
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"} old`;
}

/**
 * The age of something created at `createdMs`, seen at `nowMs`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { describeAge } from "./age.ts";
 * assert.equal(describeAge(0, 3 * 3_600_000), "less than a day old");
 * assert.equal(describeAge(0, 21 * 86_400_000), "3 weeks old");
 * ```
 */
export function describeAge(createdMs: number, nowMs: number): string {
  if (!Number.isFinite(createdMs)) return "of unknown age";
  const age = nowMs - createdMs;
  if (age < -5 * MINUTE) return "dated in the future (the writer's clock may be wrong)";
  if (age < DAY) return "less than a day old";
  if (age < 14 * DAY) return plural(Math.floor(age / DAY), "day");
  if (age < 60 * DAY) return plural(Math.floor(age / (7 * DAY)), "week");
  if (age < 730 * DAY) return plural(Math.floor(age / (30 * DAY)), "month");
  return plural(Math.floor(age / (365 * DAY)), "year");
}
