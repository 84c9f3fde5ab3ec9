/**
 * What re-checking the capsule's recorded files costs load in index reads,
 * in real repositories: the recorded files are re-checked before the scan,
 * and their stored form (core/facts/stored_form.ts) reads no index of its
 * own unless the scan finds the index may hold a `.gitattributes` the work
 * tree lacks; there git converts by the index's copy, and load must too.
 * @module
 */
import assert from "node:assert/strict";
import { loadBriefing } from "../../../core/workflow/load.ts";
import { finalizeDraft } from "../../../core/workflow/finalize.ts";
import { CountingFs } from "../../_helpers/fs.ts";
import { commitAll, git, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { testContext } from "../../_helpers/temp_fs.ts";

const GIT_NOSYSTEM = { GIT_CONFIG_NOSYSTEM: "1", GIT_ATTR_NOSYSTEM: "1" };

/** Writes a capsule recording the repository's changed files as they are now. */
async function finalize(dir: string): Promise<void> {
  await finalizeDraft(
    testContext(dir, { gitEnvironment: GIT_NOSYSTEM }),
    new TextEncoder().encode(JSON.stringify({ now: "editing d/f.txt" })),
  );
}

/** Loads the capsule in `dir`: the index reads it cost and the drift line of d/f.txt. */
async function load(dir: string): Promise<{ reads: number; status: string | undefined }> {
  const fs = new CountingFs(`${dir}/.git/index`);
  const r = await loadBriefing(testContext(dir, { fs, gitEnvironment: GIT_NOSYSTEM }));
  assert.ok(r !== null);
  const line = r.drift.find((d) => d.check.includes("d/f.txt"));
  return { reads: fs.reads, status: line?.status };
}

Deno.test("loadBriefing() re-checks a recorded file's stored form with no index read beyond the scan's where no index .gitattributes can be missing", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "d/f.txt": "a\n", "e/g.txt": "b\n" });
  await commitAll(dir);
  await writeFiles(dir, { "d/f.txt": "a\r\nchanged\r\n" });
  await finalize(dir);
  const got = await load(dir);
  assert.equal(got.status, "match");
  assert.equal(got.reads, 1, "the scan's read only");
});

Deno.test("loadBriefing() reads the index's .gitattributes for a recorded file where the work tree lacks it (deleted but still staged): an unchanged file still matches", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "d/f.txt": "a\n", "d/.gitattributes": "*.txt text\n" });
  await commitAll(dir);
  await Deno.remove(`${dir}/d/.gitattributes`);
  await writeFiles(dir, { "d/f.txt": "a\r\nchanged\r\n" });
  await finalize(dir);
  const got = await load(dir);
  // git converts by the staged attributes (the CRLF dropped), at capture and now alike; the
  // raw bytes' digest, taken as if the index held no .gitattributes, would differ.
  assert.equal(got.status, "match");
  assert.ok(got.reads >= 2, `the index's .gitattributes read (${got.reads} reads)`);
  // git agrees the attributes are the index's: the staged blob has no CR.
  await git(dir, ["add", "d/f.txt"]);
  const staged = await git(dir, ["cat-file", "blob", ":d/f.txt"]);
  assert.equal(staged.stdout, "a\nchanged\n");
});

Deno.test("loadBriefing() reads the index's .gitattributes for a recorded file where a skip-worktree copy is absent from the work tree", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "d/f.txt": "a\n", "d/.gitattributes": "*.txt text\n" });
  await commitAll(dir);
  await git(dir, ["update-index", "--skip-worktree", "d/.gitattributes"]);
  await Deno.remove(`${dir}/d/.gitattributes`);
  await writeFiles(dir, { "d/f.txt": "a\r\nchanged\r\n" });
  await finalize(dir);
  const got = await load(dir);
  assert.equal(got.status, "match");
  assert.ok(got.reads >= 2, `the index's .gitattributes read (${got.reads} reads)`);
});
