/**
 * DirStats: the tracked directories' lstat kept in columns gives back what
 * was recorded, field for field, nulls included.
 * @module
 */
import assert from "node:assert/strict";
import { DirStats } from "../../../../core/facts/worktree/dir_stats.ts";
import type { FileStat } from "../../../../core/fs.ts";

const DIR: FileStat = {
  isFile: false,
  isDirectory: true,
  isSymlink: false,
  size: 4096,
  mtimeMs: 1796431910846,
  ctimeMs: 1796431900000,
  ino: 2 ** 40 + 3,
  dev: 2049,
  uid: 0,
  gid: 1000,
  mode: 0o40755,
};

Deno.test("DirStats gives back each directory's lstat as recorded, and whether it is a real directory", () => {
  const stats = new DirStats("/w", ["a", "a/b", "c", "d"]);
  const link: FileStat = { ...DIR, isDirectory: false, isSymlink: true, size: 3, mode: 0o120777 };
  const bare: FileStat = {
    ...DIR,
    mtimeMs: null,
    ctimeMs: null,
    ino: null,
    dev: null,
    uid: null,
    gid: null,
    mode: null,
  };
  stats.set(0, DIR);
  stats.set(1, link);
  stats.set(2, null);
  stats.set(3, bare);
  assert.equal(stats.size, 4);
  assert.deepEqual(stats.statOf("/w/a"), DIR);
  assert.deepEqual(stats.statOf("/w/a/b"), link);
  assert.equal(stats.statOf("/w/c"), null);
  assert.deepEqual(stats.statOf("/w/d"), bare);
  assert.deepEqual(
    ["a", "a/b", "c", "d", "e", ""].map((d) => stats.get(d)),
    [true, false, false, true, undefined, undefined],
  );
  // Not one of the list: undefined (the listing cache then makes its own lstat).
  for (const abs of ["/w", "/w/e", "/wa", "/x/a", "a"]) assert.equal(stats.statOf(abs), undefined);
  // A copy each time: changing one does not change the record.
  stats.statOf("/w/a")!.size = 1;
  assert.equal(stats.statOf("/w/a")!.size, 4096);
});
