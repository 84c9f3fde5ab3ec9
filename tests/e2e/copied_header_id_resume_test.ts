/**
 * The id in latest.md's prose header is public: anyone who can push can
 * write a capsule of their own under a header that copies the id of the
 * capsule this host last injected. Session start on `resume` compared that
 * header alone with its record, answered "already injected", and so never
 * showed the stranger's capsule (nor said that the one it had injected was
 * no longer current). Now the record keeps the digest of latest.md's bytes,
 * and a header that names the recorded id over other bytes goes to the job,
 * which reads the JSON block. Two clones, two homes, real git, the real CLI;
 * the controls are resumes over the very file injected (nothing new, without
 * the job) and over a record from before digests were kept.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { git } from "../_helpers/git.ts";
import { type Machine, withShareWorld } from "../_helpers/share_world.ts";

interface Start {
  action: string;
  capsule_id?: string;
}

async function sessionStart(m: Machine, source: string): Promise<Start> {
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
  return JSON.parse(r.stdout) as Start;
}

async function finalize(m: Machine, now: string): Promise<string> {
  const f = await runBaton(["finalize", "--draft", "-", "--json"], {
    cwd: m.dir,
    env: { BATON_HOME: m.home },
    stdin: JSON.stringify({ now }),
  });
  assert.equal(f.code, 0, f.stderr);
  return JSON.parse(f.stdout).id as string;
}

async function push(m: Machine, message: string): Promise<void> {
  await git(m.dir, ["add", ".baton"]);
  await git(m.dir, ["commit", "-q", "-m", message]);
  await git(m.dir, ["push", "-q", "origin", "main"]);
}

const injectedJson = (m: Machine) => `${m.dir}/.git/baton/injected.json`;

Deno.test("resume over a stranger's latest.md whose header copies the id last injected injects it", async () => {
  await withShareWorld("baton-copied-header-", async ({ a: stranger, b: me }) => {
    const mine = await finalize(me, "MY HANDOFF");
    await push(me, "mine");
    assert.equal((await sessionStart(me, "startup")).action, "injected");
    // Control: the very bytes injected are recognised on resume by the light check.
    assert.equal((await sessionStart(me, "resume")).action, "nothing_new");

    // Control: a record from before digests were kept is confirmed by the job (nothing new) and
    // then gains the digest, so the resume after it is light again.
    const state = JSON.parse(await Deno.readTextFile(injectedJson(me)));
    assert.equal(typeof state.hosts["claude-code"].latest_digest, "string");
    delete state.hosts["claude-code"].latest_digest;
    await Deno.writeTextFile(injectedJson(me), JSON.stringify(state));
    assert.equal((await sessionStart(me, "resume")).action, "nothing_new");
    const refreshed = JSON.parse(await Deno.readTextFile(injectedJson(me)));
    assert.equal(typeof refreshed.hosts["claude-code"].latest_digest, "string");

    // The stranger writes their own capsule and gives its header my capsule's id.
    await git(stranger.dir, ["pull", "-q", "origin", "main"]);
    const theirs = await finalize(stranger, "STRANGER HANDOFF");
    assert.notEqual(theirs, mine);
    const path = `${stranger.dir}/.baton/latest.md`;
    const text = await Deno.readTextFile(path);
    const id12 = mine.replace("sha256:", "").slice(0, 12);
    const forged = text.replace(/^# baton capsule [0-9a-f]{12}$/m, `# baton capsule ${id12}`);
    assert.notEqual(forged, text);
    await Deno.writeTextFile(path, forged);
    await push(stranger, "theirs");
    await git(me.dir, ["pull", "-q", "origin", "main"]);

    const resumed = await sessionStart(me, "resume");
    assert.equal(resumed.action, "injected");
    assert.equal(resumed.capsule_id, theirs, "the capsule its JSON block holds, not the header's");
    // Once shown, the stranger's file is not shown again on resume.
    assert.equal((await sessionStart(me, "resume")).action, "nothing_new");
  });
});
