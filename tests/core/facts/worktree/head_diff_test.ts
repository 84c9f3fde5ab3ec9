/**
 * diffIndexHead() on real repositories: the cache-tree shortcut, the fallback
 * when it is missing or inconsistent, exact renames, and reads through both
 * the test `git cat-file` reader and baton's own object reader.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { catFileReader } from "../../../_helpers/worktree_objects.ts";
import { batonView, gitStatus } from "../../../_helpers/worktree_status.ts";
import { diffIndexHead, type HeadDiff } from "../../../../core/facts/worktree/head_diff.ts";
import { type GitIndex, parseIndex } from "../../../../core/facts/worktree/index_file.ts";
import { scanWorktree } from "../../../../core/facts/worktree/scan.ts";
import { createObjectReader } from "../../../../core/facts/git/object_reader.ts";
import { GitCorruptError } from "../../../../core/facts/git/errors.ts";
import { TestFs } from "../../../_helpers/fs.ts";

async function repoWithTree(): Promise<string> {
  const dir = await makeRepo("baton-head-");
  await writeFiles(dir, {
    "top.txt": "top\n",
    "src/a.ts": "a\n",
    "src/deep/b.ts": "b\n",
    "src/deep/c.ts": "c\n",
    "docs/guide/intro.md": "intro\n",
    "docs/guide/more.md": "more\n",
    "x/one.txt": "same content\n",
    "y/same.txt": "same content\n",
  });
  await commitAll(dir, "tree");
  return dir;
}

async function headTree(dir: string): Promise<string> {
  return (await git(dir, ["rev-parse", "HEAD^{tree}"])).stdout.trim();
}

async function readIndex(dir: string): Promise<GitIndex> {
  return parseIndex(await Deno.readFile(`${dir}/.git/index`));
}

async function diffWith(dir: string, index: GitIndex): Promise<HeadDiff> {
  const objects = catFileReader(dir);
  try {
    return await diffIndexHead(index, { headTreeOid: await headTree(dir), objects });
  } finally {
    await objects.close();
  }
}

/** The X column of git status as "X path[ <- orig]" lines. */
async function gitCached(dir: string): Promise<string[]> {
  return (await gitStatus(dir)).entries
    .filter((e) => e.xy[0] !== ".")
    .map((e) => `${e.xy[0]} ${e.path}${e.origPath === undefined ? "" : ` <- ${e.origPath}`}`);
}

function lines(diff: HeadDiff): string[] {
  return diff.staged.map((s) =>
    `${s.x} ${s.path}${s.origPath === undefined ? "" : ` <- ${s.origPath}`}`
  );
}

Deno.test("diffIndexHead() reads only HEAD's root tree when the cache-tree root matches HEAD (git reads that one too)", async () => {
  const dir = await repoWithTree();
  const diff = await diffWith(dir, await readIndex(dir));
  assert.deepEqual(diff.staged, []);
  assert.equal(diff.treesRead, 1);
});

Deno.test("diffIndexHead() fails on a missing HEAD root tree even where the cache-tree root names it, as git stops there", async () => {
  const dir = await repoWithTree();
  const index = await readIndex(dir);
  const root = await headTree(dir);
  assert.equal(index.cacheTree?.find((n) => n.path === "")?.oid, root, "control: the node matches");
  await assert.rejects(
    diffIndexHead(index, { headTreeOid: root, objects: { read: () => Promise.resolve(null) } }),
    (e: unknown) => e instanceof GitCorruptError && e.code === "git_object_missing",
  );
});

Deno.test("diffIndexHead() reads only the trees on the path of a staged change", async () => {
  const dir = await repoWithTree();
  await Deno.writeTextFile(`${dir}/src/deep/b.ts`, "b changed\n");
  await git(dir, ["add", "src/deep/b.ts"]);
  const diff = await diffWith(dir, await readIndex(dir));
  assert.deepEqual(lines(diff), await gitCached(dir));
  assert.deepEqual(lines(diff), ["M src/deep/b.ts"]);
  assert.equal(diff.treesRead, 3, "root, src/ and src/deep/ only");
});

Deno.test("diffIndexHead() gives the same answer without a cache-tree, reading every tree", async () => {
  const dir = await repoWithTree();
  await git(dir, ["mv", "src/deep/c.ts", "src/c-moved.ts"]);
  await git(dir, ["rm", "-q", "docs/guide/more.md"]);
  await writeFiles(dir, { "new.txt": "n\n" });
  await git(dir, ["add", "new.txt"]);
  const index = await readIndex(dir);
  const withTree = await diffWith(dir, index);
  const without = await diffWith(dir, { ...index, cacheTree: null });
  assert.deepEqual(lines(without), lines(withTree));
  assert.deepEqual(lines(withTree), await gitCached(dir));
  assert.equal(without.treesRead, 7);
  assert.ok(withTree.treesRead < without.treesRead);
});

Deno.test("diffIndexHead() does not trust a cache-tree node whose entry count is wrong", async () => {
  const dir = await repoWithTree();
  await Deno.writeTextFile(`${dir}/docs/guide/more.md`, "more changed\n");
  await git(dir, ["add", "docs/guide/more.md"]);
  const index = await readIndex(dir);
  // Claim src/ still matches HEAD but covers one entry too many: skipping
  // would swallow docs/guide/... entries and hide the change.
  const tampered = index.cacheTree!.map((n) =>
    n.path === "src/" ? { ...n, entryCount: n.entryCount + 3 } : n
  );
  const diff = await diffWith(dir, { ...index, cacheTree: tampered });
  assert.deepEqual(lines(diff), ["M docs/guide/more.md"]);
  // And a count too small would leave entries of src/ unmatched.
  const short = index.cacheTree!.map((n) => n.path === "src/" ? { ...n, entryCount: 1 } : n);
  assert.deepEqual(lines(await diffWith(dir, { ...index, cacheTree: short })), [
    "M docs/guide/more.md",
  ]);
});

Deno.test("diffIndexHead() pairs an exact rename with the same-basename source first", async () => {
  const dir = await repoWithTree();
  await git(dir, ["rm", "-q", "x/one.txt", "y/same.txt"]);
  await writeFiles(dir, { "z/same.txt": "same content\n", "z/zz.txt": "same content\n" });
  await git(dir, ["add", "z"]);
  const diff = await diffWith(dir, await readIndex(dir));
  assert.deepEqual(lines(diff), await gitCached(dir));
  assert.deepEqual(lines(diff), ["R z/same.txt <- y/same.txt", "R z/zz.txt <- x/one.txt"]);
});

Deno.test("diffIndexHead() does not pair a blob with a symlink of the same content", async () => {
  const dir = await makeRepo("baton-head-");
  await writeFiles(dir, { "target": "top.txt" });
  await commitAll(dir, "one");
  await git(dir, ["rm", "-q", "target"]);
  await Deno.symlink("top.txt", `${dir}/link`);
  await git(dir, ["add", "link"]);
  const diff = await diffWith(dir, await readIndex(dir));
  assert.deepEqual(lines(diff).sort(), (await gitCached(dir)).sort());
  assert.deepEqual(lines(diff).sort(), ["A link", "D target"]);
});

Deno.test("diffIndexHead() raises GitCorruptError when a HEAD tree object is missing", async () => {
  const dir = await repoWithTree();
  const index = await readIndex(dir);
  await assert.rejects(
    diffIndexHead({ ...index, cacheTree: null }, {
      headTreeOid: "0123456789abcdef0123456789abcdef01234567",
      objects: { read: () => Promise.resolve(null) },
    }),
    (e: unknown) => e instanceof GitCorruptError && e.code === "git_object_missing",
  );
});

Deno.test("scanWorktree() agrees with git through baton's own object reader on a packed repository", async () => {
  const dir = await repoWithTree();
  await git(dir, ["gc", "-q"]);
  await git(dir, ["mv", "src/deep/b.ts", "src/b.ts"]);
  await Deno.writeTextFile(`${dir}/top.txt`, "top staged\n");
  await git(dir, ["add", "top.txt"]);
  await Deno.writeTextFile(`${dir}/src/a.ts`, "a worktree\n");
  await writeFiles(dir, { "untracked.txt": "u\n" });
  const fs = new TestFs();
  const repo = { workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` };
  const headOid = await headTree(dir);
  for (const cacheTree of [true, false]) {
    const index = await readIndex(dir);
    const objects = createObjectReader(fs, repo);
    const diff = await diffIndexHead(cacheTree ? index : { ...index, cacheTree: null }, {
      headTreeOid: headOid,
      objects,
    });
    assert.deepEqual(lines(diff), await gitCached(dir));
    assert.ok(diff.treesRead > 0);
  }
  const status = await scanWorktree(fs, repo, {
    headTreeOid: headOid,
    objects: createObjectReader(fs, repo),
  });
  assert.deepEqual(batonView(status), await gitStatus(dir));
  assert.deepEqual(batonView(status).entries.map((e) => e.xy).sort(), [".M", "M.", "R."]);
});
