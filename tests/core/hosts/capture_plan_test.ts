import assert from "node:assert/strict";
import {
  capturePlan,
  isRecentAutomatic,
  TURN_INTERVAL_MS,
} from "../../../core/hosts/capture_plan.ts";
import { HOST_IDS } from "../../../core/hosts/ids.ts";
import { TRIGGERS } from "../../../core/capsule/types.ts";

Deno.test("capturePlan(): only a compaction the host is known to make is pre_compact; turn hooks are turn_end and rate-limited", () => {
  for (const host of [...HOST_IDS, null]) {
    for (const trigger of ["auto", "manual", null]) {
      const stop = capturePlan("stop", host, trigger);
      assert.deepEqual(stop, { trigger: "turn_end", minIntervalMs: TURN_INTERVAL_MS });
      assert.deepEqual(capturePlan("session-end", host, trigger), {
        trigger: "session_end",
        minIntervalMs: 0,
      });
      const pre = capturePlan("pre-compact", host, trigger);
      // Gemini CLI fires PreCompress before every model request; only /compress is manual.
      const turn = host === "gemini" && trigger !== "manual";
      assert.deepEqual(
        pre,
        turn
          ? { trigger: "turn_end", minIntervalMs: TURN_INTERVAL_MS }
          : { trigger: "pre_compact", minIntervalMs: 0 },
        `${host} ${trigger}`,
      );
    }
  }
  for (const p of [capturePlan("stop", null, null), capturePlan("pre-compact", "gemini", null)]) {
    assert.ok((TRIGGERS as readonly string[]).includes(p.trigger), "a trigger the schema accepts");
  }
});

Deno.test("isRecentAutomatic(): only an automatic capsule younger than the interval counts", () => {
  const at = Date.parse("2026-06-01T00:00:00.000Z");
  const h = (trigger: string | null, createdAt = "2026-06-01T00:00:00.000Z") => ({
    id12: "0123456789ab",
    createdAt,
    trigger,
  });
  for (const t of ["turn_end", "session_end", "pre_compact", "fold"]) {
    assert.equal(isRecentAutomatic(h(t), at + 60_000, TURN_INTERVAL_MS), true, t);
  }
  for (const t of ["manual", "paste", null]) {
    assert.equal(isRecentAutomatic(h(t), at + 60_000, TURN_INTERVAL_MS), false, String(t));
  }
  assert.equal(isRecentAutomatic(h("turn_end"), at + TURN_INTERVAL_MS, TURN_INTERVAL_MS), false);
  assert.equal(isRecentAutomatic(h("turn_end"), at - 1000, TURN_INTERVAL_MS), false, "future");
  assert.equal(isRecentAutomatic(h("turn_end", "garbage"), at, TURN_INTERVAL_MS), false);
  assert.equal(isRecentAutomatic(null, at, TURN_INTERVAL_MS), false);
  assert.equal(isRecentAutomatic(h("turn_end"), at + 1, 0), false, "no interval: never recent");
});
