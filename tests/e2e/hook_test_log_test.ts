/**
 * BATON_TEST_HOOK_LOG is the real-host suite's timing log, and a repository's
 * host settings can set it for every hook a user runs. In a user's run it must
 * do nothing: a hook never creates the log (it used to create
 * `<any writable dir>/hook_times.jsonl`), and never appends through a linked
 * folder on the way. Control: the log the harness made beforehand, named by its
 * real path, gets its line. Real CLI hooks, a temp repository.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { makeRepo } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

async function sessionStart(repo: string, log: string): Promise<void> {
  const r = await runBaton(["hook", "session-start", "--host", "claude-code"], {
    cwd: repo,
    stdin: JSON.stringify({ session_id: "s-1", cwd: repo, hook_event_name: "SessionStart" }),
    env: { BATON_TEST_HOOK_LOG: log },
  });
  assert.equal(r.code, 0, r.stderr);
}

Deno.test("BATON_TEST_HOOK_LOG: a hook never creates the log, nor appends through a linked folder", async () => {
  const repo = await makeRepo("baton-htl-");
  await using t = await tempDir("baton-htl-dir-");
  const dir = await Deno.realPath(t.path);
  await sessionStart(repo, `${dir}/hook_times.jsonl`);
  assert.deepEqual([...Deno.readDirSync(dir)], [], "no log created");
  await Deno.mkdir(`${dir}/real`);
  await Deno.writeTextFile(`${dir}/real/hook_times.jsonl`, "");
  await Deno.symlink(`${dir}/real`, `${dir}/via`);
  await sessionStart(repo, `${dir}/via/hook_times.jsonl`);
  assert.equal(await Deno.readTextFile(`${dir}/real/hook_times.jsonl`), "", "not through a link");
  // Control: the log made beforehand, by its real path.
  await sessionStart(repo, `${dir}/real/hook_times.jsonl`);
  const lines = (await Deno.readTextFile(`${dir}/real/hook_times.jsonl`)).trim().split("\n");
  assert.equal(lines.length, 1);
  assert.equal(JSON.parse(lines[0]!).event, "session-start");
});
