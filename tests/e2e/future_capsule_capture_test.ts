/**
 * A capsule dated in the future (a committed, unsigned `turn_end` latest.md
 * dated 2099) must neither silence the turn captures (the stop hook and
 * Gemini CLI's automatic PreCompress answered "recent" and wrote nothing:
 * the capture job's own copy of the rate limit counted a negative age as
 * recent) nor, once injected at session start, make this machine's own
 * later capsules read as older than it and never be injected again. Real
 * CLI, real repository.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { payloadSamples } from "../_helpers/hook_payloads.ts";
import { makeCapsule } from "../_helpers/capsule.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";
import { archiveName } from "../../core/store/layout.ts";

const FUTURE = "2099-01-01T00:00:00.000Z";

/** A repository whose committed latest.md is an unsigned turn_end capsule dated 2099. */
async function repoWithFutureCapsule(): Promise<{ dir: string; archived: string }> {
  const dir = await makeRepo("baton-future-");
  const c = await makeCapsule((b) => {
    b.created_at = FUTURE;
    b.trigger = "turn_end";
    b.meaning.now = "a capsule from the future";
  });
  const text = renderCapsuleFile(c);
  const archived = `.baton/capsules/${archiveName(c.created_at, c.id)}`;
  await writeFiles(dir, { "a.txt": "a\n", ".baton/latest.md": text, [archived]: text });
  await commitAll(dir, "init");
  return { dir, archived };
}

async function hook(dir: string, event: string, host: string, payload: unknown) {
  const r = await runBaton(["hook", event, "--host", host, "--json"], {
    cwd: dir,
    stdin: JSON.stringify(payload),
  });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

Deno.test("a capsule dated 2099 never makes the stop hook or Gemini's automatic PreCompress answer recent", async () => {
  for (const [event, host] of [["stop", "claude-code"], ["pre-compact", "gemini"]] as const) {
    const { dir } = await repoWithFutureCapsule();
    const sample = payloadSamples(dir).find((p) => p.host === host && p.event === event)!;
    await writeFiles(dir, { "work/1.txt": "x\n" });
    const first = await hook(dir, event, host, sample.payload);
    assert.equal(first.action, "written", `${host} ${event}`);
    const latest = await Deno.readTextFile(`${dir}/.baton/latest.md`);
    assert.doesNotMatch(latest, /a capsule from the future/);
    // Control: the capsule just written is recent, so the next turn adds nothing.
    await writeFiles(dir, { "work/2.txt": "y\n" });
    assert.equal((await hook(dir, event, host, sample.payload)).action, "recent");
  }
});

Deno.test("once a capsule dated 2099 was injected, this machine's next capsule is still injected at session start", async () => {
  const { dir, archived } = await repoWithFutureCapsule();
  const start = async () => {
    const r = await runBaton(["hook", "session-start", "--host", "claude-code"], {
      cwd: dir,
      stdin: JSON.stringify({
        session_id: "s",
        transcript_path: "/x.jsonl",
        cwd: dir,
        hook_event_name: "SessionStart",
        source: "resume",
      }),
    });
    assert.equal(r.code, 0, r.stderr);
    return r.stdout === "" ? "" : JSON.parse(r.stdout).hookSpecificOutput.additionalContext;
  };
  assert.match(await start(), /a capsule from the future/);
  // The file goes; this machine writes its own handoff.
  await Deno.remove(`${dir}/.baton/latest.md`);
  await Deno.remove(`${dir}/${archived}`);
  const f = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    stdin: JSON.stringify({ now: "this machine's own handoff" }),
  });
  assert.equal(f.code, 0, f.stderr);
  assert.match(await start(), /this machine's own handoff/);
  // Control: a record dated before its injection still marks: on resume it is not shown again.
  assert.equal(await start(), "");
});

Deno.test("a capsule dated 2099 is injected once: not again on resume, nor with repeats off", async () => {
  const { dir } = await repoWithFutureCapsule();
  const start = async (source: string, env: Record<string, string> = {}) => {
    const r = await runBaton(["hook", "session-start", "--host", "claude-code", "--json"], {
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
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout).action;
  };
  assert.equal(await start("startup"), "injected");
  // Before, its record (dated after the moment it was injected) marked nothing: every session,
  // a resume too, got the committed capsule again, whatever repeat setting the person chose.
  assert.equal(await start("resume"), "nothing_new");
  assert.equal(await start("startup", { BATON_BRIEFING_REPEAT: "off" }), "nothing_new");
  // Control: a new session still gets the repeat (the person's default).
  assert.equal(await start("startup"), "injected");
});
