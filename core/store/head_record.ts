/**
 * The record of the newest capsule this clone's own store made current
 * (`head.json` in the private state directory, `<git dir>/baton`,
 * core/store/private_dir.ts): its id, time and signer's fingerprint. The
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
import type { ReadFs, WriteFs } from "../fs.ts";
import type { BatonLayout } from "./layout.ts";
import { batonRoot } from "./layout.ts";
import { stateDirOfRoot } from "./private_dir.ts";
import { BINDING_KEY, boundHere, dirBinding } from "../dir_binding.ts";

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
const MAX_RECORD_BYTES = 4096;

const DIGEST = /^sha256:[0-9a-f]{64}$/;
const UTC_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;

/**
 * Parses record text; null when malformed or not written in the directory
 * whose binding is `here` (when given).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const id = "sha256:" + "a".repeat(64);
 * const rec = { id, created_at: "2026-01-02T03:04:05.000Z", fingerprint: id };
 * assert.deepEqual(parseHeadRecord(JSON.stringify(rec)), rec);
 * assert.equal(parseHeadRecord(JSON.stringify({ ...rec, id: "x" })), null);
 * ```
 */
export function parseHeadRecord(text: string, here?: string | null): HeadRecord | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  if (here !== undefined && !boundHere(raw, here)) return null;
  const r = raw as Record<string, unknown>;
  const { id, created_at, fingerprint } = r;
  if (typeof id !== "string" || !DIGEST.test(id)) return null;
  if (typeof fingerprint !== "string" || !DIGEST.test(fingerprint)) return null;
  if (typeof created_at !== "string" || !UTC_TIME.test(created_at)) return null;
  return { id, created_at, fingerprint };
}

async function stateDirOf(fs: ReadFs, layout: BatonLayout): Promise<string | null> {
  return await stateDirOfRoot(fs, batonRoot(layout.dir));
}

/** Reads this clone's head record; null when there is none, or it is unreadable or foreign. */
export async function readHeadRecord(fs: ReadFs, layout: BatonLayout): Promise<HeadRecord | null> {
  try {
    const dir = await stateDirOf(fs, layout);
    if (dir === null) return null;
    const path = `${dir}/${HEAD_RECORD_FILE}`;
    const [st, here] = await Promise.all([fs.lstat(path), dirBinding(fs, dir)]);
    if (st === null || !st.isFile || st.size > MAX_RECORD_BYTES) return null;
    return parseHeadRecord(new TextDecoder().decode(await fs.readFile(path)), here);
  } catch {
    return null;
  }
}

/**
 * Records `head` as the newest capsule this clone made current. Best
 * effort: a record that cannot be written never stops the capsule write
 * (the archive check still runs).
 */
export async function writeHeadRecord(
  fs: WriteFs,
  layout: BatonLayout,
  head: HeadRecord,
): Promise<void> {
  try {
    const dir = await stateDirOf(fs, layout);
    if (dir === null) return;
    const { openStateDir } = await import("../state_write.ts");
    const within = await openStateDir(fs, dir);
    const here = await dirBinding(fs, dir);
    if (here === null) return;
    const doc = { [BINDING_KEY]: here, ...head };
    await fs.writeFileAtomic(
      `${dir}/${HEAD_RECORD_FILE}`,
      new TextEncoder().encode(JSON.stringify(doc, null, 2) + "\n"),
      { within },
    );
  } catch {
    // Best effort, as above.
  }
}
