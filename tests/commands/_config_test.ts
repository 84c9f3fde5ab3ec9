/**
 * readBatonConfig(): defaults with no file, the parsed file otherwise, and
 * the parse cache keyed by the file's bytes: written only when asked, used
 * when the key matches, missed by any edit, ignored when damaged.
 */
import assert from "node:assert/strict";
import { configCachePath, readBatonConfig } from "../../commands/_config.ts";
import { fakeIo } from "../_helpers/io.ts";
import { tempDir } from "../_helpers/temp.ts";

async function setup(text: string | null) {
  const dir = await tempDir("baton-config-");
  const batonDir = `${dir.path}/.baton`;
  await Deno.mkdir(batonDir);
  if (text !== null) await Deno.writeTextFile(`${batonDir}/config.yaml`, text);
  return { dir, batonDir, io: fakeIo({ cwd: dir.path }) };
}

async function exists(path: string): Promise<boolean> {
  return await Deno.lstat(path).then(() => true, () => false);
}

Deno.test("readBatonConfig(): no file gives the defaults and writes nothing", async () => {
  const { dir, batonDir, io } = await setup(null);
  await using _ = dir;
  const c = await readBatonConfig(io, batonDir, { cache: "read-write" });
  assert.equal(c.enforce.mode, "advise");
  assert.equal(await exists(configCachePath(batonDir)), false);
});

Deno.test("readBatonConfig(): the parse is cached only when asked, and a cache hit is what is returned", async () => {
  const { dir, batonDir, io } = await setup("enforce: deny\n");
  await using _ = dir;
  assert.equal((await readBatonConfig(io, batonDir, { cache: "read" })).enforce.mode, "deny");
  assert.equal(await exists(configCachePath(batonDir)), false, "read only: no cache written");
  assert.equal((await readBatonConfig(io, batonDir, { cache: "read-write" })).enforce.mode, "deny");
  const cache = JSON.parse(await Deno.readTextFile(configCachePath(batonDir)));
  assert.match(cache.key, /^\d+\.\d+\.\d+:[0-9a-f]{64}$/);
  // Proof the cache is read: a hit returns what the cache holds.
  cache.config.enforce.orphanMs = 1234;
  await Deno.writeTextFile(configCachePath(batonDir), JSON.stringify(cache));
  assert.equal((await readBatonConfig(io, batonDir, { cache: "read" })).enforce.orphanMs, 1234);
  // What a person runs reads the file, and refresh repairs the cache.
  assert.equal((await readBatonConfig(io, batonDir)).enforce.orphanMs, 24 * 3600 * 1000);
  await readBatonConfig(io, batonDir, { cache: "refresh" });
  assert.equal(
    (await readBatonConfig(io, batonDir, { cache: "read" })).enforce.orphanMs,
    24 * 3600 * 1000,
  );
});

Deno.test("readBatonConfig(): any edit misses the cache, and an edit that breaks the file is reported", async () => {
  const { dir, batonDir, io } = await setup("enforce: deny\n");
  await using _ = dir;
  await readBatonConfig(io, batonDir, { cache: "read-write" });
  await Deno.writeTextFile(`${batonDir}/config.yaml`, "enforce: off\n");
  assert.equal((await readBatonConfig(io, batonDir, { cache: "read" })).enforce.mode, "off");
  await Deno.writeTextFile(`${batonDir}/config.yaml`, "enforce: [unclosed\n");
  await assert.rejects(readBatonConfig(io, batonDir, { cache: "read" }), /config\.yaml/);
});

Deno.test("readBatonConfig(): a damaged or foreign cache is ignored and the file parsed", async () => {
  const { dir, batonDir, io } = await setup("enforce: deny\n");
  await using _ = dir;
  await readBatonConfig(io, batonDir, { cache: "read-write" });
  const good = JSON.parse(await Deno.readTextFile(configCachePath(batonDir)));
  for (
    const bad of [
      "not json",
      JSON.stringify({ ...good, config: { ...good.config, enforce: { mode: "never" } } }),
      JSON.stringify({ ...good, key: "0.0.0:" + "0".repeat(64) }),
      JSON.stringify({ key: good.key }),
    ]
  ) {
    await Deno.writeTextFile(configCachePath(batonDir), bad);
    const c = await readBatonConfig(io, batonDir, { cache: "read" });
    assert.equal(c.enforce.mode, "deny", bad.slice(0, 40));
    assert.equal(c.enforce.orphanMs, 24 * 3600 * 1000);
  }
});
