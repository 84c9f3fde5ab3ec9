import assert from "node:assert/strict";
import { findBatonLayout } from "../../../core/store/find_layout.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { makeRepo } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";

Deno.test("findBatonLayout() puts .baton at the repository root, found from a subdirectory", async () => {
  const dir = await makeRepo();
  await Deno.mkdir(`${dir}/a/b`, { recursive: true });
  const { repo, layout } = await findBatonLayout(new TestFs(), `${dir}/a/b`);
  assert.equal(repo?.workTree, dir);
  assert.equal(layout.latest, `${dir}/.baton/latest.md`);
});

Deno.test("findBatonLayout() uses the directory itself outside git", async () => {
  const dir = (await tempDir()).path;
  const { repo, layout } = await findBatonLayout(new TestFs(), dir);
  assert.equal(repo, null);
  assert.equal(layout.dir, `${dir}/.baton`);
});
