/**
 * A host config with a key repeated in one object (the host reads the last
 * copy, baton's JSON editor the first) is never edited: install refuses and
 * writes nothing, at any depth and however the key is spelled (`\u0070`
 * escapes). The same file without the repeat is edited (positive control).
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { makeRepo } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const DENO_DIR = Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`;

const REPEATS = [
  '{\n  "permission": {"bash": {"*": "ask"}},\n  "permission": {"bash": {"*": "deny"}}\n}\n',
  '{\n  "permission": {"bash": {"*": "ask"}},\n  "\\u0070ermission": {"bash": {"*": "deny"}}\n}\n',
  '{\n  "permission": {"bash": {"*": "ask", "*": "allow"}}\n}\n',
];

Deno.test("install never edits an opencode.json with a repeated key, and edits it without one", async () => {
  const home = (await tempDir()).path;
  for (const text of REPEATS) {
    const repo = await makeRepo();
    const config = `${repo}/.opencode/opencode.json`;
    await Deno.mkdir(`${repo}/.opencode`);
    await Deno.writeTextFile(config, text);
    const r = await runBaton(["install", "opencode", "--project"], {
      cwd: repo,
      env: { HOME: home, DENO_DIR },
    });
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /a key is repeated in one object/);
    assert.equal(await Deno.readTextFile(config), text);
  }
  const repo = await makeRepo();
  const config = `${repo}/.opencode/opencode.json`;
  await Deno.mkdir(`${repo}/.opencode`);
  await Deno.writeTextFile(config, '{\n  "permission": {"bash": {"*": "ask"}}\n}\n');
  const ok = await runBaton(["install", "opencode", "--project"], {
    cwd: repo,
    env: { HOME: home, DENO_DIR },
  });
  assert.equal(ok.code, 0, ok.stderr);
  assert.match(await Deno.readTextFile(config), /"\*": "ask", "[^"]* load \*": "allow"/);
});
