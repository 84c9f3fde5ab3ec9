/** Tests for parseCommit(), parseTree() and parseTag() against git's own reading of real objects. */
import assert from "node:assert/strict";
import { DenoFs } from "../../../../commands/_deno_fs.ts";
import { createObjectReader } from "../../../../core/facts/git/object_reader.ts";
import { findRepo } from "../../../../core/facts/git/find_repo.ts";
import { parseCommit } from "../../../../core/facts/git/parse_commit.ts";
import { parseTree } from "../../../../core/facts/git/parse_tree.ts";
import { parseTag } from "../../../../core/facts/git/parse_tag.ts";
import { GitCorruptError } from "../../../../core/facts/git/errors.ts";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";

const fs = new DenoFs();

async function setup(): Promise<{ dir: string; read: (oid: string) => Promise<Uint8Array> }> {
  const dir = await makeRepo();
  await writeFiles(dir, {
    "a.txt": "a\n",
    "sub/b.txt": "b\n",
    "sub/deeper/c.txt": "c\n",
    "é.txt": "u\n",
  });
  await Deno.symlink("a.txt", `${dir}/link`);
  await Deno.chmod(`${dir}/a.txt`, 0o755);
  await commitAll(dir, "first");
  await writeFiles(dir, { "a.txt": "a2\n" });
  await commitAll(dir, "second\n\nbody line");
  await git(dir, ["checkout", "-q", "-b", "side", "HEAD~1"]);
  await writeFiles(dir, { "side.txt": "s\n" });
  await commitAll(dir, "side");
  await git(dir, ["checkout", "-q", "main"]);
  await git(dir, ["merge", "-q", "--no-edit", "side"]);
  await git(dir, ["tag", "-a", "-m", "annotated", "v1"]);
  const repo = await findRepo(fs, dir);
  assert.ok(repo !== null);
  const reader = createObjectReader(fs, repo);
  return {
    dir,
    read: async (oid) => {
      const o = await reader.read(oid);
      assert.ok(o !== null);
      return o.data;
    },
  };
}

Deno.test("parseCommit() reads tree, parents and times as git log does", async () => {
  const { dir, read } = await setup();
  for (const rev of ["HEAD", "HEAD~1", "HEAD~2", "side"]) {
    const [oid, tree, parents, ct, at] =
      (await git(dir, ["log", "-1", "--format=%H%n%T%n%P%n%ct%n%at", rev]))
        .stdout.trim().split("\n");
    const c = parseCommit(await read(oid!));
    assert.equal(c.tree, tree);
    assert.deepEqual(c.parents, parents === "" ? [] : parents!.split(" "));
    assert.equal(c.committer?.timestamp, Number(ct));
    assert.equal(c.author?.timestamp, Number(at));
    assert.equal(c.author?.email, "test@example.invalid");
  }
  const merge = parseCommit(await read((await git(dir, ["rev-parse", "HEAD"])).stdout.trim()));
  assert.equal(merge.parents.length, 2);
  const second = parseCommit(await read((await git(dir, ["rev-parse", "HEAD~1"])).stdout.trim()));
  assert.equal(second.message, "second\n\nbody line\n");
});

Deno.test("parseTree() lists modes, types, names and ids as git ls-tree does", async () => {
  const { dir, read } = await setup();
  for (const rev of ["HEAD^{tree}", "HEAD:sub"]) {
    const oid = (await git(dir, ["rev-parse", rev])).stdout.trim();
    const want = (await git(dir, ["-c", "core.quotePath=false", "ls-tree", oid])).stdout.trim()
      .split("\n")
      .map((line) => {
        const [meta, name] = line.split("\t");
        const [mode, type, id] = meta!.split(" ");
        return { mode: mode === "040000" ? "40000" : mode!, type: type!, name: name!, oid: id! };
      });
    assert.deepEqual(parseTree(await read(oid)), want);
  }
});

Deno.test("parseTag() peels an annotated tag", async () => {
  const { dir, read } = await setup();
  const tag = (await git(dir, ["rev-parse", "v1"])).stdout.trim();
  const target = (await git(dir, ["rev-parse", "v1^{commit}"])).stdout.trim();
  assert.deepEqual(parseTag(await read(tag)), { object: target, type: "commit" });
});

Deno.test("parseCommit() and parseTree() reject malformed objects with typed errors", () => {
  const enc = new TextEncoder();
  assert.throws(() => parseCommit(enc.encode("author x\n\nno tree")), {
    code: "git_commit_corrupt",
  });
  assert.throws(
    () => parseCommit(enc.encode(`tree ${"a".repeat(40)}\nparent nothex\n\n`)),
    GitCorruptError,
  );
  assert.throws(() => parseTree(enc.encode("100644 name-without-id\0abc")), {
    code: "git_tree_corrupt",
  });
  assert.throws(() => parseTree(enc.encode("abc name\0" + "x".repeat(20))), GitCorruptError);
  assert.deepEqual(parseTree(new Uint8Array()), []);
});
