/** Tests for parsePackedRefs(), including against a file git wrote. */
import assert from "node:assert/strict";
import { parsePackedRefs } from "../../../../core/facts/git/packed_refs.ts";
import { GitCorruptError } from "../../../../core/facts/git/errors.ts";
import { git } from "../../../_helpers/git.ts";
import { makeTwoCommitRepo, revParse } from "../../../_helpers/git_fixtures.ts";

Deno.test("parsePackedRefs() keeps peeled values and rejects garbage lines", () => {
  const a = "a".repeat(40);
  const b = "b".repeat(40);
  const refs = parsePackedRefs(
    `# pack-refs with: peeled\n${a} refs/tags/v1\n^${b}\n${b} refs/heads/x\n`,
  );
  assert.deepEqual([...refs], [["refs/tags/v1", { oid: a, peeled: b }], ["refs/heads/x", {
    oid: b,
  }]]);
  assert.throws(() => parsePackedRefs("secret-looking garbage\n"), (e: unknown) => {
    assert.ok(e instanceof GitCorruptError);
    assert.ok(!e.message.includes("secret"));
    return true;
  });
});
Deno.test("parsePackedRefs() reads what git pack-refs writes, peeled tags included", async () => {
  const dir = await makeTwoCommitRepo();
  await git(dir, ["tag", "-a", "-m", "t", "v1"]);
  await git(dir, ["pack-refs", "--all"]);
  const refs = parsePackedRefs(await Deno.readTextFile(`${dir}/.git/packed-refs`));
  assert.deepEqual(refs.get("refs/heads/main"), { oid: await revParse(dir, "main") });
  assert.deepEqual(refs.get("refs/tags/v1"), {
    oid: await revParse(dir, "v1"),
    peeled: await revParse(dir, "v1^{commit}"),
  });
});
