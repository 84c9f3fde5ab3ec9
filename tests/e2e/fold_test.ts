/**
 * A fold: a draft with fold: true writes the capsule, exits 10 and says how
 * to continue; the fresh session's start hook (source clear) shows it.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { EXIT } from "../../core/errors.ts";

const MEANING = "checkpoint before the parser rewrite";

Deno.test("fold: finalize exits 10 after writing, a plain draft exits 0, and /clear's session start shows the fold", async () => {
  const dir = await makeRepo("baton-fold-");
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    const plain = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"x"}' });
    assert.equal(plain.code, 0, plain.stderr);
    assert.doesNotMatch(plain.stdout, /Fold:/);

    const draft = JSON.stringify({ now: MEANING, fold: true });
    const folded = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: draft });
    assert.equal(folded.code, EXIT.folded.code, folded.stderr);
    assert.equal(EXIT.folded.code, 10);
    assert.match(folded.stdout, /^Wrote capsule sha256:[0-9a-f]{64} /);
    assert.match(folded.stdout, /Fold: this session is done\. .*\/clear/);
    const json = await runBaton(["show", "--json"], { cwd: dir });
    assert.equal(JSON.parse(json.stdout).capsule.meaning.fold, true);

    const asJson = await runBaton(["finalize", "--draft", "-", "--json"], {
      cwd: dir,
      stdin: draft,
    });
    assert.equal(asJson.code, 10);
    assert.equal(JSON.parse(asJson.stdout).fold, true);

    const start = await runBaton(["hook", "session-start", "--host", "claude-code"], {
      cwd: dir,
      stdin: JSON.stringify({
        session_id: "s-fresh",
        cwd: dir,
        hook_event_name: "SessionStart",
        source: "clear",
        transcript_path: "/dev/null",
      }),
    });
    assert.equal(start.code, 0, start.stderr);
    const injected = JSON.parse(start.stdout).hookSpecificOutput.additionalContext as string;
    assert.ok(injected.includes(MEANING), injected.slice(0, 300));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
