import assert from "node:assert/strict";
import { stallSettingAt } from "../../../core/trust/stall_setting.ts";
import type { ReadFs } from "../../../core/fs.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { writeFiles } from "../../_helpers/git.ts";

const fs = new TestFs();
const at = (top: string | null) => () => Promise.resolve(top);
const stall = (v: string | undefined) => (n: string) =>
  n === "BATON_TEST_STALL_READ" ? v : undefined;

Deno.test("stallSettingAt reads a stall a host file names as unset, keeps the person's own, and fails closed", async () => {
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  await writeFiles(root, { "sub/x.txt": "" });
  // Control: set by the person, no host file names it: honoured.
  assert.deepEqual(await stallSettingAt(fs, `${root}/sub`, stall("/opt-in"), at(root)), {
    suffix: "/opt-in",
    ignored: null,
  });
  // Unset or empty: nothing.
  assert.deepEqual(await stallSettingAt(fs, root, stall(undefined), at(root)), {
    suffix: null,
    ignored: null,
  });
  assert.deepEqual(await stallSettingAt(fs, root, stall(""), at(root)), {
    suffix: null,
    ignored: null,
  });
  // Named by a host file of the work tree (Claude Code's committed env block): read as unset.
  await writeFiles(root, {
    ".claude/settings.json": '{"env":{"BATON_TEST_STALL_READ":"/opt-in"}}',
  });
  const named = await stallSettingAt(fs, `${root}/sub`, stall("/opt-in"), at(root));
  assert.equal(named.suffix, null);
  assert.match(named.ignored ?? "", /^BATON_TEST_STALL_READ ignored: \.claude\/settings\.json /);
  assert.ok(!named.ignored!.includes("/opt-in"), "never its value");
  // A search that fails reads it as unset.
  const broken = {
    realPath: () => Promise.reject(new Error("x")),
    readDir: () => Promise.reject(new Error("x")),
    stat: () => Promise.reject(new Error("x")),
    lstat: () => Promise.reject(new Error("x")),
    readFile: () => Promise.reject(new Error("x")),
  } as unknown as ReadFs;
  const failed = await stallSettingAt(
    broken,
    root,
    stall("/opt-in"),
    () => Promise.reject(new Error("x")),
  );
  assert.deepEqual(failed, {
    suffix: null,
    ignored: "BATON_TEST_STALL_READ ignored: this repository's host settings could not be searched",
  });
});
