import assert from "node:assert/strict";
import { TestFs } from "../../_helpers/fs.ts";
import { writtenElsewhere } from "../../../core/store/written_elsewhere.ts";
import { commitAll, makeRepo, writeFiles } from "../../_helpers/git.ts";
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

Deno.test("writtenElsewhere: outside a repository nothing was written elsewhere", async () => {
  const elsewhere = writtenElsewhere(new TestFs(), null);
  assert.equal(await elsewhere({ status: "not_a_repo", head: null, repo_root: null }), false);
});
