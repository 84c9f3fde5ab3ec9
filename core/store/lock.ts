/**
 * The single-writer lock on .baton: a directory `lock` holding `owner.json`
 * (a random token, pid, host and process start time) and `alive`, a file the
 * owner holds an OS advisory lock on for as long as it owns the directory.
 *
 * Every change of the lock (taking it, reclaiming it, releasing it) happens
 * while holding a second advisory lock, the guard (`state/lock.guard` beside
 * the lock, a file that is never deleted). That makes reclaim atomic: no
 * writer can take the lock between another's judging it dead and removing
 * it, and a lock is never seen without its owner file except when its owner
 * died half-way through taking it. The OS drops both advisory locks when a
 * process dies, so neither can go stale. On a file system without advisory
 * locks the guard is skipped, and a reclaimer moves the lock to a unique name
 * and deletes it only when the owner token it judged is the one it moved
 * (putting it back otherwise).
 *
 * When is a lock dead? Its `alive` lock is held: never, however old it is,
 * from whatever host. Its owner ran on this host: when that pid no longer
 * runs, or runs with another start time (a reused pid), as the injected
 * `processAlive` says (it needs /proc, which Deno lets only --allow-all
 * processes read); when that cannot be told, when `alive` is free. Another
 * host: only past the stale age. A lock with no owner file: after a short
 * grace.
 * @module
 */
import { LockBusyError, StorageError } from "../errors.ts";
import {
  type FileLockHandle,
  FsExistsError,
  FsNotFoundError,
  readRegularFile,
  type WriteFs,
} from "../fs.ts";

/** Who holds a lock. */
export interface LockOwner {
  token: string;
  pid: number;
  host: string;
  /** The owner process's start time as the OS records it; null when unknown. */
  started: string | null;
  acquired_at_ms: number;
}

/** Capabilities and limits for {@linkcode acquireLock}. */
export interface LockOptions {
  /** Unique random token for this acquisition. */
  token: string;
  pid: number;
  host: string;
  /** This process's start time (see `processAlive`). @default {null} */
  started?: string | null;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /**
   * Whether the process (pid, started) still runs on this host: null when
   * that cannot be told. @default {() => null}
   */
  processAlive?: (pid: number, started: string | null) => boolean | null;
  /** The guard file. @default {`<dir of path>/state/<name>.guard`} */
  guardPath?: string;
  /** How long to keep retrying. @default {15000} */
  waitMs?: number;
  /**
   * At most this many attempts, whatever the time (a dead owner's lock is
   * reclaimed on one and taken on the next): a caller that must not wait on
   * a live owner passes 2, and the answer does not depend on the clock.
   * @default {Infinity}
   */
  attempts?: number;
  /** Age after which a lock whose owner cannot be checked is stale. @default {120000} */
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
  /** The guard, as {@linkcode acquireLock} resolved it. */
  guardPath: string;
  /** The injected wait, reused by {@linkcode releaseLock}. */
  sleep: (ms: number) => Promise<void>;
}

/** How far ahead of this clock a lock may say it was taken (hosts' clocks differ a little). */
const FUTURE_SLACK_MS = 10 * 60 * 1000;

const enc = new TextEncoder();
const dec = new TextDecoder();

function parentOf(path: string): string {
  const i = path.lastIndexOf("/");
  return i <= 0 ? "/" : path.slice(0, i);
}

/** The default guard of a lock path. */
export function defaultGuardPath(path: string): string {
  return `${parentOf(path)}/state/${path.slice(path.lastIndexOf("/") + 1)}.guard`;
}

/** Largest owner.json read; baton's own are one short line. */
const MAX_OWNER_BYTES = 16 * 1024;

async function readOwner(fs: WriteFs, path: string): Promise<LockOwner | null> {
  try {
    // Bounded and only a regular file: a lock a commit carried may hold a link to /dev/zero
    // (read whole, it never ended) or a huge file; either is a lock without a readable owner.
    const read = await readRegularFile(fs, `${path}/owner.json`, MAX_OWNER_BYTES);
    if (read.kind !== "read") return null;
    const o = JSON.parse(dec.decode(read.bytes)) as LockOwner;
    if (typeof o.token !== "string" || typeof o.pid !== "number") return null;
    return { ...o, host: typeof o.host === "string" ? o.host : "", started: o.started ?? null };
  } catch {
    return null;
  }
}

/** The guard: a handle, "busy" when another process holds it, null when unsupported. */
async function takeGuard(fs: WriteFs, guard: string): Promise<FileLockHandle | "busy" | null> {
  try {
    await fs.mkdirp(parentOf(guard));
    // Opened for writing: a link (one a commit carried) is never followed; unguarded instead.
    const st = await fs.lstat(guard);
    if (st !== null && !st.isFile) return null;
    return (await fs.tryLockFile(guard)) ?? "busy";
  } catch {
    return null; // no advisory locks here (or the state dir cannot be made): unguarded
  }
}

/** What a contender decided about an existing lock. */
type Verdict =
  | { kind: "gone" }
  | { kind: "held" }
  | { kind: "dead"; token: string | null; ino: number | null };

async function judge(fs: WriteFs, path: string, o: LockOptions): Promise<Verdict> {
  const st = await fs.lstat(path);
  if (st === null) return { kind: "gone" };
  const owner = await readOwner(fs, path);
  const now = o.now();
  if (owner === null) {
    const old = st.mtimeMs !== null && now - st.mtimeMs > (o.ownerlessGraceMs ?? 2000);
    return old ? { kind: "dead", token: null, ino: st.ino } : { kind: "held" };
  }
  const dead: Verdict = { kind: "dead", token: owner.token, ino: st.ino };
  // The owner's advisory lock: held means a live process has it, whatever the rest says.
  let aliveFree: boolean | null;
  try {
    const at = await fs.lstat(`${path}/alive`);
    if (at !== null && !at.isFile) throw new Error("not a regular file: never opened");
    const probe = await fs.tryLockFile(`${path}/alive`);
    aliveFree = probe !== null;
    probe?.release();
  } catch {
    aliveFree = null; // no advisory locks on this file system
  }
  if (aliveFree === false) return { kind: "held" };
  // A lock taken in the future was not taken by a clock baton trusts (a lock a commit
  // carried, say): it would otherwise never grow stale.
  if (!Number.isFinite(owner.acquired_at_ms) || owner.acquired_at_ms > now + FUTURE_SLACK_MS) {
    return dead;
  }
  const thisHost = owner.host !== "" && owner.host === o.host;
  if (thisHost) {
    const running = o.processAlive?.(owner.pid, owner.started) ?? null;
    if (running === true) return { kind: "held" }; // never reclaimed while its owner runs
    if (running === false) return dead;
    if (aliveFree === true) return dead;
  }
  return now - owner.acquired_at_ms > (o.staleMs ?? 120_000) ? dead : { kind: "held" };
}

/** Moves `path` to a unique name and removes it. */
async function removeAside(fs: WriteFs, path: string, tag: string): Promise<string | null> {
  const aside = `${path}.${tag}`;
  try {
    await fs.rename(path, aside);
  } catch (e) {
    if (e instanceof FsNotFoundError) return null;
    throw e;
  }
  return aside;
}

/**
 * Reclaims a lock judged dead. Under the guard nobody else can change it
 * meanwhile; without one, the lock moved aside is checked to be the one
 * judged and put back when it is not.
 */
async function reclaim(
  fs: WriteFs,
  path: string,
  verdict: { token: string | null; ino: number | null },
  o: LockOptions,
  guarded: boolean,
  attempt: number,
): Promise<void> {
  const aside = await removeAside(fs, path, `stale-${o.token}-${attempt}`);
  if (aside === null) return;
  if (!guarded) {
    const moved = await readOwner(fs, aside);
    const same = verdict.token !== null
      ? moved?.token === verdict.token
      : moved === null && (await fs.lstat(aside))?.ino === verdict.ino;
    if (!same) {
      // Another writer took the lock in between: give it back.
      await fs.rename(aside, path).catch(() => {});
      return;
    }
  }
  await fs.remove(aside, { recursive: true });
}

/** Creates the lock; false when it exists. A half-made lock is removed before rethrowing. */
async function create(fs: WriteFs, path: string, o: LockOptions): Promise<HeldLock | false> {
  try {
    await fs.mkdirExclusive(path);
  } catch (e) {
    if (e instanceof FsExistsError) return false;
    throw e;
  }
  let alive: FileLockHandle | null = null;
  try {
    alive = await fs.tryLockFile(`${path}/alive`).catch(() => null);
    const owner: LockOwner = {
      token: o.token,
      pid: o.pid,
      host: o.host,
      started: o.started ?? null,
      acquired_at_ms: o.now(),
    };
    await fs.writeFileAtomic(`${path}/owner.json`, enc.encode(JSON.stringify(owner)));
    return { path, owner, alive, guardPath: o.guardPath ?? defaultGuardPath(path), sleep: o.sleep };
  } catch (e) {
    alive?.release();
    await fs.remove(path, { recursive: true }).catch(() => {});
    throw e;
  }
}

function busy(path: string): LockBusyError {
  return new LockBusyError(
    `Cannot take the lock "${path}": another baton process holds it; if none is running, remove that directory`,
  );
}

/**
 * Takes the lock, waiting while a live owner holds it.
 * @throws {LockBusyError} when the wait runs out.
 * @throws {StorageError} and file-system errors when the lock cannot be written.
 */
export async function acquireLock(fs: WriteFs, path: string, o: LockOptions): Promise<HeldLock> {
  const deadline = o.now() + (o.waitMs ?? 15_000);
  const guardPath = o.guardPath ?? defaultGuardPath(path);
  let delay = 5;
  const attempts = o.attempts ?? Infinity;
  let reclaims = 0;
  for (let attempt = 0;; attempt++) {
    if (attempt >= attempts) throw busy(path);
    const guard = await takeGuard(fs, guardPath);
    if (guard !== "busy") {
      try {
        const held = await create(fs, path, o);
        if (held !== false) return held;
        const verdict = await judge(fs, path, o);
        if (verdict.kind !== "held") {
          if (verdict.kind === "dead") {
            await reclaim(fs, path, verdict, o, guard !== null, attempt);
            reclaims++;
          }
          // A lock just reclaimed is tried once more whatever the clock says: whether a dead
          // owner's lock is taken must not depend on how long the reclaim took.
          if (o.now() >= deadline && (reclaims > 1 || attempt > 100)) throw busy(path);
          continue; // retry at once
        }
      } finally {
        guard?.release();
      }
    }
    if (o.now() >= deadline || attempt + 1 >= attempts) throw busy(path);
    // The guard is held for milliseconds; the lock itself for longer.
    await o.sleep(guard === "busy" ? 1 + (attempt % 3) : delay + (attempt * 7) % delay);
    if (guard !== "busy") delay = Math.min(delay * 2, 100);
  }
}

/**
 * Releases a lock only when this process still owns it. Returns whether it did.
 * @throws {StorageError} when the lock cannot be removed.
 */
export async function releaseLock(fs: WriteFs, lock: HeldLock): Promise<boolean> {
  // Taken briefly so no contender judges the lock while it disappears; a
  // guard still busy after a while is skipped (the rename below is atomic).
  let guard: FileLockHandle | "busy" | null = "busy";
  for (let i = 0; i < 200 && guard === "busy"; i++) {
    guard = await takeGuard(fs, lock.guardPath);
    if (guard === "busy") await lock.sleep(2);
  }
  try {
    const owner = await readOwner(fs, lock.path);
    if (owner === null || owner.token !== lock.owner.token) return false;
    let aside: string | null;
    try {
      aside = await removeAside(fs, lock.path, `release-${lock.owner.token}`);
    } finally {
      lock.alive?.release();
    }
    if (aside === null) return false;
    try {
      await fs.remove(aside, { recursive: true });
    } catch (e) {
      throw new StorageError(`Cannot remove the released lock "${aside}"`, { cause: e });
    }
    return true;
  } finally {
    if (guard !== "busy") guard?.release();
  }
}
