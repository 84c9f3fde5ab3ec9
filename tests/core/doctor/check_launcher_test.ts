/**
 * Doctor's launcher check on real files: the launcher the hooks use is
 * named, and a launcher deleted, a checkout moved (for a Deno invocation and
 * for a `deno task install` launcher) or a bare name missing from PATH is a
 * warning that says which install to run again.
 */
import assert from "node:assert/strict";
import { checkLauncher, whyUnresolved } from "../../../core/doctor/check_launcher.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";

const fs = new TestFs();

async function shim(dir: string, main: string): Promise<string> {
  const path = `${dir}/baton`;
  await Deno.writeTextFile(
    path,
    `#!/bin/sh\n# baton from the checkout at ${dir} (written by deno task install)\nexec '/usr/bin/deno' run '--config=${dir}/deno.json' '${main}' "$@"\n`,
  );
  return path;
}

Deno.test("a launcher that resolves is named, and one that was deleted warns with the fix", async () => {
  await using d = await tempDir("baton-launcher-");
  await Deno.writeTextFile(`${d.path}/main.ts`, "");
  const launcher = await shim(d.path, `${d.path}/main.ts`);
  const installed = [{
    where: "Claude Code (project)",
    host: "claude-code",
    scope: "project" as const,
    invocation: [launcher],
  }];
  const ok = await checkLauncher(fs, {
    own: [launcher],
    kind: "launcher",
    installed,
    pathDirs: [],
  });
  assert.equal(ok.outcome, "ok");
  assert.equal(ok.reason, `Hooks start baton as ${launcher}`);
  assert.match(ok.detail ?? "", /the launcher named in BATON_LAUNCHER/);

  await Deno.remove(launcher);
  const gone = await checkLauncher(fs, {
    own: [launcher],
    kind: "launcher",
    installed,
    pathDirs: [],
  });
  assert.equal(gone.outcome, "warn");
  assert.match(gone.reason, /Claude Code \(project\) \(the program no longer exists\)/);
  assert.match(gone.reason, /run baton install claude-code$/);
});

Deno.test("a moved checkout is found behind a launcher and behind a Deno invocation", async () => {
  await using d = await tempDir("baton-launcher-");
  const main = `${d.path}/checkout/main.ts`;
  await Deno.mkdir(`${d.path}/checkout`);
  await Deno.writeTextFile(main, "");
  await Deno.writeTextFile(`${d.path}/checkout/deno.json`, "{}");
  const launcher = await shim(d.path, main);
  const deno = [Deno.execPath(), "run", `--config=${d.path}/checkout/deno.json`, main];
  assert.equal(await whyUnresolved(fs, [launcher], []), null, "positive control");
  assert.equal(await whyUnresolved(fs, deno, []), null, "positive control");
  await Deno.rename(`${d.path}/checkout`, `${d.path}/moved`);
  assert.match((await whyUnresolved(fs, [launcher], []))!, /checkout is gone/);
  assert.match((await whyUnresolved(fs, deno, []))!, /checkout it runs is gone/);
  const r = await checkLauncher(fs, {
    own: [launcher],
    kind: "launcher",
    installed: [{ where: "Codex (user)", host: "codex", scope: "user", invocation: deno }],
    pathDirs: [],
  });
  assert.equal(r.outcome, "warn");
  assert.match(r.reason, /run baton install codex --user$/);
});

Deno.test("a bare name resolves through PATH only", async () => {
  await using d = await tempDir("baton-launcher-");
  assert.match((await whyUnresolved(fs, ["baton"], [d.path]))!, /not on PATH/);
  await Deno.writeTextFile(`${d.path}/baton`, "#!/bin/sh\n");
  assert.equal(await whyUnresolved(fs, ["baton"], ["", d.path]), null);
});

Deno.test("with no host installed the check only says how this baton starts", async () => {
  const r = await checkLauncher(fs, {
    own: ["/opt/deno", "run", "/src/baton/main.ts"],
    kind: "runtime",
    installed: [],
    pathDirs: [],
  });
  assert.equal(r.outcome, "info");
  assert.match(r.reason, /deno task install gives a stable launcher/);
});

Deno.test("an invocation with odd characters is never echoed", async () => {
  const r = await checkLauncher(fs, {
    own: ["/opt/baton"],
    kind: "binary",
    installed: [{
      where: "Cursor (project)",
      host: "cursor",
      scope: "project",
      invocation: ["/tmp/$(secret-token)/baton"],
    }],
    pathDirs: [],
  });
  assert.equal(r.outcome, "warn");
  assert.ok(!JSON.stringify(r).includes("secret-token"));
});
