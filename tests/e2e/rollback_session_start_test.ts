/**
 * A stranger's pushed revert that puts an older capsule of mine back in
 * latest.md (and deletes the newer one's archive file) made the next
 * session start inject nothing: the header was older than the capsule last
 * injected, so the light check answered "nothing new", and the briefing
 * with load's rolled-back warning never reached the model, while the
 * capture hooks quietly wrote nothing. Now a capsule other than the one
 * last injected is injected whatever its date. Two clones, two homes, real
 * git, the real CLI; the control is the resumed session before the revert,
 * which gets nothing (already injected).
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { git } from "../_helpers/git.ts";
import { type Machine, withShareWorld } from "../_helpers/share_world.ts";

async function sessionStart(m: Machine, source: string) {
  const r = await runBaton(["hook", "session-start", "--host", "claude-code", "--json"], {
    cwd: m.dir,
    env: { BATON_HOME: m.home },
    stdin: JSON.stringify({
      session_id: "s1",
      transcript_path: "/x.jsonl",
      cwd: m.dir,
      hook_event_name: "SessionStart",
      source,
    }),
  });
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout);
  const text = report.output === "" || report.output === undefined
    ? ""
    : JSON.parse(report.output).hookSpecificOutput.additionalContext as string;
  return { action: report.action as string, text };
}

async function handoff(m: Machine, now: string): Promise<void> {
  const r = await runBaton(["finalize", "--draft", "-"], {
    cwd: m.dir,
    env: { BATON_HOME: m.home },
    stdin: JSON.stringify({ now }),
  });
  assert.equal(r.code, 0, r.stderr);
  await git(m.dir, ["add", ".baton"]);
  await git(m.dir, ["commit", "-q", "-m", now]);
  await git(m.dir, ["push", "-q", "origin", "main"]);
}

Deno.test("after a pulled revert puts an older capsule back, session start injects the briefing and its rolled-back warning", async () => {
  await withShareWorld("baton-rollback-start-", async ({ a: me, b: stranger }) => {
    await git(me.dir, ["branch", "-q", "--set-upstream-to=origin/main"]);
    await handoff(me, "PLAN ALPHA");
    await handoff(me, "PLAN BETA");
    const first = await sessionStart(me, "startup");
    assert.equal(first.action, "injected");
    assert.match(first.text, /PLAN BETA/);
    // Control: the same capsule on resume is not injected again.
    assert.equal((await sessionStart(me, "resume")).action, "nothing_new");

    await git(stranger.dir, ["pull", "-q", "origin", "main"]);
    await git(stranger.dir, ["revert", "--no-edit", "HEAD"]);
    await git(stranger.dir, ["push", "-q", "origin", "main"]);
    await git(me.dir, ["pull", "-q", "origin", "main"]);
    assert.match(await Deno.readTextFile(`${me.dir}/.baton/latest.md`), /PLAN ALPHA/);

    const after = await sessionStart(me, "startup");
    assert.equal(after.action, "injected");
    assert.match(after.text, /PLAN ALPHA/);
    assert.match(after.text, /\.baton\/latest\.md was rolled back/);
  });
});
