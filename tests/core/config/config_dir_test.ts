/** configBatonDir(): beside the nearest .git at or above the directory, else in it. */
import assert from "node:assert/strict";
import { configBatonDir } from "../../../core/config/config_dir.ts";
import { fakeIo } from "../../_helpers/io.ts";
import { tempDir } from "../../_helpers/temp.ts";

Deno.test("configBatonDir(): the repository root's .baton from a subfolder, a worktree's .git file counts, no .git means the folder itself", async () => {
  await using dir = await tempDir("baton-config-dir-");
  const root = dir.path;
  await Deno.mkdir(`${root}/repo/.git`, { recursive: true });
  await Deno.mkdir(`${root}/repo/src/deep`, { recursive: true });
  await Deno.mkdir(`${root}/wt/sub`, { recursive: true });
  await Deno.writeTextFile(`${root}/wt/.git`, "gitdir: ../repo/.git/worktrees/wt\n");
  await Deno.mkdir(`${root}/plain`);
  const io = fakeIo({ cwd: root });
  assert.equal(await configBatonDir(io.fs, `${root}/repo/src/deep/`), `${root}/repo/.baton`);
  assert.equal(await configBatonDir(io.fs, `${root}/wt/sub`), `${root}/wt/.baton`);
  // A folder a Windows host reports with backslashes walks up the same way.
  assert.equal(
    await configBatonDir(io.fs, `${root}/repo\\src\\deep`),
    `${root}/repo/.baton`,
  );
  const plain = await configBatonDir(io.fs, `${root}/plain`);
  // Above the temp folder there may be a .git of the machine's own; only the walk's start matters.
  assert.ok(plain === `${root}/plain/.baton` || !plain.startsWith(root), plain);
});

Deno.test("configBatonDir(): the repository root's .baton from 300 folders down, not the deepest folder's own", async () => {
  await using dir = await tempDir("baton-config-deep-");
  const root = dir.path;
  await Deno.mkdir(`${root}/repo/.git`, { recursive: true });
  const io = fakeIo({ cwd: root });
  // Control: a few folders down finds the root.
  await Deno.mkdir(`${root}/repo/a/b`, { recursive: true });
  assert.equal(await configBatonDir(io.fs, `${root}/repo/a/b`), `${root}/repo/.baton`);
  const deep = `${root}/repo/${"d/".repeat(300)}x`;
  await Deno.mkdir(deep, { recursive: true });
  assert.equal(await configBatonDir(io.fs, deep), `${root}/repo/.baton`);
});
