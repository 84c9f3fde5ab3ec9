/**
 * The compression threshold a host compresses at, read from real settings
 * files in the host's merge order, and when a fill is near it.
 */
import assert from "node:assert/strict";
import {
  compressionThreshold,
  MAX_SETTINGS_BYTES,
  nearCompression,
  settingValue,
} from "../../../core/hosts/compression_threshold.ts";
import { GEMINI_RECORD } from "../../../core/hosts/gemini.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";

const RECORD = GEMINI_RECORD.compression;

async function place(root: string, env: Record<string, string> = {}) {
  const home = `${root}/home`;
  const project = `${root}/project`;
  await Deno.mkdir(`${home}/.gemini`, { recursive: true });
  await Deno.mkdir(`${project}/.gemini`, { recursive: true });
  return {
    home,
    project,
    place: { env: (n: string) => env[n], home, projectRoot: project },
  };
}

Deno.test("compression threshold: the default when no settings file sets it", async () => {
  await using dir = await tempDir();
  const p = await place(dir.path, {
    GEMINI_CLI_SYSTEM_SETTINGS_PATH: `${dir.path}/none.json`,
    GEMINI_CLI_SYSTEM_DEFAULTS_PATH: `${dir.path}/none2.json`,
  });
  await Deno.writeTextFile(`${p.home}/.gemini/settings.json`, '{"general": {"vimMode": true}}');
  const t = await compressionThreshold(new TestFs(), RECORD, p.place);
  assert.deepEqual(t, { fraction: 0.5, source: "default" });
});

Deno.test("compression threshold: user, then workspace, then system settings win, comments allowed", async () => {
  await using dir = await tempDir();
  const system = `${dir.path}/system.json`;
  const p = await place(dir.path, {
    GEMINI_CLI_SYSTEM_SETTINGS_PATH: system,
    GEMINI_CLI_SYSTEM_DEFAULTS_PATH: `${dir.path}/defaults.json`,
  });
  const fs = new TestFs();
  await Deno.writeTextFile(`${dir.path}/defaults.json`, '{"model": {"compressionThreshold": 0.9}}');
  assert.equal((await compressionThreshold(fs, RECORD, p.place)).fraction, 0.9);
  await Deno.writeTextFile(
    `${p.home}/.gemini/settings.json`,
    '{\n  // mine\n  "model": { "compressionThreshold": 0.3, },\n}\n',
  );
  assert.equal((await compressionThreshold(fs, RECORD, p.place)).fraction, 0.3);
  await Deno.writeTextFile(
    `${p.project}/.gemini/settings.json`,
    '{"model": {"compressionThreshold": 0.2}}',
  );
  const ws = await compressionThreshold(fs, RECORD, p.place);
  assert.deepEqual(ws, { fraction: 0.2, source: `${p.project}/.gemini/settings.json` });
  await Deno.writeTextFile(system, '{"model": {"compressionThreshold": 0.7}}');
  assert.equal((await compressionThreshold(fs, RECORD, p.place)).fraction, 0.7);
});

Deno.test("compression threshold: GEMINI_CLI_HOME moves the user's settings", async () => {
  await using dir = await tempDir();
  const moved = `${dir.path}/moved`;
  await Deno.mkdir(`${moved}/.gemini`, { recursive: true });
  const p = await place(dir.path, {
    GEMINI_CLI_HOME: moved,
    GEMINI_CLI_SYSTEM_SETTINGS_PATH: `${dir.path}/none.json`,
    GEMINI_CLI_SYSTEM_DEFAULTS_PATH: `${dir.path}/none2.json`,
  });
  const fs = new TestFs();
  await Deno.writeTextFile(
    `${p.home}/.gemini/settings.json`,
    '{"model":{"compressionThreshold":0.3}}',
  );
  assert.equal((await compressionThreshold(fs, RECORD, p.place)).fraction, 0.5, "home ignored");
  await Deno.writeTextFile(
    `${moved}/.gemini/settings.json`,
    '{"model":{"compressionThreshold":0.25}}',
  );
  assert.equal((await compressionThreshold(fs, RECORD, p.place)).fraction, 0.25);
});

Deno.test("compression threshold: a broken, huge, zero or non-number setting is skipped", async () => {
  await using dir = await tempDir();
  const p = await place(dir.path, {
    GEMINI_CLI_SYSTEM_SETTINGS_PATH: `${dir.path}/none.json`,
    GEMINI_CLI_SYSTEM_DEFAULTS_PATH: `${dir.path}/none2.json`,
  });
  const fs = new TestFs();
  const user = `${p.home}/.gemini/settings.json`;
  const project = `${p.project}/.gemini/settings.json`;
  // The positive control: a good user value is read.
  await Deno.writeTextFile(user, '{"model":{"compressionThreshold":0.3}}');
  for (
    const bad of [
      '{"model":{"compressionThreshold":0}}',
      '{"model":{"compressionThreshold":"0.1"}}',
      '{"model":{"compressionThreshold":-1}}',
      '{"model":[0.1]}',
      '{"model":{"compressionThreshold":0.1',
      `{"model":{"compressionThreshold":0.1}}${" ".repeat(MAX_SETTINGS_BYTES)}`,
    ]
  ) {
    await Deno.writeTextFile(project, bad);
    assert.equal((await compressionThreshold(fs, RECORD, p.place)).fraction, 0.3, bad.slice(0, 40));
  }
  await Deno.writeTextFile(project, '{"model":{"compressionThreshold":0.1}}');
  assert.equal((await compressionThreshold(fs, RECORD, p.place)).fraction, 0.1);
});

Deno.test("compression threshold: settingValue reads own keys only", () => {
  assert.equal(settingValue({ model: { compressionThreshold: 0.4 } }, RECORD.setting), 0.4);
  const inherited = { model: Object.create({ compressionThreshold: 0.4 }) };
  assert.equal(settingValue(inherited, RECORD.setting), null);
  assert.equal(settingValue(null, RECORD.setting), null);
});

Deno.test("near compression: from 80% of the threshold; garbage counts as near", () => {
  assert.equal(nearCompression(39.9, 0.5), false);
  assert.equal(nearCompression(40, 0.5), true);
  assert.equal(nearCompression(60, 0.5), true);
  assert.equal(nearCompression(15, 0.2), false);
  assert.equal(nearCompression(16, 0.2), true);
  assert.equal(nearCompression(Number.POSITIVE_INFINITY, 0.5), true);
});

Deno.test("compression threshold: a workspace file (repository content, applied by the host only in a trusted folder) can lower the threshold, never raise it", async () => {
  await using dir = await tempDir();
  const p = await place(dir.path, {
    GEMINI_CLI_SYSTEM_SETTINGS_PATH: `${dir.path}/none.json`,
    GEMINI_CLI_SYSTEM_DEFAULTS_PATH: `${dir.path}/none2.json`,
  });
  const fs = new TestFs();
  const workspace = `${p.project}/.gemini/settings.json`;
  // A cloned repository names a threshold the host would never reach: the capture stays on.
  await Deno.writeTextFile(workspace, '{"model": {"compressionThreshold": 1000}}');
  assert.deepEqual(await compressionThreshold(fs, RECORD, p.place), {
    fraction: 0.5,
    source: "default",
  });
  await Deno.writeTextFile(
    `${p.home}/.gemini/settings.json`,
    '{"model": {"compressionThreshold": 0.3}}',
  );
  await Deno.writeTextFile(workspace, '{"model": {"compressionThreshold": 0.6}}');
  assert.equal((await compressionThreshold(fs, RECORD, p.place)).fraction, 0.3, "the user's stays");
  // Control: a lower workspace value is taken (an earlier capture).
  await Deno.writeTextFile(workspace, '{"model": {"compressionThreshold": 0.25}}');
  assert.deepEqual(await compressionThreshold(fs, RECORD, p.place), {
    fraction: 0.25,
    source: workspace,
  });
});
