/**
 * The enforcement state under baton's private state directory
 * (`<git dir>/baton/enforce`, core/enforce/enforce_paths.ts) — the opt-in,
 * deny records, seen marks, per-session locks, the manifest and the fault
 * log — and the one way every handoff command changes it: under the
 * session's lock (core/store/lock.ts, the same protocol as the capsule
 * store's), with the manifest line appended last (under the manifest's own
 * lock, so no line is lost) and every record written in the run rolled
 * back if that append fails. Edge-free: I/O through `WriteFs`; the clock,
 * the lock owner and the manifest key are handed in.
 * @module
 */
import { BatonError, StorageError } from "../errors.ts";
import type { WriteFs } from "../fs.ts";
import { acquireLock, type LockOptions, releaseLock } from "../store/lock.ts";
import { appendBounded, moveInside, openStateDir } from "../state_write.ts";
import { type DenyRecord, parseDenyRecord, SESSION_ID } from "./deny_record.ts";
import { denyPath, type EnforcePaths, sessionLockPath } from "./enforce_paths.ts";
import { bindingOf, optInState, optInText } from "./opt_in.ts";
import {
  type ManifestEntry,
  manifestLine,
  type ManifestProblem,
  verifyManifest,
} from "./manifest.ts";

/** What the store needs from the edge. */
export interface DenyStoreEnv {
  fs: WriteFs;
  now(): Date;
  /** Lock owner details for this process, a fresh token per call. */
  lock(): LockOptions;
  /** The manifest key (kept outside the repository), or null when there is none. */
  manifestKey(): Promise<Uint8Array | null>;
}

/** Largest deny record read. */
const MAX_RECORD_BYTES = 16 * 1024;
/** The fault log keeps this much of its newest text. */
const MAX_FAULT_LOG_BYTES = 64 * 1024;
/** Largest manifest read. */
const MAX_MANIFEST_BYTES = 8 * 1024 * 1024;

const enc = new TextEncoder();
const dec = new TextDecoder();

/**
 * Whether this machine opted in (`baton enforce on`): a regular file, never a
 * link, made in this very directory (core/enforce/opt_in.ts: one that arrived
 * in an archive or a copy opts nobody in).
 */
export async function optedIn(fs: WriteFs, p: EnforcePaths): Promise<boolean> {
  return (await optInState(fs, p.dir, p.optIn)) === "on";
}

/** Records (or removes) the opt-in of this machine. */
export async function setOptIn(
  fs: WriteFs,
  p: EnforcePaths,
  on: boolean,
  at: Date,
): Promise<void> {
  if (!on) {
    await fs.remove(p.optIn);
    return;
  }
  const within = await openStateDir(fs, p.stateDir, p.dir);
  const here = await fs.lstat(p.dir);
  if (here === null || !here.isDirectory) throw new StorageError("Cannot record the opt-in");
  await fs.writeFileAtomic(p.optIn, enc.encode(optInText(at, bindingOf(here))), { within });
}

/** The deny records, every one of them, and how many files were not valid records. */
export async function readDenies(
  fs: WriteFs,
  p: EnforcePaths,
): Promise<{ records: DenyRecord[]; faults: number }> {
  let entries;
  try {
    entries = await fs.readDir(p.denies);
  } catch {
    return { records: [], faults: 0 };
  }
  const records: DenyRecord[] = [];
  let faults = 0;
  for (const e of entries) {
    if (!e.name.endsWith(".json")) continue;
    const path = `${p.denies}/${e.name}`;
    try {
      const st = await fs.lstat(path);
      if (st === null || !st.isFile || st.size > MAX_RECORD_BYTES) {
        faults++;
        continue;
      }
      const r = parseDenyRecord(dec.decode(await fs.readFile(path)));
      if (r === null || `${r.session}.json` !== e.name) faults++;
      else records.push(await withSeen(fs, p, r));
    } catch {
      faults++;
    }
  }
  return { records, faults };
}

/** The names of the files in the deny folder that are not valid records. */
export async function invalidDenyFiles(fs: WriteFs, p: EnforcePaths): Promise<string[]> {
  const bad: string[] = [];
  let entries;
  try {
    entries = await fs.readDir(p.denies);
  } catch {
    return bad;
  }
  for (const e of entries) {
    if (!e.name.endsWith(".json")) continue;
    const path = `${p.denies}/${e.name}`;
    const st = await fs.lstat(path).catch(() => null);
    const text = st !== null && st.isFile && st.size <= MAX_RECORD_BYTES
      ? await fs.readFile(path).then((b) => dec.decode(b)).catch(() => null)
      : null;
    const r = text === null ? null : parseDenyRecord(text);
    if (r === null || `${r.session}.json` !== e.name) bad.push(e.name);
  }
  return bad;
}

async function writeDeny(fs: WriteFs, p: EnforcePaths, record: DenyRecord): Promise<void> {
  const within = await openStateDir(fs, p.stateDir, p.denies);
  await fs.writeFileAtomic(
    denyPath(p, record.session),
    enc.encode(JSON.stringify(record, null, 2) + "\n"),
    { within },
  );
}

/** The record with the later of its own last-seen time and the gate's seen mark. */
async function withSeen(fs: WriteFs, p: EnforcePaths, r: DenyRecord): Promise<DenyRecord> {
  try {
    const text = dec.decode(await fs.readRange(`${p.seen}/${r.session}`, 0, 64)).trim();
    const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(text) ? Date.parse(text) : NaN;
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
  fs: WriteFs,
  p: EnforcePaths,
  session: string,
  now: Date,
): Promise<void> {
  if (!SESSION_ID.test(session)) return;
  const within = await openStateDir(fs, p.stateDir, p.seen);
  await fs.writeFileAtomic(`${p.seen}/${session}`, enc.encode(now.toISOString()), {
    within,
    durable: false,
  });
}

/** Appends one line to the fault log (bounded, never through a link); never throws. */
export async function recordFault(
  fs: WriteFs,
  p: EnforcePaths,
  now: Date,
  what: string,
): Promise<void> {
  try {
    const within = await openStateDir(fs, p.stateDir, p.dir);
    const line = `${now.toISOString()} ${what.replace(/[^\x20-\x7e]/g, "?")}\n`;
    await appendBounded(fs, p.faults, line, within, MAX_FAULT_LOG_BYTES);
  } catch {
    // The fault log is best effort: the gate has already allowed.
  }
}

/** Moves the named deny files to the quarantine (each inside the state directory). */
export async function quarantine(
  fs: WriteFs,
  p: EnforcePaths,
  names: readonly string[],
  now: Date,
): Promise<void> {
  const within = await openStateDir(fs, p.stateDir, p.dir);
  const stamp = now.toISOString().replace(/[-:]/g, "");
  for (const name of names) {
    if (name.includes("/") || name.includes("\\") || name === "." || name === "..") continue;
    await moveInside(fs, `${p.denies}/${name}`, p.quarantine, `${stamp}-${name}`, within);
  }
}

/** Moves every deny record aside (`baton enforce off`); returns how many files moved. */
export async function clearDenies(fs: WriteFs, p: EnforcePaths, now: Date): Promise<number> {
  if ((await fs.lstat(p.denies)) === null) return 0;
  const within = await openStateDir(fs, p.stateDir, p.dir);
  const count = (await fs.readDir(p.denies)).length;
  await moveInside(
    fs,
    p.denies,
    p.dir,
    `cleared-${now.toISOString().replace(/[-:]/g, "")}`,
    within,
  );
  return count;
}

function guardOf(p: EnforcePaths, name: string): string {
  return `${p.locks}/.guards/${name}`;
}

async function withLock<T>(
  env: DenyStoreEnv,
  p: EnforcePaths,
  path: string,
  guard: string,
  body: () => Promise<T>,
): Promise<T> {
  await openStateDir(env.fs, p.stateDir, `${p.locks}/.guards`);
  const held = await acquireLock(env.fs, path, { ...env.lock(), guardPath: guard });
  try {
    return await body();
  } finally {
    await releaseLock(env.fs, held).catch(() => {});
  }
}

/** Whether a session's lock is there (held, or left by a process that died). */
export async function lockExists(fs: WriteFs, p: EnforcePaths, session: string): Promise<boolean> {
  return (await fs.lstat(sessionLockPath(p, session))) !== null;
}

/**
 * Reclaims a session's lock when its owner is gone (the core lock's rule:
 * a live owner is never displaced).
 * @throws {LockBusyError} when a live process holds it.
 */
export async function reclaimLock(
  env: DenyStoreEnv,
  p: EnforcePaths,
  session: string,
): Promise<void> {
  await withLock(
    { ...env, lock: () => ({ ...env.lock(), attempts: 2 }) },
    p,
    sessionLockPath(p, session),
    guardOf(p, session),
    async () => {},
  );
}

/** What a change does inside {@linkcode changeUnderLock}. */
export interface ChangeContext {
  /** The session's record as it is now, read under the lock. */
  current: DenyRecord | null;
  /** Writes a deny record, remembering the old content for rollback. */
  write(record: DenyRecord): Promise<void>;
}

/**
 * Runs `change` under the session's lock, then appends the manifest line
 * (`entry`, or none when `change` returns null: nothing changed); if the
 * append fails, every record written is restored and the error raised.
 * @throws {LockBusyError} When a live process holds the lock past the wait.
 */
export async function changeUnderLock<T>(
  env: DenyStoreEnv,
  p: EnforcePaths,
  session: string,
  change: (ctx: ChangeContext) => Promise<{ result: T; entry: ManifestEntry | null }>,
): Promise<T> {
  const fs = env.fs;
  return await withLock(env, p, sessionLockPath(p, session), guardOf(p, session), async () => {
    const written: { path: string; before: Uint8Array | null }[] = [];
    const current = (await readDenies(fs, p)).records.find((r) => r.session === session) ?? null;
    try {
      const { result, entry } = await change({
        current,
        async write(record) {
          const target = denyPath(p, record.session);
          const before = (await fs.lstat(target)) === null ? null : await fs.readFile(target);
          written.push({ path: target, before });
          await writeDeny(fs, p, record);
        },
      });
      if (entry !== null) await appendManifest(env, p, entry);
      return result;
    } catch (e) {
      for (const w of written.reverse()) {
        try {
          if (w.before === null) await fs.remove(w.path);
          else {
            const within = await openStateDir(fs, p.stateDir, p.denies);
            await fs.writeFileAtomic(w.path, w.before, { within });
          }
        } catch { /* best effort: reported by the raised error */ }
      }
      throw e;
    }
  });
}

/** Appends one chained, authenticated line to the manifest, under the manifest's lock. */
export async function appendManifest(
  env: DenyStoreEnv,
  p: EnforcePaths,
  entry: ManifestEntry,
): Promise<void> {
  const fs = env.fs;
  await withLock(env, p, `${p.locks}/.manifest`, guardOf(p, ".manifest"), async () => {
    let text = "";
    try {
      text = await readManifestText(fs, p);
    } catch (e) {
      throw new StorageError("Cannot read the handoff manifest: nothing was changed", {
        cause: e,
      });
    }
    const lines = text.split("\n").filter((l) => l !== "");
    const line = await manifestLine(lines.at(-1) ?? null, entry, await env.manifestKey());
    try {
      const within = await openStateDir(fs, p.stateDir, p.dir);
      await fs.writeFileAtomic(p.manifest, enc.encode(text + line + "\n"), { within });
    } catch (e) {
      if (e instanceof BatonError) throw e;
      throw new StorageError("Cannot append to the handoff manifest: nothing was changed", {
        cause: e,
      });
    }
  });
}

async function readManifestText(fs: WriteFs, p: EnforcePaths): Promise<string> {
  const st = await fs.lstat(p.manifest);
  if (st === null) return "";
  if (!st.isFile || st.size > MAX_MANIFEST_BYTES) throw new StorageError("manifest unusable");
  return dec.decode(await fs.readFile(p.manifest));
}

/** What `handoff status` and `doctor` say about the manifest. */
export interface ManifestReport {
  lines: number;
  problems: ManifestProblem[];
  /** Deny records changed with no manifest line naming them (by session). */
  unrecorded: string[];
  /** The manifest could not be read at all. */
  unreadable: boolean;
}

/**
 * Verifies the manifest's chain and authentication, and that every deny
 * record on file has a line of its own session (a change made around the
 * commands leaves none).
 */
export async function checkManifest(
  env: DenyStoreEnv,
  p: EnforcePaths,
  records: readonly DenyRecord[],
): Promise<ManifestReport> {
  let text: string;
  try {
    text = await readManifestText(env.fs, p);
  } catch {
    return { lines: 0, problems: [], unrecorded: [], unreadable: true };
  }
  const lines = text.split("\n").filter((l) => l !== "");
  const problems = await verifyManifest(lines, await env.manifestKey());
  const named = new Set<string>();
  for (const l of lines) {
    try {
      const o = JSON.parse(l) as Record<string, unknown>;
      if (typeof o.session === "string") named.add(o.session);
      const d = o.detail as Record<string, unknown> | undefined;
      if (typeof d?.deny_session === "string") named.add(d.deny_session);
    } catch { /* counted by verifyManifest */ }
  }
  const unrecorded = records.filter((r) => !named.has(r.session)).map((r) => r.session);
  return { lines: lines.length, problems, unrecorded, unreadable: false };
}
