/**
 * The rollback check compares latest.md with later capsules of its own
 * signer, so a stranger signing with a key of their own could put their
 * capsule on top of an older capsule of mine, leaving out my newest one
 * (a revert of its commit, then their finalize, pushed). Before: load said
 * only that the capsule was signed by an unknown key, the next stop hook
 * wrote my capsule on top of theirs, and this clone's head record moved to
 * it, so my newest capsule was gone from the chain with nothing said, for
 * good. Now load warns, the capture hook writes nothing (rolled_back) and
 * finalize refuses unless --over-rollback; the head record stays. Control:
 * the stranger's capsule on top of my newest one changes none of that. Two
 * clones, two homes, real git, the real CLI.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { git } from "../_helpers/git.ts";
import { type Machine, withShareWorld } from "../_helpers/share_world.ts";

async function baton(m: Machine, args: string[], stdin = "") {
  return await runBaton(args, { cwd: m.dir, env: { BATON_HOME: m.home }, stdin });
}

async function finalize(m: Machine, now: string, extra: string[] = []) {
  return await baton(m, ["finalize", "--draft", "-", "--json", ...extra], JSON.stringify({ now }));
}

async function push(m: Machine, message: string): Promise<void> {
  await git(m.dir, ["add", "-A", ".baton"]);
  await git(m.dir, ["commit", "-q", "-m", message]);
  await git(m.dir, ["push", "-q", "origin", "main"]);
}

async function stop(m: Machine) {
  const r = await baton(
    m,
    ["hook", "stop", "--host", "claude-code", "--json"],
    JSON.stringify({ session_id: "s", cwd: m.dir, hook_event_name: "Stop" }),
  );
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as { action: string; warning: string | null };
}

/** The id of the one head record (one branch here), whatever its key. */
const headRecord = async (m: Machine) => {
  const heads = JSON.parse(await Deno.readTextFile(`${m.dir}/.git/baton/head.json`)).heads;
  assert.equal(Object.keys(heads).length, 1);
  return (Object.values(heads)[0] as { id: string }).id;
};

/** My capsules A then B, pushed; the stranger pulls them. The id of B. */
async function twoOfMine(me: Machine, stranger: Machine): Promise<string> {
  assert.equal((await finalize(me, "MINE A")).code, 0);
  await push(me, "A");
  const b = await finalize(me, "MINE B");
  assert.equal(b.code, 0, b.stderr);
  await push(me, "B");
  await git(stranger.dir, ["pull", "-q", "origin", "main"]);
  return JSON.parse(b.stdout).id as string;
}

Deno.test("a stranger's capsule on top of an older one of mine, leaving my newest out, is said and not built on", async () => {
  await withShareWorld("baton-left-out-", async ({ a: stranger, b: me }) => {
    const newest = await twoOfMine(me, stranger);
    // The stranger reverts my newest capsule's commit (latest.md back to A, B's file deleted)
    // and writes their own capsule on top of A, with their own key.
    await git(stranger.dir, ["revert", "--no-edit", "HEAD"]);
    const s = await finalize(stranger, "STRANGER S");
    assert.equal(s.code, 0, s.stderr);
    await push(stranger, "S");
    await git(me.dir, ["pull", "-q", "origin", "main"]);
    assert.equal(await headRecord(me), newest);

    const load = await baton(me, ["load"]);
    assert.equal(load.code, 0, load.stderr);
    assert.match(
      load.stdout,
      new RegExp(
        `WARNING: this capsule, which no key this machine trusts signed, does not continue capsule ${
          newest.slice(7, 19)
        }, the newest this clone made current .*its file is gone from \\.baton/capsules`,
      ),
    );
    assert.match(
      load.stdout,
      /No automatic capsule is written on top of it until a person decides/,
    );
    const json = JSON.parse((await baton(me, ["load", "--json"])).stdout);
    assert.deepEqual(json.integrity, { status: "behind_archive", newer: newest });

    const hook = await stop(me);
    assert.equal(hook.action, "rolled_back");
    assert.match(
      hook.warning ?? "",
      /does not continue the newest capsule this clone made current/,
    );
    // The way out is said where the capture stops, not only in finalize's refusal.
    assert.match(hook.warning ?? "", /until a person decides: baton finalize --over-rollback/);
    assert.match(hook.warning ?? "", /baton trust add/);
    assert.equal(await headRecord(me), newest, "the stranger's capsule did not reset my head");

    const refused = await finalize(me, "MINE C");
    assert.equal(refused.code, 1, refused.stdout);
    assert.match(refused.stderr, /does not continue [0-9a-f]{12}, the newest capsule this clone/);
    assert.equal(await headRecord(me), newest);
    // A person's decision still writes.
    const over = await finalize(me, "MINE C", ["--over-rollback"]);
    assert.equal(over.code, 0, over.stderr);
    assert.equal(await headRecord(me), JSON.parse(over.stdout).id);
  });
});

Deno.test("control: a stranger's capsule on top of my newest is no rollback of mine", async () => {
  await withShareWorld("baton-on-top-", async ({ a: stranger, b: me }) => {
    const newest = await twoOfMine(me, stranger);
    assert.equal((await finalize(stranger, "STRANGER S")).code, 0);
    await push(stranger, "S");
    await git(me.dir, ["pull", "-q", "origin", "main"]);
    const load = await baton(me, ["load"]);
    assert.equal(load.code, 0, load.stderr);
    assert.match(load.stdout, /signed by an unknown key/);
    assert.doesNotMatch(load.stdout, /WARNING/);
    assert.deepEqual(JSON.parse((await baton(me, ["load", "--json"])).stdout).integrity, {
      status: "ok",
    });
    assert.equal(await headRecord(me), newest);
    assert.equal((await stop(me)).action, "written");
    const mine = await finalize(me, "MINE C");
    assert.equal(mine.code, 0, mine.stderr);
  });
});
