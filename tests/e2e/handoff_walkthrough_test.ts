/**
 * One session from warn to handoff to deny to a successor's resume, through
 * the real hooks in a repository that opted in: the band hook warns, at the
 * handoff band it arms the deny, the session can still write its capsule,
 * its edits are refused, and a fresh session is shown the resume command
 * and continues.
 */
import assert from "node:assert/strict";
import { runBaton, runShellText } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { claudeToolTurn, claudeUser, jsonl } from "../_helpers/band_transcripts.ts";

Deno.test("walkthrough: warn, handoff arms the deny, the capsule is still written, a successor resumes", async () => {
  const dir = await makeRepo("baton-walk-");
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    assert.equal((await runBaton(["enforce", "on", "--yes"], { cwd: dir })).code, 0);
    const t = `${dir}/.git/transcript.jsonl`;
    const hook = (event: string, session: string, extra: Record<string, unknown>) =>
      runBaton(["hook", event, "--host", "claude-code"], {
        cwd: dir,
        stdin: JSON.stringify({ session_id: session, cwd: dir, transcript_path: t, ...extra }),
      });
    const post = () =>
      hook("PostToolUse", "A", { hook_event_name: "PostToolUse", tool_name: "Bash" });
    const edit = (session: string) =>
      hook("PreToolUse", session, {
        hook_event_name: "PreToolUse",
        tool_name: "Edit",
        tool_input: { file_path: `${dir}/a.txt` },
      });

    await Deno.writeTextFile(
      t,
      jsonl([claudeUser("go"), ...Array.from({ length: 22 }, () => claudeToolTurn(1)).flat()]),
    );
    const warn = await post();
    assert.match(warn.stdout, /band: warn/);
    assert.equal((await edit("A")).stdout, "", "warn blocks nothing");

    await Deno.writeTextFile(
      t,
      jsonl([claudeUser("go"), ...Array.from({ length: 33 }, () => claudeToolTurn(1)).flat()]),
    );
    const handoff = await post();
    assert.match(handoff.stdout, /band: handoff/);
    assert.match(handoff.stdout, /changes are denied/);
    const denied = await edit("A");
    assert.equal(JSON.parse(denied.stdout).hookSpecificOutput.permissionDecision, "deny");

    // The capsule can still be written: the advice names `baton` (not a 200-character
    // invocation), that command passes the gate, and finalize runs (started here by the
    // test's own invocation: no baton is on the test's PATH).
    const advised = /pipe the draft JSON into `([^`]+ finalize --draft -)`/.exec(handoff.stdout)
      ?.[1];
    assert.equal(advised, "baton finalize --draft -", handoff.stdout);
    const named = await hook("PreToolUse", "A", {
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: `${advised} <<'EOF'\n{"now":"x"}\nEOF` },
    });
    assert.equal(named.stdout, "", "the command the advice names is let through");
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: '{"now":"parser half done"}\n',
    });
    assert.equal(fin.code, 0, fin.stderr);

    const start = await hook("SessionStart", "B", {
      hook_event_name: "SessionStart",
      source: "startup",
    });
    const injected = JSON.parse(start.stdout).hookSpecificOutput.additionalContext as string;
    assert.match(injected, /parser half done/);
    const resume = /run exactly: (.+ handoff resume [^\n]+)/.exec(injected)![1]!;
    assert.equal(
      JSON.parse((await edit("B")).stdout).hookSpecificOutput.permissionDecision,
      "deny",
    );
    const r = await runShellText(resume, dir);
    assert.equal(r.code, 0, r.stderr);
    assert.equal((await edit("B")).stdout, "", "the successor may edit");
    assert.notEqual((await edit("A")).stdout, "", "the session that handed off stays denied");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
