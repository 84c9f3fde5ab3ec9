import assert from "node:assert/strict";
import { BATON_IGNORE, ensureBatonIgnore } from "../../../core/store/baton_ignore.ts";
import { batonLayout } from "../../../core/store/layout.ts";
import { git } from "../../_helpers/git.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { withRepo } from "../../_helpers/temp_fs.ts";

Deno.test("ensureBatonIgnore() writes .baton/.gitignore so git ignores the lock, state and temp files but not capsules", async () => {
  await withRepo(async (dir) => {
    const layout = batonLayout(dir);
    await Deno.mkdir(`${layout.dir}/state`, { recursive: true });
    await Deno.mkdir(layout.lock);
    await Deno.writeTextFile(`${layout.lock}/owner`, "x");
    await Deno.writeTextFile(`${layout.state}/injected.json`, "{}");
    await Deno.writeTextFile(`${layout.dir}/.latest.md.1.x.0011223344556677.tmp`, "");
    await Deno.writeTextFile(layout.latest, "capsule");
    // Control: before the file, git sees baton's private files.
    const before = await git(dir, ["status", "--porcelain", "-uall"]);
    assert.match(before.stdout, /\.baton\/lock\/owner/);
    await ensureBatonIgnore(new TestFs(), layout);
    assert.equal(Deno.readTextFileSync(`${layout.dir}/.gitignore`), BATON_IGNORE);
    const after = await git(dir, ["status", "--porcelain", "-uall"]);
    assert.deepEqual(after.stdout.trim().split("\n").sort(), [
      "?? .baton/.gitignore",
      "?? .baton/latest.md",
    ]);
  });
});

Deno.test("ensureBatonIgnore() leaves a file the user changed alone, and never throws", async () => {
  await withRepo(async (dir) => {
    const layout = batonLayout(dir);
    await Deno.mkdir(layout.dir);
    await Deno.writeTextFile(`${layout.dir}/.gitignore`, "mine\n");
    await ensureBatonIgnore(new TestFs(), layout);
    assert.equal(Deno.readTextFileSync(`${layout.dir}/.gitignore`), "mine\n");
    // No .baton directory at all: nothing written, no error.
    await ensureBatonIgnore(new TestFs(), batonLayout(`${dir}/absent`));
    assert.equal(await new TestFs().lstat(`${dir}/absent`), null);
  });
});
