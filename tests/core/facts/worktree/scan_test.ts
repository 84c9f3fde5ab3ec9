/**
 * scanWorktree() against `git status --porcelain=v2 -uall` on real repositories
 * built with the git binary (the oracle), one scenario per test.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { removeAfterTests } from "../../../_helpers/temp.ts";
import {
  batonView,
  gitStatus,
  scanWithGit,
  type ScanWithGitOptions,
} from "../../../_helpers/worktree_status.ts";
import { scanWorktree, type WorktreeStatus } from "../../../../core/facts/worktree/scan.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import { catFileReader } from "../../../_helpers/worktree_objects.ts";

/** Scans, compares with git, and checks .git/index was not touched. */
async function assertAgrees(
  dir: string,
  options: ScanWithGitOptions = {},
): Promise<WorktreeStatus> {
  const indexPath = `${options.repo?.gitDir ?? `${dir}/.git`}/index`;
  const before = await readOptional(indexPath);
  const mtimeBefore = (await lstatOptional(indexPath))?.mtime?.getTime() ?? null;
  const status = await scanWithGit(dir, options);
  assert.deepEqual(batonView(status), await gitStatus(dir));
  assert.deepEqual(await readOptional(indexPath), before, ".git/index bytes changed");
  assert.equal((await lstatOptional(indexPath))?.mtime?.getTime() ?? null, mtimeBefore);
  return status;
}

async function readOptional(path: string): Promise<Uint8Array | null> {
  try {
    return await Deno.readFile(path);
  } catch {
    return null;
  }
}

async function lstatOptional(path: string): Promise<Deno.FileInfo | null> {
  try {
    return await Deno.lstat(path);
  } catch {
    return null;
  }
}

async function baseRepo(): Promise<string> {
  const dir = await makeRepo("baton-wt-");
  await writeFiles(dir, {
    "a.txt": "alpha\n",
    "b.txt": "bravo\n",
    "c.txt": "charlie\n",
    "d.txt": "delta\n",
    "src/one.ts": "export const one = 1;\n",
    "src/deep/two.ts": "export const two = 2;\n",
    "src/deep/three.ts": "export const three = 3;\n",
    "docs/readme.md": "# docs\n",
  });
  await commitAll(dir, "base");
  return dir;
}

Deno.test("scanWorktree() reports nothing for a clean repository and hashes nothing", async () => {
  const dir = await baseRepo();
  // Let git refresh its own index once so stat data is fresh, then make the
  // index a few seconds newer than every file: git's racy rule counts whole
  // seconds, so only then is no entry racy.
  await git(dir, ["update-index", "--really-refresh"]);
  await git(dir, ["update-index", "--force-write-index"], { allowFail: true });
  const later = Date.now() / 1000 + 5;
  await Deno.utime(`${dir}/.git/index`, later, later);
  const status = await assertAgrees(dir);
  assert.deepEqual(status.entries, []);
  assert.deepEqual(status.untracked, []);
  assert.equal(status.treesRead, 1, "the cache-tree matched HEAD, so only its root tree was read");
  assert.equal(status.hashedCount, 0, "stat data git wrote is trusted at Deno's precision");
  assert.equal(status.racyCount, 0);
  assert.equal(status.lstatCount, 8 + 3, "8 files and the src/, src/deep/ and docs/ directories");
});

Deno.test("scanWorktree() reports staged and unstaged modifications, deletions and additions", async () => {
  const dir = await baseRepo();
  await Deno.writeTextFile(`${dir}/a.txt`, "alpha changed\n"); // .M
  await Deno.writeTextFile(`${dir}/b.txt`, "bravo staged\n");
  await git(dir, ["add", "b.txt"]); // M.
  await Deno.writeTextFile(`${dir}/c.txt`, "charlie staged\n");
  await git(dir, ["add", "c.txt"]);
  await Deno.writeTextFile(`${dir}/c.txt`, "charlie staged then changed\n"); // MM
  await Deno.remove(`${dir}/d.txt`); // .D
  await git(dir, ["rm", "-q", "src/one.ts"]); // D.
  await writeFiles(dir, { "new.txt": "new\n", "new2.txt": "new2\n", "new3.txt": "n3\n" });
  await git(dir, ["add", "new.txt", "new2.txt", "new3.txt"]); // A.
  await Deno.writeTextFile(`${dir}/new2.txt`, "new2 changed\n"); // AM
  await Deno.remove(`${dir}/new3.txt`); // AD
  const status = await assertAgrees(dir);
  const xy = Object.fromEntries(status.entries.map((e) => [e.path, e.x + e.y]));
  assert.deepEqual(xy, {
    "a.txt": ".M",
    "b.txt": "M.",
    "c.txt": "MM",
    "d.txt": ".D",
    "new.txt": "A.",
    "new2.txt": "AM",
    "new3.txt": "AD",
    "src/one.ts": "D.",
  });
});

Deno.test("scanWorktree() reports a git mv as an exact rename with its original path", async () => {
  const dir = await baseRepo();
  await git(dir, ["mv", "src/deep/two.ts", "src/moved.ts"]);
  await git(dir, ["mv", "a.txt", "docs/a.txt"]);
  await Deno.writeTextFile(`${dir}/docs/a.txt`, "alpha after move\n"); // RM
  const status = await assertAgrees(dir);
  const renamed = status.entries.filter((e) => e.x === "R");
  assert.deepEqual(
    renamed.map((e) => [e.path, e.origPath, e.y]),
    [["docs/a.txt", "a.txt", "M"], ["src/moved.ts", "src/deep/two.ts", "."]],
  );
});

Deno.test("scanWorktree() reports a file replaced by a symlink as a type change", async () => {
  const dir = await baseRepo();
  await Deno.remove(`${dir}/a.txt`);
  await Deno.symlink("b.txt", `${dir}/a.txt`); // .T
  await Deno.remove(`${dir}/c.txt`);
  await Deno.symlink("d.txt", `${dir}/c.txt`);
  await git(dir, ["add", "c.txt"]); // T.
  const status = await assertAgrees(dir);
  const a = status.entries.find((e) => e.path === "a.txt");
  assert.deepEqual(a, { path: "a.txt", x: ".", y: "T", kind: "symlink" });
  assert.equal(status.entries.find((e) => e.path === "c.txt")?.x, "T");
});

Deno.test("scanWorktree() handles tracked symlinks and paths below a symlinked directory", async () => {
  const dir = await baseRepo();
  await Deno.symlink("a.txt", `${dir}/link`);
  await Deno.symlink("src", `${dir}/srclink`);
  await commitAll(dir, "links");
  // Clean symlinks first.
  assert.deepEqual((await assertAgrees(dir)).entries, []);
  // Retarget one link (same length, so only hashing can tell) and replace a
  // directory by a symlink to a copy of it: git reports its files deleted.
  await Deno.remove(`${dir}/link`);
  await Deno.symlink("b.txt", `${dir}/link`);
  await Deno.rename(`${dir}/src/deep`, `${dir}/deep-moved`);
  await Deno.symlink("../deep-moved", `${dir}/src/deep`);
  const status = await assertAgrees(dir);
  assert.deepEqual(status.entries.find((e) => e.path === "link"), {
    path: "link",
    x: ".",
    y: "M",
    kind: "symlink",
  });
  assert.ok(status.untracked.includes("src/deep"), "the symlink itself is untracked, not followed");
  assert.ok(status.untracked.includes("deep-moved/two.ts"));
});

Deno.test("scanWorktree() lists untracked files one by one and skips empty directories", async () => {
  const dir = await baseRepo();
  await writeFiles(dir, {
    "u1.txt": "u\n",
    "newdir/x.txt": "x\n",
    "newdir/sub/y.txt": "y\n",
    "src/deep/untracked.ts": "u\n",
    "a b/with space.txt": "s\n",
  });
  await Deno.mkdir(`${dir}/emptydir/inner`, { recursive: true });
  const status = await assertAgrees(dir);
  assert.deepEqual(status.untracked, [
    "a b/with space.txt",
    "newdir/sub/y.txt",
    "newdir/x.txt",
    "src/deep/untracked.ts",
    "u1.txt",
  ]);
  assert.equal(status.untrackedTruncated, false);
});

Deno.test("scanWorktree() honours nested .gitignore files, negation, info/exclude and core.excludesFile", async () => {
  const dir = await baseRepo();
  const excludes = removeAfterTests(`${dir}/../${dir.split("/").pop()}-global-ignore`);
  await Deno.writeTextFile(excludes, "*.global\n");
  await writeFiles(dir, {
    ".gitignore": "*.log\nbuild/\n/rootonly.txt\n",
    "src/.gitignore": "*.tmp\n!keep.tmp\ngen/\n",
    "src/deep/.gitignore": "!important.log\n",
    "app.log": "x",
    "src/app.log": "x",
    "src/deep/important.log": "x",
    "src/deep/other.log": "x",
    "src/x.tmp": "x",
    "src/keep.tmp": "x",
    "src/gen/out.js": "x",
    "build/out.bin": "x",
    "nested/build/out.bin": "x",
    "rootonly.txt": "x",
    "nested/rootonly.txt": "x",
    "secret.local": "x",
    "src/note.global": "x",
    "visible.txt": "x",
  });
  await Deno.writeTextFile(`${dir}/.git/info/exclude`, "*.local\n");
  await git(dir, ["config", "core.excludesFile", excludes]);
  const status = await assertAgrees(dir, { excludesFile: excludes });
  assert.deepEqual(status.untracked, [
    ".gitignore",
    "nested/rootonly.txt",
    "src/.gitignore",
    "src/deep/.gitignore",
    "src/deep/important.log",
    "src/keep.tmp",
    "visible.txt",
  ]);
  // Positive control: without core.excludesFile the .global file shows up.
  await git(dir, ["config", "--unset", "core.excludesFile"]);
  const plain = await assertAgrees(dir, { excludesFile: null });
  assert.ok(plain.untracked.includes("src/note.global"));
});

Deno.test("scanWorktree() does not re-include files below an ignored directory", async () => {
  const dir = await baseRepo();
  await writeFiles(dir, {
    ".gitignore": "out/\n!out/keep.txt\n",
    "out/keep.txt": "k",
    "out/drop.txt": "d",
  });
  const status = await assertAgrees(dir);
  assert.deepEqual(status.untracked, [".gitignore"]);
});

Deno.test("scanWorktree() stops the untracked walk at maxUntracked and says so", async () => {
  const dir = await baseRepo();
  await writeFiles(dir, {
    "u/1.txt": "1",
    "u/2.txt": "2",
    "u/3.txt": "3",
    "u/4.txt": "4",
    "v.txt": "5",
  });
  const full = await scanWithGit(dir);
  assert.equal(full.untracked.length, 5);
  assert.equal(full.untrackedTruncated, false);
  const capped = await scanWithGit(dir, { maxUntracked: 3 });
  assert.equal(capped.untrackedTruncated, true);
  assert.deepEqual(capped.untracked, full.untracked.slice(0, 3));
  const exact = await scanWithGit(dir, { maxUntracked: 5 });
  assert.equal(exact.untrackedTruncated, false);
});

Deno.test("scanWorktree() reports a nested repository once as dir/ and never enters it", async () => {
  const dir = await baseRepo();
  await writeFiles(dir, { "inner/file.txt": "i\n" });
  await git(`${dir}/inner`, ["init", "-q"]);
  const status = await assertAgrees(dir);
  assert.deepEqual(status.untracked, ["inner/"]);
});

Deno.test("scanWorktree() hashes a racily clean entry and finds it clean", async () => {
  const dir = await makeRepo("baton-wt-");
  await writeFiles(dir, { "f.txt": "same size A\n" });
  await git(dir, ["add", "f.txt"]);
  await git(dir, ["commit", "-q", "-m", "one"]);
  // Force the recorded mtime and the index file's mtime to the same instant.
  await Deno.utime(`${dir}/f.txt`, 1_700_000_000, 1_700_000_000);
  await git(dir, ["update-index", "--really-refresh"]);
  await Deno.utime(`${dir}/.git/index`, 1_700_000_000, 1_700_000_000);
  const status = await assertAgrees(dir);
  assert.deepEqual(status.entries, []);
  assert.equal(status.racyCount, 1);
  assert.equal(status.hashedCount, 1);
});

Deno.test("scanWorktree() catches a same-size rewrite hidden behind equal mtimes", async () => {
  const dir = await makeRepo("baton-wt-");
  await writeFiles(dir, { "f.txt": "same size A\n", "g.txt": "other\n" });
  await Deno.utime(`${dir}/f.txt`, 1_700_000_000, 1_700_000_000);
  await git(dir, ["add", "-A"]);
  await git(dir, ["commit", "-q", "-m", "one"]);
  await Deno.writeTextFile(`${dir}/f.txt`, "same size B\n");
  await Deno.utime(`${dir}/f.txt`, 1_700_000_000, 1_700_000_000);
  await Deno.utime(`${dir}/.git/index`, 1_700_000_000, 1_700_000_000);
  const status = await assertAgrees(dir);
  assert.deepEqual(status.entries.map((e) => e.path + " " + e.x + e.y), ["f.txt .M"]);
  assert.ok(status.hashedCount >= 1);
});

Deno.test("scanWorktree() catches a same-size rewrite right after git add", async () => {
  const dir = await makeRepo("baton-wt-");
  await writeFiles(dir, { "f.txt": "0123456789\n" });
  await git(dir, ["add", "f.txt"]);
  await Deno.writeTextFile(`${dir}/f.txt`, "9876543210\n");
  const status = await assertAgrees(dir);
  assert.deepEqual(status.entries.map((e) => e.path + " " + e.x + e.y), ["f.txt AM"]);
});

Deno.test("scanWorktree() reports a gitlink as a submodule: clean with its directory, D without", async () => {
  const dir = await baseRepo();
  const head = (await git(dir, ["rev-parse", "HEAD"])).stdout.trim();
  await git(dir, ["update-index", "--add", "--cacheinfo", `160000,${head},sub`]);
  await git(dir, ["update-index", "--add", "--cacheinfo", `160000,${head},present`]);
  await Deno.mkdir(`${dir}/present`);
  await writeFiles(dir, { "present/inside.txt": "not listed\n" });
  const status = await assertAgrees(dir);
  assert.deepEqual(status.entries.filter((e) => e.kind === "submodule").map((e) => e.x + e.y), [
    "A.",
    "AD",
  ]);
  assert.deepEqual(status.untracked, []);
});

Deno.test("scanWorktree() treats a checked-out submodule as clean and does not descend", async () => {
  const sub = await makeRepo("baton-wt-sub-");
  await writeFiles(sub, { "lib.txt": "lib\n" });
  await commitAll(sub, "lib");
  const dir = await baseRepo();
  await git(dir, ["-c", "protocol.file.allow=always", "submodule", "add", "-q", sub, "vendor/lib"]);
  await commitAll(dir, "add submodule");
  await writeFiles(dir, { "vendor/lib/untracked-in-sub.txt": "x\n" });
  const status = await scanWithGit(dir);
  // git marks the submodule ".M" with S..U because of the untracked file
  // inside; baton does not look inside submodules (documented).
  assert.deepEqual(status.entries, []);
  assert.deepEqual(status.untracked, []);
  await Deno.remove(`${dir}/vendor/lib/untracked-in-sub.txt`);
  await assertAgrees(dir);
});

for (const version of [2, 3, 4]) {
  Deno.test(`scanWorktree() reads a version-${version} index`, async () => {
    const dir = await baseRepo();
    await git(dir, ["update-index", "--index-version", String(version)]);
    await Deno.writeTextFile(`${dir}/src/deep/two.ts`, "changed\n");
    await git(dir, ["mv", "docs/readme.md", "docs/README.md"]);
    await writeFiles(dir, { "src/deep/four.ts": "4\n", "loose.txt": "l\n" });
    await git(dir, ["add", "src/deep/four.ts"]);
    if (version >= 3) {
      await writeFiles(dir, { "later.txt": "intent\n", "gone.txt": "intent\n" });
      await git(dir, ["add", "-N", "later.txt", "gone.txt"]);
      await Deno.remove(`${dir}/gone.txt`);
    }
    const status = await assertAgrees(dir);
    assert.equal(status.indexVersion, version);
    if (version >= 3) {
      assert.equal(status.entries.find((e) => e.path === "later.txt")?.y, "A");
      assert.equal(status.entries.find((e) => e.path === "gone.txt")?.y, "D");
    }
  });
}

Deno.test("scanWorktree() reports a path removed from the index and re-added with -N as DA", async () => {
  const dir = await baseRepo();
  await git(dir, ["rm", "-q", "--cached", "b.txt"]);
  await git(dir, ["add", "-N", "b.txt"]);
  const status = await assertAgrees(dir);
  assert.deepEqual(status.entries.map((e) => e.path + " " + e.x + e.y), ["b.txt DA"]);
});

Deno.test("scanWorktree() reports everything as added in a repository without commits", async () => {
  const dir = await makeRepo("baton-wt-");
  await writeFiles(dir, { "a.txt": "a\n", "dir/b.txt": "b\n", "loose.txt": "l\n" });
  await git(dir, ["add", "a.txt", "dir/b.txt"]);
  const status = await assertAgrees(dir);
  assert.deepEqual(status.entries.map((e) => e.x + e.y), ["A.", "A."]);
  assert.deepEqual(status.untracked, ["loose.txt"]);
});

Deno.test("scanWorktree() works in a fresh repository with no index file", async () => {
  const dir = await makeRepo("baton-wt-");
  await writeFiles(dir, { "a.txt": "a\n" });
  const status = await assertAgrees(dir);
  assert.equal(status.indexVersion, null);
  assert.deepEqual(status.untracked, ["a.txt"]);
});

Deno.test("scanWorktree() reports unmerged paths of a conflicted merge with porcelain letters", async () => {
  const dir = await baseRepo();
  await git(dir, ["checkout", "-q", "-b", "other"]);
  await Deno.writeTextFile(`${dir}/a.txt`, "alpha from other\n");
  await Deno.remove(`${dir}/b.txt`);
  await writeFiles(dir, { "both.txt": "other side\n", "c.txt": "charlie other\n" });
  await commitAll(dir, "other");
  await git(dir, ["checkout", "-q", "main"]);
  await Deno.writeTextFile(`${dir}/a.txt`, "alpha from main\n");
  await Deno.writeTextFile(`${dir}/b.txt`, "bravo main\n");
  await Deno.remove(`${dir}/c.txt`);
  await writeFiles(dir, { "both.txt": "main side\n", "d.txt": "delta merged cleanly? no, main\n" });
  await commitAll(dir, "main");
  const merge = await git(dir, ["merge", "-q", "other"], { allowFail: true });
  assert.notEqual(merge.code, 0, "the merge must conflict");
  const status = await assertAgrees(dir);
  const xy = Object.fromEntries(status.entries.map((e) => [e.path, e.x + e.y]));
  assert.equal(xy["a.txt"], "UU");
  assert.equal(xy["both.txt"], "AA");
  assert.equal(xy["b.txt"], "UD");
  assert.equal(xy["c.txt"], "DU");
});

Deno.test("scanWorktree() works in a linked worktree given its own git dir", async () => {
  const dir = await baseRepo();
  const linked = removeAfterTests(`${dir}-linked`);
  await git(dir, ["worktree", "add", "-q", "-b", "side", linked]);
  await Deno.writeTextFile(`${linked}/a.txt`, "changed in linked\n");
  await writeFiles(linked, { "only-here.txt": "x\n" });
  await Deno.writeTextFile(`${dir}/.git/info/exclude`, "*.excluded\n");
  await writeFiles(linked, { "skip.excluded": "x\n" });
  const repo = {
    workTree: linked,
    gitDir: `${dir}/.git/worktrees/${linked.split("/").pop()}`,
    commonDir: `${dir}/.git`,
  };
  const status = await assertAgrees(linked, { repo });
  assert.deepEqual(status.entries.map((e) => e.path + " " + e.x + e.y), ["a.txt .M"]);
  assert.deepEqual(status.untracked, ["only-here.txt"]);
});

Deno.test("scanWorktree() respects core.fileMode for executable-bit changes", async () => {
  const dir = await baseRepo();
  await Deno.chmod(`${dir}/a.txt`, 0o755);
  const status = await assertAgrees(dir);
  assert.deepEqual(status.entries.map((e) => e.path + " " + e.x + e.y), ["a.txt .M"]);
  await git(dir, ["config", "core.fileMode", "false"]);
  const ignored = await assertAgrees(dir, { fileMode: false });
  assert.deepEqual(ignored.entries, []);
});

Deno.test("scanWorktree() reports a tracked file replaced by a directory as deleted plus untracked", async () => {
  const dir = await baseRepo();
  await Deno.remove(`${dir}/a.txt`);
  await writeFiles(dir, { "a.txt/inner.txt": "x\n" });
  const status = await assertAgrees(dir);
  assert.deepEqual(status.entries.map((e) => e.path + " " + e.x + e.y), ["a.txt .D"]);
  assert.deepEqual(status.untracked, ["a.txt/inner.txt"]);
});

/** TestFs whose readFile hands out the index in the given wrapping and keeps what it handed out. */
class KeepingFs extends TestFs {
  readonly given: Uint8Array[] = [];
  constructor(readonly wrap: (bytes: Uint8Array) => Uint8Array) {
    super();
  }
  override async readFile(path: string): Promise<Uint8Array> {
    const bytes = await super.readFile(path);
    if (!path.endsWith("/index")) return bytes;
    const out = this.wrap(bytes);
    this.given.push(out);
    return out;
  }
}

Deno.test("scanWorktree() frees the index bytes it read once parsed, and leaves a view into a larger buffer alone", async () => {
  const dir = await baseRepo();
  await writeFiles(dir, { "a.txt": "changed\n" });
  const repo = { workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` };
  const headTreeOid = (await git(dir, ["rev-parse", "HEAD^{tree}"])).stdout.trim();
  const objects = catFileReader(dir);
  try {
    const own = new KeepingFs((b) => b);
    const shared = new KeepingFs((b) => {
      const big = new Uint8Array(b.length + 8);
      big.set(b, 8);
      return big.subarray(8);
    });
    for (const fs of [own, shared]) {
      const status = await scanWorktree(fs, repo, { headTreeOid, objects, verifyChecksum: true });
      assert.deepEqual(batonView(status), await gitStatus(dir), "the scan still agrees with git");
      assert.equal(fs.given.length, 1, "control: the index was read through readFile");
    }
    assert.equal(own.given[0]!.byteLength, 0, "its own buffer is detached");
    assert.ok(shared.given[0]!.byteLength > 0, "a view into a larger buffer is kept");
  } finally {
    await objects.close();
  }
});
