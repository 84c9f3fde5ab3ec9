/**
 * latest.md's prose header is its writer's word (only the JSON block is
 * read back), yet session start compared only the header's id with the
 * capsule last injected. A stranger's pushed latest.md whose header names
 * another id than its JSON block never matched the record the hook writes
 * (the JSON's id), so every session start injected it again: on resume
 * (where the host replays what it injected) and with repeats turned off too.
 * Now the id the injection job read from the JSON block is checked against
 * the record before anything is printed. Two clones, two homes, real git,
 * the real CLI; the control is the same capsule with its header intact.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { git } from "../_helpers/git.ts";
import { type Machine, withShareWorld } from "../_helpers/share_world.ts";

async function sessionStart(m: Machine, source: string, env: Record<string, string> = {}) {
  const r = await runBaton(["hook", "session-start", "--host", "claude-code", "--json"], {
    cwd: m.dir,
    env: { BATON_HOME: m.home, ...env },
    stdin: JSON.stringify({
      session_id: "s1",
      transcript_path: "/x.jsonl",
      cwd: m.dir,
      hook_event_name: "SessionStart",
      source,
    }),
  });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).action as string;
}

async function push(m: Machine, message: string): Promise<void> {
  await git(m.dir, ["add", ".baton"]);
  await git(m.dir, ["commit", "-q", "-m", message]);
  await git(m.dir, ["push", "-q", "origin", "main"]);
}

Deno.test("a pulled latest.md whose header names another id is injected once, not at every session start", async () => {
  await withShareWorld("baton-forged-header-", async ({ a: stranger, b: me }) => {
    const f = await runBaton(["finalize", "--draft", "-"], {
      cwd: stranger.dir,
      env: { BATON_HOME: stranger.home },
      stdin: JSON.stringify({ now: "STRANGER HANDOFF" }),
    });
    assert.equal(f.code, 0, f.stderr);
    await push(stranger, "capsule");
    await git(me.dir, ["pull", "-q", "origin", "main"]);

    // Control: the header as written. Injected once; on resume or with repeats off, nothing.
    assert.equal(await sessionStart(me, "startup"), "injected");
    assert.equal(await sessionStart(me, "resume"), "nothing_new");
    assert.equal(
      await sessionStart(me, "startup", { BATON_BRIEFING_REPEAT: "off" }),
      "nothing_new",
    );

    // The stranger rewrites the prose header's id (the JSON block, the capsule, is untouched).
    const path = `${stranger.dir}/.baton/latest.md`;
    const text = await Deno.readTextFile(path);
    const forged = text.replace(/^# baton capsule [0-9a-f]{12}$/m, "# baton capsule 0123456789ab");
    assert.notEqual(forged, text);
    await Deno.writeTextFile(path, forged);
    await push(stranger, "header");
    await git(me.dir, ["pull", "-q", "origin", "main"]);

    assert.equal(await sessionStart(me, "resume"), "nothing_new");
    assert.equal(await sessionStart(me, "resume"), "nothing_new");
    assert.equal(
      await sessionStart(me, "startup", { BATON_BRIEFING_REPEAT: "off" }),
      "nothing_new",
    );
    // A new session still gets it again (a repeat, as the person's default asks).
    assert.equal(await sessionStart(me, "startup"), "injected");
  });
});
