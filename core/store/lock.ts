/**
 * The single-writer lock on .baton: `mkdir .baton/lock` succeeds for exactly
 * one process, which then holds an OS advisory lock on `lock/alive` for as
 * long as it owns the directory and writes an owner file with a random token.
 * Only the owner (same token) releases it. The OS drops the advisory lock
 * when the owner dies, so a contender that can take it knows the owner is
 * dead and reclaims the directory. A lock is also reclaimed when it is older
 * than the stale limit (baton holds it for well under a second), or when it
 * has no owner file after a short grace period (the owner died between mkdir
 * and writing it). Reclaiming renames the lock aside first, so two
 * reclaimers cannot both win.
 * @module
 */
import { LockBusyError } from "../errors.ts";
import { type FileLockHandle, FsExistsError, FsNotFoundError, type WriteFs } from "../fs.ts";

/** Who holds a lock. */
export interface LockOwner {
  token: string;
  pid: number;
  host: string;
  acquired_at_ms: number;
}

/** Capabilities and limits for {@linkcode acquireLock}. */
export interface LockOptions {
  /** Unique random token for this acquisition. */
  token: string;
  pid: number;
  host: string;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** How long to keep retrying. @default {15000} */
  waitMs?: number;
  /** Age after which any lock is stale. @default {120000} */
  staleMs?: number;
  /** Grace for a lock directory without an owner file. @default {2000} */
  ownerlessGraceMs?: number;
}

/** A held lock. */
export interface HeldLock {
  path: string;
  owner: LockOwner;
  /** The advisory lock proving this owner is alive. */
  alive: FileLockHandle | null;
}

const enc = new TextEncoder();
const dec = new TextDecoder();

async function readOwner(fs: WriteFs, path: string): Promise<LockOwner | null> {
  try {
    const o = JSON.parse(dec.decode(await fs.readFile(`${path}/owner.json`))) as LockOwner;
    if (typeof o.token !== "string" || typeof o.pid !== "number") return null;
    return o;
  } catch {
    return null;
  }
}

async function isReclaimable(fs: WriteFs, path: string, o: LockOptions): Promise<boolean> {
  const owner = await readOwner(fs, path);
  const now = o.now();
  if (owner === null) {
    const st = await fs.lstat(path);
    if (st === null) return false;
    return st.mtimeMs !== null && now - st.mtimeMs > (o.ownerlessGraceMs ?? 2000);
  }
  if (now - owner.acquired_at_ms > (o.staleMs ?? 120_000)) return true;
  let probe: FileLockHandle | null = null;
  try {
    probe = await fs.tryLockFile(`${path}/alive`);
  } catch {
    return false; // cannot tell: wait for the stale limit
  }
  if (probe === null) return false; // the owner still holds it: alive
  probe.release();
  return true;
}

async function reclaim(fs: WriteFs, path: string, token: string): Promise<void> {
  const aside = `${path}.stale-${token}`;
  try {
    await fs.rename(path, aside);
  } catch (e) {
    if (e instanceof FsNotFoundError) return;
    throw e;
  }
  await fs.remove(aside, { recursive: true });
}

/**
 * Takes the lock, waiting while a live owner holds it.
 * @throws {LockBusyError} when the wait runs out.
 */
export async function acquireLock(fs: WriteFs, path: string, o: LockOptions): Promise<HeldLock> {
  const deadline = o.now() + (o.waitMs ?? 15_000);
  let delay = 5;
  while (true) {
    try {
      await fs.mkdirExclusive(path);
      const alive = await fs.tryLockFile(`${path}/alive`).catch(() => null);
      const owner: LockOwner = {
        token: o.token,
        pid: o.pid,
        host: o.host,
        acquired_at_ms: o.now(),
      };
      await fs.writeFileAtomic(`${path}/owner.json`, enc.encode(JSON.stringify(owner)));
      return { path, owner, alive };
    } catch (e) {
      if (!(e instanceof FsExistsError)) throw e;
    }
    if (await isReclaimable(fs, path, o)) {
      await reclaim(fs, path, o.token);
      continue;
    }
    if (o.now() >= deadline) {
      throw new LockBusyError(
        `Cannot take the lock "${path}": another baton process holds it; if none is running, remove that directory`,
      );
    }
    await o.sleep(delay + Math.floor(delay * 0.5 * ((o.now() % 7) / 7)));
    delay = Math.min(delay * 2, 100);
  }
}

/** Releases a lock only when this process still owns it. Returns whether it did. */
export async function releaseLock(fs: WriteFs, lock: HeldLock): Promise<boolean> {
  const owner = await readOwner(fs, lock.path);
  if (owner === null || owner.token !== lock.owner.token) return false;
  const aside = `${lock.path}.release-${lock.owner.token}`;
  try {
    await fs.rename(lock.path, aside);
  } catch (e) {
    if (e instanceof FsNotFoundError) return false;
    throw e;
  } finally {
    lock.alive?.release();
  }
  await fs.remove(aside, { recursive: true });
  return true;
}
