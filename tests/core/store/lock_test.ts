import assert from "node:assert/strict";
import { acquireLock, type LockOptions, releaseLock } from "../../../core/store/lock.ts";
import { LockBusyError } from "../../../core/errors.ts";
import { DenoFs } from "../../../commands/_deno_fs.ts";

function opts(token: string, patch: Partial<LockOptions> = {}): LockOptions {
  return {
    token,
    pid: 1000,
    host: "h",
    now: () => Date.now(),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    processAlive: () => true,
    waitMs: 200,
    ...patch,
  };
}

Deno.test("acquireLock() admits one owner; a second waits and then fails with LockBusyError", async () => {
  const fs = new DenoFs();
  const dir = await Deno.makeTempDir();
  const a = await acquireLock(fs, `${dir}/lock`, opts("a"));
  await assert.rejects(
    () => acquireLock(fs, `${dir}/lock`, opts("b", { pid: 1001 })),
    LockBusyError,
  );
  assert.equal(await releaseLock(fs, a), true);
  const b = await acquireLock(fs, `${dir}/lock`, opts("b", { pid: 1001 }));
  assert.equal(b.owner.token, "b");
});

Deno.test("releaseLock() does nothing for a process that is not the owner", async () => {
  const fs = new DenoFs();
  const dir = await Deno.makeTempDir();
  const a = await acquireLock(fs, `${dir}/lock`, opts("a"));
  const impostor = { path: a.path, owner: { ...a.owner, token: "not-a" } };
  assert.equal(await releaseLock(fs, impostor), false);
  assert.ok((await fs.lstat(`${dir}/lock`)) !== null);
});

Deno.test("acquireLock() reclaims a lock whose owner process is dead", async () => {
  const fs = new DenoFs();
  const dir = await Deno.makeTempDir();
  await acquireLock(fs, `${dir}/lock`, opts("dead", { pid: 4242 }));
  const b = await acquireLock(
    fs,
    `${dir}/lock`,
    opts("b", { pid: 1001, processAlive: (pid) => pid !== 4242 }),
  );
  assert.equal(b.owner.token, "b");
});

Deno.test("acquireLock() reclaims a stale lock and an ownerless one after the grace period", async () => {
  const fs = new DenoFs();
  const dir = await Deno.makeTempDir();
  await acquireLock(fs, `${dir}/lock`, opts("old", { host: "other-host" }));
  const later = Date.now() + 10 * 60_000;
  const b = await acquireLock(fs, `${dir}/lock`, opts("b", { now: () => later }));
  assert.equal(b.owner.token, "b");
  await Deno.mkdir(`${dir}/lock2`);
  const c = await acquireLock(fs, `${dir}/lock2`, opts("c", { now: () => Date.now() + 60_000 }));
  assert.equal(c.owner.token, "c");
});
