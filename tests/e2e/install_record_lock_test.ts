/**
 * The rules-block record's lock (trust36 hole 8) is taken before install
 * writes anything. It used to be taken per file, after that file was
 * written: when another install held it and never let go, install wrote the
 * host files, then stopped with baton's block written and its record not, so
 * a later uninstall would read baton's own block as a stranger's. Now the
 * bounded wait ends with the lock error and nothing written. Control: with
 * the lock free, install writes the files and records them. Real CLI; the
 * lock is held by this test process (its owner's advisory lock), never by
 * time.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { git } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const DENO_DIR = Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`;

async function exists(path: string): Promise<boolean> {
  return await Deno.lstat(path).then(() => true, () => false);
}

Deno.test("install: a rules-block record locked by a live install stops install before any host file is written", async () => {
  await using t = await tempDir("baton-irl-");
  const repo = `${t.path}/repo`;
  await git(t.path, ["init", "-q", repo]);
  const home = `${t.path}/home`;
  await Deno.mkdir(home);
  const env = { HOME: home, DENO_DIR };
  const lock = `${repo}/.git/baton/rules_blocks.json.lock`;
  await Deno.mkdir(lock, { recursive: true });
  const owner = {
    token: "other-install",
    pid: Deno.pid,
    host: Deno.hostname(),
    started: null,
    acquired_at_ms: Date.now(),
  };
  await Deno.writeTextFile(`${lock}/owner.json`, JSON.stringify(owner));
  const alive = await Deno.open(`${lock}/alive`, { read: true, write: true, create: true });
  try {
    await alive.lock(true);
    const r = await runBaton(["install", "claude-code"], { cwd: repo, env });
    assert.notEqual(r.code, 0, r.stdout);
    assert.match(r.stderr, /Cannot take the lock/);
    assert.equal(await exists(`${repo}/.claude`), false, "no host file written");
  } finally {
    alive.close();
  }
  // Control: the other install gone, this one writes its files and records them.
  await Deno.remove(lock, { recursive: true });
  const c = await runBaton(["install", "claude-code"], { cwd: repo, env });
  assert.equal(c.code, 0, c.stderr);
  assert.ok(await exists(`${repo}/.claude`));
  const record = JSON.parse(await Deno.readTextFile(`${repo}/.git/baton/rules_blocks.json`));
  assert.ok(Object.keys(record.blocks).length > 0, JSON.stringify(record));
  assert.equal(await exists(lock), false, "the lock is let go");
});
