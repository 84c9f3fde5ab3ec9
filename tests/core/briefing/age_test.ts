import assert from "node:assert/strict";
import { describeAge } from "../../../core/briefing/age.ts";

const NOW = Date.parse("2026-06-01T12:00:00.000Z");
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

Deno.test("describeAge() says the age in the largest whole unit that reads well", () => {
  const cases: [number, string][] = [
    [0, "less than a day old"],
    [DAY - 1, "less than a day old"],
    [DAY, "1 day old"],
    [13 * DAY, "13 days old"],
    [14 * DAY, "2 weeks old"],
    [59 * DAY, "8 weeks old"],
    [60 * DAY, "2 months old"],
    [729 * DAY, "24 months old"],
    [730 * DAY, "2 years old"],
  ];
  for (const [age, want] of cases) assert.equal(describeAge(NOW - age, NOW), want, String(age));
});

Deno.test("describeAge() tolerates five minutes of clock skew, then says the writer's clock may be wrong", () => {
  assert.equal(describeAge(NOW + 5 * MIN, NOW), "less than a day old");
  assert.match(describeAge(NOW + 5 * MIN + 1, NOW), /dated in the future/);
  assert.equal(describeAge(Number.NaN, NOW), "of unknown age");
});
