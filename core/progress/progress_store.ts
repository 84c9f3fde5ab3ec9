/**
 * The progress log on disk: `.baton/progress.md` and the `progress_chain`
 * key of `index.json` in baton's private state directory (`<git dir>/baton`,
 * never committed: a digest anyone can recompute proves nothing when it
 * travels with the log), read and written through the injected file
 * system. A log whose entries this machine holds no chain for (a clone, an
 * old `.baton/index.json`, a deleted index, an index not written in this
 * very directory, core/dir_binding.ts) is `unchained`: it cannot be
 * verified, so nothing is appended to it until a person accepts it as it
 * is with `baton progress rebuild` — deleting the index never lets the
 * next append re-bless a tampered log. Appending (`baton progress add`, and the audit notes other
 * workflows write with {@linkcode appendProgress}) runs under the store
 * lock: the log is verified first (a tampered log is never appended to, so
 * an append cannot launder an edit), the new entry is appended to
 * progress.md with an atomic write, and then the chain is re-synced into
 * index.json, atomically too. An interruption between the two writes leaves
 * one appended entry not yet chained, which verifies (and the next append
 * or rebuild chains it). index.json keeps every other key; a malformed one
 * is CRITICAL on verify and, on rebuild, is backed up to index.json.bak
 * before a fresh one is written.
 * @module
 */
import { BatonError, CapsuleInvalidError, StorageError } from "../errors.ts";
import type { WriteFs } from "../fs.ts";
import { readRegularFile } from "../fs.ts";
import { parseStrictJson } from "../json/strict_parse.ts";
import { checkBatonDir, realBatonDir, refuseFileLink } from "../store/check_baton_dir.ts";
import type { BatonLayout } from "../store/layout.ts";
import { stateDirOfRoot } from "../store/private_dir.ts";
import { openStateDir, writeBoundJson } from "../state_write.ts";
import { acquireLock, type LockOptions, releaseLock } from "../store/lock.ts";
import {
  buildProgressChain,
  parseProgress,
  PROGRESS_CHAIN_KEY,
  PROGRESS_CHAIN_N,
  type ProgressChain,
  type ProgressVerdict,
  readProgressChain,
  verifyProgress,
} from "./progress_log.ts";
import { batonRoot } from "../store/layout.ts";
import { BINDING_KEY, boundHere, dirBinding } from "../dir_binding.ts";

/** Largest progress.md or index.json read. */
export const MAX_PROGRESS_BYTES = 32 * 1024 * 1024;

/** Where the log and its index live. */
export interface ProgressPaths {
  log: string;
  /** The private state directory holding the index. */
  stateDir: string;
  index: string;
  backup: string;
}

/** Where the log and its index live. */
export async function progressPaths(fs: WriteFs, layout: BatonLayout): Promise<ProgressPaths> {
  const root = batonRoot(layout.dir);
  const stateDir = (await stateDirOfRoot(fs, root)) ?? layout.state;
  return {
    log: `${layout.dir}/progress.md`,
    stateDir,
    index: `${stateDir}/index.json`,
    backup: `${stateDir}/index.json.bak`,
  };
}

const enc = new TextEncoder();
const dec = new TextDecoder("utf-8", { fatal: true });

async function readText(fs: WriteFs, path: string): Promise<string | null> {
  // Never through a link a commit can carry: an append would copy its target into the log.
  await refuseFileLink(fs, path);
  const r = await readRegularFile(fs, path, MAX_PROGRESS_BYTES);
  if (r.kind === "missing") return null;
  if (r.kind === "not_regular") {
    throw new CapsuleInvalidError(
      `Cannot read "${path}": it is not a regular file`,
      "progress_not_regular",
    );
  }
  if (r.kind === "too_large") {
    throw new CapsuleInvalidError(
      `Cannot read "${path}": it is larger than ${MAX_PROGRESS_BYTES} bytes`,
      "progress_too_large",
    );
  }
  try {
    return dec.decode(r.bytes);
  } catch (e) {
    if (e instanceof TypeError) {
      throw new CapsuleInvalidError(`Cannot read "${path}": it is not UTF-8`, "progress_not_utf8");
    }
    throw e;
  }
}

/** index.json as read: its object, or why it is malformed; absent when there is none. */
type IndexDoc =
  | { state: "absent" }
  | { state: "ok"; doc: Record<string, unknown> }
  | { state: "malformed"; why: string };

/**
 * An index not written in the directory it is found in (core/dir_binding.ts:
 * one that arrived in an archive or a copied `.git`) is absent: the log is then
 * unchained, and a rebuild writes a new index without any of its keys.
 */
async function readIndex(fs: WriteFs, path: string, stateDir: string): Promise<IndexDoc> {
  let text: string | null;
  try {
    text = await readText(fs, path);
  } catch {
    return { state: "malformed", why: "index.json cannot be read as UTF-8 text" };
  }
  if (text === null) return { state: "absent" };
  let raw: unknown;
  try {
    raw = parseStrictJson(text, { maxBytes: MAX_PROGRESS_BYTES });
  } catch {
    return { state: "malformed", why: "index.json is not a JSON document" };
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { state: "malformed", why: "index.json is not a JSON object" };
  }
  if (!boundHere(raw, await dirBinding(fs, stateDir))) return { state: "absent" };
  return { state: "ok", doc: raw as Record<string, unknown> };
}

/** The log's verdict, with a malformed index as a CRITICAL problem. */
export async function verifyProgressLog(
  fs: WriteFs,
  layout: BatonLayout,
): Promise<ProgressVerdict> {
  const paths = await progressPaths(fs, layout);
  const entries = parseProgress((await readText(fs, paths.log)) ?? "");
  const index = await readIndex(fs, paths.index, paths.stateDir);
  const malformed = (why: string): ProgressVerdict => ({
    status: "tampered",
    entries: entries.length,
    chained: 0,
    unsynced: 0,
    unverified: 0,
    problems: [{ kind: "malformed_index", heading: null, message: why }],
  });
  if (index.state === "malformed") return malformed(index.why);
  const value = index.state === "ok" ? index.doc[PROGRESS_CHAIN_KEY] : undefined;
  if (value === undefined) return await verifyProgress(entries, null);
  const record = await readProgressChain(value);
  if (!record.ok) return malformed(record.why);
  return await verifyProgress(entries, record.chain);
}

/** What a rebuild or an append wrote. */
export interface ProgressSync {
  chain: ProgressChain;
  /** Where a malformed index.json was backed up; null when none was. */
  backup: string | null;
}

async function writeChain(
  fs: WriteFs,
  layout: BatonLayout,
  now: Date,
  n: number,
): Promise<ProgressSync> {
  const paths = await progressPaths(fs, layout);
  const entries = parseProgress((await readText(fs, paths.log)) ?? "");
  const chain = await buildProgressChain(entries, now.toISOString(), n);
  const stateWithin = await openStateDir(fs, paths.stateDir);
  const index = await readIndex(fs, paths.index, paths.stateDir);
  let backup: string | null = null;
  let doc: Record<string, unknown> = {};
  if (index.state === "ok") doc = index.doc;
  if (index.state === "malformed") {
    const old = await fs.readFile(paths.index);
    await fs.writeFileAtomic(paths.backup, old, { within: stateWithin });
    backup = paths.backup;
  }
  const written = await writeBoundJson(
    fs,
    paths.stateDir,
    paths.index,
    (here) => ({ ...doc, [BINDING_KEY]: here, [PROGRESS_CHAIN_KEY]: chain }),
    { within: stateWithin },
  );
  if (!written) {
    throw new StorageError(`Cannot write "${paths.index}": its directory is not a real directory`);
  }
  return { chain, backup };
}

/** Options of the writers. */
export interface ProgressWriteOptions {
  now: Date;
  lock: LockOptions;
  /** Entries chained. @default {20} */
  n?: number;
}

async function underLock<T>(
  fs: WriteFs,
  layout: BatonLayout,
  lock: LockOptions,
  body: (within: string) => Promise<T>,
): Promise<T> {
  await checkBatonDir(fs, layout);
  try {
    await fs.mkdirp(layout.dir);
  } catch (e) {
    throw new StorageError(`Cannot create "${layout.dir}": the directory is not writable`, {
      cause: e,
    });
  }
  const within = await realBatonDir(fs, layout);
  const held = await acquireLock(fs, layout.lock, lock);
  try {
    return await body(within);
  } catch (e) {
    if (e instanceof BatonError) throw e;
    throw new StorageError(`Cannot write the progress log in "${layout.dir}": a write failed`, {
      cause: e,
    });
  } finally {
    await releaseLock(fs, held);
  }
}

/**
 * Re-chains the log as it is now (accepting its current content), keeping
 * every other key of index.json and backing up a malformed one.
 */
export async function rebuildProgressChain(
  fs: WriteFs,
  layout: BatonLayout,
  options: ProgressWriteOptions,
): Promise<ProgressSync> {
  return await underLock(
    fs,
    layout,
    options.lock,
    async () => await writeChain(fs, layout, options.now, options.n ?? PROGRESS_CHAIN_N),
  );
}

/** What to append. */
export interface ProgressAppend {
  /** One line of text (line breaks become spaces). */
  text: string;
  /** An audit note (`### NOTE: ...`) rather than a plain item. @default {false} */
  note?: boolean;
}

/**
 * Appends one dated entry and re-syncs the chain, under the store lock: the
 * in-process entry point for audit notes (lifecycle gates).
 * @throws {CapsuleInvalidError} (`progress_tampered`) when the log does not verify.
 * @throws {LockBusyError} {StorageError}
 */
export async function appendProgress(
  fs: WriteFs,
  layout: BatonLayout,
  entry: ProgressAppend,
  options: ProgressWriteOptions,
): Promise<ProgressSync & { heading: string }> {
  return await underLock(fs, layout, options.lock, async (within) => {
    const verdict = await verifyProgressLog(fs, layout);
    if (verdict.status === "tampered") {
      throw new CapsuleInvalidError(
        "Cannot append to the progress log: it does not verify (run baton progress verify)",
        "progress_tampered",
      );
    }
    if (verdict.status === "unchained") {
      throw new CapsuleInvalidError(
        "Cannot append to the progress log: this machine holds no chain for its entries, so they cannot be verified; read them, then accept them as they are with baton progress rebuild",
        "progress_unchained",
      );
    }
    const paths = await progressPaths(fs, layout);
    const old = (await readText(fs, paths.log)) ?? "";
    const iso = options.now.toISOString();
    const heading = `## ${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
    const line = entry.text.replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, " ").trim();
    const body = entry.note === true ? `### NOTE: ${line}` : `- ${line}`;
    const sep = old === "" ? "" : old.endsWith("\n\n") ? "" : old.endsWith("\n") ? "\n" : "\n\n";
    const text = `${old}${sep}${heading}\n${body}\n`;
    await fs.writeFileAtomic(paths.log, enc.encode(text), { within, tempInWithin: true });
    const sync = await writeChain(fs, layout, options.now, options.n ?? PROGRESS_CHAIN_N);
    return { ...sync, heading };
  });
}
