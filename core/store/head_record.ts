/**
 * The record of the newest capsule this clone's own store made current, per
 * branch checked out when it was written (`head.json` in the private state directory,
 * `<git dir>/baton`, core/store/private_dir.ts): its id, time and signer's
 * fingerprint. Per branch, because a branch can track a `latest.md` of its
 * own: checking one out is no rollback of another's. Load and the capture
 * hooks read the entry of the branch checked out now (none when detached),
 * so a branch made from an older commit is no rollback either. The
 * rollback check reads it beside the archive: `.baton/latest.md` and the
 * archive both travel in commits, so a stranger's commit can put an older
 * capsule this machine signed back in latest.md and delete the newer one's
 * archive file with it, and the archive alone then shows no rollback. No
 * commit, pull or checkout reaches this file; one that arrived in an archive
 * or a copied `.git` is ignored as if absent (core/dir_binding.ts). Every
 * field is checked by shape on read; anything unreadable counts as no
 * record. I/O through `ReadFs`/`WriteFs`.
 * @module
 */
import { compareInstants } from "../capsule/instant_order.ts";
import type { ReadFs, WriteFs } from "../fs.ts";
import type { BatonLayout } from "./layout.ts";
import { batonRoot } from "./layout.ts";
import { stateDirOfRoot } from "./private_dir.ts";
import { BINDING_KEY, boundEntries, readStateFile } from "../dir_binding.ts";
import { sha256Id } from "../hash.ts";

/** The newest capsule this clone made current. */
export interface HeadRecord {
  /** Full `sha256:` id. */
  id: string;
  /** Its `created_at`. */
  created_at: string;
  /** The fingerprint of the key that signed it. */
  fingerprint: string;
}

/** The state file's name in the private state directory. */
export const HEAD_RECORD_FILE = "head.json";

/** Largest record read; a bigger one is ignored. */
const MAX_RECORD_BYTES = 256 * 1024;

const DIGEST = /^sha256:[0-9a-f]{64}$/;
const UTC_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;

/** The most branches recorded (the newest kept). */
const MAX_BRANCHES = 64;

/**
 * The key of a branch as git names it (`readHead`; a detached HEAD or none: the empty key): the
 * digest of its name, so a name that looks like a secret (`password=...`) is never written here,
 * and the writer and every reader key the same branch alike without redacting its name (the
 * capsule records the redacted one, which differs from git's for such a name). A record keyed
 * by the name itself (written before) is read too (`legacyKey`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(await branchKey(null), "");
 * assert.match(await branchKey("main"), /^sha256:[0-9a-f]{64}$/);
 * ```
 */
export async function branchKey(branch: string | null): Promise<string> {
  return branch === null ? "" : await sha256Id(branch);
}

/**
 * The key earlier versions wrote: the capsule's recorded (redacted) branch name. It equals git's
 * name for a name redaction leaves alone; for one it changed, the key holds a redaction marker
 * (`[`, `:`), which no git branch name can, so that record is no record of any branch. A name
 * git cannot hold (`sha256:...`) is never a digest key either.
 */
function legacyKey(branch: string | null): string {
  return branch ?? "";
}

function headOf(v: unknown): HeadRecord | null {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
  const { id, created_at, fingerprint } = v as Record<string, unknown>;
  if (typeof id !== "string" || !DIGEST.test(id)) return null;
  if (typeof fingerprint !== "string" || !DIGEST.test(fingerprint)) return null;
  if (typeof created_at !== "string" || !UTC_TIME.test(created_at)) return null;
  return { id, created_at, fingerprint };
}

/**
 * Parses record text into its heads by branch key; malformed entries are
 * dropped, and every one when the text is not JSON or was not written in the
 * directory whose binding is `here` (when given).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const id = "sha256:" + "a".repeat(64);
 * const rec = { id, created_at: "2026-01-02T03:04:05.000Z", fingerprint: id };
 * assert.deepEqual(parseHeadRecords(JSON.stringify({ heads: { main: rec } })).get("main"), rec);
 * assert.equal(parseHeadRecords(JSON.stringify({ heads: { main: { ...rec, id: "x" } } })).size, 0);
 * ```
 */
export function parseHeadRecords(text: string, here?: string | null): Map<string, HeadRecord> {
  const out = new Map<string, HeadRecord>();
  for (const [key, v] of boundEntries(text, "heads", here).slice(0, MAX_BRANCHES)) {
    const head = headOf(v);
    if (head !== null) out.set(key, head);
  }
  return out;
}

async function stateDirOf(fs: ReadFs, layout: BatonLayout): Promise<string | null> {
  return await stateDirOfRoot(fs, batonRoot(layout.dir));
}

async function readAll(fs: ReadFs, dir: string): Promise<Map<string, HeadRecord>> {
  const read = await readStateFile(fs, dir, `${dir}/${HEAD_RECORD_FILE}`, MAX_RECORD_BYTES);
  return read === null ? new Map() : parseHeadRecords(read.text, read.here);
}

/**
 * This clone's head record for a branch as git names it (`branchKey`); null when there is none,
 * or the file is unreadable or foreign.
 */
export async function readHeadRecord(
  fs: ReadFs,
  layout: BatonLayout,
  branch: string | null,
): Promise<HeadRecord | null> {
  try {
    const dir = await stateDirOf(fs, layout);
    if (dir === null) return null;
    const all = await readAll(fs, dir);
    return all.get(await branchKey(branch)) ?? all.get(legacyKey(branch)) ?? null;
  } catch {
    return null;
  }
}

/**
 * Every head this clone's store made current (all branches); empty when there is none, or the
 * file is unreadable or foreign. The capture hook's light path asks whether latest.md is one
 * of them (core/workflow/recent_capture.ts) without knowing the branch.
 */
export async function readHeadRecords(fs: ReadFs, layout: BatonLayout): Promise<HeadRecord[]> {
  try {
    const dir = await stateDirOf(fs, layout);
    return dir === null ? [] : [...(await readAll(fs, dir)).values()];
  } catch {
    return [];
  }
}

/**
 * Records `head` as the newest capsule this clone made current on `branch` (as git names it, never
 * the capsule's redacted name), keeping the
 * other branches' (the newest {@linkcode MAX_BRANCHES}). Best effort: a record that cannot
 * be written never stops the capsule write (the archive check still runs).
 */
export async function writeHeadRecord(
  fs: WriteFs,
  layout: BatonLayout,
  branch: string | null,
  head: HeadRecord,
): Promise<void> {
  try {
    const dir = await stateDirOf(fs, layout);
    if (dir === null) return;
    const { writeBoundJson } = await import("../state_write.ts");
    const all = await readAll(fs, dir);
    all.delete(legacyKey(branch));
    all.set(await branchKey(branch), head);
    const kept = [...all].sort((a, b) => compareInstants(b[1].created_at, a[1].created_at))
      .slice(0, MAX_BRANCHES);
    const heads = Object.fromEntries(kept);
    await writeBoundJson(fs, dir, `${dir}/${HEAD_RECORD_FILE}`, (here) => ({
      [BINDING_KEY]: here,
      heads,
    }));
  } catch {
    // Best effort, as above.
  }
}
