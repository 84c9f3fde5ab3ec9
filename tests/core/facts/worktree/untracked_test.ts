/**
 * findUntracked() edge cases against `git status -uall` (the oracle), and the
 * walk's own guarantees: ignored directories are not entered, symlinks are not
 * followed, the cap is reported.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { gitStatus, scanWithGit } from "../../../_helpers/worktree_status.ts";
import { buildTrackedTree } from "../../../../core/facts/worktree/tracked_tree.ts";
import { findUntracked } from "../../../../core/facts/worktree/untracked.ts";
import { parseIndex } from "../../../../core/facts/worktree/index_file.ts";
import { TestFs } from "../../../_helpers/fs.ts";

async function untrackedAgrees(dir: string): Promise<string[]> {
  const ours = (await scanWithGit(dir)).untracked;
  assert.deepEqual(ours, (await gitStatus(dir)).untracked);
  return ours;
}

async function committed(files: Record<string, string>): Promise<string> {
  const dir = await makeRepo("baton-untracked-");
  await writeFiles(dir, { "tracked.txt": "t\n", ...files });
  await commitAll(dir, "base");
  return dir;
}

Deno.test("findUntracked() lets a deeper .gitignore re-include a directory a shallower one ignores", async () => {
  const dir = await committed({ ".gitignore": "build/\n", "sub/.gitignore": "!build/\n" });
  await writeFiles(dir, { "build/a.txt": "x", "sub/build/b.txt": "x", "sub/c.txt": "x" });
  assert.deepEqual(await untrackedAgrees(dir), ["sub/build/b.txt", "sub/c.txt"]);
});

Deno.test("findUntracked() applies directory-only, anchored and ** patterns like git", async () => {
  const dir = await committed({
    ".gitignore": "logs/\n/top-only\na/**/z.txt\n*.o\n!keep.o\n",
  });
  await writeFiles(dir, {
    "logs/x.txt": "x",
    "logs-file/logs": "a file named logs is not a directory",
    "top-only": "x",
    "nested/top-only": "x",
    "a/z.txt": "x",
    "a/b/c/z.txt": "x",
    "a/b/y.txt": "x",
    "m.o": "x",
    "keep.o": "x",
    "deep/keep.o": "x",
  });
  assert.deepEqual(await untrackedAgrees(dir), [
    "a/b/y.txt",
    "deep/keep.o",
    "keep.o",
    "logs-file/logs",
    "nested/top-only",
  ]);
});

Deno.test("findUntracked() lists symlinks without following them", async () => {
  const dir = await committed({});
  await writeFiles(dir, { "real/inside.txt": "x" });
  await Deno.symlink("real", `${dir}/dirlink`);
  await Deno.symlink("missing-target", `${dir}/dangling`);
  assert.deepEqual(await untrackedAgrees(dir), ["dangling", "dirlink", "real/inside.txt"]);
});

Deno.test("findUntracked() matches case-sensitively unless ignoreCase is set", async () => {
  const dir = await committed({ ".gitignore": "*.LOG\n" });
  await writeFiles(dir, { "a.log": "x", "b.LOG": "x" });
  assert.deepEqual(await untrackedAgrees(dir), ["a.log"]);
  await git(dir, ["config", "core.ignoreCase", "true"]);
  const folded = (await scanWithGit(dir, { ignoreCase: true })).untracked;
  assert.deepEqual(folded, (await gitStatus(dir)).untracked);
  assert.deepEqual(folded, []);
});

Deno.test("findUntracked() never enters an ignored directory", async () => {
  const dir = await committed({ ".gitignore": "node_modules/\n" });
  const files: Record<string, string> = {};
  for (let i = 0; i < 30; i++) files[`node_modules/p${i}/index.js`] = "x";
  await writeFiles(dir, { ...files, "src/new.ts": "x" });
  const listed: string[] = [];
  const fs = new TestFs();
  const counting = Object.assign(Object.create(fs), {
    readDir(path: string) {
      listed.push(path);
      return fs.readDir(path);
    },
  });
  const index = parseIndex(await Deno.readFile(`${dir}/.git/index`));
  const res = await findUntracked(
    counting,
    { workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` },
    { tracked: buildTrackedTree(index) },
  );
  assert.deepEqual(res.paths, ["src/new.ts"]);
  assert.ok(!listed.some((p) => p.includes("node_modules")), "node_modules was listed");
  assert.equal(res.dirsRead, 2);
});

Deno.test("findUntracked() reports truncation at a cap of zero when anything is untracked", async () => {
  const dir = await committed({});
  const index = parseIndex(await Deno.readFile(`${dir}/.git/index`));
  const repo = { workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` };
  const tracked = buildTrackedTree(index);
  const clean = await findUntracked(new TestFs(), repo, { tracked, maxUntracked: 0 });
  assert.deepEqual([clean.paths, clean.truncated], [[], false]);
  await writeFiles(dir, { "u.txt": "x" });
  const capped = await findUntracked(new TestFs(), repo, { tracked, maxUntracked: 0 });
  assert.deepEqual([capped.paths, capped.truncated], [[], true]);
});

Deno.test("findUntracked() treats a directory with an empty .git folder as ordinary", async () => {
  const dir = await committed({});
  await writeFiles(dir, { "notrepo/file.txt": "x" });
  await Deno.mkdir(`${dir}/notrepo/.git`);
  assert.deepEqual(await untrackedAgrees(dir), ["notrepo/file.txt"]);
});

Deno.test("findUntracked() reads the listing cache's packed form as it reads entry objects", async () => {
  const dir = await committed({
    "full/a.txt": "a",
    "full/b.txt": "b",
    "mixed/kept.txt": "k",
    "ign/.gitignore": "*.log\n",
    "ign/t.txt": "t",
  });
  await writeFiles(dir, {
    "mixed/new.txt": "n",
    "ign/x.log": "x",
    "ign/y.txt": "y",
    "fresh/deep/z.txt": "z",
    "nested/inner.txt": "i",
  });
  await git(dir, ["init", "-q", `${dir}/nested`]);
  await git(`${dir}/nested`, ["commit", "-q", "--allow-empty", "-m", "n"]);
  await Deno.symlink("full", `${dir}/linked`);
  const fs = new TestFs();
  let packed = 0;
  const kind = (e: { isFile: boolean; isDirectory: boolean; isSymlink: boolean }) =>
    e.isSymlink ? "l" : e.isDirectory ? "d" : e.isFile ? "f" : "o";
  const readDir = async (path: string) => {
    const entries = await fs.readDir(path);
    packed++;
    return { names: entries.map((e) => e.name).join("/"), kinds: entries.map(kind).join("") };
  };
  const viaPacked = await scanWithGit(dir, { readDir });
  const viaEntries = await scanWithGit(dir);
  const expected = (await gitStatus(dir)).untracked;
  assert.ok(packed > 3, "the packed listings were not used");
  assert.deepEqual(viaPacked.untracked, expected);
  assert.deepEqual(viaEntries.untracked, expected);
  assert.deepEqual(expected, [
    "fresh/deep/z.txt",
    "ign/y.txt",
    "linked",
    "mixed/new.txt",
    "nested/",
  ]);
});
