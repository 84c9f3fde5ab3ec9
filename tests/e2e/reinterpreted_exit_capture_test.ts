/**
 * Claude Code reinterprets some non-zero exits as no error: a command whose
 * last program is grep or rg (1: no match), find (1: some directories could
 * not be read), diff (1: the files differ) or test / `[` (1: the condition
 * is false) gets `is_error: false`, and the Bash result's structured part
 * says so in `returnCodeInterpretation` ("No matches found", "Files
 * differ", …). Its choice rests on the last program alone, so
 * `make && test -f out` whose make failed with 1 is "no error" too. Such a
 * result is no success: the command exited non-zero, so the automatic
 * capsule (which this machine signs) must not brief it as observed to
 * succeed. The shell is the oracle of each command's exit status; the
 * records are in the shape Claude Code writes; the real pre-compact hook,
 * then load.
 * @module
 */
import assert from "node:assert/strict";
import { captureThenLoad, claudeBashTranscript } from "../_helpers/claude_capture.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const SID = "3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f";

/** The exit status `sh -c command` gives in `dir`. */
async function exitOf(command: string, dir: string): Promise<number> {
  const out = await new Deno.Command("sh", {
    args: ["-c", command],
    cwd: dir,
    stdout: "null",
    stderr: "null",
  }).output();
  return out.code;
}

/** Claude Code's structured Bash result for a finished foreground command. */
function bashResult(interpretation?: string) {
  return {
    stdout: "",
    stderr: "",
    interrupted: false,
    isImage: false,
    ...(interpretation === undefined ? {} : { returnCodeInterpretation: interpretation }),
    noOutputExpected: false,
  };
}

Deno.test("a non-zero exit Claude Code reinterpreted as no error (grep, diff, test, a failed make before test) is not briefed as succeeded; a zero exit is (control)", async () => {
  const repo = await makeRepo();
  await using home = await tempDir("baton-home-");
  await writeFiles(repo, {
    "data.txt": "alpha\n",
    "other.txt": "beta\n",
    "Makefile": "build:\n\texit 1\n",
  });
  await commitAll(repo, "init");
  const reinterpreted = [
    { command: "grep -q NOPE_ZZZ data.txt", interpretation: "No matches found" },
    { command: "diff data.txt other.txt", interpretation: "Files differ" },
    { command: "test -f dist/app.js", interpretation: "Condition is false" },
    { command: "make -s build && test -f out/app", interpretation: "Condition is false" },
  ];
  for (const c of reinterpreted) {
    assert.notEqual(await exitOf(c.command, repo), 0, `the shell: ${c.command} exits non-zero`);
  }
  assert.equal(await exitOf("grep -q alpha data.txt", repo), 0);
  const out = await captureThenLoad(
    repo,
    home.path,
    SID,
    claudeBashTranscript(SID, repo, [
      ...reinterpreted.map((c) => ({
        command: c.command,
        toolUseResult: bashResult(c.interpretation),
        content: "(Bash completed with no output)",
        isError: false,
      })),
      {
        command: "grep -q alpha data.txt",
        toolUseResult: bashResult(),
        content: "(Bash completed with no output)",
        isError: false,
      },
    ]),
  );
  // Positive control: a zero exit, no interpretation, is a success the host recorded.
  assert.match(out, /ran \[observed, succeeded, [a-z_: ,-]+\]: grep -q alpha data\.txt/);
  for (const c of reinterpreted) {
    const shown = c.command.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    assert.doesNotMatch(out, new RegExp(`succeeded[^\\n]*\\]: ${shown}`), c.command);
    assert.match(out, new RegExp(`no exit status recorded[^\\n]*\\]: ${shown}`), c.command);
  }
});
