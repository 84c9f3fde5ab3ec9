/**
 * `baton hook` fails open on everything, argument errors included: a host
 * reads exit 2 as "block" (Claude Code's Stop and PreCompact, Cursor's
 * deny), and a config written by a newer baton may pass a flag this one
 * does not know. A broken repository must not fail a session either.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { tempDir as removedTempDir } from "../_helpers/temp.ts";

async function tempDir(): Promise<string> {
  return (await removedTempDir("baton-failopen-")).path;
}

Deno.test("hook exits 0 with nothing on stdout for extra words, unknown flags and a missing flag value", async () => {
  const cwd = await tempDir();
  for (const args of [["stop", "extra"], ["stop", "--bogus-flag"], ["stop", "--host"]]) {
    const r = await runBaton(["hook", ...args], { cwd, stdin: "{}" });
    assert.equal(r.code, 0, args.join(" "));
    assert.equal(r.stdout, "", args.join(" "));
    assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
    assert.ok(r.stderr.includes("nothing done"), r.stderr);
  }
  // Positive control: the same mistakes fail loudly for a command that is not a hook.
  const other = await runBaton(["load", "--bogus-flag"], { cwd });
  assert.equal(other.code, 2);
});

Deno.test("hook session-start exits 0 in a worktree whose main repository is gone", async () => {
  const cwd = await tempDir();
  await Deno.writeTextFile(`${cwd}/.git`, "gitdir: /nonexistent/baton-test\n");
  const payload = JSON.stringify({ cwd, hook_event_name: "SessionStart", source: "startup" });
  for (const event of ["session-start", "pre-compact"]) {
    const r = await runBaton(["hook", event, "--host", "codex"], { cwd, stdin: payload });
    assert.equal(r.code, 0, `${event}: ${r.stderr}`);
    assert.equal(r.stdout.trim() === "" || r.stdout.trim() === "{}", true, r.stdout);
  }
  const json = await runBaton(["hook", "session-start", "--host", "codex", "--json"], {
    cwd,
    stdin: payload,
  });
  assert.equal(json.code, 0);
  // pre-compact wrote a capsule with the repository facts unavailable; the
  // next session gets it, saying why the facts could not be re-checked.
  const report = JSON.parse(json.stdout);
  assert.equal(report.action, "injected");
  assert.match(
    report.output,
    /Repository facts are unavailable now: repository: Cannot use \.git file/,
  );
  assert.ok(!json.stdout.includes("/nonexistent"), "the report names no payload or file content");
});
