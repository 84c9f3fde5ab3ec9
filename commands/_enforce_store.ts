/**
 * Edge: the enforcement state under `.baton/enforce/` — deny records, the
 * per-session lock, the evidence manifest and its key — and the one way
 * every handoff command changes it: under the session's lock, with the
 * manifest line appended last and every file written in the run rolled
 * back if that append fails.
 * @module
 */
import { LockBusyError, StorageError } from "../core/errors.ts";
import { type DenyRecord, parseDenyRecord, SESSION_ID } from "../core/enforce/deny_record.ts";
import { type ManifestEntry, manifestLine } from "../core/enforce/manifest.ts";
import type { BatonLayout } from "../core/store/layout.ts";
import type { Io } from "./_adapters/io.ts";
import { batonHome } from "./_adapters/home.ts";
import { processAlive, processIdentity } from "./_adapters/process_identity.ts";

/** Paths of the enforcement state. */
export interface EnforcePaths {
  dir: string;
  denies: string;
  /** One file per denied session: when the gate last saw it (kept apart from the record). */
  seen: string;
  locks: string;
  manifest: string;
  faults: string;
}

/** Paths of the enforcement state. */
export function enforcePaths(layout: BatonLayout): EnforcePaths {
  const dir = `${layout.dir}/enforce`;
  return {
    dir,
    denies: `${dir}/denies`,
    seen: `${dir}/seen`,
    locks: `${dir}/locks`,
    manifest: `${dir}/manifest.jsonl`,
    faults: `${dir}/faults.log`,
  };
}

/** Largest deny record read. */
const MAX_RECORD_BYTES = 16 * 1024;
/** Most deny records read. */
const MAX_RECORDS = 1000;

/** The deny records and how many files were not valid records (faults). */
export async function readDenies(
  io: Io,
  layout: BatonLayout,
): Promise<{ records: DenyRecord[]; faults: number }> {
  const p = enforcePaths(layout);
  let entries;
  try {
    entries = await io.fs.readDir(p.denies);
  } catch {
    return { records: [], faults: 0 };
  }
  const records: DenyRecord[] = [];
  let faults = 0;
  for (const e of entries.slice(0, MAX_RECORDS)) {
    if (!e.name.endsWith(".json")) continue;
    const path = `${p.denies}/${e.name}`;
    try {
      const st = await io.fs.lstat(path);
      if (st === null || !st.isFile || st.size > MAX_RECORD_BYTES) {
        faults++;
        continue;
      }
      const r = parseDenyRecord(new TextDecoder().decode(await io.fs.readFile(path)));
      if (r === null || `${r.session}.json` !== e.name) faults++;
      else records.push(await withSeen(io, p, r));
    } catch {
      faults++;
    }
  }
  return { records, faults };
}

/** Path of one session's record. */
export function denyPath(layout: BatonLayout, session: string): string {
  if (!SESSION_ID.test(session)) throw new StorageError("unsafe session id");
  return `${enforcePaths(layout).denies}/${session}.json`;
}

/** Writes a record atomically. */
export async function writeDeny(io: Io, layout: BatonLayout, record: DenyRecord): Promise<void> {
  const p = enforcePaths(layout);
  await io.fs.mkdirp(p.denies);
  await io.fs.writeFileAtomic(
    denyPath(layout, record.session),
    new TextEncoder().encode(JSON.stringify(record, null, 2) + "\n"),
    { within: layout.dir },
  );
}

/** The record with the later of its own last-seen time and the gate's seen mark. */
async function withSeen(io: Io, p: EnforcePaths, r: DenyRecord): Promise<DenyRecord> {
  try {
    const text = new TextDecoder().decode(await io.fs.readRange(`${p.seen}/${r.session}`, 0, 64))
      .trim();
    const at = Date.parse(text);
    if (Number.isFinite(at) && at > Date.parse(r.last_seen_at)) {
      return { ...r, last_seen_at: new Date(at).toISOString() };
    }
  } catch { /* no mark */ }
  return r;
}

/**
 * Records that the gate saw `session` at `now` (the orphan clock), in a file
 * of its own: the deny record itself is only changed under the lock.
 */
export async function markSeen(
  io: Io,
  layout: BatonLayout,
  session: string,
  now: Date,
): Promise<void> {
  if (!SESSION_ID.test(session)) return;
  const p = enforcePaths(layout);
  await io.fs.mkdirp(p.seen);
  await io.fs.writeFileAtomic(`${p.seen}/${session}`, new TextEncoder().encode(now.toISOString()), {
    within: layout.dir,
    durable: false,
  });
}

/** Appends one line to the fault log; never throws. */
export async function recordFault(io: Io, layout: BatonLayout, what: string): Promise<void> {
  try {
    const p = enforcePaths(layout);
    await io.fs.mkdirp(p.dir);
    const f = await Deno.open(p.faults, { append: true, create: true });
    try {
      await f.write(new TextEncoder().encode(`${io.now().toISOString()} ${what}\n`));
    } finally {
      f.close();
    }
  } catch {
    // The fault log is best effort: the gate has already allowed.
  }
}

/** The manifest key (32 random bytes in the baton home), made on first use; null when it cannot be. */
export async function manifestKey(io: Io): Promise<Uint8Array | null> {
  const home = batonHome(io);
  if (!home.ok) return null;
  const path = `${home.path}/manifest.key`;
  try {
    const existing = await io.fs.lstat(path);
    if (existing?.isFile === true && existing.size === 64) {
      const hex = new TextDecoder().decode(await io.fs.readFile(path));
      if (/^[0-9a-f]{64}$/.test(hex)) {
        return Uint8Array.from(hex.match(/../g)!, (b) => parseInt(b, 16));
      }
    }
    if (existing !== null) return null;
    const key = crypto.getRandomValues(new Uint8Array(32));
    await io.fs.mkdirp(home.path);
    await io.fs.writeFileAtomic(
      path,
      new TextEncoder().encode(Array.from(key, (b) => b.toString(16).padStart(2, "0")).join("")),
      { mode: 0o600 },
    );
    return key;
  } catch {
    return null;
  }
}

interface LockOwner {
  pid: number;
  started: string | null;
  host: string;
  nonce: string;
  /** When the lock was taken (ISO). */
  created_at?: string;
}

/**
 * A lock whose owner's liveness cannot be told (no start time, or /proc
 * not readable under baton's permissions) counts as stale after this long:
 * every handoff command holds its lock for well under a second.
 */
const UNKNOWN_OWNER_STALE_MS = 5 * 60 * 1000;

function lockPath(layout: BatonLayout, session: string): string {
  if (!SESSION_ID.test(session)) throw new StorageError("unsafe session id");
  return `${enforcePaths(layout).locks}/${session}.lock`;
}

/** The owner recorded in a session's lock, or null (none, or unreadable). */
export async function readLock(
  io: Io,
  layout: BatonLayout,
  session: string,
): Promise<{ exists: boolean; owner: LockOwner | null }> {
  const path = lockPath(layout, session);
  if ((await io.fs.lstat(path)) === null) return { exists: false, owner: null };
  try {
    const o = JSON.parse(new TextDecoder().decode(await io.fs.readFile(path)));
    if (typeof o.pid === "number" && typeof o.host === "string" && typeof o.nonce === "string") {
      return { exists: true, owner: o as LockOwner };
    }
  } catch { /* unreadable: stale */ }
  return { exists: true, owner: null };
}

/**
 * Whether a lock's owner is gone: the lock is unreadable, or it was taken
 * on this host and its process is dead (or, when that cannot be told, the
 * lock is older than five minutes). A lock from another host is never
 * reclaimed here.
 */
export function lockIsStale(io: Io, owner: LockOwner | null): boolean {
  if (owner === null) return true;
  if (owner.host !== io.hostname()) return false;
  const alive = processAlive(owner.pid, owner.started);
  if (alive !== null) return !alive;
  const taken = owner.created_at === undefined ? NaN : Date.parse(owner.created_at);
  return Number.isNaN(taken) || io.now().getTime() - taken > UNKNOWN_OWNER_STALE_MS;
}

/** Removes a lock. */
export async function removeLock(io: Io, layout: BatonLayout, session: string): Promise<void> {
  await io.fs.remove(lockPath(layout, session));
}

/** A file written in a run, with what to restore when the run is rolled back. */
interface Written {
  path: string;
  before: Uint8Array | null;
}

/** What a change does inside {@linkcode changeUnderLock}. */
export interface ChangeContext {
  /** Writes a deny record, remembering the old content for rollback. */
  write(record: DenyRecord): Promise<void>;
}

/**
 * Runs `change` under the session's lock (exclusive create; a dead owner's
 * lock on this host is reclaimed), then appends the manifest line; if the
 * append fails, every record written is restored and the error raised.
 * @throws {LockBusyError} When a live process holds the lock.
 */
export async function changeUnderLock(
  io: Io,
  layout: BatonLayout,
  session: string,
  entry: ManifestEntry,
  change: (ctx: ChangeContext) => Promise<void>,
): Promise<void> {
  const p = enforcePaths(layout);
  await io.fs.mkdirp(p.locks);
  const path = lockPath(layout, session);
  const me = processIdentity();
  const owner: LockOwner = {
    pid: io.pid,
    started: me.started,
    host: io.hostname(),
    nonce: io.randomToken(),
    created_at: io.now().toISOString(),
  };
  const take = async () => {
    const f = await Deno.open(path, { createNew: true, write: true });
    try {
      await f.write(new TextEncoder().encode(JSON.stringify(owner)));
    } finally {
      f.close();
    }
  };
  try {
    await take();
  } catch (e) {
    if (!(e instanceof Deno.errors.AlreadyExists)) {
      throw new StorageError("Cannot create the session lock", { cause: e });
    }
    const held = await readLock(io, layout, session);
    if (!lockIsStale(io, held.owner)) {
      throw new LockBusyError(
        `Another baton process holds the lock of session ${session}; if it is gone, run: baton handoff unlock --session ${session} --write`,
      );
    }
    await io.fs.remove(path);
    await take();
  }
  const written: Written[] = [];
  try {
    await change({
      async write(record) {
        const target = denyPath(layout, record.session);
        const before = (await io.fs.lstat(target)) === null ? null : await io.fs.readFile(target);
        written.push({ path: target, before });
        await writeDeny(io, layout, record);
      },
    });
    await appendManifest(io, layout, entry);
  } catch (e) {
    for (const w of written.reverse()) {
      try {
        if (w.before === null) await io.fs.remove(w.path);
        else await io.fs.writeFileAtomic(w.path, w.before, { within: layout.dir });
      } catch { /* best effort: reported by the raised error */ }
    }
    throw e;
  } finally {
    const held = await readLock(io, layout, session).catch(() => null);
    if (held?.owner?.nonce === owner.nonce) await io.fs.remove(path).catch(() => {});
  }
}

/** Appends one chained, authenticated line to the manifest. */
export async function appendManifest(
  io: Io,
  layout: BatonLayout,
  entry: ManifestEntry,
): Promise<void> {
  const p = enforcePaths(layout);
  const st = await io.fs.lstat(p.manifest);
  let text = "";
  try {
    if (st !== null) text = new TextDecoder().decode(await io.fs.readFile(p.manifest));
  } catch (e) {
    throw new StorageError("Cannot read .baton/enforce/manifest.jsonl: nothing was changed", {
      cause: e,
    });
  }
  const lines = text.split("\n").filter((l) => l !== "");
  const line = await manifestLine(lines.at(-1) ?? null, entry, await manifestKey(io));
  try {
    await io.fs.writeFileAtomic(p.manifest, new TextEncoder().encode(text + line + "\n"), {
      within: layout.dir,
    });
  } catch (e) {
    throw new StorageError("Cannot append to .baton/enforce/manifest.jsonl: nothing was changed", {
      cause: e,
    });
  }
}
