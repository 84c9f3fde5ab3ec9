import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { removeAfterTests, tempDir } from "../_helpers/temp.ts";

async function preflight(cwd: string) {
  const r = await runBaton(["preflight", "--json"], { cwd });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).facts;
}

Deno.test("preflight works in an empty repository (no commits)", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "new.txt": "x\n" });
  const f = await preflight(dir);
  assert.equal(f.status, "collected");
  assert.equal(f.has_commits, false);
  assert.equal(f.head, null);
  assert.equal(f.branch, "main");
  assert.equal(f.untracked_count, 1);
  assert.equal(f.published.status, "no");
});

Deno.test("preflight reports a detached HEAD", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  const head = await commitAll(dir);
  await git(dir, ["checkout", "-q", "--detach"]);
  const f = await preflight(dir);
  assert.equal(f.detached, true);
  assert.equal(f.branch, null);
  assert.equal(f.head, head);
  assert.equal(f.dirty, false);
});

Deno.test("preflight works mid-merge with a conflict", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "base\n" });
  await commitAll(dir, "base");
  await git(dir, ["checkout", "-q", "-b", "other"]);
  await writeFiles(dir, { "a.txt": "other\n" });
  await commitAll(dir, "other");
  await git(dir, ["checkout", "-q", "main"]);
  await writeFiles(dir, { "a.txt": "main\n" });
  await commitAll(dir, "main");
  await git(dir, ["merge", "-q", "other"], { allowFail: true });
  const f = await preflight(dir);
  assert.equal(f.operation, "merge");
  assert.deepEqual(
    f.changed_files.map((c: { path: string; status: string }) => [c.path, c.status]),
    [
      ["a.txt", "unmerged"],
    ],
  );
});

Deno.test("finalize and load work in a linked worktree, keeping .baton in that worktree", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir);
  const wt = removeAfterTests(`${dir}-wt`);
  await git(dir, ["worktree", "add", "-q", "-b", "side", wt]);
  await writeFiles(wt, { "a.txt": "changed in worktree\n" });
  const f = await preflight(`${wt}`);
  assert.equal(f.repo_root, wt);
  assert.equal(f.branch, "side");
  assert.deepEqual(f.changed_files.map((c: { path: string }) => c.path), ["a.txt"]);
  const w = await runBaton(["finalize", "--draft", "-", "--json"], {
    cwd: wt,
    stdin: '{"now":"in the worktree"}',
  });
  assert.equal(w.code, 0, w.stderr);
  assert.equal(JSON.parse(w.stdout).path, `${wt}/.baton/latest.md`);
  const l = JSON.parse((await runBaton(["load", "--json"], { cwd: wt })).stdout);
  assert.ok(l.text.includes("in the worktree"));
  assert.equal(
    (await runBaton(["load", "--json"], { cwd: dir })).stdout.includes("in the worktree"),
    false,
  );
});

Deno.test("preflight outside a repository reports not_a_repo and still succeeds", async () => {
  const dir = (await tempDir()).path;
  const f = await preflight(dir);
  assert.equal(f.status, "not_a_repo");
  assert.equal(f.repo_root, null);
});
