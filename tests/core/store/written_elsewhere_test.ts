import assert from "node:assert/strict";
import { TestFs } from "../../_helpers/fs.ts";
import { writtenElsewhere } from "../../../core/store/written_elsewhere.ts";
import { commitAll, git, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { repoAt, revParse } from "../../_helpers/git_fixtures.ts";

Deno.test("writtenElsewhere: a recorded commit is judged by this repository's objects", async () => {
  const here = await makeRepo();
  await writeFiles(here, { "a.txt": "a\n" });
  await commitAll(here, "here");
  const other = await makeRepo();
  await writeFiles(other, { "b.txt": "b\n" });
  await commitAll(other, "other");
  const repo = await repoAt(here);
  const elsewhere = writtenElsewhere(new TestFs(), repo);
  const at = (head: string) => ({ status: "collected" as const, head, repo_root: "/anywhere" });
  assert.equal(await elsewhere(at(await revParse(here, "HEAD"))), false, "control: its own HEAD");
  assert.equal(await elsewhere(at(await revParse(other, "HEAD"))), true);
});

Deno.test("writtenElsewhere: a capsule with no commit is this repository's only when written in this work tree", async () => {
  const here = await makeRepo();
  const repo = await repoAt(here);
  const elsewhere = writtenElsewhere(new TestFs(), repo);
  const none = { status: "collected" as const, head: null };
  assert.equal(await elsewhere({ ...none, repo_root: repo!.workTree }), false, "control");
  assert.equal(await elsewhere({ ...none, repo_root: `${repo!.workTree}-other` }), true);
  assert.equal(await elsewhere({ ...none, repo_root: null }), true);
  assert.equal(
    await elsewhere({ status: "not_a_repo", head: null, repo_root: null }),
    true,
    "written outside git",
  );
  assert.equal(
    await elsewhere({ status: "unavailable", head: null, repo_root: null }),
    true,
    "facts never collected and no work tree recorded: nothing ties it here",
  );
  assert.equal(
    await elsewhere({ status: "unavailable", head: null, repo_root: repo!.workTree }),
    false,
    "a paste ingested in this work tree",
  );
  assert.equal(
    await elsewhere({ status: "unavailable", head: null, repo_root: `${repo!.workTree}-other` }),
    true,
    "a paste ingested in another work tree",
  );
});

Deno.test("writtenElsewhere: in a linked worktree, a commit-less capsule of the main work tree is this repository's", async () => {
  const main = await makeRepo();
  await writeFiles(main, { "a.txt": "a\n" });
  await commitAll(main, "first");
  const linked = `${main}-linked`;
  await git(main, ["worktree", "add", "-q", linked]);
  try {
    const mainRepo = await repoAt(main);
    const repo = await repoAt(linked);
    const elsewhere = writtenElsewhere(new TestFs(), repo);
    const none = { status: "collected" as const, head: null };
    assert.equal(await elsewhere({ ...none, repo_root: mainRepo.workTree }), false);
    assert.equal(await elsewhere({ ...none, repo_root: repo.workTree }), false);
    assert.equal(await elsewhere({ ...none, repo_root: `${mainRepo.workTree}-x` }), true);
  } finally {
    await Deno.remove(linked, { recursive: true });
  }
});

Deno.test("writtenElsewhere: in a shallow clone a commit not found is judged by the work tree recorded", async () => {
  const origin = await makeRepo();
  await writeFiles(origin, { "a.txt": "a\n" });
  await commitAll(origin, "one");
  const older = await revParse(origin, "HEAD");
  await writeFiles(origin, { "a.txt": "b\n" });
  await commitAll(origin, "two");
  const other = await makeRepo();
  await writeFiles(other, { "b.txt": "b\n" });
  await commitAll(other, "other");
  const shallow = await makeRepo();
  await Deno.remove(shallow, { recursive: true });
  await git(Deno.cwd(), ["clone", "-q", "--depth", "1", `file://${origin}`, shallow]);
  const repo = await repoAt(shallow);
  const elsewhere = writtenElsewhere(new TestFs(), repo);
  const at = (head: string, repo_root: string) => ({
    status: "collected" as const,
    head,
    repo_root,
  });
  const foreign = await revParse(other, "HEAD");
  assert.equal(await elsewhere(at(foreign, other)), true, "another work tree: not tied here");
  assert.equal(await elsewhere(at(older, origin)), true, "beyond the boundary, another clone");
  assert.equal(await elsewhere(at(older, repo!.workTree)), false, "written in this work tree");
  assert.equal(await elsewhere(at(foreign, repo!.workTree)), false, "written in this work tree");
  const head = await revParse(shallow, "HEAD");
  assert.equal(await elsewhere(at(head, "/anywhere")), false, "control: a commit found here");
  // Control: in the full repository the foreign commit is definitely absent.
  const full = writtenElsewhere(new TestFs(), await repoAt(origin));
  assert.equal(await full(at(foreign, origin)), true, "control: absent from the full history");
  assert.equal(await full(at(older, "/anywhere")), false, "control: present in the full history");
  for (const dir of [origin, other, shallow]) await Deno.remove(dir, { recursive: true });
});

Deno.test("writtenElsewhere: outside a repository nothing was written elsewhere", async () => {
  const elsewhere = writtenElsewhere(new TestFs(), null);
  assert.equal(await elsewhere({ status: "not_a_repo", head: null, repo_root: null }), false);
});
