/**
 * The same key from another clone: one person's two clones of a project on one machine (or a
 * key kept in a shared baton home) sign with one key. Clone B's newest and clone A's newer
 * capsule both continue an older one; a commit from A puts A's at B's latest.md. The fork rule
 * asked only about a key other than B's own, and the rollback check only about an older capsule
 * of that key, so load said nothing and the next capsule (a capture hook's, or finalize's) was
 * written on A's: B's newest left the line, silently. Now the new capsule continues B's newest
 * and A's is kept in the archive, said in one line, as for a teammate's. Control: A's capsule
 * on top of B's newest is continued, with no line. Two clones, one baton home, one bare
 * remote, real git, the real CLI.
 * @module
 */
import assert from "node:assert/strict";
import {
  batonOn as baton,
  currentOn as current,
  finalizeOn as capsule,
  type Machine,
  withShareWorld,
} from "../_helpers/share_world.ts";

const hookPayload = (m: Machine) => JSON.stringify({ cwd: m.dir, hook_event_name: "PreCompact" });
const KEPT = /held capsule ([0-9a-f]{12}), .*from another fork of the chain/;

/** A's first; B pulls it and writes on top; A's second, later, forks from A's first. */
async function forked(a: Machine, b: Machine) {
  await capsule(a, "first, in clone a");
  assert.equal((await baton(a, ["push"])).code, 0);
  assert.equal((await baton(b, ["pull"])).code, 0);
  const mine = await capsule(b, "b's newest");
  const other = await capsule(a, "a's second, on a's first");
  await Deno.copyFile(
    `${a.dir}/.baton/capsules/${other.name}`,
    `${b.dir}/.baton/capsules/${other.name}`,
  );
  await Deno.copyFile(`${a.dir}/.baton/latest.md`, `${b.dir}/.baton/latest.md`);
  return { mine, other };
}

Deno.test("the same key's capsule from another clone's fork: load warns, the hook continues this clone's newest", async () => {
  await withShareWorld("baton-ownfork-", async ({ a, b }) => {
    const one = { ...b, home: a.home };
    const { mine, other } = await forked(a, one);
    const load = await baton(one, ["load", "--json"]);
    assert.equal(load.code, 0, load.stderr);
    assert.equal(JSON.parse(load.stdout).integrity.status, "behind_archive", "load said nothing");
    const h = await baton(
      one,
      ["hook", "pre-compact", "--host", "codex", "--json"],
      hookPayload(one),
    );
    assert.equal(h.code, 0, h.stderr);
    const out = JSON.parse(h.stdout);
    assert.equal(out.action, "written");
    const now = await current(one);
    assert.equal(now.previous, mine.id, "this clone's newest was left out of the chain");
    assert.equal(now.now, "b's newest");
    assert.equal(out.warning?.match(KEPT)?.[1], other.id.slice(7, 19));
  });
});

Deno.test("the same key's capsule on top of this clone's newest is continued, with no line (control)", async () => {
  await withShareWorld("baton-ownfork-on-", async ({ a, b }) => {
    const one = { ...b, home: a.home };
    const mine = await capsule(one, "b's newest");
    assert.equal((await baton(one, ["push"])).code, 0);
    assert.equal((await baton(a, ["pull"])).code, 0);
    const other = await capsule(a, "a's, on b's");
    await Deno.copyFile(
      `${a.dir}/.baton/capsules/${other.name}`,
      `${one.dir}/.baton/capsules/${other.name}`,
    );
    await Deno.copyFile(`${a.dir}/.baton/latest.md`, `${one.dir}/.baton/latest.md`);
    const h = await baton(
      one,
      ["hook", "pre-compact", "--host", "codex", "--json"],
      hookPayload(one),
    );
    assert.equal(h.code, 0, h.stderr);
    assert.equal(JSON.parse(h.stdout).action, "written");
    assert.doesNotMatch(h.stdout + h.stderr, KEPT);
    assert.equal((await current(one)).previous, other.id);
    void mine;
  });
});
