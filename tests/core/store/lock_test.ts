import assert from "node:assert/strict";
import { acquireLock, type LockOptions, releaseLock } from "../../../core/store/lock.ts";
import { LockBusyError } from "../../../core/errors.ts";
import { TestFs } from "../../_helpers/fs.ts";
import type { WriteFs } from "../../../core/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";

/** A real file system with some operations replaced (an injected fault). */
function withOverrides(real: TestFs, patch: Partial<WriteFs>): WriteFs {
  const out = {} as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(TestFs.prototype)) {
    if (name === "constructor") continue;
    const f = (real as unknown as Record<string, unknown>)[name];
    if (typeof f === "function") out[name] = f.bind(real);
  }
  return { ...out, ...patch } as unknown as WriteFs;
}

function opts(token: string, patch: Partial<LockOptions> = {}): LockOptions {
  return {
    token,
    pid: 1000,
    host: "h",
    now: () => Date.now(),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    waitMs: 200,
    ...patch,
  };
}

Deno.test("acquireLock() admits one owner; a second waits and then fails with LockBusyError", async () => {
  const fs = new TestFs();
  const dir = (await tempDir()).path;
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
  const fs = new TestFs();
  const dir = (await tempDir()).path;
  const a = await acquireLock(fs, `${dir}/lock`, opts("a"));
  const impostor = { ...a, owner: { ...a.owner, token: "not-a" }, alive: null };
  assert.equal(await releaseLock(fs, impostor), false);
  assert.ok((await fs.lstat(`${dir}/lock`)) !== null);
});

Deno.test("acquireLock() reclaims at once a lock whose owner died (its advisory lock is gone)", async () => {
  const fs = new TestFs();
  const dir = (await tempDir()).path;
  const dead = await acquireLock(fs, `${dir}/lock`, opts("dead", { pid: 4242 }));
  // Positive control: while the owner's advisory lock is held, nobody gets in.
  await assert.rejects(
    () => acquireLock(fs, `${dir}/lock`, opts("b", { waitMs: 50 })),
    LockBusyError,
  );
  dead.alive!.release(); // what the OS does when the owner process dies
  const slept: number[] = [];
  const sleep = (ms: number) => {
    slept.push(ms);
    return new Promise<void>((r) => setTimeout(r, ms));
  };
  const b = await acquireLock(fs, `${dir}/lock`, opts("b", { pid: 1001, sleep }));
  assert.equal(b.owner.token, "b");
  // No wait on a lock judged held (those waits are 5 ms or more); a 1-3 ms wait for the
  // guard, which a loaded machine can still find closing, says nothing about the verdict.
  assert.deepEqual(slept.filter((ms) => ms >= 5), [], "no waiting for the stale limit");
});

Deno.test("a lock held by a SIGKILLed process is reclaimed without waiting", async () => {
  const dir = (await tempDir()).path;
  const script = `${dir}/hold.ts`;
  const lockModule = new URL("../../../core/store/lock.ts", import.meta.url).href;
  const fsModule = new URL("../../_helpers/fs.ts", import.meta.url).href;
  await Deno.writeTextFile(
    script,
    `import { acquireLock } from "${lockModule}";
import { TestFs } from "${fsModule}";
await acquireLock(new TestFs(), "${dir}/lock", { token: "child", pid: Deno.pid, host: "h", now: () => Date.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) });
console.log("held");
await new Promise(() => setTimeout(() => {}, 60_000));`,
  );
  const child = new Deno.Command(Deno.execPath(), { args: ["run", "-A", script], stdout: "piped" })
    .spawn();
  const reader = child.stdout.getReader();
  await reader.read(); // "held"
  child.kill("SIGKILL");
  await child.status;
  reader.releaseLock();
  await child.stdout.cancel();
  const b = await acquireLock(new TestFs(), `${dir}/lock`, opts("b", { waitMs: 500 }));
  assert.equal(b.owner.token, "b");
});

Deno.test("acquireLock() reclaims a stale lock and an ownerless one after the grace period", async () => {
  const fs = new TestFs();
  const dir = (await tempDir()).path;
  const old = await acquireLock(fs, `${dir}/lock`, opts("old", { host: "other-host" }));
  old.alive?.release(); // another host's advisory lock is not visible here
  const later = Date.now() + 10 * 60_000;
  const b = await acquireLock(fs, `${dir}/lock`, opts("b", { now: () => later }));
  assert.equal(b.owner.token, "b");
  await Deno.mkdir(`${dir}/lock2`);
  const c = await acquireLock(fs, `${dir}/lock2`, opts("c", { now: () => Date.now() + 60_000 }));
  assert.equal(c.owner.token, "c");
});

/** A lock directory at `dir` whose owner.json names a recent owner on another host (plus `extra` fields). */
async function writeOtherHostOwner(
  dir: string,
  acquiredAtMs: number,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await Deno.mkdir(dir);
  await Deno.writeTextFile(
    `${dir}/owner.json`,
    JSON.stringify({
      token: "x",
      pid: 1,
      host: "other",
      started: null,
      acquired_at_ms: acquiredAtMs,
      ...extra,
    }),
  );
}

Deno.test("a lock whose owner runs on this host is never reclaimed, however old; a reused or dead pid is (controls)", async () => {
  const { processAlive, processIdentity } = await import(
    "../../../commands/_adapters/process_identity.ts"
  );
  const me = processIdentity();
  if (me.started === null) {
    console.log("skipped: this OS gives no process start time (no /proc)");
    return;
  }
  const fs = new TestFs();
  const dir = (await tempDir()).path;
  try {
    const dayLater = () => Date.now() + 86_400_000;
    const owners = [
      { name: "live", pid: Deno.pid, started: me.started, reclaimed: false },
      { name: "reused pid", pid: Deno.pid, started: "00000000-1", reclaimed: true },
      { name: "dead pid", pid: 2 ** 30, started: me.started, reclaimed: true },
    ];
    for (const o of owners) {
      const path = `${dir}/lock-${o.name.replace(" ", "-")}`;
      const held = await acquireLock(fs, path, opts("owner", { pid: o.pid, started: o.started }));
      held.alive?.release(); // only the pid and start time protect it now
      const take = () =>
        acquireLock(fs, path, opts("b", { now: dayLater, processAlive, waitMs: 150 }));
      if (o.reclaimed) assert.equal((await take()).owner.token, "b", o.name);
      else await assert.rejects(take, LockBusyError, o.name);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a lock whose advisory lock is held is never reclaimed, even from another host and past the stale age", async () => {
  const fs = new TestFs();
  const dir = (await tempDir()).path;
  try {
    await acquireLock(fs, `${dir}/lock`, opts("a", { host: "elsewhere" }));
    const later = () => Date.now() + 86_400_000;
    await assert.rejects(
      () => acquireLock(fs, `${dir}/lock`, opts("b", { now: later, waitMs: 100 })),
      LockBusyError,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a failure after the lock directory was made leaves no lock behind", async () => {
  const fs = new TestFs();
  const dir = (await tempDir()).path;
  try {
    const failing = withOverrides(fs, {
      writeFileAtomic: () => Promise.reject(new Error("ENOSPC (injected)")),
    });
    await assert.rejects(() => acquireLock(failing, `${dir}/lock`, opts("a")), /injected/);
    assert.equal(await fs.lstat(`${dir}/lock`), null);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("without advisory locks, a reclaimer that moved a lock someone just took puts it back (and reclaims a stale one, control)", async () => {
  const real = new TestFs();
  const dir = (await tempDir()).path;
  try {
    const path = `${dir}/lock`;
    const writeOwner = async (token: string, acquired: number) => {
      await Deno.mkdir(path);
      await Deno.writeTextFile(
        `${path}/owner.json`,
        JSON.stringify({ token, pid: 1, host: "other", started: null, acquired_at_ms: acquired }),
      );
    };
    // A file system without advisory locks, where another writer replaces
    // the stale lock with its own just before the reclaimer's rename.
    let swapped = false;
    const fs = withOverrides(real, {
      tryLockFile: () => Promise.reject(new Error("no advisory locks here")),
      rename: async (from: string, to: string) => {
        if (from === path && !swapped) {
          swapped = true;
          await Deno.remove(path, { recursive: true });
          await writeOwner("fresh", Date.now());
        }
        return await real.rename(from, to);
      },
    });
    await writeOwner("stale", Date.now() - 86_400_000);
    await assert.rejects(() => acquireLock(fs, path, opts("b", { waitMs: 200 })), LockBusyError);
    const owner = JSON.parse(await Deno.readTextFile(`${path}/owner.json`));
    assert.equal(owner.token, "fresh", "the fresh lock is back in place, untouched");
    // Control: with nobody taking it meanwhile, the stale lock is reclaimed.
    await Deno.remove(path, { recursive: true });
    await writeOwner("stale", Date.now() - 86_400_000);
    const b = await acquireLock(fs, path, opts("b", { waitMs: 200 }));
    assert.equal(b.owner.token, "b");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a lock dated in the future (one a commit carried) is reclaimed; a recent one from another host is not", async () => {
  const fs = new TestFs();
  await using dir = await tempDir();
  const path = `${dir.path}/lock`;
  const plant = async (acquired: number) => {
    await Deno.mkdir(path, { recursive: true });
    await Deno.writeTextFile(
      `${path}/owner.json`,
      JSON.stringify({
        token: "x",
        pid: 1,
        host: "other",
        started: null,
        acquired_at_ms: acquired,
      }),
    );
  };
  const fixed = Date.parse("2026-12-01T00:00:00Z");
  // Control: taken a minute ago on another host, and not over: kept (two attempts, no clock).
  await plant(fixed - 60_000);
  await assert.rejects(
    acquireLock(fs, path, opts("b", { now: () => fixed, attempts: 2, waitMs: 1e9 })),
    LockBusyError,
  );
  await Deno.remove(path, { recursive: true });
  await plant(fixed + 365 * 86_400_000);
  const held = await acquireLock(
    fs,
    path,
    opts("c", { now: () => fixed, attempts: 2, waitMs: 1e9 }),
  );
  assert.equal(held.owner.token, "c");
  await releaseLock(fs, held);
});

Deno.test("a guard or an alive file that is a link is never opened (a lock a commit carried cannot create files elsewhere)", async () => {
  const fs = new TestFs();
  await using dir = await tempDir();
  const path = `${dir.path}/lock`;
  const target = `${dir.path}/outside-guard`;
  await Deno.mkdir(`${dir.path}/state`);
  await Deno.symlink(target, `${dir.path}/state/lock.guard`);
  const fixed = Date.parse("2026-12-01T00:00:00Z");
  await Deno.mkdir(path);
  await Deno.writeTextFile(
    `${path}/owner.json`,
    JSON.stringify({ token: "x", pid: 1, host: "other", started: null, acquired_at_ms: 0 }),
  );
  await Deno.symlink(`${dir.path}/outside-alive`, `${path}/alive`);
  const held = await acquireLock(
    fs,
    path,
    opts("b", { now: () => fixed, attempts: 3, waitMs: 1e9 }),
  );
  assert.equal(held.owner.token, "b", "the dead lock was still reclaimed, unguarded");
  await releaseLock(fs, held);
  assert.equal(await Deno.lstat(target).catch(() => null), null, "no file made through the guard");
  assert.equal(await Deno.lstat(`${dir.path}/outside-alive`).catch(() => null), null);
});

Deno.test("a lock a commit carried whose owner.json is huge or a link to a device is ownerless: reclaimed after the grace, never read whole", async () => {
  const fs = new TestFs();
  await using dir = await tempDir();
  const dayLater = () => Date.now() + 86_400_000;
  // A recent owner from another host, padded past any owner.json baton writes.
  const huge = `${dir.path}/huge`;
  await writeOtherHostOwner(huge, dayLater(), { pad: "x".repeat(64 * 1024) });
  const a = await acquireLock(fs, huge, opts("a", { now: dayLater, attempts: 3 }));
  assert.equal(a.owner.token, "a");
  await releaseLock(fs, a);
  // A link to /dev/zero: read whole, it never ended.
  const device = `${dir.path}/device`;
  await Deno.mkdir(device);
  await Deno.symlink("/dev/zero", `${device}/owner.json`);
  const b = await acquireLock(fs, device, opts("b", { now: dayLater, attempts: 3 }));
  assert.equal(b.owner.token, "b");
  await releaseLock(fs, b);
  // Control: the same recent owner, small, is held.
  const small = `${dir.path}/small`;
  await writeOtherHostOwner(small, dayLater());
  await assert.rejects(
    acquireLock(fs, small, opts("c", { now: dayLater, attempts: 3 })),
    LockBusyError,
  );
});

Deno.test("a dead owner's lock is taken however long its reclaim took (an injected clock that leaps past the wait)", async () => {
  const fs = new TestFs();
  await using dir = await tempDir();
  const path = `${dir.path}/lock`;
  await Deno.mkdir(path); // ownerless: its maker died half-way
  let calls = 0;
  const start = Date.now();
  // Every reading after the first is a day later: past the wait, and past the ownerless grace.
  const leaping = () => (calls++ === 0 ? start : start + 86_400_000);
  const held = await acquireLock(fs, path, opts("b", { now: leaping, waitMs: 200 }));
  assert.equal(held.owner.token, "b");
  await releaseLock(fs, held);
  // Control: a live owner's lock is still refused once the wait is over.
  const live = await acquireLock(fs, path, opts("c"));
  calls = 0;
  await assert.rejects(
    acquireLock(fs, path, opts("d", { now: leaping, waitMs: 200 })),
    LockBusyError,
  );
  await releaseLock(fs, live);
});
