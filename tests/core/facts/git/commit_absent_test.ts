import assert from "node:assert/strict";
import { TestFs } from "../../../_helpers/fs.ts";
import { commitAbsence } from "../../../../core/facts/git/commit_absent.ts";
import { commitAll, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { repoAt, revParse } from "../../../_helpers/git_fixtures.ts";

Deno.test("commitAbsence: a commit of another repository is absent; this one's HEAD is not (control)", async () => {
  const here = await makeRepo();
  await writeFiles(here, { "a.txt": "a\n" });
  await commitAll(here, "here");
  const elsewhere = await makeRepo();
  await writeFiles(elsewhere, { "b.txt": "b\n" });
  await commitAll(elsewhere, "elsewhere");
  const absent = commitAbsence(new TestFs(), await repoAt(here));
  assert.equal(await absent(await revParse(here, "HEAD")), false, "control: its own HEAD");
  assert.equal(await absent(await revParse(elsewhere, "HEAD")), true);
  assert.equal(await absent(null), false, "no commit recorded: nothing to tell");
  assert.equal(await absent("not a commit id"), false, "not a commit id's shape: not asked");
});

Deno.test("commitAbsence: outside a repository nothing is absent", async () => {
  assert.equal(await commitAbsence(new TestFs(), null)("0".repeat(40)), false);
});
