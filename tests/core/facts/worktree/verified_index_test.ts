/**
 * The verified index checksum: a record vouches only for the same file
 * (identity and trailer), a scan reuses it instead of hashing, a damaged
 * index is still found with a record on disk, and a record is kept only for
 * an index that had settled before the scan. Real repositories throughout.
 * @module
 */
import assert from "node:assert/strict";
import {
  parseVerifiedIndex,
  provenBefore,
  serializeVerifiedIndex,
  SETTLE_MS,
  settled,
  VERIFIED_INDEX_NAME,
  verifiedIndexRecord,
} from "../../../../core/facts/worktree/verified_index.ts";
import { collectFacts } from "../../../../core/facts/collect.ts";
import { commitAll, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { scanWithGit } from "../../../_helpers/worktree_status.ts";
import { TestFs } from "../../../_helpers/fs.ts";

const fs = new TestFs();
const SUM = "ab".repeat(20);

async function withRepo(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await makeRepo("baton-verified-index-");
  try {
    await writeFiles(dir, { "a.txt": "a\n", "d/b.txt": "b\n" });
    await commitAll(dir);
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function indexStat(dir: string) {
  const st = await Deno.lstat(`${dir}/.git/index`);
  return { size: st.size, mtimeMs: st.mtime!.getTime(), ctimeMs: st.ctime!.getTime(), ino: st.ino };
}

async function trailer(dir: string): Promise<string> {
  const bytes = await Deno.readFile(`${dir}/.git/index`);
  return [...bytes.subarray(bytes.length - 20)].map((b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}

Deno.test("a verified-index record vouches only for the same identity and trailer", () => {
  const stat = { size: 9, mtimeMs: 1, ctimeMs: 1000, ino: 7 };
  const record = verifiedIndexRecord(stat, SUM)!;
  assert.equal(provenBefore(record, stat, SUM), true, "control: the same file");
  for (const other of [{ size: 10 }, { mtimeMs: 2 }, { ctimeMs: 2000 }, { ino: 8 }]) {
    assert.equal(provenBefore(record, { ...stat, ...other }, SUM), false, JSON.stringify(other));
  }
  assert.equal(provenBefore(record, stat, "cd".repeat(20)), false, "another trailer");
  assert.equal(provenBefore(null, stat, SUM), false, "no record");
  assert.equal(provenBefore(record, { ...stat, ino: null }, SUM), false, "no inode now");
  // An all-zero trailer (index.skipHash) or a malformed one is never recorded.
  assert.equal(verifiedIndexRecord(stat, "0".repeat(40)), null);
  assert.equal(verifiedIndexRecord(stat, "xyz"), null);
  assert.deepEqual(parseVerifiedIndex(serializeVerifiedIndex(record)), record);
  for (
    const bad of [
      "",
      "[]",
      '{"format":"baton-index-checksum-1"}',
      serializeVerifiedIndex(record).replace('"ino":7', '"ino":-1'),
      serializeVerifiedIndex(record).replace(SUM, "0".repeat(40)),
    ]
  ) assert.equal(parseVerifiedIndex(bad), null, bad);
  assert.equal(settled(record, 1000 + SETTLE_MS), true);
  assert.equal(settled(record, 1000 + SETTLE_MS - 1), false);
});

Deno.test("scanWorktree() takes a record of this index as verified and hashes any other", async () => {
  await withRepo(async (dir) => {
    const record = verifiedIndexRecord(await indexStat(dir), await trailer(dir))!;
    const proven = await scanWithGit(dir, { verifiedIndex: record });
    assert.equal(proven.indexChecksum, "proven");
    assert.deepEqual(proven.verifiedIndex, record);
    const stale = { ...record, ctimeMs: record.ctimeMs - 5000 };
    assert.equal(
      (await scanWithGit(dir, { verifiedIndex: stale, verifyChecksum: true })).indexChecksum,
      "verified",
    );
    const unchecked = await scanWithGit(dir, { verifiedIndex: stale });
    assert.equal(unchecked.indexChecksum, "unverified");
    assert.equal(unchecked.verifiedIndex, null);
  });
});

Deno.test("collectFacts() keeps a record of a settled index and still finds it damaged later", async () => {
  await withRepo(async (dir) => {
    const recordPath = `${dir}/.git/baton/${VERIFIED_INDEX_NAME}`;
    // A scan starting when git wrote the index records nothing (it may not have settled).
    const written = new Date((await indexStat(dir)).mtimeMs);
    const fresh = await collectFacts(fs, dir, { now: () => written, cacheFs: fs });
    assert.equal(fresh.unavailable, undefined);
    await assert.rejects(Deno.lstat(recordPath), Deno.errors.NotFound);
    // A scan that starts well after the index was written keeps one.
    const later = () => new Date(Date.now() + 10 * SETTLE_MS);
    const first = await collectFacts(fs, dir, { now: later, cacheFs: fs });
    assert.equal(first.unavailable, undefined);
    const stored = parseVerifiedIndex(await Deno.readTextFile(recordPath));
    assert.deepEqual(stored, verifiedIndexRecord(await indexStat(dir), await trailer(dir)));
    // The next scan reuses it and agrees.
    const again = await collectFacts(fs, dir, { now: later, cacheFs: fs });
    assert.equal(again.unavailable, undefined);
    assert.equal(again.dirty, false);
    // A flipped byte in the entries, trailer kept: the file is not the one
    // recorded, so it is hashed and refused.
    const bytes = await Deno.readFile(`${dir}/.git/index`);
    bytes[20] = bytes[20]! ^ 0x01;
    await Deno.writeFile(`${dir}/.git/index`, bytes);
    const damaged = await collectFacts(fs, dir, { now: later, cacheFs: fs });
    const worktree = damaged.unavailable?.find((u) => u.part === "worktree");
    assert.match(worktree?.reason ?? "", /checksum does not match/);
  });
});

Deno.test("collectFacts() never vouches for an index that is a symbolic link: its target can change under the link", async () => {
  await withRepo(async (dir) => {
    const recordPath = `${dir}/.git/baton/${VERIFIED_INDEX_NAME}`;
    const later = () => new Date(Date.now() + 10 * SETTLE_MS);
    // control: a plain index is recorded
    await collectFacts(fs, dir, { now: later, cacheFs: fs });
    assert.ok(parseVerifiedIndex(await Deno.readTextFile(recordPath)));
    await Deno.remove(recordPath);
    // git reads an index through a symbolic link; its lstat is the link's
    await Deno.rename(`${dir}/.git/index`, `${dir}/.git/index.real`);
    await Deno.symlink("index.real", `${dir}/.git/index`);
    const linked = await collectFacts(fs, dir, { now: later, cacheFs: fs });
    assert.equal(linked.unavailable, undefined);
    assert.equal(linked.dirty, false);
    // a record planted for the link's identity and the trailer
    const linkStat = await indexStat(dir);
    const record = verifiedIndexRecord(linkStat, await trailer(dir))!;
    await Deno.mkdir(`${dir}/.git/baton`, { recursive: true });
    await Deno.writeTextFile(recordPath, serializeVerifiedIndex(record));
    // the target damaged in place, trailer kept: the link's lstat is unchanged
    const bytes = await Deno.readFile(`${dir}/.git/index.real`);
    bytes[20] = bytes[20]! ^ 0x01;
    await Deno.writeFile(`${dir}/.git/index.real`, bytes);
    assert.deepEqual(await indexStat(dir), linkStat);
    const damaged = await collectFacts(fs, dir, { now: later, cacheFs: fs });
    const worktree = damaged.unavailable?.find((u) => u.part === "worktree");
    assert.match(worktree?.reason ?? "", /checksum does not match/);
  });
});
