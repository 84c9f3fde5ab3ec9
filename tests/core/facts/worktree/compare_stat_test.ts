/**
 * compareStat() on synthetic index entries and lstat results: git's
 * ie_match_stat rules at Deno's precision (mtime ms, ctime s).
 * @module
 */
import assert from "node:assert/strict";
import { compareStat, EMPTY_BLOB_OID } from "../../../../core/facts/worktree/compare_stat.ts";
import { type IndexEntry } from "../../../../core/facts/worktree/index_file.ts";
import type { FileStat } from "../../../../core/fs.ts";

const INDEX_MTIME = 2_000_000_000_000;

function entry(over: Partial<IndexEntry> = {}): IndexEntry {
  return {
    path: "f.txt",
    oid: "1".repeat(40),
    mode: 0o100644,
    stage: 0,
    ctimeSec: 1_700_000_000,
    ctimeNsec: 987_654_321,
    mtimeSec: 1_700_000_000,
    mtimeNsec: 123_456_789,
    dev: 64768,
    ino: 4242,
    uid: 1000,
    gid: 1000,
    size: 12,
    assumeValid: false,
    skipWorktree: false,
    intentToAdd: false,
    ...over,
  };
}

function stat(over: Partial<FileStat> = {}): FileStat {
  return {
    isFile: true,
    isDirectory: false,
    isSymlink: false,
    size: 12,
    mtimeMs: 1_700_000_000_123, // nsec truncated to ms, as Deno reports it
    ctimeMs: 1_700_000_000_000, // whole seconds, as Deno reports it
    ino: 4242,
    dev: 64768,
    uid: 1000,
    gid: 1000,
    mode: 0o100644,
    ...over,
  };
}

const opts = { indexMtimeMs: INDEX_MTIME };

Deno.test("compareStat() trusts an entry whose stat matches at ms/s precision", () => {
  assert.equal(compareStat(entry(), stat(), opts), "clean");
});

Deno.test("compareStat() sends a different mtime, ctime, inode, device or owner to hashing", () => {
  assert.equal(compareStat(entry(), stat({ mtimeMs: 1_700_000_000_124 }), opts), "subsecond");
  assert.equal(compareStat(entry(), stat({ mtimeMs: 1_700_000_001_123 }), opts), "suspect");
  // Within the second, but the index written in that second too: every git hashes it.
  const racy = { indexMtimeMs: 1_700_000_000_900 };
  assert.equal(compareStat(entry(), stat({ mtimeMs: 1_700_000_000_124 }), racy), "suspect");
  assert.equal(compareStat(entry(), stat({ ctimeMs: 1_700_000_001_000 }), opts), "suspect");
  assert.equal(compareStat(entry(), stat({ ino: 4243 }), opts), "suspect");
  assert.equal(compareStat(entry(), stat({ dev: 1 }), opts), "suspect");
  assert.equal(compareStat(entry(), stat({ uid: 0 }), opts), "suspect");
  assert.equal(compareStat(entry(), stat({ gid: 0 }), opts), "suspect");
  assert.equal(compareStat(entry(), stat({ mtimeMs: null }), opts), "suspect");
});

Deno.test("compareStat() compares ctime to the ms when the runtime ever reports more than seconds", () => {
  assert.equal(compareStat(entry(), stat({ ctimeMs: 1_700_000_000_987 }), opts), "clean");
  assert.equal(compareStat(entry(), stat({ ctimeMs: 1_700_000_000_500 }), opts), "suspect");
});

Deno.test("compareStat() ignores ctime without trustCtime and owner/inode with checkStat minimal", () => {
  const moved = stat({ ctimeMs: 1_700_000_999_000 });
  assert.equal(compareStat(entry(), moved, { ...opts, trustCtime: false }), "clean");
  const chowned = stat({ uid: 0, ino: 1, ctimeMs: 1_700_000_999_000 });
  assert.equal(compareStat(entry(), chowned, { ...opts, checkStat: "minimal" }), "clean");
  assert.equal(compareStat(entry(), chowned, opts), "suspect");
});

Deno.test("compareStat() compares 32-bit truncated inode and size like git", () => {
  const big = 2 ** 32 + 4242;
  assert.equal(compareStat(entry(), stat({ ino: big }), opts), "clean");
  assert.equal(compareStat(entry({ size: 5 }), stat({ size: 2 ** 32 + 5 }), opts), "clean");
});

Deno.test("compareStat() reports a size change as modified without hashing", () => {
  assert.equal(compareStat(entry(), stat({ size: 13 }), opts), "modified");
});

Deno.test("compareStat() hashes an entry recorded with size 0 unless it is the empty blob", () => {
  assert.equal(compareStat(entry({ size: 0 }), stat({ size: 12 }), opts), "suspect");
  assert.equal(compareStat(entry({ size: 0 }), stat({ size: 0 }), opts), "suspect");
  assert.equal(
    compareStat(entry({ size: 0, oid: EMPTY_BLOB_OID }), stat({ size: 0 }), opts),
    "clean",
  );
});

Deno.test("compareStat() marks an entry not older than the index file as racy, in whole seconds as git does", () => {
  const mtime = 1_700_000_000_123;
  assert.equal(compareStat(entry(), stat(), { indexMtimeMs: mtime }), "racy");
  assert.equal(compareStat(entry(), stat(), { indexMtimeMs: mtime - 1 }), "racy");
  // Written later in the same second: git (no USE_NSEC) still hashes it.
  assert.equal(compareStat(entry(), stat(), { indexMtimeMs: mtime + 500 }), "racy");
  assert.equal(compareStat(entry(), stat(), { indexMtimeMs: 1_700_000_001_000 }), "clean");
  assert.equal(compareStat(entry(), stat(), { indexMtimeMs: null }), "racy");
  assert.equal(compareStat(entry(), stat(), {}), "racy", "unknown index mtime is conservative");
  // git reads an index stamped in second 0 as one with no timestamp: nothing is racy.
  assert.equal(compareStat(entry(), stat(), { indexMtimeMs: 999 }), "clean");
  assert.equal(compareStat(entry(), stat(), { indexMtimeMs: 1000 }), "racy");
});

Deno.test("compareStat() flags the executable bit only with fileMode", () => {
  const exec = stat({ mode: 0o100755 });
  assert.equal(compareStat(entry(), exec, opts), "modified");
  assert.equal(compareStat(entry(), exec, { ...opts, fileMode: false }), "clean");
  assert.equal(compareStat(entry({ mode: 0o100755 }), exec, opts), "clean");
});

Deno.test("compareStat() tells deletions and type changes apart", () => {
  assert.equal(compareStat(entry(), null, opts), "deleted");
  assert.equal(compareStat(entry(), stat({ isFile: false, isDirectory: true }), opts), "deleted");
  assert.equal(compareStat(entry(), stat({ isFile: false, isSymlink: true }), opts), "typeChanged");
  const link = entry({ mode: 0o120000 });
  assert.equal(compareStat(link, stat(), opts), "typeChanged");
  assert.equal(
    compareStat(link, stat({ isFile: false, isSymlink: true, mode: 0o120777 }), opts),
    "clean",
  );
  // A FIFO, socket or device (neither file, directory nor link): git takes it for a regular
  // file, so a regular file's entry is modified and a link's type changed.
  const fifo = stat({ isFile: false, mode: 0o010644 });
  assert.equal(compareStat(entry(), fifo, opts), "modified");
  assert.equal(compareStat(entry({ mode: 0o100755 }), fifo, opts), "modified");
  assert.equal(compareStat(link, fifo, opts), "typeChanged");
});

Deno.test("compareStat() treats a gitlink as clean while its directory exists", () => {
  const sub = entry({ mode: 0o160000, size: 0 });
  assert.equal(compareStat(sub, stat({ isFile: false, isDirectory: true, ino: 1 }), opts), "clean");
  assert.equal(compareStat(sub, null, opts), "deleted");
  assert.equal(compareStat(sub, stat(), opts), "typeChanged");
});
