/**
 * A transcript's commands are cut to the session section's bounds before the
 * capsule's secret scan sees them. A token the cut halves (a GitHub token's
 * first 30 of 36 characters: the last 6 are a checksum of those) is in no
 * rule's shape, so the scan used to keep it: the capsule, committed and
 * pushed, and the briefing held it, under "Secret scan passed: no secrets
 * found". Real Claude Code transcript shapes, the real pre-compact hook, then
 * load; the control is the same token in a command short enough to keep whole.
 * @module
 */
import assert from "node:assert/strict";
import { captureThenLoad, claudeBashTranscript } from "../_helpers/claude_capture.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";
import { Rng, SAMPLES } from "../_helpers/secret_fixtures.ts";
import { SESSION_LIMITS } from "../../core/transcript/session_record.ts";

const SID = "3c9a1e2b-5d4f-4a6b-9c8d-1e2f3a4b5c6d";

/** Every file under `dir`, as text. */
async function allText(dir: string): Promise<string> {
  let out = "";
  for await (const e of Deno.readDir(dir)) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) out += await allText(path);
    else if (e.isFile) out += await Deno.readTextFile(path);
  }
  return out;
}

Deno.test("a token the command bound cuts in two is left out whole, in the capsule and the briefing; a token kept whole is redacted (control)", async () => {
  const repo = await makeRepo();
  await using home = await tempDir("baton-home-");
  await writeFiles(repo, { "a.txt": "a\n" });
  await commitAll(repo, "init");
  const token = SAMPLES.github_pat!(new Rng(28)).secret;
  // The bound keeps `command_chars - 1` characters and an ellipsis: the cut falls after the
  // token's prefix and first 30 characters, before its 6-character checksum.
  const kept = token.slice(0, token.length - 6);
  const lead = "git push https://";
  const pad = "x".repeat(SESSION_LIMITS.command_chars - 1 - kept.length - lead.length - 6);
  const long = `echo ${pad} ${lead}${token}@github.com/o/r.git main`;
  assert.equal(long.indexOf(token) + kept.length, SESSION_LIMITS.command_chars - 1);
  const out = await captureThenLoad(
    repo,
    home.path,
    SID,
    claudeBashTranscript(SID, repo, [
      { command: long, content: "ok" },
      { command: `git push https://${token}@github.com/o/r.git main`, content: "ok" },
    ]),
  );
  const stored = await allText(`${repo}/.baton`);
  for (const [where, text] of [["briefing", out], ["stored capsules", stored]] as const) {
    assert.ok(!text.includes(kept.slice(4)), `${where}: no part of the cut token is kept`);
    assert.ok(!text.includes(token), `${where}: nor the whole token`);
  }
  // Controls: the long command is kept up to the run the bound cut, and the whole token is
  // redacted where the command is short enough to keep.
  assert.match(out, /ran \[observed, succeeded, [a-z_]+\]: echo x+ git push …/);
  assert.match(out, /git push https:\/\/\[REDACTED:github_pat\]@github\.com/);
});
