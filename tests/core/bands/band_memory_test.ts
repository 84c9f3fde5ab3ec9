/**
 * The band memory: once per band and session, afresh after the session
 * falls below warn, bounded to the most recent sessions, and written to a
 * real state directory atomically (an unreadable file counts as empty).
 */
import assert from "node:assert/strict";
import {
  adviseOnce,
  bandLockPath,
  bandMemoryPath,
  decideAdvice,
  MAX_REMEMBERED_SESSIONS,
  parseBandMemory,
  readBandMemory,
  withSession,
  writeBandMemory,
} from "../../../core/bands/band_memory.ts";
import type { Band } from "../../../core/bands/evaluate.ts";
import { fakeIo } from "../../_helpers/io.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { TestFs } from "../../_helpers/fs.ts";

Deno.test("a sequence of verdicts speaks once per band, and again after a drop below warn", () => {
  const seq: Band[] = [
    "ok",
    "warn",
    "warn",
    "handoff",
    "handoff",
    "warn",
    "hard",
    "hard",
    "ok",
    "warn",
  ];
  let memory: ReturnType<typeof decideAdvice>["next"] | undefined;
  const spoken: Band[] = [];
  for (const [i, band] of seq.entries()) {
    const d = decideAdvice(band, memory ?? undefined, `t${i}`);
    if (d.speak) spoken.push(band);
    if (d.next !== null) memory = d.next;
  }
  assert.deepEqual(spoken, ["warn", "handoff", "hard", "warn"]);
});

Deno.test("the memory keeps only the most recent sessions", () => {
  let m = {};
  for (let i = 0; i < MAX_REMEMBERED_SESSIONS + 10; i++) {
    m = withSession(m, `s${i}`, { advised: "warn", at: new Date(i * 1000).toISOString() });
  }
  const keys = Object.keys(m);
  assert.equal(keys.length, MAX_REMEMBERED_SESSIONS);
  assert.ok(keys.includes(`s${MAX_REMEMBERED_SESSIONS + 9}`));
  assert.ok(!keys.includes("s0"));
});

Deno.test("the memory round-trips through a real state directory; garbage reads as empty", async () => {
  await using dir = await tempDir();
  const state = `${dir.path}/baton`;
  const fs = fakeIo({ cwd: dir.path }).fs;
  assert.deepEqual(await readBandMemory(fs, state), {});
  await writeBandMemory(fs, state, "a", { advised: "handoff", at: "2026-01-01T00:00:00Z" });
  await writeBandMemory(fs, state, "b", { advised: "warn", at: "2026-01-01T00:00:01Z" });
  assert.deepEqual(Object.keys(await readBandMemory(fs, state)).sort(), ["a", "b"]);
  await Deno.writeTextFile(bandMemoryPath(state), "{not json");
  assert.deepEqual(await readBandMemory(fs, state), {});
});

Deno.test("adviseOnce() decides under the lock: busy gives null, free decides and remembers", async () => {
  await using d = await tempDir("baton-bands-lock-");
  const fs = new TestFs();
  const stateDir = `${d.path}/state`;
  await Deno.mkdir(stateDir);
  const other = await fs.tryLockFile(bandLockPath(stateDir));
  assert.ok(other !== null);
  let slept = 0;
  const sleep = () => {
    slept++;
    return Promise.resolve();
  };
  const busy = await adviseOnce(fs, stateDir, "s", "warn", "t1", { sleep, attempts: 3 });
  assert.equal(busy, null, "a lock held elsewhere through every attempt");
  assert.equal(slept, 2);
  other.release();
  assert.equal(await adviseOnce(fs, stateDir, "s", "warn", "t2", { sleep }), true);
  assert.equal(await adviseOnce(fs, stateDir, "s", "warn", "t3", { sleep }), false, "said once");
  // Below warn nothing changes, so no lock is taken: a held lock does not matter.
  const held = await fs.tryLockFile(bandLockPath(stateDir));
  assert.equal(await adviseOnce(fs, stateDir, "s", "warn", "t4", { sleep, attempts: 1 }), false);
  held?.release();
});

// The module's examples live here: it is on the hook's path, where each comment is
// loaded twice (Deno's emitted JavaScript and its inline source map).
Deno.test("band_memory.ts: the examples of its exports", () => {
  {
    const at = "2026-01-01T00:00:00Z";
    assert.equal(decideAdvice("warn", undefined, at).speak, true);
    assert.equal(decideAdvice("warn", { advised: "warn", at }, at).speak, false);
    assert.equal(decideAdvice("handoff", { advised: "warn", at }, at).speak, true);
    assert.equal(decideAdvice("warn", { advised: "handoff", at }, at).speak, false);
    assert.deepEqual(decideAdvice("ok", { advised: "handoff", at }, at), {
      speak: false,
      next: { advised: "ok", at },
    });
  }

  {
    const m = parseBandMemory(
      '{"s1": {"advised": "warn", "at": "t"}, "s2": {"advised": "x", "at": "t"}}',
    );
    assert.deepEqual(m, { s1: { advised: "warn", at: "t" } });
    assert.deepEqual(parseBandMemory("{oops"), {});
  }

  {
    const m = withSession(
      { a: { advised: "warn", at: "1" } },
      "b",
      { advised: "hard", at: "2" },
      1,
    );
    assert.deepEqual(Object.keys(m), ["b"]);
  }
});
