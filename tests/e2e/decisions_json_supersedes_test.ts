/**
 * `baton decisions --json` lists under a decision's `supersedes` only what it
 * replaced. A stranger's unsigned capsule whose decision names a trusted
 * decision as superseded is not applied (the trusted one stays active), yet
 * the JSON listed the trusted id under the stranger's decision: a consumer
 * reading `supersedes` would take the trusted decision as replaced. Control:
 * the same supersession made by this machine's own finalize is listed. Real
 * CLI, real repositories, a temp baton home.
 * @module
 */
import assert from "node:assert/strict";
import { finalizeDraft, runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { extractCapsuleJson } from "../../core/capsule/parse.ts";
import { computeCapsuleId } from "../../core/capsule/capsule_id.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";

interface DecisionJson {
  id: string;
  status: string;
  supersedes: string[];
}

async function decided(): Promise<string> {
  const dir = await makeRepo("baton-djs-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "start");
  await finalizeDraft(dir, {
    now: "migrating",
    decisions: [{ id: "db", text: "use postgres in production", why: "scale" }],
  });
  return dir;
}

async function decisions(dir: string): Promise<Map<string, DecisionJson>> {
  const r = await runBaton(["decisions", "--json", "--all"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const list: DecisionJson[] = JSON.parse(r.stdout).decisions;
  return new Map(list.map((d) => [d.id, d]));
}

const REPLACEMENT = {
  id: "db2",
  text: "use sqlite in production",
  why: "cheaper",
  supersedes: "db",
};

Deno.test("decisions --json: a stranger's decision does not list the trusted decision it failed to supersede", async () => {
  const dir = await decided();
  const mine = JSON.parse(extractCapsuleJson(await Deno.readTextFile(`${dir}/.baton/latest.md`)));
  const theirs = structuredClone(mine);
  delete theirs.signature;
  theirs.previous = mine.id;
  theirs.created_at = new Date(Date.parse(mine.created_at) + 60_000).toISOString();
  theirs.meaning.decisions = [{
    ...mine.meaning.decisions[0],
    ...REPLACEMENT,
    status: "active",
  }];
  theirs.id = await computeCapsuleId(theirs);
  await Deno.writeTextFile(`${dir}/.baton/latest.md`, renderCapsuleFile(theirs));
  const view = await decisions(dir);
  assert.equal(view.get("db")?.status, "active", "the supersession is not applied");
  assert.deepEqual(view.get("db2")?.supersedes, [], JSON.stringify(view.get("db2")));
});

Deno.test("decisions --json: this machine's own supersession is listed (control)", async () => {
  const dir = await decided();
  await finalizeDraft(dir, { now: "switching", decisions: [REPLACEMENT] });
  const view = await decisions(dir);
  assert.equal(view.get("db")?.status, "superseded");
  assert.deepEqual(view.get("db2")?.supersedes, ["db"]);
});
