/**
 * `baton verify` on a chain copied from another repository: every id,
 * signature and link checks out (this machine signed it), and verify said
 * only "intact ... signed by a trusted key", though the fold and the briefing
 * treat those capsules as written elsewhere and deciding nothing here. It now
 * counts them and names their positions, in text and in `--json`. Control:
 * the same chain verified in the repository it was written in says nothing of
 * the kind. Real CLI, real repositories, a temp baton home.
 * @module
 */
import assert from "node:assert/strict";
import { finalizeDraft, runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";

async function written(prefix: string): Promise<string> {
  const dir = await makeRepo(prefix);
  await writeFiles(dir, { "a.txt": `${prefix}\n` });
  await commitAll(dir, "start");
  return dir;
}

Deno.test("verify: a chain copied from another repository is intact, and said to be written there", async () => {
  const origin = await written("baton-ve-origin-");
  await finalizeDraft(origin, { now: "one", decisions: [{ id: "db", text: "use sqlite" }] });
  await finalizeDraft(origin, { now: "two" });
  // Control: where it was written, verify names no other repository.
  const home = await runBaton(["verify"], { cwd: origin });
  assert.equal(home.code, 0, home.stderr);
  assert.match(home.stdout, /chain: intact: 2 capsule\(s\)/);
  assert.doesNotMatch(home.stdout, /another repository/);
  const homeJson = JSON.parse((await runBaton(["verify", "--json"], { cwd: origin })).stdout);
  assert.equal(homeJson.written_elsewhere, 0);

  const here = await written("baton-ve-here-");
  const cp = await new Deno.Command("cp", { args: ["-a", `${origin}/.baton`, `${here}/`] })
    .output();
  assert.ok(cp.success);
  const r = await runBaton(["verify"], { cwd: here });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /chain: intact: 2 capsule\(s\)/);
  assert.match(r.stdout, /2 of them written in another repository/);
  const json = JSON.parse((await runBaton(["verify", "--json"], { cwd: here })).stdout);
  assert.equal(json.written_elsewhere, 2);
  assert.deepEqual(
    json.links.map((l: { elsewhere?: boolean }) => l.elsewhere === true),
    [true, true],
  );
  // log says it on each line too (control: not where it was written).
  const log = await runBaton(["log"], { cwd: here });
  assert.equal(log.stdout.match(/\(written in another repository\)/g)?.length, 2, log.stdout);
  const logJson = JSON.parse((await runBaton(["log", "--json"], { cwd: here })).stdout);
  assert.deepEqual(logJson.capsules.map((c: { elsewhere?: boolean }) => c.elsewhere), [true, true]);
  const homeLog = await runBaton(["log"], { cwd: origin });
  assert.doesNotMatch(homeLog.stdout, /another repository/);
  // show says it beside the authorship line (control: where it was written).
  const show = await runBaton(["show", "latest"], { cwd: here });
  assert.match(show.stdout, /^place: written in another repository/m);
  const showJson = JSON.parse((await runBaton(["show", "latest", "--json"], { cwd: here })).stdout);
  assert.equal(showJson.written_elsewhere, true);
  const homeShow = await runBaton(["show", "latest", "--json"], { cwd: origin });
  assert.equal(JSON.parse(homeShow.stdout).written_elsewhere, false);
});
