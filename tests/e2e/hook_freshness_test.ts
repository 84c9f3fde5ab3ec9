/**
 * Session-start freshness: a briefing is injected once per capsule and host,
 * then the hook stays silent until a newer capsule exists; after a
 * compaction it injects again. See: #4.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";

function start(dir: string, host: string, source = "startup") {
  return runBaton(["hook", "session-start", "--host", host], {
    cwd: dir,
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

Deno.test("hook session-start injects once, stays silent until a newer capsule exists, and re-injects after a compaction", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "init");
  const none = await start(dir, "claude-code");
  assert.deepEqual([none.code, none.stdout, none.stderr], [0, "", ""], "no capsule: silent");

  await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"first capsule"}' });
  const first = await start(dir, "claude-code");
  assert.equal(first.code, 0, first.stderr);
  assert.match(context(first.stdout), /first capsule/);
  for (const source of ["startup", "resume", "clear"]) {
    const again = await start(dir, "claude-code", source);
    assert.deepEqual([again.code, again.stdout], [0, ""], `already injected (${source}): silent`);
  }
  const otherHost = await start(dir, "codex");
  assert.match(context(otherHost.stdout), /first capsule/, "each host gets it once");

  await writeFiles(dir, { "b.txt": "b\n" });
  await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"second capsule"}' });
  const newer = await start(dir, "claude-code", "resume");
  assert.match(context(newer.stdout), /second capsule/, "a newer capsule is injected");
  assert.equal((await start(dir, "claude-code")).stdout, "", "then silent again");

  const compact = await start(dir, "claude-code", "compact");
  assert.match(context(compact.stdout), /second capsule/, "after compaction it is injected again");

  await Deno.writeTextFile(`${dir}/.baton/state/injected.json`, "{not json");
  const damaged = await start(dir, "claude-code");
  assert.match(context(damaged.stdout), /second capsule/, "a damaged record means inject again");
  assert.equal((await start(dir, "claude-code")).stdout, "", "and the record is repaired");
});
