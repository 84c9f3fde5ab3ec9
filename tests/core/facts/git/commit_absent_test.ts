import assert from "node:assert/strict";
import { TestFs } from "../../../_helpers/fs.ts";
import { commitAbsence } from "../../../../core/facts/git/commit_absent.ts";
import { commitAll, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import {
  makeTwoCommitRepo,
  repoAt,
  revParse,
  shallowCloneOf,
} from "../../../_helpers/git_fixtures.ts";

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

Deno.test("commitAbsence: in a shallow clone a commit beyond the boundary tells nothing; the full clone finds it (control)", async () => {
  const origin = await makeTwoCommitRepo();
  const older = await revParse(origin, "HEAD~1");
  const elsewhere = await makeRepo();
  await writeFiles(elsewhere, { "b.txt": "b\n" });
  await commitAll(elsewhere, "elsewhere");
  const shallow = await shallowCloneOf(origin);
  const absentShallow = commitAbsence(new TestFs(), await repoAt(shallow));
  assert.equal(await absentShallow(older), false, "beyond the boundary: cannot tell");
  assert.equal(await absentShallow(await revParse(elsewhere, "HEAD")), false);
  // Control: the same commits in the full repository.
  const absentFull = commitAbsence(new TestFs(), await repoAt(origin));
  assert.equal(await absentFull(older), false, "control: present in the full history");
  assert.equal(await absentFull(await revParse(elsewhere, "HEAD")), true, "control: absent");
  // Control: the shallow clone's own HEAD is found, and without its shallow file
  // an unknown commit is absent again.
  assert.equal(await absentShallow(await revParse(shallow, "HEAD")), false);
  await Deno.remove(`${shallow}/.git/shallow`);
  const absentUnshallowed = commitAbsence(new TestFs(), await repoAt(shallow));
  assert.equal(await absentUnshallowed(await revParse(elsewhere, "HEAD")), true);
});
