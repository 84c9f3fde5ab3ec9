import assert from "node:assert/strict";
import { BUILD_YEAR, checkClock } from "../../../core/doctor/check_clock.ts";

Deno.test("checkClock() fails before the build year and on an invalid date, warns only past the slack", () => {
  assert.equal(checkClock(new Date(`${BUILD_YEAR - 1}-12-31T23:59:59Z`)).outcome, "fail");
  assert.equal(checkClock(new Date(`${BUILD_YEAR}-01-01T00:00:00Z`)).outcome, "ok");
  assert.equal(checkClock(new Date(Number.NaN)).outcome, "fail");
  const now = new Date("2026-12-01T12:00:00Z");
  assert.equal(checkClock(now, { latestCreatedAt: "2026-12-01T12:04:00.000Z" }).outcome, "ok");
  assert.equal(checkClock(now, { latestCreatedAt: "2026-12-01T12:06:00.000Z" }).outcome, "warn");
});
