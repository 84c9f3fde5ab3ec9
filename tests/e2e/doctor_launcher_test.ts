/**
 * `baton doctor` through the real CLI names the launcher the installed hooks
 * use, and warns with the fix once that launcher is deleted.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { makeRepo } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

Deno.test("doctor names the hooks' launcher and warns when it no longer exists", async () => {
  const repo = await makeRepo("baton-e2e-launcher-");
  await using home = await tempDir("baton-e2e-launcher-home-");
  const launcher = `${home.path}/baton`;
  const main = new URL("../../main.ts", import.meta.url).pathname;
  await Deno.writeTextFile(
    launcher,
    `#!/bin/sh\nexec '${Deno.execPath()}' run --quiet --no-prompt -A '${main}' "$@"\n`,
    { mode: 0o755 },
  );
  const env = { HOME: home.path, BATON_LAUNCHER: launcher };
  assert.equal((await runBaton(["install", "cursor"], { cwd: repo, env })).code, 0);
  const check = async () => {
    const r = await runBaton(["doctor", "--json"], { cwd: repo, env: { HOME: home.path } });
    const report = JSON.parse(r.stdout) as {
      checks: { name: string; outcome: string; reason: string }[];
    };
    return report.checks.find((c) => c.name === "launcher")!;
  };
  const ok = await check();
  assert.equal(ok.outcome, "ok");
  assert.equal(ok.reason, `Hooks start baton as ${launcher}`);
  await Deno.remove(launcher);
  const gone = await check();
  assert.equal(gone.outcome, "warn");
  assert.match(gone.reason, /Cursor \(project\) \(the program no longer exists\)/);
  assert.match(gone.reason, /run baton install cursor$/);
});
