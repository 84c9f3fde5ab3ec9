/**
 * The store race, small enough for the main suite: 16 real `baton finalize`
 * processes per round, one round of each start (a stale lock, an owner-less
 * lock old and fresh, a live holder). `deno task test:stress` runs the full
 * 16 × 50 (tests/e2e/race_stress.ts).
 * @module
 */
import assert from "node:assert/strict";
import { ROUND_STARTS, runRace } from "./_race.ts";

Deno.test({
  name:
    "16 writers per round, each round begun with a stale, owner-less or live-held lock: one chain, nothing lost",
  sanitizeResources: false,
  async fn() {
    const f = await runRace(16, ROUND_STARTS.length);
    const failures = {
      exit70: f.exit70,
      otherFailures: f.otherFailures,
      missingFromChain: f.missingFromChain,
      forks: f.forks,
      leftoverTemp: f.leftoverTemp,
      leftoverLock: f.leftoverLock,
      holderLockStolen: f.holderLockStolen,
    };
    assert.deepEqual(failures, {
      exit70: 0,
      otherFailures: 0,
      missingFromChain: 0,
      forks: 0,
      leftoverTemp: 0,
      leftoverLock: 0,
      holderLockStolen: 0,
    }, f.examples.join("\n"));
    assert.equal(f.succeeded, 16 * ROUND_STARTS.length);
  },
});
