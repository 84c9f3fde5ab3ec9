/**
 * readProjectScripts on real files: the nearest package.json and deno.json
 * from the command's folder, never above the work tree; a folder with
 * node_modules stops npm's search; a link or an oversized file is
 * unreadable; .npmrc and npm_config_* settings that move npm are found.
 * @module
 */
import assert from "node:assert/strict";
import { DenoFs } from "../../../commands/_adapters/deno_fs.ts";
import { readProjectScripts } from "../../../commands/_adapters/project_scripts.ts";
import { MAX_MANIFEST_BYTES } from "../../../core/evidence/script_scope.ts";

const noEnv = () => undefined;

Deno.test("the nearest manifests inside the work tree are read", async () => {
  const root = await Deno.makeTempDir({ prefix: "baton-project-scripts-" });
  try {
    const fs = new DenoFs();
    const repo = `${root}/repo`;
    await Deno.mkdir(`${repo}/pkg/src`, { recursive: true });
    await Deno.writeTextFile(`${root}/package.json`, '{"scripts":{"test":"outside"}}');
    await Deno.writeTextFile(`${repo}/deno.jsonc`, '{"tasks":{}}');
    let p = await readProjectScripts(fs, noEnv, `${repo}/pkg/src`, repo);
    assert.deepEqual(p.packageJson, { kind: "absent" }, "never above the work tree");
    assert.equal(p.denoJson.kind, "read");
    await Deno.writeTextFile(`${repo}/pkg/package.json`, '{"scripts":{"test":"jest"}}');
    p = await readProjectScripts(fs, noEnv, `${repo}/pkg/src`, repo);
    assert.equal(p.packageJson.kind, "read");
    assert.equal(p.runnerMoved, false);
    // npm takes a folder with node_modules as the package's.
    await Deno.mkdir(`${repo}/pkg/src/node_modules`);
    p = await readProjectScripts(fs, noEnv, `${repo}/pkg/src`, repo);
    assert.deepEqual(p.packageJson, { kind: "absent" });
    await Deno.writeTextFile(`${repo}/pkg/.npmrc`, "script-shell=/bin/bash\n");
    p = await readProjectScripts(fs, noEnv, `${repo}/pkg`, repo);
    assert.equal(p.runnerMoved, true);
    await Deno.remove(`${repo}/pkg/.npmrc`);
    const env = (n: string) => n === "npm_config_if_present" ? "true" : undefined;
    assert.equal((await readProjectScripts(fs, env, `${repo}/pkg`, repo)).runnerMoved, true);
    await Deno.remove(`${repo}/pkg/package.json`);
    await Deno.symlink(`${root}/package.json`, `${repo}/pkg/package.json`);
    p = await readProjectScripts(fs, noEnv, `${repo}/pkg`, repo);
    assert.deepEqual(p.packageJson, { kind: "unreadable" }, "a link");
    await Deno.remove(`${repo}/pkg/package.json`);
    await Deno.writeTextFile(`${repo}/pkg/package.json`, " ".repeat(MAX_MANIFEST_BYTES + 1));
    p = await readProjectScripts(fs, noEnv, `${repo}/pkg`, repo);
    assert.deepEqual(p.packageJson, { kind: "unreadable" }, "too large");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("make's flags are read from MAKEFLAGS, GNUMAKEFLAGS and MFLAGS (attack116)", async () => {
  const root = await Deno.makeTempDir({ prefix: "baton-project-scripts-" });
  try {
    const set: Record<string, string> = { GNUMAKEFLAGS: "i", MFLAGS: "-k" };
    const p = await readProjectScripts(new DenoFs(), (n) => set[n], root, root);
    assert.deepEqual(p.makeFlags, ["i", "-k"]);
    assert.deepEqual((await readProjectScripts(new DenoFs(), noEnv, root, root)).makeFlags, []);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
