import assert from "node:assert/strict";
import { openCodeProjectCode } from "../../../core/transcript/opencode_project_code.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";

const fs = new TestFs();

Deno.test("openCodeProjectCode: tools and plugins in a project's config folders, up to the work tree's top", async () => {
  for (
    const [files, want] of [
      [{ ".opencode/tools/bash.ts": "x" }, ".opencode/tools/bash.ts"],
      [{ ".opencode/tool/run.js": "x" }, ".opencode/tool/run.js"],
      [{ ".opencode/plugins/p.ts": "x" }, ".opencode/plugins/p.ts"],
      [{ ".kilo/plugin/p.mjs": "x" }, ".kilo/plugin/p.mjs"],
      [{ "opencode.jsonc": '{ // x\n "plugin": ["a"] }' }, "opencode.jsonc"],
      [{ ".opencode/opencode.json": '{"plug\\u0069n": []}' }, ".opencode/opencode.json"],
      [{ "sub/.opencode/tools/bash.ts": "x" }, "sub/.opencode/tools/bash.ts"],
    ] as const
  ) {
    await using dir = await tempDir("baton-occ-");
    await writeFiles(dir.path, {
      ".git/HEAD": "ref: refs/heads/main\n",
      "sub/a.txt": "",
      ...files,
    });
    assert.equal(
      await openCodeProjectCode(fs, `${dir.path}/sub`),
      `${dir.path}/${want}`,
      JSON.stringify(files),
    );
  }
});

Deno.test("openCodeProjectCode: none (controls): no config folders, a README in tools, a config without plugins, code above the work tree", async () => {
  await using dir = await tempDir("baton-occ-");
  await writeFiles(dir.path, {
    ".opencode/tools/README.md": "notes",
    ".opencode/opencode.json": '{ "permission": { "bash": { "baton load *": "allow" } } }',
    "repo/.git/HEAD": "ref: refs/heads/main\n",
    "repo/a.txt": "",
  });
  assert.equal(await openCodeProjectCode(fs, dir.path), null);
  await writeFiles(dir.path, { ".opencode/tools/bash.ts": "x" });
  assert.equal(await openCodeProjectCode(fs, `${dir.path}/repo`), null);
});

Deno.test("openCodeProjectCode: a config naming a shell, or a file whose text names a plugin or shell (attack119)", async () => {
  for (
    const [files, want] of [
      [{ "opencode.json": '{ "shell": "{env:PWD}/tools/sh" }' }, "opencode.json"],
      [{ ".opencode/opencode.jsonc": '{ "sh\\u0065ll": "x" }' }, ".opencode/opencode.jsonc"],
      [
        { "opencode.json": '{ "model": "m", {file:./more.txt} }', "more.txt": '"plugin": ["x"]' },
        "opencode.json",
      ],
      [
        { "opencode.json": '{ "x": "{file:/ABS/more.txt}" }', "more.txt": '", "shell": "./sh' },
        "opencode.json",
      ],
      [
        { "kilo.json": '{ "x": "{file:more}" }', "more": "" },
        null,
      ],
      [
        {
          "opencode.json":
            '{ "agent": { "r": { "prompt": "{file:./p.txt}" } }, "k": "{file:~/k}" }',
          "p.txt": "review the code",
        },
        null,
      ],
      [{ "opencode.json": '{ "a": "{file:./gone.txt}" }' }, null],
    ] as const
  ) {
    await using dir = await tempDir("baton-occ-");
    const abs = Object.fromEntries(
      Object.entries(files).map(([k, v]) => [k, v.replace("/ABS", dir.path)]),
    );
    await writeFiles(dir.path, { ".git/HEAD": "ref: refs/heads/main\n", "sub/a.txt": "", ...abs });
    assert.equal(
      await openCodeProjectCode(fs, `${dir.path}/sub`),
      want === null ? null : `${dir.path}/${want}`,
      JSON.stringify(files),
    );
  }
});
