/**
 * workTreeSetting against a real file system: core.worktree read from the
 * git directory, through links as the system reads it.
 * @module
 */
import assert from "node:assert/strict";
import { workTreeSetting } from "../../../../core/facts/git/work_tree_setting.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import { tempDir } from "../../../_helpers/temp.ts";

Deno.test("workTreeSetting: unset or naming the work tree is the same; another directory is other; nothing there is missing", async () => {
  await using tmp = await tempDir();
  const t = tmp.path;
  await Deno.mkdir(`${t}/far/store.git`, { recursive: true });
  await Deno.mkdir(`${t}/w`);
  await Deno.mkdir(`${t}/elsewhere`);
  // The repository's .git is a link to far/store.git: `..` from it is far/.
  await Deno.symlink(`${t}/far/store.git`, `${t}/w/.git`);
  const repo = { workTree: `${t}/w`, gitDir: `${t}/w/.git`, commonDir: `${t}/w/.git` };
  const fs = new TestFs();
  assert.equal(await workTreeSetting(fs, repo, null), "same");
  assert.equal(await workTreeSetting(fs, repo, `${t}/w`), "same");
  assert.equal(await workTreeSetting(fs, repo, `${t}/elsewhere`), "other");
  assert.equal(await workTreeSetting(fs, repo, ".."), "other");
  assert.equal(await workTreeSetting(fs, repo, "../../w"), "same");
  assert.equal(await workTreeSetting(fs, repo, `${t}/gone`), "missing");
  assert.equal(await workTreeSetting(fs, repo, "../gone/.."), "missing");
});
