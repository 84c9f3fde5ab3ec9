/**
 * On a branch whose name redaction changes (one holding `password=...`), the
 * head record was written under the capsule's recorded (redacted) branch
 * name while load, the capture hooks and the guards looked it up under the
 * name git gives: every head check missed its record. A commit that put an
 * older capsule back in latest.md and deleted the newest one's file then
 * went unsaid by load, and the next capture hook wrote on top of it,
 * dropping the newest for good. Now the record is keyed by git's name (its
 * digest: the secret-looking name is not written to the state file). Real
 * git, the real CLI; the control is the same history on a plain branch name.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { git } from "../_helpers/git.ts";
import { type Machine, withShareWorld } from "../_helpers/share_world.ts";

async function baton(m: Machine, args: string[], stdin = "") {
  return await runBaton(args, { cwd: m.dir, env: { BATON_HOME: m.home }, stdin });
}

async function handoff(m: Machine, now: string): Promise<string> {
  const r = await baton(m, ["finalize", "--draft", "-", "--json"], JSON.stringify({ now }));
  assert.equal(r.code, 0, r.stderr);
  await git(m.dir, ["add", "-A", ".baton"]);
  await git(m.dir, ["commit", "-q", "-m", now]);
  return JSON.parse(r.stdout).id as string;
}

async function stop(m: Machine): Promise<string> {
  const r = await baton(
    m,
    ["hook", "stop", "--host", "claude-code", "--json"],
    JSON.stringify({ session_id: "s", cwd: m.dir, hook_event_name: "Stop" }),
  );
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).action as string;
}

/** Capsules A then B on `branch`, then a revert of B's commit (latest.md back to A, B's file gone). */
async function rolledBack(branch: string): Promise<void> {
  await withShareWorld("baton-redacted-branch-", async ({ a: me }) => {
    await git(me.dir, ["checkout", "-q", "-b", branch]);
    await handoff(me, "PLAN ALPHA");
    const newest = await handoff(me, "PLAN BETA");
    await git(me.dir, ["revert", "--no-edit", "HEAD"]);
    assert.match(await Deno.readTextFile(`${me.dir}/.baton/latest.md`), /PLAN ALPHA/);

    const load = JSON.parse((await baton(me, ["load", "--json"])).stdout);
    assert.equal(
      load.integrity?.newer,
      newest,
      `load on ${branch}: ${JSON.stringify(load.integrity)}`,
    );
    assert.equal(await stop(me), "rolled_back", `the capture hook on ${branch}`);
    const refused = await baton(me, ["finalize", "--draft", "-"], JSON.stringify({ now: "C" }));
    assert.equal(refused.code, 1, `finalize on ${branch}: ${refused.stdout}`);
    const state = await Deno.readTextFile(`${me.dir}/.git/baton/head.json`);
    assert.ok(!state.includes("hunter2"), "the secret-looking branch name is not written");
  });
}

Deno.test("a rollback on a branch whose name redaction changes is said by load, the hook and finalize", async () => {
  await rolledBack("fix/password=hunter2hunter2");
});

Deno.test("control: the same rollback on a plain branch name", async () => {
  await rolledBack("feature-plain");
});
