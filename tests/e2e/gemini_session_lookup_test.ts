/**
 * Gemini CLI names a chat file with only the first 8 characters of its
 * session id, in one folder per project. When the hook's payload names no
 * transcript, baton searched every project's folder for that short id and
 * took the first file, so another project's session sharing the 8
 * characters became this repository's capsule. Real repository, Gemini's
 * store in a temporary home, the real `baton hook pre-compact` for Gemini,
 * then `baton show latest`: the file whose header states the whole id is
 * taken, a file that only shares the short id never is, and this
 * project's file alone is found (control).
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";
import { geminiPreCompress } from "../_helpers/hook_payloads.ts";

const SID = "5b2d7c1e-8a9f-4e3d-b6c5-0a1b2c3d4e5f";
/** Another project's session: the same first 8 characters. */
const OTHER_SID = "5b2d7c1e-0000-4000-8000-ffffffffffff";
const OWN = "Fix the parser bug";
const FOREIGN = "Rotate the production database password";
const DENO_DIR = Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`;

function chat(sid: string, request: string): string {
  const at = (s: number) => new Date(Date.UTC(2026, 7, 20, 9, 0, s)).toISOString();
  return [
    { sessionId: sid, projectHash: "h", startTime: at(0), kind: "main" },
    { id: "m1", timestamp: at(1), type: "user", content: [{ text: request }] },
    { id: "m2", timestamp: at(2), type: "gemini", content: "On it.", model: "gemini-2.5-pro" },
  ].map((r) => JSON.stringify(r)).join("\n") + "\n";
}

async function requestsAfterHook(
  files: { own: boolean; other: boolean },
): Promise<string[] | null> {
  const repo = await makeRepo("baton-gemini-lookup-");
  await using home = await tempDir("baton-home-");
  try {
    await writeFiles(repo, { "a.txt": "a\n" });
    await commitAll(repo, "init");
    const name = `session-2026-08-20T09-00-${SID.slice(0, 8)}.jsonl`;
    // The other project's folder sorts first, as the newest would.
    if (files.other) {
      const chats = `${home.path}/.gemini/tmp/zz-other/chats`;
      await Deno.mkdir(chats, { recursive: true });
      await Deno.writeTextFile(`${chats}/${name}`, chat(OTHER_SID, FOREIGN));
    }
    if (files.own) {
      const chats = `${home.path}/.gemini/tmp/repo/chats`;
      await Deno.mkdir(chats, { recursive: true });
      await Deno.writeTextFile(`${home.path}/.gemini/tmp/repo/.project_root`, repo);
      await Deno.writeTextFile(`${chats}/${name}`, chat(SID, OWN));
    }
    const env = { HOME: home.path, DENO_DIR };
    const hook = await runBaton(["hook", "pre-compact", "--host", "gemini", "--json"], {
      cwd: repo,
      env,
      stdin: JSON.stringify(geminiPreCompress(SID, null, repo)),
    });
    assert.equal(hook.code, 0, hook.stderr);
    const shown = await runBaton(["show", "latest", "--json"], { cwd: repo, env });
    assert.equal(shown.code, 0, shown.stderr);
    const session = JSON.parse(shown.stdout).capsule.session;
    return session === undefined || session === null
      ? null
      : session.user_requests.map((r: { text: string }) => r.text);
  } finally {
    await Deno.remove(repo, { recursive: true });
  }
}

Deno.test("Gemini lookup by session id: this project's file alone is found (control)", async () => {
  assert.deepEqual(await requestsAfterHook({ own: true, other: false }), [OWN]);
});

Deno.test("Gemini lookup by session id: another project's file sharing the short id is not taken", async () => {
  assert.deepEqual(await requestsAfterHook({ own: true, other: true }), [OWN]);
});

Deno.test("Gemini lookup by session id: only another project's file sharing the short id gives no session", async () => {
  assert.equal(await requestsAfterHook({ own: false, other: true }), null);
});
