/**
 * `deno task test:stress`: the full store race, 16 writers × 50 rounds
 * (override with `-- WRITERS ROUNDS`), then the figures as JSON. Exits 1 when
 * anything went wrong: a writer exiting 70 or failing, a capsule that
 * reported success missing from latest's chain, a fork, a temp file or lock
 * left behind, a live holder's lock taken, or no writer ever made to wait
 * for a live holder (the test would then prove nothing about it).
 * @module
 */
import { runRace } from "./_race.ts";

const writers = Number(Deno.args[0] ?? 16);
const rounds = Number(Deno.args[1] ?? 50);
const started = Date.now();
const f = await runRace(writers, rounds, (line) => console.error(line));
console.log(JSON.stringify({ ...f, seconds: Math.round((Date.now() - started) / 1000) }, null, 2));
const bad = f.exit70 + f.otherFailures + f.missingFromChain + f.forks + f.leftoverTemp +
  f.leftoverLock + f.holderLockStolen;
if (bad > 0 || f.succeeded !== writers * rounds || (rounds >= 3 && f.waitedForHolder === 0)) {
  console.error("store race: FAILED");
  Deno.exit(1);
}
console.error("store race: passed");
