/**
 * What the band hook remembers per session so an advisory is said once: the
 * highest band already advised in the session's current context. A band is
 * advised the first time the session reaches it and never again; a session
 * back below warn (its context was compacted) starts afresh. Kept in
 * `bands.json` of the repository's private state directory (`<git dir>/baton`),
 * bounded to the most recent sessions; read with plain JSON.parse (no zod on
 * the hook's light path); anything unreadable counts as "nothing advised yet".
 * Written atomically, and decided and written under an advisory lock
 * (`bands.lock` beside it, never deleted; the OS drops it when its holder
 * dies), so two hooks of one session that reach a band at the same moment
 * advise it once between them. The writer (core/state_write.ts) loads only
 * when a band is to be advised: a prompt below warn never writes.
 * Examples are in its test: the hook loads this module, every comment twice.
 * @module
 */
import { StorageError } from "../errors.ts";
import type { FileLockHandle, ReadFs, WriteFs } from "../fs.ts";
import { type Band, BANDS, compareBands } from "./evaluate.ts";

/** Sessions remembered; the oldest is dropped past it. */
export const MAX_REMEMBERED_SESSIONS = 64;
/** Largest memory file read; a bigger one is ignored. */
const MAX_MEMORY_BYTES = 64 * 1024;
/** Longest session id remembered (a longer one is not remembered: the hook advises as before). */
const MAX_SESSION_CHARS = 200;

/** One session's memory. */
export interface SessionBands {
  /** The highest band advised in the current context ("ok": none). */
  advised: Band;
  /** When it was last updated (ISO). */
  at: string;
}

/** The memory file: session id -> what was advised. */
export type BandMemory = Record<string, SessionBands>;

/** What to do for one verdict. */
export interface BandDecision {
  /** Give the advisory now. */
  speak: boolean;
  /** The session's memory after this verdict, or null when it is unchanged. */
  next: SessionBands | null;
}

/**
 * Decides whether a verdict is advised, given what the session was told.
 */
export function decideAdvice(
  band: Band,
  before: SessionBands | undefined,
  now: string,
): BandDecision {
  const advised = before?.advised ?? "ok";
  if (band === "ok") {
    return { speak: false, next: advised === "ok" ? null : { advised: "ok", at: now } };
  }
  if (compareBands(band, advised) <= 0) return { speak: false, next: null };
  return { speak: true, next: { advised: band, at: now } };
}

/** Path of the memory in a private state directory. */
export function bandMemoryPath(stateDir: string): string {
  return `${stateDir}/bands.json`;
}

/**
 * Parses the memory; malformed text or entries are dropped.
 */
export function parseBandMemory(text: string): BandMemory {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  const out: BandMemory = {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return out;
  for (const [session, v] of Object.entries(raw)) {
    const r = v as Record<string, unknown> | null;
    if (
      session.length <= MAX_SESSION_CHARS && typeof r === "object" && r !== null &&
      BANDS.includes(r.advised as Band) && typeof r.at === "string" && r.at.length <= 40
    ) {
      out[session] = { advised: r.advised as Band, at: r.at };
    }
  }
  return out;
}

/** Reads the memory; empty when missing, too large or unreadable. */
export async function readBandMemory(fs: ReadFs, stateDir: string): Promise<BandMemory> {
  try {
    const path = bandMemoryPath(stateDir);
    const st = await fs.stat(path);
    if (st === null || !st.isFile || st.size > MAX_MEMORY_BYTES) return {};
    return parseBandMemory(new TextDecoder().decode(await fs.readFile(path)));
  } catch {
    return {};
  }
}

/** True when a session id can be remembered. */
export function rememberable(session: string): boolean {
  return session.length > 0 && session.length <= MAX_SESSION_CHARS;
}

/**
 * Records one session's memory, keeping the most recent sessions only.
 */
export function withSession(
  memory: BandMemory,
  session: string,
  entry: SessionBands,
  max = MAX_REMEMBERED_SESSIONS,
): BandMemory {
  const rest = Object.entries(memory).filter(([k]) => k !== session)
    .sort((a, b) => (a[1].at < b[1].at ? -1 : a[1].at > b[1].at ? 1 : 0));
  const kept = rest.slice(Math.max(0, rest.length - (max - 1)));
  return Object.fromEntries([...kept, [session, entry]]);
}

/** Writes one session's memory into the state directory, atomically. */
export async function writeBandMemory(
  fs: WriteFs,
  stateDir: string,
  session: string,
  entry: SessionBands,
): Promise<void> {
  const memory = withSession(await readBandMemory(fs, stateDir), session, entry);
  const { openStateDir } = await import("../state_write.ts");
  const within = await openStateDir(fs, stateDir);
  await fs.writeFileAtomic(
    bandMemoryPath(stateDir),
    new TextEncoder().encode(JSON.stringify(memory) + "\n"),
    { within, durable: false },
  );
}

/** Path of the lock beside the memory. */
export function bandLockPath(stateDir: string): string {
  return `${stateDir}/bands.lock`;
}

/** Options of {@linkcode adviseOnce}. */
export interface AdviseOnceOptions {
  /** Waits between lock attempts; absent, the lock is tried once. */
  sleep?: (ms: number) => Promise<void>;
  /** Lock attempts, 5 ms apart. @default {400} */
  attempts?: number;
}

async function takeBandLock(
  fs: WriteFs,
  stateDir: string,
  options: AdviseOnceOptions,
): Promise<FileLockHandle | null> {
  const { openStateDir } = await import("../state_write.ts");
  await openStateDir(fs, stateDir);
  const path = bandLockPath(stateDir);
  if ((await fs.lstat(path))?.isSymlink === true) {
    throw new StorageError(`Cannot lock "${path}": it is a symbolic link`);
  }
  const attempts = options.sleep === undefined ? 1 : options.attempts ?? 400;
  for (let i = 0; i < attempts; i++) {
    const held = await fs.tryLockFile(path);
    if (held !== null) return held;
    if (i + 1 < attempts) await options.sleep!(5);
  }
  return null;
}

/**
 * Whether a session is told about `band` now, remembering that it was: the
 * memory is read first without a lock, and only a verdict that changes it is
 * decided again and written under the lock, so of two hooks that reach a
 * band together exactly one speaks. Null when the lock stayed busy through
 * every attempt (the caller decides; the band hook then speaks).
 *
 * @param fs File system.
 * @param stateDir The repository's private state directory.
 * @param session The session id ({@linkcode rememberable}).
 * @param band The verdict.
 * @param now The time to record (ISO).
 * @param options The wait between lock attempts.
 * @returns Speak or not, or null when the lock could not be taken.
 */
export async function adviseOnce(
  fs: WriteFs,
  stateDir: string,
  session: string,
  band: Band,
  now: string,
  options: AdviseOnceOptions = {},
): Promise<boolean | null> {
  const first = decideAdvice(band, (await readBandMemory(fs, stateDir))[session], now);
  if (first.next === null) return first.speak;
  const held = await takeBandLock(fs, stateDir, options);
  if (held === null) return null;
  try {
    const decision = decideAdvice(band, (await readBandMemory(fs, stateDir))[session], now);
    if (decision.next !== null) await writeBandMemory(fs, stateDir, session, decision.next);
    return decision.speak;
  } finally {
    held.release();
  }
}
