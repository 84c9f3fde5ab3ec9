/**
 * lfsProgramFound(): whether git would find `git-lfs` (its exec path, then
 * PATH), on real directories.
 * @module
 */
import assert from "node:assert/strict";
import { lfsProgramFound } from "../../../../core/facts/worktree/lfs_program.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import { tempDir } from "../../../_helpers/temp.ts";

const fs = new TestFs();

async function program(dir: string, mode: number): Promise<void> {
  await Deno.writeTextFile(`${dir}/git-lfs`, "#!/bin/sh\n");
  await Deno.chmod(`${dir}/git-lfs`, mode);
}

Deno.test("lfsProgramFound(): an executable git-lfs in a PATH directory or git's exec path is found; none, or one not executable, is not", async () => {
  await using a = await tempDir();
  await using b = await tempDir();
  await using exec = await tempDir();
  assert.equal(await lfsProgramFound(fs, { PATH: `${a.path}:${b.path}` }), false);
  await program(b.path, 0o644);
  assert.equal(await lfsProgramFound(fs, { PATH: `${a.path}:${b.path}` }), false, "not executable");
  await Deno.chmod(`${b.path}/git-lfs`, 0o755);
  assert.equal(await lfsProgramFound(fs, { PATH: `${a.path}:${b.path}/` }), true);
  // git puts its exec path first: GIT_EXEC_PATH there counts too.
  await program(exec.path, 0o755);
  assert.equal(await lfsProgramFound(fs, { PATH: a.path, GIT_EXEC_PATH: exec.path }), true);
  // A directory named git-lfs is no program.
  await Deno.mkdir(`${a.path}/git-lfs`);
  assert.equal(await lfsProgramFound(fs, { PATH: a.path, GIT_EXEC_PATH: a.path }), false);
});

Deno.test("lfsProgramFound(): relative PATH entries are not followed, and with no PATH known the program is taken to be there", async () => {
  assert.equal(await lfsProgramFound(fs, { PATH: "bin:.:" }), false);
  assert.equal(await lfsProgramFound(fs, {}), true);
});
