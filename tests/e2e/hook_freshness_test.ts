/**
 * Session-start freshness: the full briefing is injected once per capsule and
 * host; a later new session gets it again in the short form while nothing
 * drifted (the full form once something did), a resumed one nothing; after
 * a compaction the full briefing again. See: #4, #10.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";

function start(dir: string, host: string, source = "startup", env: Record<string, string> = {}) {
  return runBaton(["hook", "session-start", "--host", host], {
    cwd: dir,
    env,
    stdin: JSON.stringify({
      session_id: "s",
      transcript_path: "/x.jsonl",
      cwd: dir,
      hook_event_name: "SessionStart",
      source,
    }),
  });
}

function context(stdout: string): string {
  return JSON.parse(stdout).hookSpecificOutput.additionalContext;
}

Deno.test("hook session-start injects in full once, then a short repeat per new session, nothing on resume, full after a compaction", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "init");
  const none = await start(dir, "claude-code");
  assert.deepEqual([none.code, none.stdout, none.stderr], [0, "", ""], "no capsule: silent");

  await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"first capsule"}' });
  const first = await start(dir, "claude-code");
  assert.equal(first.code, 0, first.stderr);
  assert.match(context(first.stdout), /first capsule/);
  assert.doesNotMatch(context(first.stdout), /Short form/, "the first showing is in full");
  const resumed = await start(dir, "claude-code", "resume");
  assert.deepEqual([resumed.code, resumed.stdout], [0, ""], "a resumed session replays it: silent");
  for (const source of ["startup", "clear"]) {
    const again = await start(dir, "claude-code", source);
    assert.equal(again.code, 0, again.stderr);
    assert.match(
      context(again.stdout),
      /Short form/,
      `a new session (${source}) gets the short form`,
    );
    assert.match(context(again.stdout), /first capsule/, "which still says where things stood");
  }
  const off = await start(dir, "claude-code", "startup", { BATON_BRIEFING_REPEAT: "off" });
  assert.equal(off.stdout, "", "repeats can be turned off");
  const full = await start(dir, "claude-code", "startup", { BATON_BRIEFING_REPEAT: "full" });
  assert.doesNotMatch(context(full.stdout), /Short form/, "or always given in full");
  assert.match(context(full.stdout), /Repository then and now/);
  const otherHost = await start(dir, "codex");
  assert.doesNotMatch(context(otherHost.stdout), /Short form/, "each host gets it in full once");

  await writeFiles(dir, { "drifted.txt": "x\n" });
  const drifted = await start(dir, "claude-code");
  assert.match(context(drifted.stdout), /first capsule/);
  assert.doesNotMatch(context(drifted.stdout), /Short form/, "something drifted: the full form");
  assert.match(context(drifted.stdout), /untracked files: different/);

  await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"second capsule"}' });
  const newer = await start(dir, "claude-code", "resume");
  assert.match(
    context(newer.stdout),
    /second capsule/,
    "a newer capsule is injected, even on resume",
  );
  assert.equal((await start(dir, "claude-code", "resume")).stdout, "", "then silent on resume");

  const compact = await start(dir, "claude-code", "compact");
  assert.match(context(compact.stdout), /second capsule/, "after compaction it is injected again");
  assert.doesNotMatch(context(compact.stdout), /Short form/, "in full");

  await Deno.writeTextFile(`${dir}/.git/baton/injected.json`, "{not json");
  const damaged = await start(dir, "claude-code", "resume");
  assert.match(context(damaged.stdout), /second capsule/, "a damaged record means inject again");
  assert.equal(
    (await start(dir, "claude-code", "resume")).stdout,
    "",
    "and the record is repaired",
  );
});
