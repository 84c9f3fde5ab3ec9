import assert from "node:assert/strict";
import {
  assertInside,
  inGitDir,
  InstallEscapeError,
  InstallGitDirError,
  isInside,
  realLocation,
} from "../../../../core/hosts/install/contain_path.ts";
import { TestFs } from "../../../_helpers/fs.ts";

const fs = new TestFs();

async function withDirs(f: (root: string, outside: string) => Promise<void>): Promise<void> {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "baton-test-" }));
  const outside = await Deno.realPath(await Deno.makeTempDir({ prefix: "baton-test-" }));
  try {
    await f(root, outside);
  } finally {
    await Deno.remove(root, { recursive: true });
    await Deno.remove(outside, { recursive: true });
  }
}

Deno.test("isInside() is true for the root and below it, not for a sibling sharing a prefix", () => {
  assert.ok(isInside("/a/b", "/a/b"));
  assert.ok(isInside("/a/b/c", "/a/b/"));
  assert.ok(!isInside("/a/bc", "/a/b"));
  assert.ok(!isInside("/a", "/a/b"));
});

Deno.test("realLocation() resolves the existing part of a path and keeps the missing rest", async () => {
  await withDirs(async (root, outside) => {
    await Deno.mkdir(`${root}/real`);
    await Deno.symlink(outside, `${root}/link`);
    assert.equal(
      await realLocation(fs, `${root}/real/new/file.json`),
      `${root}/real/new/file.json`,
    );
    assert.equal(await realLocation(fs, `${root}/link/new/file.json`), `${outside}/new/file.json`);
    assert.equal(await realLocation(fs, `${root}/`), root);
  });
});

Deno.test("assertInside() refuses a path whose link leads outside the root, and passes one that stays", async () => {
  await withDirs(async (root, outside) => {
    await Deno.mkdir(`${root}/sub`);
    await Deno.symlink(outside, `${root}/escape`);
    await Deno.symlink(`${root}/sub`, `${root}/inner`);
    await assertInside(fs, `${root}/inner/x.json`, root);
    await assertInside(fs, `${root}/not/yet/there.json`, root);
    await assert.rejects(
      assertInside(fs, `${root}/escape/x.json`, root),
      (e: unknown) => e instanceof InstallEscapeError && e.code === "install_symlink_escape",
    );
  });
});

Deno.test("inGitDir() is true in a named git dir and past a .git entry below the root (any case), not for a look-alike name", () => {
  assert.ok(inGitDir("/r/.git/baton/x.json", "/r", []));
  assert.ok(inGitDir("/r/vendor/lib/.GIT/config", "/r", []));
  assert.ok(inGitDir("/elsewhere/gitdir/x", "/r", ["/elsewhere/gitdir"]));
  assert.ok(!inGitDir("/r/.github/x.json", "/r", []));
  assert.ok(!inGitDir("/r/a.git/x.json", "/r", []));
  assert.ok(!inGitDir("/home/.git/r/x.json", "/home/.git/r", []), "only below the root");
});

Deno.test("assertInside() with git dirs refuses a path whose link leads into one, and passes a link that stays in the work tree", async () => {
  await withDirs(async (root) => {
    await Deno.mkdir(`${root}/.git/baton`, { recursive: true });
    await Deno.mkdir(`${root}/conf`);
    await Deno.symlink(`${root}/.git/baton`, `${root}/into`);
    await Deno.symlink(`${root}/conf`, `${root}/fine`);
    await assertInside(fs, `${root}/fine/x.json`, root, []);
    await assert.rejects(
      assertInside(fs, `${root}/into/x.json`, root, []),
      (e: unknown) => e instanceof InstallGitDirError && e.code === "install_into_git_dir",
    );
  });
});
