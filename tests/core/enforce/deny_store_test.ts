/**
 * The deny store (core/enforce/deny_store.ts) on a real file system: one
 * successor per deny however the resumes interleave (a dead owner's lock
 * included), a manifest line for every change under concurrency, every
 * record read, and no write that follows a symbolic link out of the state
 * directory (the fault log's append, the quarantine move, a linked folder).
 */
import assert from "node:assert/strict";
import * as store from "../../../core/enforce/deny_store.ts";
import { enforcePaths } from "../../../core/enforce/enforce_paths.ts";
import type { DenyRecord } from "../../../core/enforce/deny_record.ts";
import { verifyManifest } from "../../../core/enforce/manifest.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";

let tokens = 0;
function env(fs = new TestFs()): store.DenyStoreEnv {
  return {
    fs,
    now: () => new Date("2026-12-01T12:00:00.000Z"),
    lock: () => ({
      token: `t${++tokens}`,
      pid: 4242,
      host: "this-host",
      started: "s",
      processAlive: (pid: number) => pid === 4242,
      now: () => Date.now(),
      sleep: (ms: number) => new Promise((r) => setTimeout(r, ms)),
    }),
    manifestKey: () => Promise.resolve(new Uint8Array(32).fill(7)),
  };
}

const record = (session: string, over: Partial<DenyRecord> = {}): DenyRecord => ({
  session,
  host: null,
  status: "open",
  created_at: "2026-12-01T11:00:00.000Z",
  last_seen_at: "2026-12-01T11:00:00.000Z",
  capsule_id: "0123456789ab",
  scope: { root: "/r", branch: "main" },
  consumed_by: null,
  consumed_at: null,
  ...over,
});

async function resume(e: store.DenyStoreEnv, p: ReturnType<typeof enforcePaths>, who: string) {
  return await store.changeUnderLock(e, p, "A", async (ctx) => {
    if (ctx.current === null || ctx.current.status !== "open") {
      return { result: false, entry: null };
    }
    await ctx.write({ ...ctx.current, status: "consumed", consumed_by: who });
    return {
      result: true,
      entry: { at: "x", action: "resume" as const, session: who, detail: { deny_session: "A" } },
    };
  });
}

Deno.test("one successor per deny, however many resume at once, past a dead owner's lock", async () => {
  await using dir = await tempDir("baton-deny-store-");
  const e = env();
  const p = enforcePaths(`${dir.path}/.git/baton`);
  await store.changeUnderLock(e, p, "A", async (ctx) => {
    await ctx.write(record("A"));
    return { result: null, entry: { at: "x", action: "write", session: "A", detail: {} } };
  });
  // A lock left by a process that died (same host, not alive).
  await Deno.mkdir(`${p.locks}/A`, { recursive: true });
  await Deno.writeTextFile(
    `${p.locks}/A/owner.json`,
    JSON.stringify({ token: "dead", pid: 1, host: "this-host", started: "s", acquired_at_ms: 0 }),
  );
  const results = await Promise.all(
    Array.from({ length: 8 }, (_, i) => resume(e, p, `S${i}`)),
  );
  assert.equal(results.filter((r) => r).length, 1);
  const { records } = await store.readDenies(e.fs, p);
  assert.equal(records[0]!.status, "consumed");
  const lines = (await Deno.readTextFile(p.manifest)).trim().split("\n");
  assert.deepEqual(lines.map((l) => JSON.parse(l).action), ["write", "resume"]);
  assert.equal(JSON.parse(lines[1]!).session, records[0]!.consumed_by, "the line names the winner");
});

Deno.test("the manifest keeps a line for every change made at once, and verifies", async () => {
  await using dir = await tempDir("baton-deny-store-");
  const e = env();
  const p = enforcePaths(`${dir.path}/.git/baton`);
  await Promise.all(
    Array.from(
      { length: 16 },
      (_, i) =>
        store.appendManifest(e, p, { at: "x", action: "write", session: `S${i}`, detail: {} }),
    ),
  );
  const lines = (await Deno.readTextFile(p.manifest)).trim().split("\n");
  assert.equal(lines.length, 16);
  assert.deepEqual(await verifyManifest(lines, await e.manifestKey()), []);
  const report = await store.checkManifest(e, p, [record("S3"), record("Z")]);
  assert.deepEqual(report.unrecorded, ["Z"], "a record with no line of its own is reported");
});

Deno.test("every record is read, however many there are", async () => {
  await using dir = await tempDir("baton-deny-store-");
  const fs = new TestFs();
  const p = enforcePaths(`${dir.path}/.git/baton`);
  await Deno.mkdir(p.denies, { recursive: true });
  for (let i = 0; i < 1100; i++) {
    await Deno.writeTextFile(`${p.denies}/S${i}.json`, JSON.stringify(record(`S${i}`)));
  }
  await Deno.writeTextFile(`${p.denies}/bad.json`, "{");
  const { records, faults } = await store.readDenies(fs, p);
  assert.equal(records.length, 1100);
  assert.equal(faults, 1);
});

Deno.test("no write follows a link out of the state directory: fault log, quarantine, seen marks", async () => {
  await using dir = await tempDir("baton-deny-store-");
  const fs = new TestFs();
  const outside = `${dir.path}/outside`;
  await Deno.mkdir(outside);
  await Deno.writeTextFile(`${outside}/victim`, "keep\n");
  const p = enforcePaths(`${dir.path}/.git/baton`);
  await Deno.mkdir(p.denies, { recursive: true });
  // Control: a plain fault log is appended to.
  await store.recordFault(fs, p, new Date(0), "one");
  assert.match(await Deno.readTextFile(p.faults), /one\n$/);
  await Deno.remove(p.faults);
  await Deno.symlink(`${outside}/victim`, p.faults);
  await store.recordFault(fs, p, new Date(0), "two");
  assert.equal(await Deno.readTextFile(`${outside}/victim`), "keep\n", "not written through");
  // The quarantine: a planted link to another folder is refused, nothing moved there.
  await Deno.writeTextFile(`${p.denies}/bad.json`, "{");
  await Deno.symlink(outside, p.quarantine);
  await assert.rejects(store.quarantine(fs, p, ["bad.json"], new Date(0)));
  assert.deepEqual([...Deno.readDirSync(outside)].map((e) => e.name), ["victim"]);
  // A linked seen folder: the mark is refused.
  await Deno.symlink(outside, p.seen);
  await assert.rejects(store.markSeen(fs, p, "A", new Date(0)));
  assert.deepEqual([...Deno.readDirSync(outside)].map((e) => e.name), ["victim"]);
});

Deno.test("the opt-in is a regular file of this machine's state; a link is no opt-in", async () => {
  await using dir = await tempDir("baton-deny-store-");
  const fs = new TestFs();
  const p = enforcePaths(`${dir.path}/.git/baton`);
  assert.equal(await store.optedIn(fs, p), false);
  await store.setOptIn(fs, p, true, new Date(0));
  assert.equal(await store.optedIn(fs, p), true);
  await store.setOptIn(fs, p, false, new Date(0));
  await Deno.writeTextFile(`${dir.path}/elsewhere`, "deny\n");
  await Deno.symlink(`${dir.path}/elsewhere`, p.optIn);
  assert.equal(await store.optedIn(fs, p), false);
});
