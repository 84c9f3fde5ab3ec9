import assert from "node:assert/strict";
import {
  hookSettingFile,
  hookSettingIgnored,
  hookTimeScaleAt,
} from "../../../core/trust/hook_setting.ts";
import type { ReadFs } from "../../../core/fs.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { writeFiles } from "../../_helpers/git.ts";

const fs = new TestFs();
const at = (top: string | null) => () => Promise.resolve(top);

Deno.test("hookSettingFile names the host file that sets a setting, up to the outermost work tree", async () => {
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  const env = (n: string) => n === "BATON_HOOK_TIME_SCALE" ? "4" : undefined;
  await writeFiles(root, { "sub/x.txt": "" });
  assert.equal(
    await hookSettingFile(fs, `${root}/sub`, "BATON_HOOK_TIME_SCALE", env, at(root)),
    null,
  );
  await writeFiles(root, { ".claude/settings.json": '{"env":{"BATON_HOOK_TIME_SCALE":"4"}}' });
  assert.equal(
    await hookSettingFile(fs, `${root}/sub`, "BATON_HOOK_TIME_SCALE", env, at(root)),
    ".claude/settings.json",
  );
  // Past the outermost work tree nothing is read: the sub-folder alone is searched.
  assert.equal(
    await hookSettingFile(fs, `${root}/sub`, "BATON_HOOK_TIME_SCALE", env, at(`${root}/sub`)),
    null,
  );
});

Deno.test("hookTimeScaleAt reads a scale a host file names as 1, searches nothing when unset, and fails closed", async () => {
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  let reads = 0;
  const counting = new Proxy(fs, {
    get: (target, key) => {
      const v = Reflect.get(target, key);
      return typeof v === "function" ? (...a: unknown[]) => (reads++, v.apply(target, a)) : v;
    },
  }) as ReadFs;
  const scaled = (v: string | undefined) => (n: string) =>
    n === "BATON_HOOK_TIME_SCALE" ? v : undefined;
  assert.deepEqual(await hookTimeScaleAt(counting, root, scaled(undefined), at(root)), {
    scale: 1,
    ignored: null,
  });
  assert.deepEqual(await hookTimeScaleAt(counting, root, scaled("zero"), at(root)), {
    scale: 1,
    ignored: null,
  });
  assert.equal(reads, 0, "unset, or no scale: nothing searched");
  // Control: the person's own scale stands.
  assert.deepEqual(await hookTimeScaleAt(fs, root, scaled("12"), at(root)), {
    scale: 12,
    ignored: null,
  });
  await writeFiles(root, { ".env.local": "BATON_HOOK_TIME_SCALE=12\n" });
  const named = await hookTimeScaleAt(fs, root, scaled("12"), at(root));
  assert.equal(named.scale, 1);
  assert.match(named.ignored ?? "", /^BATON_HOOK_TIME_SCALE ignored: \.env\.local in this/);
  const failed = await hookTimeScaleAt(
    fs,
    root,
    scaled("12"),
    () => Promise.reject(new Error("unreadable")),
  );
  assert.equal(failed.scale, 1, "a search that fails reads it as unset");
  assert.match(failed.ignored ?? "", /could not be searched/);
});

Deno.test("hookSettingIgnored keeps a setting no host file names, says which file names one (never its value), and fails closed", async () => {
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  const env = (n: string) => n === "BATON_HOST" ? "secret-host" : undefined;
  // Control: nothing names it, so the person's value stands.
  assert.equal(await hookSettingIgnored(fs, root, "BATON_HOST", env, at(root), ", why"), null);
  await writeFiles(root, { ".claude/settings.json": '{"env":{"BATON_HOST":"secret-host"}}' });
  assert.equal(
    await hookSettingIgnored(fs, root, "BATON_HOST", env, at(root), ", why"),
    "BATON_HOST ignored: .claude/settings.json in this repository names it, why",
  );
  assert.equal(
    await hookSettingIgnored(fs, root, "BATON_HOST", env, () => Promise.reject(new Error("x"))),
    "BATON_HOST ignored: this repository's host settings could not be searched",
  );
});
