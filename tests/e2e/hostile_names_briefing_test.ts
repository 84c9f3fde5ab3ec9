/**
 * A file name is untrusted input: a repository (or a download) can hold names
 * with direction overrides and Unicode tag characters, which a model reads and
 * a person does not see. Every briefing form that names a recorded file shows
 * such characters as visible markers, the short repeat included.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";

/** U+202E, then the tag characters for "IG": invisible text a model still reads. */
const HIDDEN = "\u202e\u{E0049}\u{E0047}";
const INVISIBLE = /[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u{E0000}-\u{E007F}]/u;

function sessionStart(dir: string) {
  return runBaton(["hook", "session-start", "--host", "claude-code"], {
    cwd: dir,
    stdin: JSON.stringify({
      session_id: "s",
      transcript_path: "/x.jsonl",
      cwd: dir,
      hook_event_name: "SessionStart",
      source: "startup",
    }),
  });
}

function context(stdout: string): string {
  return JSON.parse(stdout).hookSpecificOutput.additionalContext;
}

Deno.test("the short repeat of the briefing shows a recorded file name's invisible characters as markers, as the full form does", async () => {
  const dir = await makeRepo();
  const name = `notes${HIDDEN}.txt`;
  await writeFiles(dir, { [name]: "a\n", "b.txt": "b\n" });
  await commitAll(dir, "init");
  await Deno.writeTextFile(`${dir}/${name}`, "changed\n");
  const fin = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"first"}' });
  assert.equal(fin.code, 0, fin.stderr);

  const full = await sessionStart(dir);
  assert.equal(full.code, 0, full.stderr);
  assert.doesNotMatch(context(full.stdout), /Short form/);
  // Quoted too: a name that is not a plain token is (tests/e2e/forged_drift_words_test.ts).
  assert.match(context(full.stdout), /file "notes‹U\+202E›‹U\+E0049›‹U\+E0047›\.txt": match/);

  const short = await sessionStart(dir);
  assert.equal(short.code, 0, short.stderr);
  const text = context(short.stdout);
  assert.match(text, /Short form/, "positive control: the second new session gets the short form");
  assert.match(text, /every check matches: .*file "notes/, "which names the recorded file");
  assert.doesNotMatch(text, INVISIBLE);
  assert.match(text, /file "notes‹U\+202E›‹U\+E0049›‹U\+E0047›\.txt"/);
});
