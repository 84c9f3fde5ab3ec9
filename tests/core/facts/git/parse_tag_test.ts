/** Tests for parseTag() on a real annotated tag. */
import assert from "node:assert/strict";
import { TestFs } from "../../../_helpers/fs.ts";
import { createObjectReader } from "../../../../core/facts/git/object_reader.ts";
import { parseTag } from "../../../../core/facts/git/parse_tag.ts";
import { makeVarietyRepo, repoAt, revParse } from "../../../_helpers/git_fixtures.ts";

Deno.test("parseTag() peels an annotated tag to the commit git peels it to", async () => {
  const dir = await makeVarietyRepo();
  const reader = createObjectReader(new TestFs(), await repoAt(dir));
  const tag = await reader.read(await revParse(dir, "v1"));
  assert.equal(tag?.type, "tag");
  assert.deepEqual(parseTag(tag.data), {
    object: await revParse(dir, "v1^{commit}"),
    type: "commit",
  });
});

Deno.test("parseTag() rejects a tag without object and type lines", () => {
  assert.throws(() => parseTag(new TextEncoder().encode("tag v1\n\nmsg")), {
    code: "git_tag_corrupt",
  });
});
