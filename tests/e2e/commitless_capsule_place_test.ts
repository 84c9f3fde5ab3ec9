/**
 * A capsule that records no commit (written outside git, or in a repository
 * before its first commit) is this repository's only when it was written in
 * this work tree. This machine signed one in a scratch folder and in another
 * project's first session; copied into a repository, neither may count as a
 * trusted decision there (it used to: "no commit recorded" was read as
 * "nothing says it is foreign"). Control: a repository's own first capsule,
 * written before its first commit, stays trusted after that commit. Real CLI,
 * real repositories, a temp baton home.
 * @module
 */
import assert from "node:assert/strict";
import { finalizeDraft, runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";
import { copyBaton, DB_DRAFT, decisionsJson } from "../_helpers/place.ts";

async function victim(): Promise<string> {
  const dir = await makeRepo("baton-cl-victim-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "start");
  return dir;
}

Deno.test("a commit-less capsule signed in another repository's first session does not count as trusted here", async () => {
  const other = await makeRepo("baton-cl-other-");
  await finalizeDraft(other, DB_DRAFT);
  const here = await victim();
  await copyBaton(other, here);
  const [d] = await decisionsJson(here);
  assert.equal(d!.made.elsewhere, true, JSON.stringify(d));
  const text = await runBaton(["decisions"], { cwd: here });
  assert.match(text.stdout, /written in another repository/);
  const load = await runBaton(["load"], { cwd: here });
  assert.equal(load.code, 0, load.stderr);
  assert.match(load.stdout, /written in another repository/);
  // The briefing's header warns, as it does for a recorded commit that is not here, and
  // load --json says it.
  assert.match(load.stdout, /WARNING: it records no commit and was not written in this work tree/);
  const json = JSON.parse((await runBaton(["load", "--json"], { cwd: here })).stdout);
  assert.equal(json.written_elsewhere, true);
});

Deno.test("a capsule signed outside any git repository does not count as trusted in one", async () => {
  await using scratch = await tempDir("baton-cl-scratch-");
  await finalizeDraft(scratch.path, DB_DRAFT);
  const here = await victim();
  await copyBaton(scratch.path, here);
  const [d] = await decisionsJson(here);
  assert.equal(d!.made.elsewhere, true, JSON.stringify(d));
});

Deno.test("a pasted capsule ingested in another repository does not count as trusted here; in its own it does (control)", async () => {
  await using t = await tempDir("baton-cl-ingest-");
  const answer = `${t.path}/answer.json`;
  await Deno.writeTextFile(answer, JSON.stringify(DB_DRAFT));
  const other = await victim();
  const ingest = await runBaton(["ingest", answer], { cwd: other });
  assert.equal(ingest.code, 0, ingest.stderr);
  const [own] = await decisionsJson(other);
  assert.equal(own!.made.trusted, true, "control: trusted where it was ingested");
  assert.notEqual(own!.made.elsewhere, true);
  const here = await victim();
  await copyBaton(other, here);
  const [d] = await decisionsJson(here);
  assert.equal(d!.made.elsewhere, true, JSON.stringify(d));
});

Deno.test("a repository's own capsule written before its first commit stays trusted after it (control)", async () => {
  const dir = await makeRepo("baton-cl-own-");
  await finalizeDraft(dir, DB_DRAFT);
  const before = await decisionsJson(dir);
  assert.equal(before[0]!.made.trusted, true);
  assert.notEqual(before[0]!.made.elsewhere, true);
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "first commit, .baton included");
  const after = await decisionsJson(dir);
  assert.equal(after[0]!.made.trusted, true, JSON.stringify(after));
  assert.notEqual(after[0]!.made.elsewhere, true, JSON.stringify(after));
  const text = await runBaton(["decisions"], { cwd: dir });
  assert.doesNotMatch(text.stdout, /another repository|not signed/);
  const load = await runBaton(["load", "--json"], { cwd: dir });
  const json = JSON.parse(load.stdout);
  assert.equal(json.written_elsewhere, false);
  assert.doesNotMatch(json.text, /WARNING: it records no commit/);
});
