/**
 * A capsule this machine signed in another clone, at a commit never fetched
 * here, that withdraws a decision this repository's chain made: the fold
 * does not apply the withdrawal (a capsule written for another repository
 * decides nothing here, whoever signed it), and `baton decisions` lists it as
 * not applied. The reason it gives must be the true one: the capsule is
 * signed by a key this machine trusts (its own), so "not signed by a trusted
 * key" would be baton stating something it did not find. Real CLI, real
 * repositories (git's objects say the commit is absent); the control is a
 * stranger's unsigned capsule making the same withdrawal, which is named as
 * not signed by a trusted key.
 * @module
 */
import assert from "node:assert/strict";
import { finalizeDraft as finalize, runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";
import { extractCapsuleJson } from "../../core/capsule/parse.ts";
import { computeCapsuleId } from "../../core/capsule/capsule_id.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";

const WITHDRAW = {
  now: "dropping postgres",
  decisions: [{ id: "db", text: "use postgres in production", status: "withdrawn" }],
};

/** A repository whose signed chain decided "db". */
async function decided(): Promise<string> {
  const dir = await makeRepo("baton-fdc-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "start");
  await finalize(dir, {
    now: "migrating",
    decisions: [{ id: "db", text: "use postgres in production", why: "scale" }],
  });
  return dir;
}

async function notApplied(dir: string): Promise<string> {
  const r = await runBaton(["decisions"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^active +db /m, "the withdrawal is not applied");
  const line = r.stdout.split("\n").find((l) => l.includes("not applied"));
  assert.ok(line !== undefined, r.stdout);
  return line;
}

async function briefing(dir: string): Promise<string> {
  const r = await runBaton(["load"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

Deno.test("a stranger's unsigned withdrawal is named as not signed by a trusted key (control)", async () => {
  const dir = await decided();
  const latest = await Deno.readTextFile(`${dir}/.baton/latest.md`);
  const mine = JSON.parse(extractCapsuleJson(latest));
  const theirs = structuredClone(mine);
  delete theirs.signature;
  theirs.previous = mine.id;
  theirs.created_at = new Date(Date.parse(mine.created_at) + 60_000).toISOString();
  theirs.meaning.decisions = [{ ...mine.meaning.decisions[0], status: "withdrawn" }];
  theirs.id = await computeCapsuleId(theirs);
  await Deno.writeTextFile(`${dir}/.baton/latest.md`, renderCapsuleFile(theirs));
  const line = await notApplied(dir);
  assert.match(line, /not signed by a trusted key/);
  assert.match(
    await briefing(dir),
    /\[an unsigned or untrusted capsule withdrawn it: not applied\]/,
  );
});

Deno.test("this machine's withdrawal written in another clone is not applied, and is not called unsigned", async () => {
  const here = await decided();
  await using copy = await tempDir("baton-fdc-fork-");
  const fork = `${copy.path}/fork`;
  const cp = await new Deno.Command("cp", { args: ["-a", here, fork] }).output();
  assert.ok(cp.success);
  await writeFiles(fork, { "b.txt": "b\n" });
  await commitAll(fork, "a commit never fetched into the first clone");
  await finalize(fork, WITHDRAW);
  for (const e of Deno.readDirSync(`${fork}/.baton/capsules`)) {
    await Deno.copyFile(`${fork}/.baton/capsules/${e.name}`, `${here}/.baton/capsules/${e.name}`);
  }
  await Deno.copyFile(`${fork}/.baton/latest.md`, `${here}/.baton/latest.md`);
  const head = (await git(fork, ["rev-parse", "HEAD"])).stdout.trim();
  assert.notEqual(
    (await git(here, ["cat-file", "-t", head], { allowFail: true })).code,
    0,
    "the commit is not here",
  );
  const line = await notApplied(here);
  assert.doesNotMatch(line, /not signed by a trusted key/);
  assert.match(line, /another repository/);
  assert.match(
    await briefing(here),
    /\[a capsule written in another repository withdrawn it: not applied\]/,
  );
});
