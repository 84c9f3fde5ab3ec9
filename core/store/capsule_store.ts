/**
 * Reads and writes capsules in .baton. Writing happens under the lock: the
 * new capsule is built knowing the current chain head, archived first, and
 * only then does latest.md move to it, each step an atomic rename. An
 * interruption at any instant leaves the old latest (with the new capsule
 * perhaps already archived; the next writer rolls latest forward to it).
 * @module
 */
import {
  compareArchiveInstants,
  compareArchiveNames,
  isLater,
  sortArchiveNames,
} from "../capsule/instant_order.ts";
import { checkBatonDir, realBatonDir, refuseFileLink } from "./check_baton_dir.ts";
import { ensureBatonIgnore } from "./baton_ignore.ts";
import {
  BatonError,
  CapsuleInvalidError,
  NotFoundError,
  StorageError,
  UsageError,
} from "../errors.ts";
import { FsNotFoundError, type ReadFs, readRegularFile, type WriteFs } from "../fs.ts";
import {
  extractCapsuleJson,
  parseCapsule,
  type ParseCapsuleOptions,
  type ParsedCapsule,
} from "../capsule/parse.ts";
import { parseStrictJson } from "../json/strict_parse.ts";
import type { Capsule } from "../capsule/types.ts";
import { ARCHIVE_NAME, archiveName, asideLatestName, type BatonLayout } from "./layout.ts";
import { ARCHIVE_ID_HEX, shortId } from "../capsule/short_id.ts";
import type { LockOptions } from "./lock.ts";
import { isTempName, parseTempName, type TempWriter } from "./temp_name.ts";
import type { TrustedKeys } from "../trust/key_ring.ts";
import type { WrittenElsewhere } from "./written_elsewhere.ts";
import { type HeadRecord, writeHeadRecord } from "./head_record.ts";

const enc = new TextEncoder();
const dec = new TextDecoder("utf-8", { fatal: true });

/** Largest capsule file read back (well above what finalize writes). */
export const MAX_CAPSULE_FILE_BYTES = 16 * 1024 * 1024;

/**
 * A capsule file's bytes as they are stored (a byte-order mark, any line ends), null when
 * missing: never through a link, only a regular file, within {@linkcode MAX_CAPSULE_FILE_BYTES}.
 * The one way a store file is read; {@linkcode readTextOrNull} decodes it.
 * @throws {CapsuleInvalidError} when it is not a regular file (a FIFO, a device) or larger
 *   than the bound.
 * @throws {BatonDirLinkError} when it is a symbolic link (never followed).
 */
export async function readBytesOrNull(fs: ReadFs, path: string): Promise<Uint8Array | null> {
  // Never through a link: a commit can put one where a capsule belongs.
  await refuseFileLink(fs, path);
  const r = await readRegularFile(fs, path, MAX_CAPSULE_FILE_BYTES);
  if (r.kind === "missing") return null;
  if (r.kind === "not_regular") {
    throw new CapsuleInvalidError(
      "Cannot read capsule: it is not a regular file",
      "capsule_not_regular",
    );
  }
  if (r.kind === "too_large") {
    throw new CapsuleInvalidError(
      `Cannot read capsule: the file is more than ${MAX_CAPSULE_FILE_BYTES} bytes`,
      "capsule_too_large",
    );
  }
  return r.bytes;
}

/**
 * A capsule file's text: {@linkcode readBytesOrNull} decoded as UTF-8 (a byte-order mark
 * dropped); null when missing.
 * @throws {CapsuleInvalidError} as {@linkcode readBytesOrNull} does, and when it is not UTF-8.
 * @throws {BatonDirLinkError} when it is a symbolic link (never followed).
 */
export async function readTextOrNull(fs: ReadFs, path: string): Promise<string | null> {
  const bytes = await readBytesOrNull(fs, path);
  return bytes === null ? null : decodeCapsule(bytes);
}

/**
 * A capsule file's bytes as UTF-8 text (a byte-order mark dropped).
 * @throws {CapsuleInvalidError} when they are not UTF-8.
 */
export function decodeCapsule(bytes: Uint8Array): string {
  try {
    return dec.decode(bytes);
  } catch (e) {
    if (e instanceof TypeError) {
      throw new CapsuleInvalidError(
        "Cannot read capsule: the file is not valid UTF-8",
        "capsule_not_utf8",
      );
    }
    throw e;
  }
}

/**
 * The current capsule, parsed and capped (as a stranger's unless
 * `options.trustedKeys` names its signer); null when there is none.
 */
export async function readLatest(
  fs: WriteFs,
  layout: BatonLayout,
  options: ParseCapsuleOptions = {},
): Promise<ParsedCapsule | null> {
  const text = await readTextOrNull(fs, layout.latest);
  return text === null ? null : await parseCapsule(text, options);
}

/** Archive file names, oldest first. */
export async function listArchive(fs: WriteFs, layout: BatonLayout): Promise<string[]> {
  try {
    const entries = await fs.readDir(layout.capsules);
    return sortArchiveNames(
      entries.filter((e) => e.isFile && ARCHIVE_NAME.test(e.name)).map((e) => e.name),
    );
  } catch (e) {
    if (e instanceof FsNotFoundError) return [];
    throw e;
  }
}

/** What {@linkcode newerTrustedCapsule} found. */
export interface NewerTrusted {
  /** The newer capsule of the same signer, or null when none was found. */
  capsule: Pick<Capsule, "id" | "created_at"> | null;
  /**
   * False when only this clone's head record names it: its archive file is gone (deleted with
   * the commit that rolled latest.md back). @default {true}
   */
  archived?: boolean;
  /** Archive files newer than latest left unread when time ran out (0: every one was read). */
  unread: number;
}

/**
 * The newest archived capsule that the trusted key which signed `latest`
 * (`signer`, its fingerprint) signed later, if any. latest.md normally is
 * the newest capsule its writer wrote; when the same trusted key signed a
 * newer one in the archive, latest.md was rolled back (an older capsule
 * copied over it, by hand or by a commit) and the briefing says so. A
 * teammate's newer capsule (another key) pulled into the archive is not a
 * rollback, and neither is a capsule latest continues (dated after it by a
 * clock put back between the two). Reads only the archive files newer than latest: none in the
 * normal case. Any of them may have come with a commit: one that cannot be
 * read is passed over, one that does not name the signer's fingerprint is
 * not parsed, one whose recorded commit is not in this repository (another
 * project's, `writtenElsewhere`) is passed over, and after `minReads` files
 * the reads stop when `expired` says so, counting what was left. `archive` is the listing when the caller has read it already.
 * The archive travels in commits too: a commit that puts an older capsule back in latest.md
 * can delete the newer one's file. So `head`, this clone's own record of the newest capsule
 * its store made current (head_record.ts, where no commit reaches), counts as well: signed by
 * the same key, later than latest and not latest, it is newer whatever the archive holds.
 */
export async function newerTrustedCapsule(
  fs: WriteFs,
  layout: BatonLayout,
  latest: Capsule,
  signer: string | null,
  trustedKeys: TrustedKeys,
  archive?: readonly string[],
  options: {
    /** True once the reads must stop. @default {never} */
    expired?: () => boolean;
    /** Files read before `expired` is asked (the newest first). @default {0} */
    minReads?: number;
    /**
     * True when a recorded commit is not in this repository: a capsule of the same signer
     * written for another repository (copied or committed into this archive) is that
     * project's, no sign that this latest.md was rolled back. @default {never}
     */
    writtenElsewhere?: WrittenElsewhere;
    /** This clone's record of the newest capsule it made current. @default {none} */
    head?: HeadRecord | null;
  } = {},
): Promise<NewerTrusted> {
  if (signer === null) return { capsule: null, unread: 0 };
  let names: readonly string[];
  try {
    names = archive ?? await listArchive(fs, layout);
  } catch {
    names = [];
  }
  const mine = archiveName(latest.created_at, latest.id);
  const head = options.head ?? null;
  if (
    head !== null && head.fingerprint === signer && head.id !== latest.id &&
    isLater(head.created_at, latest.created_at)
  ) {
    const archived = names.includes(archiveName(head.created_at, head.id));
    return { capsule: { id: head.id, created_at: head.created_at }, unread: 0, archived };
  }
  const candidates = names.filter((n) => compareArchiveNames(n, mine) > 0).reverse();
  // Capsules latest.md continues are no newer capsule, whatever their dates: one written while
  // the clock ran ahead, then latest.md on top of it once the clock was put back, is dated
  // after latest.md. Walked only when a capsule is dated after latest (none normally).
  const ancestors = candidates.length === 0
    ? new Set<string>()
    : await ancestorIds(fs, layout, latest, names, trustedKeys, signer);
  // A fingerprint has a digest's shape (sha256: and hex), so it is safe in an expression.
  const signedBySigner = new RegExp(`"fingerprint"\\s*:\\s*"${signer}"`);
  for (const [i, name] of candidates.entries()) {
    if (i >= (options.minReads ?? 0) && options.expired?.() === true) {
      return { capsule: null, unread: candidates.length - i };
    }
    try {
      const text = await readTextOrNull(fs, `${layout.capsules}/${name}`);
      if (text === null || !signedBySigner.test(text)) continue;
      const parsed = await parseCapsule(text, { trustedKeys });
      if (parsed.authorship.status !== "trusted" || parsed.authorship.fingerprint !== signer) {
        continue;
      }
      if (parsed.capsule.id === latest.id || ancestors.has(parsed.capsule.id)) continue;
      if (!isLater(parsed.capsule.created_at, latest.created_at)) continue;
      if (await options.writtenElsewhere?.(parsed.capsule.facts) === true) continue;
      return { capsule: parsed.capsule, unread: 0 };
    } catch {
      continue;
    }
  }
  return { capsule: null, unread: 0 };
}

/** The most links {@linkcode ancestorIds} follows. */
const MAX_ANCESTOR_STEPS = 256;

/**
 * The ids of the archived capsules `latest` continues, link by link through `previous`, each
 * signed by the trusted key `signer` (a link another key signed ends the walk: only the
 * signer's own chain is its own), at most {@linkcode MAX_ANCESTOR_STEPS} of them.
 */
async function ancestorIds(
  fs: WriteFs,
  layout: BatonLayout,
  latest: Capsule,
  names: readonly string[],
  trustedKeys: TrustedKeys,
  signer: string,
): Promise<Set<string>> {
  const out = new Set<string>();
  let want = latest.previous;
  for (let step = 0; want !== null && step < MAX_ANCESTOR_STEPS && !out.has(want); step++) {
    const suffix = `-${shortId(want, ARCHIVE_ID_HEX)}.md`;
    let next: Capsule | null = null;
    for (const name of names) {
      if (!name.endsWith(suffix)) continue;
      try {
        const text = await readTextOrNull(fs, `${layout.capsules}/${name}`);
        if (text === null) continue;
        const parsed = await parseCapsule(text, { trustedKeys });
        if (parsed.capsule.id !== want) continue;
        if (parsed.authorship.status !== "trusted" || parsed.authorship.fingerprint !== signer) {
          continue;
        }
        next = parsed.capsule;
        break;
      } catch {
        continue;
      }
    }
    if (next === null) break;
    out.add(next.id);
    want = next.previous;
  }
  return out;
}

/**
 * The id latest.md holds once no writer is between archiving its capsule
 * and moving latest.md (read under the lock); null when it cannot be read
 * or the lock stays busy. A capture hook that found a newer capsule of the
 * same signer asks this before calling latest.md rolled back: a host that
 * runs two capture hooks at once (pi's session end and its compaction)
 * shows one hook the other's capsule archived and not yet current.
 */
export async function settledLatestId(
  fs: WriteFs,
  layout: BatonLayout,
  lock: LockOptions,
): Promise<string | null> {
  const { acquireLock, releaseLock } = await import("./lock.ts");
  let held;
  try {
    held = await acquireLock(fs, layout.lock, lock);
  } catch {
    return null;
  }
  try {
    return (await readLatest(fs, layout))?.capsule.id ?? null;
  } catch {
    return null;
  } finally {
    await releaseLock(fs, held);
  }
}

/**
 * Whether a capsule file's JSON may name `previous` (a capsule id, or null for
 * the first): a text test that lets a large file continuing something else go
 * unparsed. The JSON baton writes is canonical; spaces around the colon are
 * allowed.
 */
function namesPrevious(text: string, previous: string | null): boolean {
  // An id has a capsule id's shape (sha256: and hex), so it is safe in an expression.
  return new RegExp(`"previous"\\s*:\\s*${previous === null ? "null" : `"${previous}"`}`).test(
    text,
  );
}

/**
 * Rolls latest.md forward when a newer archived capsule names the current
 * latest as its previous (a writer died between archiving and replacing
 * latest). Only a capsule signed by a key this machine trusts moves
 * latest.md: a pulled capsule (unsigned, or a stranger's) that continues
 * the chain stays in the archive. Runs under the lock.
 */
async function rollForward(
  fs: WriteFs,
  layout: BatonLayout,
  latest: Capsule | null,
  within: string,
  trustedKeys: TrustedKeys,
): Promise<Capsule | null> {
  let head = latest;
  const names = await listArchive(fs, layout);
  // By instant, not as strings (`…T100000Z-…` sorts after `…T100000.100Z-…`), and from the
  // head's own instant on: a capsule finalize dates at its previous one's date (a clock behind
  // it) carries that instant, perhaps in another precision (`.500Z` on `.5Z`).
  const mine = head === null ? null : archiveName(head.created_at, head.id);
  const newer = mine === null
    ? names
    : names.filter((n) => n !== mine && compareArchiveInstants(n, mine) >= 0);
  for (const name of newer) {
    // Any file in the archive may have come with a commit or a pull: one that cannot be read
    // (over the bound, not UTF-8) or does not continue the head is passed over, never fatal,
    // and only a file naming the head as its previous is parsed.
    let text: string | null;
    try {
      text = await readTextOrNull(fs, `${layout.capsules}/${name}`);
    } catch {
      continue;
    }
    if (text === null || !namesPrevious(text, head?.id ?? null)) continue;
    let parsed: ParsedCapsule;
    try {
      parsed = await parseCapsule(text, { trustedKeys });
    } catch {
      continue;
    }
    if (parsed.authorship.status !== "trusted") continue;
    if (parsed.capsule.previous === (head?.id ?? null) && parsed.capsule.id !== head?.id) {
      await fs.writeFileAtomic(layout.latest, enc.encode(text), { within, tempInWithin: true });
      head = parsed.capsule;
    }
  }
  return head;
}

/** A temp file whose writer cannot be checked is left for this long. */
const STALE_TEMP_MS = 10 * 60_000;

/** A temp file younger than this is never probed (its writer may not have locked it yet). */
const YOUNG_TEMP_MS = 1_000;

/**
 * Whether the writer of a temp file is gone: its process (as the name
 * records it) no longer runs; or, when that cannot be told, nobody holds
 * the advisory lock a writer keeps on its temp file until the rename; or,
 * when neither can be told, the file is older than any write takes.
 */
async function writerGone(
  fs: WriteFs,
  path: string,
  writer: TempWriter | null,
  lock: LockOptions,
  now: number,
): Promise<boolean> {
  const running = writer === null ? null : lock.processAlive?.(writer.pid, writer.started) ?? null;
  if (running !== null) return !running;
  const st = await fs.lstat(path);
  if (st === null || st.mtimeMs === null) return false;
  const age = now - st.mtimeMs;
  if (age < YOUNG_TEMP_MS) return false;
  try {
    const probe = await fs.tryLockFile(path);
    if (probe === null) return false; // its writer holds it
    probe.release();
    return true;
  } catch {
    return age > STALE_TEMP_MS;
  }
}

/**
 * Removes temp files and set-aside lock directories killed writers left
 * behind. Under the lock no other writer is mid-write on a capsule, but a
 * temp file may still belong to a live process writing something else
 * (`.gitignore`, the injection record): a temp file is removed only when
 * its writer is gone (see `writerGone`).
 */
async function sweepTempFiles(
  fs: WriteFs,
  layout: BatonLayout,
  lock: LockOptions,
): Promise<void> {
  const now = lock.now();
  for (const dir of [layout.dir, layout.capsules, layout.state]) {
    let entries;
    try {
      if ((await fs.lstat(dir))?.isDirectory !== true) continue;
      entries = await fs.readDir(dir);
    } catch {
      continue;
    }
    for (const e of entries) {
      const path = `${dir}/${e.name}`;
      if (e.isFile && isTempName(e.name)) {
        if (await writerGone(fs, path, parseTempName(e.name), lock, now)) await fs.remove(path);
      } else if (dir === layout.dir && e.isDirectory && /^lock\.(stale|release)-/.test(e.name)) {
        // Set aside by a process killed between the rename and the removal.
        await fs.remove(path, { recursive: true });
      }
    }
  }
}

/** Options for {@linkcode commitCapsule}. */
export interface CommitOptions {
  lock: LockOptions;
  /** Keys whose capsules may move latest.md forward. @default {none} */
  trustedKeys?: TrustedKeys;
  /**
   * Asked under the lock, once latest.md was rolled forward: another capsule to continue instead
   * of `current` (this clone's newest, when latest.md is a teammate's from another fork:
   * core/workflow/fork_head.ts), or null. latest.md's capsule is then kept in the archive and
   * named in the result. @default {none}
   */
  continueFrom?: (current: Capsule) => Promise<Capsule | null>;
  /**
   * The branch checked out, as git names it (`readHead`): the key of this clone's head record,
   * as load, the hooks and the guards look it up. The capsule records the name redacted, which
   * differs for a name that looks like a secret. @default {the capsule's recorded branch}
   */
  headBranch?: string | null;
}

/** Where a committed capsule went. */
export interface CommitResult {
  capsule: Capsule;
  archivePath: string;
  latestPath: string;
  /**
   * Where a folder that stood at latest.md was renamed to (within `.baton`; a commit can carry
   * one, and a rename cannot replace it), else null.
   */
  setAside: string | null;
  /**
   * The id of the capsule latest.md held when `continueFrom` named another to continue: kept in
   * the archive, no longer current. Null otherwise.
   */
  forkKept: string | null;
}

/**
 * Builds and stores a capsule under the lock. `build` receives the id of the
 * capsule it replaces and returns the finished capsule (id computed).
 * @throws {LockBusyError} when another writer holds the lock too long.
 * @throws {StorageError} when a write fails.
 */
export async function commitCapsule(
  fs: WriteFs,
  layout: BatonLayout,
  build: (previous: Capsule | null) => Promise<Capsule>,
  options: CommitOptions,
): Promise<CommitResult> {
  // Only a writer renders a capsule file (and so classifies its carried
  // command) and takes the lock: the readers (load, the hooks' checks) load
  // neither the renderer nor the lock's modules.
  const [{ renderCapsuleFile }, { acquireLock, releaseLock }] = await Promise.all([
    import("./render_capsule.ts"),
    import("./lock.ts"),
  ]);
  await checkBatonDir(fs, layout);
  try {
    await fs.mkdirp(layout.capsules);
  } catch (e) {
    if (e instanceof BatonError) throw e;
    throw new StorageError(`Cannot create "${layout.capsules}": the directory is not writable`, {
      cause: e,
    });
  }
  await checkBatonDir(fs, layout);
  const within = await realBatonDir(fs, layout);
  await ensureBatonIgnore(fs, layout, within);
  const lock = await acquireLock(fs, layout.lock, options.lock);
  try {
    await checkBatonDir(fs, layout); // again, now that nobody else writes here
    // A folder at latest.md (a commit can carry `.baton/latest.md/x`) is no capsule, and
    // baton's state never travels in a commit, so it does not stop the write, as a committed
    // link does not (the rename replaces a link): it is set aside, what it holds kept, and
    // latest.md is then missing (rolled forward from the archive as for a fresh clone).
    let setAside: string | null = null;
    if ((await fs.lstat(layout.latest))?.isDirectory === true) {
      setAside = asideLatestName(new Date(options.lock.now()).toISOString());
      await fs.rename(layout.latest, `${layout.dir}/${setAside}`).catch((e) => {
        if (e instanceof BatonError) throw e;
        throw new StorageError(`Cannot set aside "${layout.latest}": the rename failed`, {
          cause: e,
        });
      });
    }
    let current: Capsule | null = null;
    try {
      current = (await readLatest(fs, layout))?.capsule ?? null;
    } catch {
      current = null; // an unreadable latest is kept in the archive; the chain restarts
    }
    current = await rollForward(fs, layout, current, within, options.trustedKeys ?? new Map());
    // The capsule latest.md holds: archived below (when it is not yet) whatever is continued.
    const shown = current;
    const resumed = current === null ? null : await options.continueFrom?.(current) ?? null;
    if (resumed !== null && resumed.id !== current?.id) current = resumed;
    await sweepTempFiles(fs, layout, options.lock);
    const capsule = await build(current);
    const text = renderCapsuleFile(capsule);
    const bytes = enc.encode(text);
    const archivePath = `${layout.capsules}/${archiveName(capsule.created_at, capsule.id)}`;
    try {
      if (shown !== null) {
        const prevPath = `${layout.capsules}/${archiveName(shown.created_at, shown.id)}`;
        if ((await fs.lstat(prevPath)) === null) {
          const prevText = await readTextOrNull(fs, layout.latest);
          if (prevText !== null) {
            await fs.writeFileAtomic(prevPath, enc.encode(prevText), {
              within,
              tempInWithin: true,
            });
          }
        }
      }
      await fs.writeFileAtomic(archivePath, bytes, { within, tempInWithin: true });
      await fs.writeFileAtomic(layout.latest, bytes, { within, tempInWithin: true });
    } catch (e) {
      if (e instanceof BatonError) throw e;
      throw new StorageError(`Cannot write capsule into "${layout.dir}": the write failed`, {
        cause: e,
      });
    }
    // This clone's own record of its newest head, where no commit reaches (head_record.ts).
    if (capsule.signature !== undefined) {
      const branch = options.headBranch === undefined ? capsule.facts.branch : options.headBranch;
      await writeHeadRecord(fs, layout, branch, {
        id: capsule.id,
        created_at: capsule.created_at,
        fingerprint: capsule.signature.fingerprint,
      });
    }
    const forkKept = shown !== null && current !== null && shown.id !== current.id
      ? shown.id
      : null;
    return { capsule, archivePath, latestPath: layout.latest, setAside, forkKept };
  } finally {
    await releaseLock(fs, lock);
  }
}

/**
 * The lookup of an archived capsule by id or id prefix (with or without
 * `sha256:`) over one listing from {@linkcode listArchive} (oldest first):
 * the names that may hold it, newest first. The one way baton finds a
 * capsule by id. A name carries only the id's first 8 hex digits, so a full
 * id still has to be confirmed against the file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const names = ["20260101T000000Z-aaaa1111.md", "20260102T000000Z-aaaa2222.md"];
 * const find = archiveIndex(names);
 * assert.deepEqual(find("aaaa"), [names[1], names[0]]);
 * assert.deepEqual(find("sha256:aaaa1111" + "0".repeat(56)), [names[0]]);
 * assert.deepEqual(find("../x"), []);
 * ```
 */
export function archiveIndex(names: readonly string[]): (idOrPrefix: string) => string[] {
  const byId8 = new Map<string, string[]>();
  for (let i = names.length - 1; i >= 0; i--) {
    const id8 = names[i]!.slice(-11, -3);
    byId8.set(id8, [...byId8.get(id8) ?? [], names[i]!]);
  }
  return (idOrPrefix) => {
    const want = idOrPrefix.replace(/^sha256:/, "").toLowerCase();
    if (!/^[0-9a-f]{4,64}$/.test(want)) return [];
    if (want.length >= 8) return byId8.get(want.slice(0, 8)) ?? [];
    return [...names].reverse().filter((n) => n.slice(-11, -3).startsWith(want));
  };
}

/**
 * The id a capsule file's JSON block holds, and whether its content has
 * that id (the id recomputed matches); null when it holds no readable id.
 */
async function heldId(text: string): Promise<{ id: string; holds: boolean } | null> {
  try {
    return { id: (await parseCapsule(text)).capsule.id, holds: true };
  } catch {
    try {
      const raw = parseStrictJson(
        text.trimStart().startsWith("{") ? text : extractCapsuleJson(text),
      );
      const id = (raw as { id?: unknown } | null)?.id;
      return typeof id === "string" ? { id, holds: false } : null;
    } catch {
      return null;
    }
  }
}

/**
 * Finds an archived capsule by id prefix (with or without `sha256:`), newest
 * first; "latest" names latest.md. A file's name (the id's first 8 digits)
 * only makes it a candidate: each is confirmed by the id its JSON block
 * holds, never by its name or by the id's text elsewhere in it, so a
 * stranger's file named after a real capsule cannot stand in for it. A file
 * whose content has the id wins over one that only claims it (an altered
 * copy, dated later so it is listed first); alone, the claiming file is
 * returned, and reading it says it was altered. A prefix that more than one
 * id starts with names no capsule: it is refused, as git refuses an
 * ambiguous short object id, never resolved to the newest silently.
 * @throws {UsageError} when the prefix is ambiguous.
 */
export async function findCapsuleFile(
  fs: WriteFs,
  layout: BatonLayout,
  idOrPrefix: string,
): Promise<string | null> {
  if (idOrPrefix === "latest") {
    return (await fs.lstat(layout.latest)) === null ? null : layout.latest;
  }
  const want = `sha256:${idOrPrefix.replace(/^sha256:/, "").toLowerCase()}`;
  let held: string | null = null;
  let claimed: string | null = null;
  const ids = new Set<string>();
  const shownIds = new Set<string>();
  for (const name of archiveIndex(await listArchive(fs, layout))(want)) {
    const path = `${layout.capsules}/${name}`;
    let text: string | null;
    try {
      text = await readTextOrNull(fs, path);
    } catch {
      continue;
    }
    const found = text === null ? null : await heldId(text);
    if (found === null || !found.id.startsWith(want)) continue;
    ids.add(found.id);
    if (found.holds) {
      shownIds.add(shortId(found.id));
      held ??= path;
    } else claimed ??= path;
  }
  if (ids.size > 1) throw ambiguousPrefix(ids.size, [...shownIds]);
  return held ?? claimed;
}

/**
 * The refusal of a prefix several capsule ids start with: how many, and the
 * short ids of those whose content has their id (validated hex, so safe to
 * print; an id a file only claims is counted, never shown).
 */
function ambiguousPrefix(count: number, shown: readonly string[]): UsageError {
  const listed = shown.length === 0
    ? ""
    : ` (${shown.slice(0, 10).join(", ")}${shown.length > 10 ? ", …" : ""})`;
  return new UsageError(
    `That id prefix is ambiguous: ${count} capsules match${listed}; give more of the id (baton list shows them)`,
  );
}

/**
 * The text of the capsule `idOrPrefix` names (`latest`, an id or an id
 * prefix), for the commands that show one.
 * @throws {NotFoundError} when there is none.
 */
export async function readCapsuleById(
  fs: WriteFs,
  layout: BatonLayout,
  idOrPrefix: string,
): Promise<string> {
  const path = await findCapsuleFile(fs, layout, idOrPrefix);
  const text = path === null ? null : await readTextOrNull(fs, path);
  if (text === null) {
    throw new NotFoundError(
      "Cannot find that capsule: run baton list for the ids",
      "capsule_not_found",
    );
  }
  return text;
}
