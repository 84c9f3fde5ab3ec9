/**
 * A manual `baton finalize` on a latest.md rolled back by a commit (a revert
 * that puts the older capsule back and deletes the newer one's archive
 * file) wrote on top: the new capsule named the old one as previous, the
 * newest capsule dropped out of the chain and load's warning ended, where
 * the capture hooks write nothing. Now it refuses (exit 1, rolled_back) and
 * writes nothing, unless --over-rollback says a person decided. Real CLI,
 * real repository; controls: the same steps with no rollback write, and a
 * latest.md behind an archive capsule that continues it is moved forward by
 * the store, not refused.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { extractCapsuleJson } from "../../core/capsule/parse.ts";
import { payloadSamples } from "../_helpers/hook_payloads.ts";

async function finalize(dir: string, now: string, extra: string[] = []) {
  return await runBaton(["finalize", "--draft", "-", "--json", ...extra], {
    cwd: dir,
    stdin: JSON.stringify({ now }),
  });
}

async function written(dir: string, now: string): Promise<string> {
  const r = await finalize(dir, now);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).id;
}

async function latestId(dir: string): Promise<string> {
  return JSON.parse(extractCapsuleJson(await Deno.readTextFile(`${dir}/.baton/latest.md`))).id;
}

/** A repository with capsules A then B committed, and a revert of B's commit. */
async function rolledBackRepo(): Promise<{ dir: string; a: string; b: string }> {
  const dir = await makeRepo("baton-finalize-rollback-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "init");
  const a = await written(dir, "plan A");
  await commitAll(dir, "capsule A");
  const b = await written(dir, "plan B");
  await commitAll(dir, "capsule B");
  await git(dir, ["revert", "--no-edit", "HEAD"]);
  assert.equal(await latestId(dir), a, "the revert put A back");
  return { dir, a, b };
}

Deno.test("finalize refuses (exit 1, rolled_back) on a latest.md a commit rolled back, as the stop hook does; --over-rollback writes", async () => {
  const { dir, a, b } = await rolledBackRepo();
  const before = await Deno.readTextFile(`${dir}/.baton/latest.md`);
  const r = await finalize(dir, "plan C");
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.equal(JSON.parse(r.stdout).error.code, "rolled_back");
  assert.ok(JSON.parse(r.stdout).error.message.includes(b.slice(7, 15)), "names the newer one");
  assert.equal(await Deno.readTextFile(`${dir}/.baton/latest.md`), before, "nothing written");
  const human = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    stdin: JSON.stringify({ now: "plan C" }),
  });
  assert.equal(human.code, 1);
  assert.match(human.stderr, /rolled back/);
  // The hook answers the same on the same state.
  const sample = payloadSamples(dir).find((p) => p.host === "claude-code" && p.event === "stop")!;
  await writeFiles(dir, { "work.txt": "x\n" });
  const hook = await runBaton(["hook", "stop", "--host", "claude-code", "--json"], {
    cwd: dir,
    stdin: JSON.stringify(sample.payload),
  });
  assert.equal(JSON.parse(hook.stdout).action, "rolled_back");
  // A person's decision: written on top of A.
  const over = await finalize(dir, "plan C", ["--over-rollback"]);
  assert.equal(over.code, 0, over.stderr);
  const c = JSON.parse(extractCapsuleJson(await Deno.readTextFile(`${dir}/.baton/latest.md`)));
  assert.equal(c.previous, a);
});

Deno.test("control: finalize writes where nothing was rolled back, and where the store moves latest.md forward over a capsule that continues it", async () => {
  const dir = await makeRepo("baton-finalize-rollback-ctl-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "init");
  const a = await written(dir, "plan A");
  const aText = await Deno.readTextFile(`${dir}/.baton/latest.md`);
  const b = await written(dir, "plan B");
  // latest.md put back to A by hand, B still in the archive (an interrupted write looks so).
  await Deno.writeTextFile(`${dir}/.baton/latest.md`, aText);
  assert.equal(await latestId(dir), a);
  const c = await finalize(dir, "plan C");
  assert.equal(c.code, 0, c.stderr);
  const latest = JSON.parse(extractCapsuleJson(await Deno.readTextFile(`${dir}/.baton/latest.md`)));
  assert.equal(latest.previous, b, "continues the newest");
});

Deno.test("finalize refuses where a commit removed latest.md and the newest capsule's archive file; a whole .baton removed starts afresh (control)", async () => {
  const { dir, b } = await rolledBackRepo();
  // The newest capsule's file is gone (the revert); latest.md goes too.
  await Deno.remove(`${dir}/.baton/latest.md`);
  const r = await finalize(dir, "plan C");
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.equal(JSON.parse(r.stdout).error.code, "rolled_back");
  await assert.rejects(Deno.stat(`${dir}/.baton/latest.md`), Deno.errors.NotFound);
  assert.ok(b.length > 0);
  // Control: with no archive left there is nothing to roll back from.
  await Deno.remove(`${dir}/.baton`, { recursive: true });
  const fresh = await finalize(dir, "plan C");
  assert.equal(fresh.code, 0, fresh.stderr);
  assert.equal(JSON.parse(fresh.stdout).previous, null);
});

Deno.test("ingest refuses on the same rolled-back latest.md (exit 1, rolled_back); --over-rollback writes", async () => {
  const { dir, a } = await rolledBackRepo();
  const answer = '```json\n{"now": "pasted plan"}\n```\n';
  const r = await runBaton(["ingest", "-", "--json"], { cwd: dir, stdin: answer });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.equal(JSON.parse(r.stdout).error.code, "rolled_back");
  assert.equal(await latestId(dir), a, "nothing written");
  const over = await runBaton(["ingest", "-", "--json", "--over-rollback"], {
    cwd: dir,
    stdin: answer,
  });
  assert.equal(over.code, 0, over.stderr);
  assert.equal(JSON.parse(over.stdout).previous, a);
});
