/** Tests for inProgressOperation() with real stopped merges, rebases, am, cherry-picks, reverts and bisects. */
import assert from "node:assert/strict";
import { TestFs } from "../../../_helpers/fs.ts";
import { inProgressOperation } from "../../../../core/facts/git/in_progress_operation.ts";
import { findRepo } from "../../../../core/facts/git/find_repo.ts";
import type { RepoLocation } from "../../../../core/facts/types.ts";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { removeAfterTests } from "../../../_helpers/temp.ts";

const fs = new TestFs();

/** main and side both change f.txt from a common base; HEAD on main. */
async function conflicting(): Promise<{ dir: string; repo: RepoLocation }> {
  const dir = await makeRepo();
  await writeFiles(dir, { "f.txt": "base\n" });
  await commitAll(dir, "base");
  await git(dir, ["checkout", "-q", "-b", "side"]);
  await writeFiles(dir, { "f.txt": "side\n" });
  await commitAll(dir, "side");
  await git(dir, ["checkout", "-q", "main"]);
  await writeFiles(dir, { "f.txt": "main\n" });
  await commitAll(dir, "main");
  const repo = await findRepo(fs, dir);
  assert.ok(repo !== null);
  return { dir, repo };
}

Deno.test("inProgressOperation() is null when nothing is in progress", async () => {
  const { repo } = await conflicting();
  assert.equal(await inProgressOperation(fs, repo), null);
});

Deno.test("inProgressOperation() reports a stopped merge", async () => {
  const { dir, repo } = await conflicting();
  await git(dir, ["merge", "side"], { allowFail: true });
  assert.equal(await inProgressOperation(fs, repo), "merge");
});

Deno.test("inProgressOperation() reports a stopped rebase", async () => {
  const { dir, repo } = await conflicting();
  await git(dir, ["rebase", "side"], { allowFail: true });
  assert.equal(await inProgressOperation(fs, repo), "rebase");
});

Deno.test("inProgressOperation() reports a stopped git am", async () => {
  const { dir, repo } = await conflicting();
  const patch = (await git(dir, ["format-patch", "-1", "--stdout", "side"])).stdout;
  await git(dir, ["am"], { allowFail: true, stdin: patch });
  assert.equal(await inProgressOperation(fs, repo), "am");
});

Deno.test("inProgressOperation() reports a stopped cherry-pick", async () => {
  const { dir, repo } = await conflicting();
  await git(dir, ["cherry-pick", "side"], { allowFail: true });
  assert.equal(await inProgressOperation(fs, repo), "cherry_pick");
});

Deno.test("inProgressOperation() reports a stopped revert", async () => {
  const { dir, repo } = await conflicting();
  await writeFiles(dir, { "f.txt": "later\n" });
  await commitAll(dir, "later");
  await git(dir, ["revert", "--no-edit", "HEAD~1"], { allowFail: true });
  assert.equal(await inProgressOperation(fs, repo), "revert");
});

Deno.test("inProgressOperation() reports a bisect session", async () => {
  const { dir, repo } = await conflicting();
  await git(dir, ["bisect", "start"]);
  assert.equal(await inProgressOperation(fs, repo), "bisect");
});

Deno.test("inProgressOperation() reads markers from a linked worktree's own git dir", async () => {
  const { dir } = await conflicting();
  const wt = removeAfterTests(`${dir}-wt`);
  await git(dir, ["worktree", "add", "-q", "-b", "w", wt, "main"]);
  await git(wt, ["merge", "side"], { allowFail: true });
  const wtRepo = await findRepo(fs, wt);
  const mainRepo = await findRepo(fs, dir);
  assert.ok(wtRepo !== null && mainRepo !== null);
  assert.equal(await inProgressOperation(fs, wtRepo), "merge");
  assert.equal(await inProgressOperation(fs, mainRepo), null);
});
