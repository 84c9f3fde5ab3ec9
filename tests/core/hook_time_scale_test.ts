import assert from "node:assert/strict";
import { hookTimeScale, MAX_HOOK_TIME_SCALE } from "../../core/hook_time_scale.ts";

Deno.test("hookTimeScale() takes a whole number from 1 to the maximum; anything else is 1", () => {
  assert.equal(hookTimeScale(undefined), 1);
  assert.equal(hookTimeScale("10"), 10);
  assert.equal(hookTimeScale(String(MAX_HOOK_TIME_SCALE)), MAX_HOOK_TIME_SCALE);
  assert.equal(hookTimeScale(String(MAX_HOOK_TIME_SCALE + 1)), 1);
  assert.equal(hookTimeScale("0"), 1);
  assert.equal(hookTimeScale("1e3"), 1);
  assert.equal(hookTimeScale(" 3"), 1);
});
