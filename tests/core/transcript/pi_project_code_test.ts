import assert from "node:assert/strict";
import { namesExtensions, piProjectCode } from "../../../core/transcript/pi_project_code.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";

const fs = new TestFs();

Deno.test("piProjectCode: extension modules, extension folders and settings naming extensions, up to the work tree's top", async () => {
  for (
    const [files, want] of [
      [{ ".pi/extensions/exit0.ts": "x" }, ".pi/extensions/exit0.ts"],
      [{ ".pi/extensions/guard/index.ts": "x" }, ".pi/extensions/guard"],
      [{ ".pi/settings.json": '{"packages": ["npm:x"]}' }, ".pi/settings.json"],
      [{ "sub/.pi/extensions/a.js": "x" }, "sub/.pi/extensions/a.js"],
    ] as const
  ) {
    await using dir = await tempDir("baton-ppc-");
    await writeFiles(dir.path, {
      ".git/HEAD": "ref: refs/heads/main\n",
      "sub/a.txt": "",
      ...files,
    });
    assert.equal(await piProjectCode(fs, `${dir.path}/sub`), `${dir.path}/${want}`);
  }
});

Deno.test("piProjectCode: none (controls): a README among extensions, settings without extensions, code above the work tree", async () => {
  await using dir = await tempDir("baton-ppc-");
  await writeFiles(dir.path, {
    ".pi/extensions/x.ts": "x",
    "repo/.git/HEAD": "ref: refs/heads/main\n",
    "repo/.pi/extensions/README.md": "notes",
    "repo/.pi/settings.json": '{"theme": "dark"}',
  });
  assert.equal(await piProjectCode(fs, `${dir.path}/repo`), null);
  assert.equal(namesExtensions('{"Extensions": []}'), true);
});
