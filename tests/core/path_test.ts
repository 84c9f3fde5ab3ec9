// Tests for core/path.ts: every absolute form baton meets, POSIX and Windows.

import assert from "node:assert/strict";
import {
  isAbsolutePath,
  joinPath,
  normalizePath,
  parentDir,
  resolvePath,
} from "../../core/path.ts";

Deno.test("isAbsolutePath() knows POSIX, drive, UNC and drive-relative forms", () => {
  for (const p of ["/", "/a/b", "C:/", "C:/a", "c:\\a", "\\\\server\\share\\a", "//server/share"]) {
    assert.ok(isAbsolutePath(p), p);
  }
  for (const p of ["", "a", "./a", "../a", "C:", "C:a", "C:a\\b"]) {
    assert.ok(!isAbsolutePath(p), p);
  }
});

Deno.test("resolvePath() resolves each form", () => {
  assert.equal(resolvePath("/repo/.git", "objects"), "/repo/.git/objects");
  assert.equal(resolvePath("/repo/.git", "../other/.git"), "/repo/other/.git");
  assert.equal(resolvePath("/repo", "/abs/x"), "/abs/x");
  assert.equal(resolvePath("/repo", "C:/w/x"), "C:/w/x");
  assert.equal(resolvePath("/repo", "C:\\w\\..\\x"), "C:/x");
  assert.equal(resolvePath("C:/w", "..\\..\\..\\x"), "C:/x", "never climbs above a drive root");
  assert.equal(resolvePath("/repo", "\\\\srv\\share\\a\\..\\b"), "//srv/share/b");
  assert.equal(resolvePath("//srv/share/a", "../../.."), "//srv/share/", "nor above a UNC share");
  assert.equal(resolvePath("C:/w", "C:x\\y"), "C:/w/x/y", "drive-relative on the same drive");
  assert.equal(resolvePath("c:/w", "C:x"), "c:/w/x", "drive letters compare case-insensitively");
  assert.equal(resolvePath("D:/w", "C:x"), "C:/x", "drive-relative on another drive: its root");
});

Deno.test("normalizePath() and parentDir() keep each root", () => {
  assert.equal(normalizePath("/a//b/./c/.."), "/a/b");
  assert.equal(normalizePath("a/../.."), "..");
  assert.equal(normalizePath("C:\\a\\.\\b"), "C:/a/b");
  assert.equal(normalizePath("//srv/share//a/./b"), "//srv/share/a/b");
  assert.equal(parentDir("/a/b"), "/a");
  assert.equal(parentDir("/a"), "/");
  assert.equal(parentDir("/"), null);
  assert.equal(parentDir("C:/a"), "C:/");
  assert.equal(parentDir("C:/"), null);
  assert.equal(parentDir("//srv/share/a"), "//srv/share/");
  assert.equal(parentDir("//srv/share/"), null);
  assert.equal(joinPath("/a/", "/b", "c"), "/a/b/c");
});
