import assert from "node:assert/strict";
import {
  BATON_TASK_FLAGS,
  currentInvocation,
  isDenoRuntime,
  launcherIgnored,
  launcherPath,
} from "../../../commands/_adapters/invocation.ts";
import { tempDir } from "../../_helpers/temp.ts";

Deno.test("isDenoRuntime() knows the deno binary on every OS and nothing else", () => {
  for (const p of ["/usr/bin/deno", "C:\\bin\\deno.exe", "deno", "/x/DENO.EXE"]) {
    assert.ok(isDenoRuntime(p), p);
  }
  for (const p of ["/usr/local/bin/baton", "/x/deno-baton", "/deno/baton"]) {
    assert.ok(!isDenoRuntime(p), p);
  }
});

Deno.test("currentInvocation() under deno runs this checkout's main.ts with the task's flags and config", () => {
  const inv = currentInvocation();
  assert.equal(inv[0], Deno.execPath());
  assert.equal(inv[1], "run");
  assert.deepEqual(inv.slice(2, 2 + BATON_TASK_FLAGS.length), [...BATON_TASK_FLAGS]);
  const main = new URL("../../../main.ts", import.meta.url).pathname;
  assert.equal(inv.at(-1), main);
  assert.equal(inv.at(-2), `--config=${new URL("../../../deno.json", import.meta.url).pathname}`);
});

Deno.test("BATON_TASK_FLAGS are the permission flags of the baton task in deno.json", async () => {
  const config = JSON.parse(
    await Deno.readTextFile(new URL("../../../deno.json", import.meta.url)),
  );
  const task = (config.tasks.baton as string).split(" ");
  for (const flag of BATON_TASK_FLAGS) assert.ok(task.includes(flag), flag);
});

Deno.test("launcherPath() takes only an absolute path to an executable file that starts this baton", async () => {
  await using dir = await tempDir();
  const main = new URL("../../../main.ts", import.meta.url).pathname;
  const file = `${dir.path}/baton`;
  await Deno.writeTextFile(file, `#!/bin/sh\nexec deno run '${main}' "$@"\n`, { mode: 0o755 });
  assert.equal(launcherPath(file), file);
  assert.equal(launcherIgnored(file), false);
  assert.equal(launcherPath(undefined), null);
  assert.equal(launcherIgnored(undefined), false, "unset is not ignored");
  assert.equal(launcherPath("baton"), null, "relative");
  assert.equal(launcherPath(`${dir.path}/missing`), null);
  assert.equal(launcherPath(dir.path), null, "a directory");
  const other = `${dir.path}/other`;
  await Deno.writeTextFile(other, "#!/bin/sh\n", { mode: 0o755 });
  assert.equal(launcherPath(other), null, "an existing script that does not start this baton");
  assert.equal(launcherIgnored(other), true);
  await Deno.chmod(file, 0o644);
  assert.equal(launcherPath(file), null, "not executable");
});
