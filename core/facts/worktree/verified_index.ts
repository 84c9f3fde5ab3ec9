/**
 * Pure: what an earlier scan proved about the index file's trailing
 * checksum, so the next scan of the same file need not hash it again (4.5 MB
 * at 50k entries: ~7 ms with WebCrypto over the whole file and its copy, or
 * ~55 ms over a large index's windows, streamed_index.ts).
 *
 * The record names the file's identity when it was verified (size, mtime,
 * ctime, inode) and the checksum its trailer held. It vouches for the file
 * read now only when that identity is unchanged and the trailer read now is
 * the recorded one: git replaces the index by renaming a new file over it
 * (a new inode, ctime and mtime) and any write to the file moves its ctime,
 * which no user can set back. What stays out of reach is a change under the
 * file system (bit rot), which git status does not check either: it reads
 * the index without verifying the checksum.
 * @module
 */
import type { FileStat } from "../../fs.ts";

/** The file name of the record in the scan's cache directory. */
export const VERIFIED_INDEX_NAME = "index-checksum.json";

/** Largest record read. */
export const MAX_VERIFIED_INDEX_RECORD_BYTES = 1024;

const FORMAT = "baton-index-checksum-1";

/** The identity of an index file whose checksum was verified, and that checksum. */
export interface VerifiedIndex {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  /** The trailer's 40 hex digits. */
  checksum: string;
}

/**
 * The record for an index file verified now; null when its stat data
 * cannot identify it (no ctime or inode: nothing is then reused).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { verifiedIndexRecord } from "./verified_index.ts";
 * const stat = { size: 9, mtimeMs: 1, ctimeMs: 1000, ino: 7 };
 * assert.equal(verifiedIndexRecord(stat, "ab".repeat(20))?.ino, 7);
 * assert.equal(verifiedIndexRecord({ ...stat, ino: null }, "ab".repeat(20)), null);
 * ```
 */
export function verifiedIndexRecord(
  stat: Pick<FileStat, "size" | "mtimeMs" | "ctimeMs" | "ino">,
  checksum: string,
): VerifiedIndex | null {
  if (stat.mtimeMs === null || stat.ctimeMs === null || stat.ino === null) return null;
  if (!/^[0-9a-f]{40}$/.test(checksum) || /^0+$/.test(checksum)) return null;
  return { size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, ino: stat.ino, checksum };
}

/** An index written this close to the scan that verified it is not recorded. */
export const SETTLE_MS = 2000;

/**
 * Whether a record is worth keeping: the file was written at least
 * {@linkcode SETTLE_MS} before the scan started (system clock), so no
 * second write within the same mtime tick can follow the read it vouches
 * for (as git's racy rule, for the index file itself).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { settled } from "./verified_index.ts";
 * const record = { size: 9, mtimeMs: 10_000, ctimeMs: 10_000, ino: 7, checksum: "ab".repeat(20) };
 * assert.equal(settled(record, 20_000), true);
 * assert.equal(settled(record, 11_000), false);
 * ```
 */
export function settled(record: VerifiedIndex, scanStartMs: number): boolean {
  return scanStartMs - Math.max(record.mtimeMs, record.ctimeMs) >= SETTLE_MS;
}

/**
 * Whether `record` vouches for the index file read now: the same identity
 * and the same trailer.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { provenBefore } from "./verified_index.ts";
 * const record = { size: 9, mtimeMs: 1, ctimeMs: 1000, ino: 7, checksum: "ab".repeat(20) };
 * const stat = { size: 9, mtimeMs: 1, ctimeMs: 1000, ino: 7 };
 * assert.equal(provenBefore(record, stat, "ab".repeat(20)), true);
 * assert.equal(provenBefore(record, { ...stat, ctimeMs: 2000 }, "ab".repeat(20)), false);
 * assert.equal(provenBefore(record, stat, "cd".repeat(20)), false);
 * ```
 */
export function provenBefore(
  record: VerifiedIndex | null,
  stat: Pick<FileStat, "size" | "mtimeMs" | "ctimeMs" | "ino">,
  checksum: string,
): boolean {
  const now = verifiedIndexRecord(stat, checksum);
  return record !== null && now !== null && record.checksum === now.checksum &&
    record.size === now.size && record.mtimeMs === now.mtimeMs &&
    record.ctimeMs === now.ctimeMs && record.ino === now.ino;
}

/**
 * The record as stored.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseVerifiedIndex, serializeVerifiedIndex } from "./verified_index.ts";
 * const record = { size: 9, mtimeMs: 1, ctimeMs: 1000, ino: 7, checksum: "ab".repeat(20) };
 * assert.deepEqual(parseVerifiedIndex(serializeVerifiedIndex(record)), record);
 * ```
 */
export function serializeVerifiedIndex(record: VerifiedIndex): string {
  return JSON.stringify({
    format: FORMAT,
    size: record.size,
    mtime_ms: record.mtimeMs,
    ctime_ms: record.ctimeMs,
    ino: record.ino,
    checksum: record.checksum,
  });
}

/**
 * A stored record; null for anything not exactly the expected shape.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseVerifiedIndex } from "./verified_index.ts";
 * assert.equal(parseVerifiedIndex("{not json"), null);
 * assert.equal(parseVerifiedIndex('{"format":"other"}'), null);
 * ```
 */
export function parseVerifiedIndex(text: string): VerifiedIndex | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const o = raw as Record<string, unknown>;
  if (o.format !== FORMAT || typeof o.checksum !== "string") return null;
  const nums = [o.size, o.mtime_ms, o.ctime_ms, o.ino];
  if (!nums.every((n) => typeof n === "number" && Number.isSafeInteger(n) && n >= 0)) return null;
  return verifiedIndexRecord(
    {
      size: o.size as number,
      mtimeMs: o.mtime_ms as number,
      ctimeMs: o.ctime_ms as number,
      ino: o.ino as number,
    },
    o.checksum,
  );
}
