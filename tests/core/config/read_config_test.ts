/**
 * readBatonConfig(): defaults with no file, the parsed file otherwise, and
 * the parse cache keyed by the file's bytes: written only when asked, used
 * when the key matches, missed by any edit, ignored when damaged.
 */
import { dirBinding } from "../../../core/dir_binding.ts";
import assert from "node:assert/strict";
import { configCachePath, readBatonConfig } from "../../../core/config/read_config.ts";
import { ConfigError } from "../../../core/config/config_error.ts";
import { sha256Hex } from "../../../core/hash.ts";
import { VERSION } from "../../../core/version.ts";
import { fakeIo } from "../../_helpers/io.ts";
import { tempDir } from "../../_helpers/temp.ts";

async function setup(text: string | null) {
  const dir = await tempDir("baton-config-");
  const batonDir = `${dir.path}/.baton`;
  await Deno.mkdir(batonDir);
  if (text !== null) await Deno.writeTextFile(`${batonDir}/config.yaml`, text);
  const stateDir = `${dir.path}/.git/baton`;
  await Deno.mkdir(`${dir.path}/.git`);
  return { dir, batonDir, stateDir, io: fakeIo({ cwd: dir.path }) };
}

async function exists(path: string): Promise<boolean> {
  return await Deno.lstat(path).then(() => true, () => false);
}

Deno.test("readBatonConfig(): no file gives the defaults and writes nothing", async () => {
  const { dir, batonDir, stateDir, io } = await setup(null);
  await using _ = dir;
  const c = await readBatonConfig(io.fs, batonDir, { cache: "read-write", stateDir });
  assert.equal(c.enforce.mode, "advise");
  assert.equal(await exists(configCachePath(stateDir)), false);
});

Deno.test("readBatonConfig(): the parse is cached only when asked, and a cache hit is what is returned", async () => {
  const { dir, batonDir, stateDir, io } = await setup("enforce: deny\n");
  await using _ = dir;
  assert.equal(
    (await readBatonConfig(io.fs, batonDir, { cache: "read", stateDir })).enforce.mode,
    "deny",
  );
  assert.equal(await exists(configCachePath(stateDir)), false, "read only: no cache written");
  assert.equal(
    (await readBatonConfig(io.fs, batonDir, { cache: "read-write", stateDir })).enforce.mode,
    "deny",
  );
  const cache = JSON.parse(await Deno.readTextFile(configCachePath(stateDir)));
  assert.match(cache.key, /^\d+\.\d+\.\d+:[0-9a-f]{64}$/);
  // Proof the cache is read: a hit returns what the cache holds.
  cache.config.enforce.orphanMs = 1234;
  await Deno.writeTextFile(configCachePath(stateDir), JSON.stringify(cache));
  assert.equal(
    (await readBatonConfig(io.fs, batonDir, { cache: "read", stateDir })).enforce.orphanMs,
    1234,
  );
  // What a person runs reads the file, and refresh repairs the cache.
  assert.equal((await readBatonConfig(io.fs, batonDir)).enforce.orphanMs, 24 * 3600 * 1000);
  await readBatonConfig(io.fs, batonDir, { cache: "refresh", stateDir });
  assert.equal(
    (await readBatonConfig(io.fs, batonDir, { cache: "read", stateDir })).enforce.orphanMs,
    24 * 3600 * 1000,
  );
});

Deno.test("readBatonConfig(): any edit misses the cache, and an edit that breaks the file is reported", async () => {
  const { dir, batonDir, stateDir, io } = await setup("enforce: deny\n");
  await using _ = dir;
  await readBatonConfig(io.fs, batonDir, { cache: "read-write", stateDir });
  await Deno.writeTextFile(`${batonDir}/config.yaml`, "enforce: off\n");
  assert.equal(
    (await readBatonConfig(io.fs, batonDir, { cache: "read", stateDir })).enforce.mode,
    "off",
  );
  await Deno.writeTextFile(`${batonDir}/config.yaml`, "enforce: [unclosed\n");
  await assert.rejects(
    readBatonConfig(io.fs, batonDir, { cache: "read", stateDir }),
    /config\.yaml/,
  );
});

Deno.test("readBatonConfig(): a damaged or foreign cache is ignored and the file parsed", async () => {
  const { dir, batonDir, stateDir, io } = await setup("enforce: deny\n");
  await using _ = dir;
  await readBatonConfig(io.fs, batonDir, { cache: "read-write", stateDir });
  const good = JSON.parse(await Deno.readTextFile(configCachePath(stateDir)));
  for (
    const bad of [
      "not json",
      JSON.stringify({ ...good, config: { ...good.config, enforce: { mode: "never" } } }),
      JSON.stringify({ ...good, key: "0.0.0:" + "0".repeat(64) }),
      JSON.stringify({ key: good.key }),
    ]
  ) {
    await Deno.writeTextFile(configCachePath(stateDir), bad);
    const c = await readBatonConfig(io.fs, batonDir, { cache: "read", stateDir });
    assert.equal(c.enforce.mode, "deny", bad.slice(0, 40));
    assert.equal(c.enforce.orphanMs, 24 * 3600 * 1000);
  }
});

Deno.test("readBatonConfig(): a cache in .baton/ (where a commit could carry one) is never read", async () => {
  const { dir, batonDir, stateDir, io } = await setup("enforce: off\n");
  await using _ = dir;
  const key = `${VERSION}:${await sha256Hex(new TextEncoder().encode("enforce: off\n"))}`;
  const planted = (mode: string, dir = "-:-") =>
    JSON.stringify({
      key,
      dir,
      config: { bands: {}, done: {}, enforce: { mode, orphanMs: 1 }, unknownKeys: 0 },
    });
  // The old location, with any key: nothing reads it.
  await Deno.mkdir(`${batonDir}/state`);
  await Deno.writeTextFile(`${batonDir}/state/config-cache.json`, planted("deny"));
  const c = await readBatonConfig(io.fs, batonDir, { cache: "read", stateDir });
  assert.equal(c.enforce.mode, "off");
  assert.equal(configCachePath(stateDir).startsWith(`${batonDir}/`), false);
  // Control: the same entry where baton keeps its cache is what a hook reads.
  await Deno.mkdir(stateDir, { recursive: true });
  const here = (await dirBinding(io.fs, stateDir))!;
  await Deno.writeTextFile(configCachePath(stateDir), planted("deny", here));
  const hit = await readBatonConfig(io.fs, batonDir, { cache: "read", stateDir });
  assert.equal(hit.enforce.mode, "deny");
  // The same entry written in another directory (an archive, a copied .git), or unbound: not read.
  for (const other of ["1:2", undefined]) {
    await Deno.writeTextFile(configCachePath(stateDir), planted("deny", other));
    const c2 = await readBatonConfig(io.fs, batonDir, { cache: "read", stateDir });
    assert.equal(c2.enforce.mode, "off", String(other));
  }
});

Deno.test("readBatonConfig(): a file that fails to parse is cached as the failure: the next hook gets the same error without parsing", async () => {
  const { dir, batonDir, stateDir, io } = await setup("bands:\n  pct: { warn: 70 }\n");
  await using _ = dir;
  const first = await readBatonConfig(io.fs, batonDir, { cache: "read-write", stateDir }).then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(first instanceof ConfigError);
  assert.match(first.message, /line 2, column 8/);
  const cache = JSON.parse(await Deno.readTextFile(configCachePath(stateDir)));
  assert.match(cache.key, /^\d+\.\d+\.\d+:[0-9a-f]{64}$/);
  assert.equal(cache.config, undefined);
  // Proof the failure is read from the cache, not parsed again: a hit throws what it holds.
  cache.failure.line = 9;
  await Deno.writeTextFile(configCachePath(stateDir), JSON.stringify(cache));
  const again = await readBatonConfig(io.fs, batonDir, { cache: "read", stateDir }).then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(again instanceof ConfigError);
  assert.match(again.message, /line 9, column 8/);
  assert.deepEqual(again.data, { line: 9, column: 8 });
  // Control: what a person runs parses the file itself.
  await assert.rejects(readBatonConfig(io.fs, batonDir), /line 2, column 8/);
  // A failure entry of the wrong shape (control characters, no problem) is ignored.
  for (const problem of ["bad\nline", "", 7]) {
    await Deno.writeTextFile(
      configCachePath(stateDir),
      JSON.stringify({ ...cache, failure: { ...cache.failure, problem } }),
    );
    await assert.rejects(
      readBatonConfig(io.fs, batonDir, { cache: "read", stateDir }),
      /line 2, column 8/,
      String(problem),
    );
  }
  // An edit that fixes the file misses the cached failure.
  await Deno.writeTextFile(`${batonDir}/config.yaml`, "enforce: deny\n");
  assert.equal(
    (await readBatonConfig(io.fs, batonDir, { cache: "read", stateDir })).enforce.mode,
    "deny",
  );
});

Deno.test("readBatonConfig(): a link at the cache's place is never followed, even to a bound cache beside it", async () => {
  const { dir, batonDir, stateDir, io } = await setup("enforce: deny\n");
  await using _ = dir;
  await readBatonConfig(io.fs, batonDir, { cache: "read-write", stateDir });
  const cache = JSON.parse(await Deno.readTextFile(configCachePath(stateDir)));
  cache.config.enforce.orphanMs = 1234;
  await Deno.writeTextFile(`${stateDir}/elsewhere.json`, JSON.stringify(cache));
  await Deno.remove(configCachePath(stateDir));
  await Deno.symlink("elsewhere.json", configCachePath(stateDir));
  const read = await readBatonConfig(io.fs, batonDir, { cache: "read", stateDir });
  assert.equal(read.enforce.orphanMs, 24 * 3600 * 1000, "the file parsed, the link's cache unread");
  // Positive control: the same cache as a regular file is a hit.
  await Deno.remove(configCachePath(stateDir));
  await Deno.rename(`${stateDir}/elsewhere.json`, configCachePath(stateDir));
  assert.equal(
    (await readBatonConfig(io.fs, batonDir, { cache: "read", stateDir })).enforce.orphanMs,
    1234,
  );
});
