/**
 * In a shallow clone a recorded commit that is not here may lie beyond the
 * boundary, so its absence proves nothing; it used to prove "written here"
 * instead, and this machine's capsule from any other project, copied into a
 * shallow clone, counted as a trusted decision there. A commit that cannot be
 * found is now judged by the work tree the capsule records, as a capsule
 * with no commit is. Controls: a capsule written in the shallow clone itself
 * stays trusted, and the same foreign capsule in a full clone is named as
 * written elsewhere. Real CLI, real repositories, the test baton home.
 * @module
 */
import assert from "node:assert/strict";
import { finalizeDraft, runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { copyBaton, DB_DRAFT, decisionsJson } from "../_helpers/place.ts";
import { makeTwoCommitRepo, shallowCloneOf } from "../_helpers/git_fixtures.ts";

/** An origin with two commits and a depth-1 clone of it; returns [origin, shallow clone]. */
async function shallowClone(): Promise<[string, string]> {
  const origin = await makeTwoCommitRepo();
  return [origin, await shallowCloneOf(origin)];
}

async function otherProject(): Promise<string> {
  const other = await makeRepo("baton-sh-other-");
  await writeFiles(other, { "b.txt": "b\n" });
  await commitAll(other, "other project");
  await finalizeDraft(other, DB_DRAFT);
  return other;
}

Deno.test("a capsule written in another project does not count as trusted in a shallow clone", async () => {
  const [origin, shallow] = await shallowClone();
  const other = await otherProject();
  await copyBaton(other, shallow);
  const [d] = await decisionsJson(shallow);
  assert.equal(d!.made.elsewhere, true, JSON.stringify(d));
  const verify = await runBaton(["verify", "--json"], { cwd: shallow });
  assert.equal(JSON.parse(verify.stdout).written_elsewhere, 1, verify.stdout);
  // Control: the same copy in the full repository is named as written elsewhere too.
  await copyBaton(other, origin);
  const [full] = await decisionsJson(origin);
  assert.equal(full!.made.elsewhere, true, JSON.stringify(full));
  for (const dir of [origin, shallow, other]) await Deno.remove(dir, { recursive: true });
});

Deno.test("a capsule written in the shallow clone itself stays trusted (control)", async () => {
  const [origin, shallow] = await shallowClone();
  await finalizeDraft(shallow, DB_DRAFT);
  const [d] = await decisionsJson(shallow);
  assert.equal(d!.made.trusted, true, JSON.stringify(d));
  assert.notEqual(d!.made.elsewhere, true, JSON.stringify(d));
  for (const dir of [origin, shallow]) await Deno.remove(dir, { recursive: true });
});
