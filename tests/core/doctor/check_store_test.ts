import assert from "node:assert/strict";
import { checkStore } from "../../../core/doctor/check_store.ts";
import { batonLayout } from "../../../core/store/layout.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { withRepo } from "../../_helpers/temp_fs.ts";

const fs = new TestFs();

Deno.test("checkStore() passes a writable place and leaves no probe and no .baton it made", async () => {
  await withRepo(async (dir) => {
    const r = await checkStore(fs, batonLayout(dir), { token: "t1" });
    assert.equal(r.outcome, "ok");
    assert.equal(await fs.lstat(`${dir}/.baton`), null);
    await Deno.mkdir(`${dir}/.baton`);
    assert.equal((await checkStore(fs, batonLayout(dir), { token: "t2" })).outcome, "ok");
    assert.deepEqual([...Deno.readDirSync(`${dir}/.baton`)], [], "an existing .baton stays, empty");
  });
});

Deno.test("checkStore() fails where .baton cannot be a directory, and leaves the file there alone", async () => {
  await withRepo(async (dir) => {
    await Deno.writeTextFile(`${dir}/.baton`, "a file\n");
    const r = await checkStore(fs, batonLayout(dir), { token: "t" });
    assert.equal(r.outcome, "fail");
    assert.match(r.reason, /^Cannot write into .*\.baton: baton could not store a capsule here$/);
    assert.equal(Deno.readTextFileSync(`${dir}/.baton`), "a file\n");
  });
});
