/** Tests for parseCommit() and parseIdentity() against git log on real commits. */
import assert from "node:assert/strict";
import { TestFs } from "../../../_helpers/fs.ts";
import { createObjectReader } from "../../../../core/facts/git/object_reader.ts";
import { parseCommit, parseIdentity } from "../../../../core/facts/git/parse_commit.ts";
import { GitCorruptError } from "../../../../core/facts/git/errors.ts";
import { git } from "../../../_helpers/git.ts";
import { makeVarietyRepo, repoAt, revParse } from "../../../_helpers/git_fixtures.ts";

const fs = new TestFs();

Deno.test("parseCommit() reads tree, parents and times as git log does", async () => {
  const dir = await makeVarietyRepo();
  const reader = createObjectReader(fs, await repoAt(dir));
  for (const rev of ["HEAD", "HEAD~1", "HEAD~2", "side"]) {
    const [oid, tree, parents, ct, at] =
      (await git(dir, ["log", "-1", "--format=%H%n%T%n%P%n%ct%n%at", rev]))
        .stdout.trim().split("\n");
    const object = await reader.read(oid!);
    assert.equal(object?.type, "commit");
    const c = parseCommit(object.data);
    assert.equal(c.tree, tree);
    assert.deepEqual(c.parents, parents === "" ? [] : parents!.split(" "));
    assert.equal(c.committer?.timestamp, Number(ct));
    assert.equal(c.author?.timestamp, Number(at));
    assert.equal(c.author?.email, "test@example.invalid");
  }
  const merge = parseCommit((await reader.read(await revParse(dir, "HEAD")))!.data);
  assert.equal(merge.parents.length, 2);
  const second = parseCommit((await reader.read(await revParse(dir, "HEAD~1")))!.data);
  assert.equal(second.message, "second\n\nbody line\n");
});

Deno.test("parseCommit() skips signature continuation lines and rejects malformed commits", () => {
  const enc = new TextEncoder();
  const tree = "a".repeat(40);
  const signed = parseCommit(enc.encode(
    `tree ${tree}\ngpgsig -----BEGIN PGP SIGNATURE-----\n parent ${
      "b".repeat(40)
    }\n -----END PGP SIGNATURE-----\n\nmsg`,
  ));
  assert.deepEqual(signed.parents, [], "continuation lines are not headers");
  assert.throws(() => parseCommit(enc.encode("author x\n\nno tree")), {
    code: "git_commit_corrupt",
  });
  assert.throws(() => parseCommit(enc.encode(`tree ${tree}\nparent nothex\n\n`)), GitCorruptError);
});

Deno.test("parseIdentity() tolerates missing time and zone", () => {
  assert.deepEqual(parseIdentity("No Time <n@t>"), {
    name: "No Time",
    email: "n@t",
    timestamp: null,
    timezone: null,
  });
  assert.deepEqual(parseIdentity("garbage"), {
    name: "garbage",
    email: "",
    timestamp: null,
    timezone: null,
  });
});
