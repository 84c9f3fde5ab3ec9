/**
 * What recording a changed file's stored form costs in index reads, in real
 * repositories: a capture reads the index once (the scan) unless the index
 * may hold a `.gitattributes` the work tree lacks — one deleted but still
 * staged, or one skipped as skip-worktree — where git converts by the
 * index's copy and the stored form must read it too (and the digest must be
 * git's).
 * @module
 */
import assert from "node:assert/strict";
import { collectFacts } from "../../../core/facts/collect.ts";
import { sha256Id } from "../../../core/hash.ts";
import { CountingFs } from "../../_helpers/fs.ts";
import { commitAll, git, GIT_ENV, makeRepo, writeFiles } from "../../_helpers/git.ts";

async function capture(dir: string): Promise<{ reads: number; stored: unknown }> {
  const fs = new CountingFs(`${dir}/.git/index`);
  const facts = await collectFacts(fs, dir, {
    now: () => new Date(),
    gitEnvironment: { GIT_CONFIG_NOSYSTEM: "1", GIT_ATTR_NOSYSTEM: "1" },
  });
  const f = facts.changed_files?.find((c) => c.path === "d/f.txt");
  return { reads: fs.reads, stored: f?.stored_sha256 };
}

async function gitStored(dir: string): Promise<string> {
  await git(dir, ["add", "d/f.txt"]);
  const blob = await new Deno.Command("git", {
    args: ["cat-file", "blob", ":d/f.txt"],
    cwd: dir,
    env: GIT_ENV,
    stdout: "piped",
  }).output();
  return await sha256Id(blob.stdout);
}

Deno.test("a changed file's stored form costs no second index read where no index .gitattributes can be missing", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "d/f.txt": "a\n", "e/g.txt": "b\n" });
  await commitAll(dir);
  await writeFiles(dir, { "d/f.txt": "a\r\nchanged\r\n" });
  const got = await capture(dir);
  assert.equal(got.reads, 1, "the scan's read only");
  assert.equal(got.stored, await gitStored(dir));
});

Deno.test("a .gitattributes deleted but still staged is read from the index, and the stored form is git's", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "d/f.txt": "a\n", "d/.gitattributes": "*.txt text\n" });
  await commitAll(dir);
  await Deno.remove(`${dir}/d/.gitattributes`);
  await writeFiles(dir, { "d/f.txt": "a\r\nchanged\r\n" });
  const got = await capture(dir);
  assert.ok(got.reads >= 2, `the index's .gitattributes read (${got.reads} reads)`);
  // git converts by the staged attributes: the CRLF is dropped.
  assert.equal(got.stored, await gitStored(dir));
});

Deno.test("a skip-worktree .gitattributes absent from the work tree is read from the index too", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "d/f.txt": "a\n", "d/.gitattributes": "*.txt text\n" });
  await commitAll(dir);
  await git(dir, ["update-index", "--skip-worktree", "d/.gitattributes"]);
  await Deno.remove(`${dir}/d/.gitattributes`);
  await writeFiles(dir, { "d/f.txt": "a\r\nchanged\r\n" });
  const got = await capture(dir);
  assert.ok(got.reads >= 2, `the index's .gitattributes read (${got.reads} reads)`);
  assert.equal(got.stored, await gitStored(dir));
});
