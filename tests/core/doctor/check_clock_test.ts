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

Deno.test("checkClock() warns when a capsule latest continues is dated in the future, latest itself not (the clock put back)", () => {
  const now = new Date("2026-12-01T12:00:00Z");
  const latestCreatedAt = "2026-12-01T11:00:00.000Z";
  const put = checkClock(now, {
    latestCreatedAt,
    chainNewestCreatedAt: "2026-12-01T14:00:00.000Z",
  });
  assert.equal(put.outcome, "warn");
  assert.match(put.reason, /A capsule latest\.md continues is dated 120 minute\(s\) in the future/);
  // Controls: within the slack, and the chain's newest being latest itself.
  assert.equal(
    checkClock(now, { latestCreatedAt, chainNewestCreatedAt: "2026-12-01T12:04:00.000Z" }).outcome,
    "ok",
  );
  assert.equal(
    checkClock(now, { latestCreatedAt, chainNewestCreatedAt: latestCreatedAt }).outcome,
    "ok",
  );
});
