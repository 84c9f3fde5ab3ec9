import assert from "node:assert/strict";
import { checkRepo } from "../../../core/doctor/check_repo.ts";
import { findBatonLayout } from "../../../core/store/find_layout.ts";
import { commitAll, writeFiles } from "../../_helpers/git.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { withRepo } from "../../_helpers/temp_fs.ts";

const fs = new TestFs();
const now = () => new Date();

Deno.test("checkRepo() passes a readable repository", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    const r = await checkRepo(fs, await findBatonLayout(fs, dir), { now });
    assert.deepEqual([r.name, r.outcome], ["repository", "ok"]);
    assert.match(r.reason, /readable$/);
  });
});

Deno.test("checkRepo() warns outside a repository and where the repository is damaged", async () => {
  const outside = await Deno.makeTempDir({ prefix: "baton-test-" });
  try {
    const r = await checkRepo(fs, await findBatonLayout(fs, outside), { now });
    assert.equal(r.outcome, "warn");
    assert.match(r.reason, /^Not inside a git repository/);
  } finally {
    await Deno.remove(outside, { recursive: true });
  }
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    await Deno.writeTextFile(`${dir}/.git/HEAD`, "garbage\n");
    const r = await checkRepo(fs, await findBatonLayout(fs, dir), { now });
    assert.equal(r.outcome, "warn", r.reason);
  });
});
