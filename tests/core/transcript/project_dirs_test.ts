import assert from "node:assert/strict";
import { projectDirs } from "../../../core/transcript/project_dirs.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";

const fs = new TestFs();

Deno.test("projectDirs: from the session's folder up to the one holding .git, nearest first", async () => {
  await using dir = await tempDir("baton-pd-");
  await Deno.mkdir(`${dir.path}/r/a/b`, { recursive: true });
  await Deno.writeTextFile(`${dir.path}/r/.git`, "gitdir: /elsewhere\n");
  assert.deepEqual(await projectDirs(fs, `${dir.path}/r/a/b/`), [
    `${dir.path}/r/a/b`,
    `${dir.path}/r/a`,
    `${dir.path}/r`,
  ]);
});

Deno.test("projectDirs: outside git, the session's folder alone", async () => {
  await using dir = await tempDir("baton-pd-");
  await Deno.mkdir(`${dir.path}/a`);
  assert.deepEqual(await projectDirs(fs, `${dir.path}/a`), [`${dir.path}/a`]);
});
