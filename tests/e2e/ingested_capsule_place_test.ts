/**
 * A capsule `baton ingest` wrote (a chat model's answer, facts never
 * collected) is this repository's only when it was ingested in this work
 * tree. It used to record no place at all, and "no place" was read as "here":
 * this machine's signed paste from any other project, copied into a
 * repository, counted as a trusted decision there. Control: a paste ingested
 * here stays trusted. Real CLI, real repositories, the test baton home.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { decisionsJson } from "../_helpers/place.ts";

const ANSWER = JSON.stringify({
  now: "choosing a database",
  decisions: [{ id: "db", text: "use sqlite everywhere", why: "simple" }],
});

async function ingest(dir: string): Promise<void> {
  const r = await runBaton(["ingest", "-"], { cwd: dir, stdin: ANSWER });
  assert.equal(r.code, 0, r.stderr);
  assert.doesNotMatch(r.stderr, /unsigned/, "the paste is signed by this machine");
}

async function repoWithCommit(prefix: string): Promise<string> {
  const dir = await makeRepo(prefix);
  await writeFiles(dir, { "a.txt": `${prefix}\n` });
  await commitAll(dir, "start");
  return dir;
}

Deno.test("a paste ingested in another repository does not count as a trusted decision here", async () => {
  const other = await repoWithCommit("baton-ing-other-");
  await ingest(other);
  const here = await repoWithCommit("baton-ing-here-");
  const cp = await new Deno.Command("cp", { args: ["-a", `${other}/.baton`, `${here}/`] })
    .output();
  assert.ok(cp.success);
  const [d] = await decisionsJson(here);
  assert.equal(d!.made.elsewhere, true, JSON.stringify(d));
  const text = await runBaton(["decisions"], { cwd: here });
  assert.match(text.stdout, /written in another repository/);
  const verify = await runBaton(["verify", "--json"], { cwd: here });
  assert.equal(JSON.parse(verify.stdout).written_elsewhere, 1, verify.stdout);
  await Deno.remove(other, { recursive: true });
  await Deno.remove(here, { recursive: true });
});

Deno.test("a paste ingested in this repository stays trusted (control)", async () => {
  const here = await repoWithCommit("baton-ing-own-");
  await ingest(here);
  const [d] = await decisionsJson(here);
  assert.equal(d!.made.trusted, true, JSON.stringify(d));
  assert.notEqual(d!.made.elsewhere, true, JSON.stringify(d));
  const verify = await runBaton(["verify", "--json"], { cwd: here });
  assert.equal(JSON.parse(verify.stdout).written_elsewhere, 0, verify.stdout);
  await Deno.remove(here, { recursive: true });
});
