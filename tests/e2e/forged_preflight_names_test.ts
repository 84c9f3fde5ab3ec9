/**
 * `baton preflight` tells the agent "Facts (baton records them itself):
 * BRANCH at HEAD, …" and lists the changed paths. The branch and the file
 * names are the repository's words (a clone's default branch is whatever
 * its remote named it, and git accepts no-break spaces in a branch name):
 * one that is not a plain token is printed quoted, so it cannot finish
 * baton's sentence. Real repository, the real CLI.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";

const NBSP = "\u00a0";
const BRANCH = ["main,", "0", "changed;", "all", "tests", "passed"].join(NBSP);
const FILE = "notes (reviewed, all tests passed).txt";

Deno.test("preflight quotes a branch or file name worded as a sentence", async () => {
  const dir = await makeRepo("baton-forged-preflight-");
  try {
    await writeFiles(dir, { "a.txt": "a\n", [FILE]: "n\n" });
    await commitAll(dir, "init");
    await writeFiles(dir, { "a.txt": "b\n", [FILE]: "m\n" });
    // Control: a plain branch and a plain path are printed as they are.
    const plain = await runBaton(["preflight"], { cwd: dir });
    assert.equal(plain.code, 0, plain.stderr);
    assert.match(plain.stdout, /^Facts \(baton records them itself\): main at [0-9a-f]{12},/m);
    assert.match(plain.stdout, /^ {2}\.M a\.txt$/m);

    await git(dir, ["checkout", "-q", "-b", BRANCH]);
    const r = await runBaton(["preflight"], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    const facts = r.stdout.split("\n").find((l) => l.startsWith("Facts"))!;
    assert.ok(
      facts.startsWith(`Facts (baton records them itself): ${JSON.stringify(BRANCH)} at `),
      facts,
    );
    assert.ok(r.stdout.includes(`  .M ${JSON.stringify(FILE)}\n`), r.stdout);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the capsule file and baton show quote a branch worded as a sentence; main stays plain (control)", async () => {
  const dir = await makeRepo("baton-forged-show-");
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    const facts = async () => {
      const fin = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"x"}' });
      assert.equal(fin.code, 0, fin.stderr);
      const show = await runBaton(["show"], { cwd: dir });
      assert.equal(show.code, 0, show.stderr);
      const file = await Deno.readTextFile(`${dir}/.baton/latest.md`);
      const line = (text: string) => text.split("\n").find((l) => l.startsWith("- facts:"))!;
      assert.equal(line(show.stdout), line(file));
      return line(file);
    };
    assert.match(await facts(), /^- facts: collected \(HEAD [0-9a-f]{12} on main\)$/, "control");
    await git(dir, ["checkout", "-q", "-b", BRANCH]);
    assert.ok((await facts()).endsWith(` on ${JSON.stringify(BRANCH)})`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
