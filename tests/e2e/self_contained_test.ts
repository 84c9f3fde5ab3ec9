/**
 * The program never reads its own source tree at run time: everything it
 * needs is imported as a module. Module loading needs no read permission in
 * Deno, so with read access limited to a temp directory any run-time read of
 * the checkout is denied and fails this test.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

Deno.test("baton demo runs end to end with read and write permission limited to a temp directory", async () => {
  const tmp = (await tempDir("baton-sealed-")).path;
  const r = await runBaton(["demo", "--json"], {
    cwd: tmp,
    env: { TMPDIR: tmp, HOME: tmp },
    permissions: [
      `--allow-read=${tmp}`,
      `--allow-write=${tmp}`,
      "--allow-env",
      "--allow-run",
      "--allow-sys=hostname,uid",
    ],
  });
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.ok(out.repo.startsWith(tmp));
  assert.ok(out.downgrades.length >= 1, "the forged claim was rewritten");
  assert.ok(out.briefing.includes("claims to re-check"));
  const file = out.drift.find((d: { check: string }) => d.check === "file src/tokenizer.ts");
  assert.equal(file.status, "different");
});

Deno.test("the sealed run can fail: reading outside the allowed directory is denied", async () => {
  const tmp = (await tempDir("baton-sealed-")).path;
  const r = await runBaton(["validate", new URL("../../README.md", import.meta.url).pathname], {
    cwd: tmp,
    permissions: [`--allow-read=${tmp}`, "--allow-env"],
  });
  assert.notEqual(r.code, 0);
});

Deno.test("paste, ingest and both hook paths run sealed too (embedded instructions; the hook job runs inline when its Worker module cannot be read)", async () => {
  const dir = await makeRepo("baton-sealed-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "init");
  await writeFiles(dir, { "b.txt": "b\n" });
  // The baton home (signing key) is outside the repository, as it must be.
  const home = (await tempDir("baton-sealed-home-")).path;
  const sealed = {
    cwd: dir,
    env: { TMPDIR: dir, HOME: dir, BATON_HOME: `${home}/baton` },
    permissions: [
      `--allow-read=${dir},${home}`,
      `--allow-write=${dir},${home}`,
      "--allow-env",
      "--allow-run",
      "--allow-sys=hostname,uid",
    ],
  };
  const paste = await runBaton(["paste"], sealed);
  assert.equal(paste.code, 0, paste.stderr);
  assert.match(paste.stdout, /"next_action":\{"description"/);
  const ingest = await runBaton(["ingest", "-"], { ...sealed, stdin: '{"now":"pasted"}' });
  assert.equal(ingest.code, 0, ingest.stderr);
  const payload = (event: string) =>
    JSON.stringify({ session_id: "s", transcript_path: "/t", cwd: dir, hook_event_name: event });
  const pc = await runBaton(["hook", "pre-compact", "--json"], {
    ...sealed,
    stdin: payload("PreCompact"),
  });
  assert.equal(pc.stderr, "");
  assert.equal(JSON.parse(pc.stdout).action, "written");
  const ss = await runBaton(["hook", "session-start"], {
    ...sealed,
    stdin: payload("SessionStart"),
  });
  assert.equal(ss.stderr, "");
  assert.match(JSON.parse(ss.stdout).hookSpecificOutput.additionalContext, /pasted/);
  await Deno.remove(home, { recursive: true });
});
