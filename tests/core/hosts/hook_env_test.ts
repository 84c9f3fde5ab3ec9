// Tests for core/hosts/hook_env.ts: every host is stated once, and the
// calling host's project variable is tried first, then the others in order.

import assert from "node:assert/strict";
import { HOOK_ENV, projectDirAt, projectDirFromEnv } from "../../../core/hosts/hook_env.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { HOST_IDS } from "../../../core/hosts/ids.ts";

Deno.test("every host states its hook environment exactly once", () => {
  assert.deepEqual(HOOK_ENV.map((h) => h.host).sort(), [...HOST_IDS].sort());
});

Deno.test("the project directory comes from the calling host's variable, else the first one set", () => {
  const all: Record<string, string> = {
    CLAUDE_PROJECT_DIR: "/claude",
    GEMINI_PROJECT_DIR: "/gemini",
    CURSOR_PROJECT_DIR: "/cursor",
  };
  assert.equal(projectDirFromEnv((n) => all[n]), "/claude");
  // The calling host's own variable wins over the others (positive control: without the host,
  // Claude Code's comes first).
  assert.equal(projectDirFromEnv((n) => all[n], "gemini"), "/gemini");
  assert.equal(projectDirFromEnv((n) => all[n], "cursor"), "/cursor");
  assert.equal(projectDirFromEnv((n) => all[n], "codex"), "/claude");
  assert.equal(
    projectDirFromEnv((n) => n === "CLAUDE_PROJECT_DIR" ? undefined : all[n]),
    "/cursor",
  );
  assert.equal(
    projectDirFromEnv((n) => n === "CURSOR_PROJECT_DIR" ? all[n] : undefined),
    "/cursor",
  );
  assert.equal(projectDirFromEnv(() => undefined), undefined);
});

Deno.test("projectDirAt(): a project variable is used at or above the hook's folder (through links too), never elsewhere", async () => {
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  await Deno.mkdir(`${root}/repo/sub`, { recursive: true });
  await Deno.mkdir(`${root}/other`);
  await Deno.symlink(`${root}/repo`, `${root}/link`);
  const fs = new TestFs();
  const env = (value: string) => (n: string) => n === "GEMINI_PROJECT_DIR" ? value : undefined;
  const at = (value: string, cwd: string) => projectDirAt(fs, env(value), "gemini", cwd);
  // Controls: the folder itself, one above it, and one above it named through a link.
  assert.deepEqual(await at(`${root}/repo`, `${root}/repo`), {
    dir: `${root}/repo`,
    ignored: null,
  });
  assert.deepEqual(await at(`${root}/repo`, `${root}/repo/sub`), {
    dir: `${root}/repo`,
    ignored: null,
  });
  assert.deepEqual(await at(`${root}/link`, `${root}/repo/sub`), {
    dir: `${root}/repo`,
    ignored: null,
  });
  // Another folder, one below, one that does not exist: the hook's own folder, said once.
  for (const value of [`${root}/other`, `${root}/repo/sub`, `${root}/gone`]) {
    const got = await at(value, value === `${root}/repo/sub` ? `${root}/repo` : `${root}/repo/sub`);
    assert.notEqual(got.ignored, null, value);
    assert.match(got.ignored ?? "", /^GEMINI_PROJECT_DIR ignored: /);
    assert.equal(got.ignored?.includes(root), false, "the value is never echoed");
    assert.equal(got.dir, value === `${root}/repo/sub` ? `${root}/repo` : `${root}/repo/sub`);
  }
  // No variable set: the hook's own folder, nothing said.
  assert.deepEqual(await projectDirAt(fs, () => undefined, "gemini", `${root}/other`), {
    dir: `${root}/other`,
    ignored: null,
  });
});
