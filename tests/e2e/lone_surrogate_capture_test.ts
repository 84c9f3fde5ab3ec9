/**
 * A transcript is JSON a host wrote, and JSON can spell a lone surrogate
 * (`"\ud800"`): a JavaScript host that cuts a string between the two halves
 * of an emoji writes one. JSON.parse keeps it, and the capsule's canonical
 * JSON refuses it, so one such character in a command left the compaction
 * with no automatic capsule at all. Real Claude Code transcript shapes, the
 * real pre-compact hook, then load; the control is the other commands of the
 * same session, shown as before.
 * @module
 */
import assert from "node:assert/strict";
import { captureThenLoad, claudeBashTranscript } from "../_helpers/claude_capture.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const SID = "5b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d";

Deno.test("a command holding a lone surrogate still gets its session an automatic capsule, the character shown as U+FFFD; the rest of the session is kept (control)", async () => {
  const repo = await makeRepo();
  await using home = await tempDir("baton-home-");
  await writeFiles(repo, { "a.txt": "a\n" });
  await commitAll(repo, "init");
  const half = "\ud83d"; // the first half of an emoji, cut from its second
  const transcript = claudeBashTranscript(SID, repo, [
    { command: `echo 'done ${half}'`, content: "done" },
    { command: "npm test", content: "ok" },
  ]);
  assert.match(transcript, /\\ud83d/, "the host's JSON spells the lone half as an escape");
  const out = await captureThenLoad(repo, home.path, SID, transcript);
  assert.match(out, /ran \[observed, succeeded, [a-z_]+\]: echo 'done \uFFFD'/);
  assert.match(out, /test passed: npm test/, "control: the rest of the session");
});
