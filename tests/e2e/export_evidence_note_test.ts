/**
 * `baton export --meaning` (and `baton paste`, which prints the same half)
 * is pasted into a chat tool as the session's facts. A verified fact that
 * cites command evidence is shown with the command it rests on, its outcome
 * and the briefing's warning when the command shares no word with the claim:
 * a `[verified] all tests pass` that `true` stands behind states a check
 * nobody made. Real repository, the real CLI.
 * @module
 */
import assert from "node:assert/strict";
import { git, makeRepo } from "../_helpers/git.ts";
import { runBaton } from "../_helpers/cli.ts";

Deno.test("export --meaning names the command a verified fact cites, and warns when it has nothing to do with the claim", async () => {
  const dir = await makeRepo("baton-export-evidence-");
  try {
    await git(dir, ["commit", "-q", "--allow-empty", "-m", "first"]);
    const ran = async (...argv: string[]) => {
      const r = await runBaton(["evidence", "--", ...argv], { cwd: dir });
      assert.equal(r.code, 0, r.stderr);
      return r.stdout.trim();
    };
    const idle = await ran("true");
    const status = await ran("git", "status", "--short");
    const draft = {
      now: "x",
      verified_facts: [
        { text: "all tests pass", evidence: idle },
        // Control: a command that is about the claim.
        { text: "git status shows nothing to commit", evidence: status },
      ],
    };
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: JSON.stringify(draft),
    });
    assert.equal(fin.code, 0, fin.stderr);
    const out = await runBaton(["export", "--meaning"], { cwd: dir });
    assert.equal(out.code, 0, out.stderr);
    const line = (text: string) => out.stdout.split("\n").find((l) => l.includes(text)) ?? "";
    const tests = line("all tests pass");
    assert.match(tests, /^- \[verified\] all tests pass \(evidence ev-[0-9a-f]{16}: ran `true`, /);
    assert.match(tests, /WARNING: the command shares no word with this claim\)$/);
    const clean = line("git status shows");
    assert.match(clean, /ran `git status --short`, exit 0 /);
    assert.doesNotMatch(clean, /WARNING/);
    // The briefing says the same of the same fact.
    const load = await runBaton(["load"], { cwd: dir });
    assert.match(load.stdout, /all tests pass \(evidence .*shares no word with this claim/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
