/**
 * `baton revive` (and `baton pull` into a missing latest.md) against this clone's record of the
 * newest capsule it made current. The choice went by date and signer only: after a commit
 * deleted latest.md and the newest capsule, revive restored an older one and said only
 * "restored", while load then warned it was rolled back; with the newest still archived, a
 * teammate's newer capsule from another fork was made current over it. Now revive and pull make
 * the check load makes: this clone's newest is made current when the archive holds it (the fork
 * stays archived, named), and a capsule that leaves out a newest the archive lost is said to.
 * Control: a missing latest.md over this clone's own chain is restored with neither line. Two
 * clones, two homes, one bare remote, real git, the real CLI.
 * @module
 */
import assert from "node:assert/strict";
import { git } from "../_helpers/git.ts";
import {
  batonOn as baton,
  finalizeOn as capsule,
  type Machine,
  trustOn,
  withShareWorld,
} from "../_helpers/share_world.ts";

async function revive(m: Machine) {
  const json = await baton(m, ["revive", "--json"]);
  assert.equal(json.code, 0, json.stderr);
  return JSON.parse(json.stdout);
}

Deno.test("revive after a commit deleted latest.md and this clone's newest capsule says the one restored leaves the newest out", async () => {
  await withShareWorld("baton-revive-head-gone-", async ({ b }) => {
    const older = await capsule(b, "older");
    await git(b.dir, ["add", "-A", ".baton"]);
    await git(b.dir, ["commit", "-q", "-m", "older"]);
    const newest = await capsule(b, "newest");
    await git(b.dir, ["add", "-A", ".baton"]);
    await git(b.dir, ["commit", "-q", "-m", "newest"]);
    await git(b.dir, ["rm", "-q", ".baton/latest.md", `.baton/capsules/${newest.name}`]);
    await git(b.dir, ["commit", "-q", "-m", "roll back"]);
    const r = await revive(b);
    assert.equal(r.id, older.id);
    assert.equal(r.leaves_out, newest.id, "restored as current with no word of the newest");
    await Deno.remove(`${b.dir}/.baton/latest.md`);
    const human = await baton(b, ["revive"]);
    assert.match(
      human.stdout,
      new RegExp(`warning: ${older.id.slice(7, 19)} does not continue ${newest.id.slice(7, 19)}`),
    );
  });
});

Deno.test("revive and pull make this clone's newest current over a teammate's newer capsule from another fork, and name the fork", async () => {
  await withShareWorld("baton-revive-fork-", async ({ a, b }) => {
    await trustOn(a, b, "alice");
    await capsule(a, "alice's first");
    assert.equal((await baton(a, ["push"])).code, 0);
    assert.equal((await baton(b, ["pull"])).code, 0);
    const mine = await capsule(b, "mine, on alice's first");
    const fork = await capsule(a, "alice's second, on her first");
    assert.equal((await baton(a, ["push"])).code, 0);
    await Deno.remove(`${b.dir}/.baton/latest.md`);
    const pulled = await baton(b, ["pull", "--json"]);
    assert.equal(pulled.code, 0, pulled.stderr);
    const current = JSON.parse(pulled.stdout).current;
    assert.equal(current.action, "made_current");
    assert.equal(current.id, mine.id, "a teammate's fork was made current over my newest");
    assert.equal(current.fork_passed_over, fork.id);
    await Deno.remove(`${b.dir}/.baton/latest.md`);
    const r = await revive(b);
    assert.equal(r.id, mine.id);
    assert.equal(r.fork_passed_over, fork.id);
    assert.equal(r.leaves_out, undefined);
  });
});

Deno.test("revive over this clone's own chain restores its newest with neither line (control)", async () => {
  await withShareWorld("baton-revive-own-", async ({ b }) => {
    await capsule(b, "older");
    const newest = await capsule(b, "newest");
    await Deno.remove(`${b.dir}/.baton/latest.md`);
    const r = await revive(b);
    assert.equal(r.id, newest.id);
    assert.equal(r.leaves_out, undefined);
    assert.equal(r.fork_passed_over, undefined);
    await Deno.remove(`${b.dir}/.baton/latest.md`);
    const human = await baton(b, ["revive"]);
    assert.doesNotMatch(human.stdout, /warning|note/);
  });
});
