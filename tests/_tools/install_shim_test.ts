/**
 * `deno task install`'s shim runs this checkout's baton in a shell whose
 * PATH holds no deno, and the hooks it installs name the shim.
 */
import assert from "node:assert/strict";
import { tempDir } from "../_helpers/temp.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";

const SCRIPT = new URL("./install_shim.ts", import.meta.url).pathname;

Deno.test("the install shim works without deno on PATH and hooks name it", async () => {
  await using dir = await tempDir();
  const bin = `${dir.path}/bin`;
  const made = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-write", "--allow-env", SCRIPT],
    env: { BATON_INSTALL_DIR: bin, PATH: "/usr/bin:/bin" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(made.code, 0, new TextDecoder().decode(made.stderr));
  const said = new TextDecoder().decode(made.stdout);
  assert.match(said, /^baton: installed .*\/bin\/baton/);
  assert.match(said, /add .*\/bin to your PATH/);

  const repo = await makeRepo();
  await writeFiles(repo, { "a.txt": "a\n" });
  await commitAll(repo);
  // No deno on PATH; the module cache stays where this test's Deno keeps it (no download).
  const info = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json"],
    stdout: "piped",
  })
    .output();
  const denoDir: string = JSON.parse(new TextDecoder().decode(info.stdout)).denoDir;
  const env = {
    PATH: "/usr/bin:/bin",
    HOME: `${dir.path}/home`,
    BATON_HOME: `${dir.path}/bh`,
    DENO_DIR: denoDir,
  };
  const version = await new Deno.Command(`${bin}/baton`, {
    args: ["--version"],
    cwd: repo,
    env,
    stdout: "piped",
  }).output();
  assert.equal(version.code, 0);
  assert.match(new TextDecoder().decode(version.stdout), /^baton \d/);
  const install = await new Deno.Command(`${bin}/baton`, {
    args: ["install", "claude-code"],
    cwd: repo,
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(install.code, 0, new TextDecoder().decode(install.stderr));
  const settings = await Deno.readTextFile(`${repo}/.claude/settings.local.json`);
  assert.ok(settings.includes(`${bin}/baton hook session-start`), settings);
});
