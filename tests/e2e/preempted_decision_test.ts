/**
 * A stranger's capsule (committed, unsigned) that withdraws decision ids no
 * one has made yet, such as "db": once withdrawn a decision stays so, and
 * the decision this machine's finalize makes later under that id vanished
 * from `baton decisions` and the briefing without being applied. A trusted
 * capsule's decision is never bound by what only untrusted capsules said
 * of its id. Real CLI, real repository; the controls are a withdrawal by
 * this machine's own capsule, which stands, and the briefing before.
 * @module
 */
import assert from "node:assert/strict";
import { finalizeDraft as finalize, runBaton } from "../_helpers/cli.ts";
import { claim, makeCapsule } from "../_helpers/capsule.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";

interface View {
  id: string;
  status: string;
  text: string;
  made: { trusted: boolean };
}

async function decisions(dir: string): Promise<View[]> {
  const r = await runBaton(["decisions", "--all", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).decisions;
}

const DECIDE = {
  now: "choosing the database",
  decisions: [{ id: "db", text: "use postgres in production", why: "scale" }],
};

Deno.test("a stranger's capsule that withdrew the id first does not stop this machine's later decision", async () => {
  const dir = await makeRepo("baton-preempt-");
  const theirs = await makeCapsule((c) => {
    c.meaning.now = "housekeeping";
    c.meaning.decisions = [
      { ...claim("nothing"), id: "db", why: null, status: "withdrawn", supersedes: null },
    ];
  });
  await writeFiles(dir, { "a.txt": "a\n", ".baton/latest.md": renderCapsuleFile(theirs) });
  await commitAll(dir, "a stranger's pull request");
  await finalize(dir, DECIDE);
  const db = (await decisions(dir)).filter((v) => v.id === "db");
  assert.equal(db.length, 1);
  assert.equal(db[0]!.status, "active");
  assert.equal(db[0]!.text, "use postgres in production");
  assert.equal(db[0]!.made.trusted, true);
  const load = await runBaton(["load"], { cwd: dir });
  assert.equal(load.code, 0, load.stderr);
  assert.match(load.stdout, /db: use postgres in production/);
});

Deno.test("this machine's own withdrawal of the id first still stands (control)", async () => {
  const dir = await makeRepo("baton-preempt-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "start");
  await finalize(dir, {
    now: "housekeeping",
    decisions: [{ id: "db", text: "nothing", status: "withdrawn" }],
  });
  await finalize(dir, DECIDE);
  const db = (await decisions(dir)).filter((v) => v.id === "db");
  assert.equal(db.length, 1);
  assert.equal(db[0]!.status, "withdrawn");
});
