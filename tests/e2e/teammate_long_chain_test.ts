/**
 * A trusted teammate's capsule made current by pull that continues this clone's newest through
 * a long run of the teammate's own capsules (a week of sessions) is briefed without the
 * left-out warning: its previous links reach the newest capsule this clone made current. The
 * walk along them stopped after 64 links and called the newest left out. Two clones, two
 * homes, one bare remote, real git, the real CLI.
 * @module
 */
import assert from "node:assert/strict";
import {
  batonOn as baton,
  type Machine,
  trustOn,
  withShareWorld,
} from "../_helpers/share_world.ts";

async function capsule(m: Machine, now: string): Promise<string> {
  const r = await baton(m, ["finalize", "--draft", "-", "--json"], JSON.stringify({ now }));
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).id;
}

const LEFT_OUT = /does not continue capsule/;

/** Alice's capsules on top of this clone's newest, pulled, latest.md missing here, pulled. */
async function briefAfter(count: number): Promise<string> {
  let out = "";
  await withShareWorld("baton-teammate-long-", async ({ a, b }) => {
    for (const [from, to] of [[a, b], [b, a]] as const) {
      await trustOn(from, to, "mate");
    }
    await capsule(b, "mine");
    assert.equal((await baton(b, ["push"])).code, 0);
    assert.equal((await baton(a, ["pull"])).code, 0);
    for (let i = 0; i < count; i++) await capsule(a, `alice's session ${i}`);
    assert.equal((await baton(a, ["push"])).code, 0);
    // latest.md gone here (a clean of ignored files, a checkout): pull makes alice's newest
    // current, as for a fresh clone.
    await Deno.remove(`${b.dir}/.baton/latest.md`);
    const pull = await baton(b, ["pull", "--json"]);
    assert.equal(pull.code, 0, pull.stderr);
    assert.equal(JSON.parse(pull.stdout).current.action, "made_current", pull.stdout);
    const load = await baton(b, ["load"]);
    assert.equal(load.code, 0, load.stderr);
    assert.match(load.stdout, /Signed by the key trusted as "mate"/);
    out = load.stdout;
  });
  return out;
}

Deno.test("a teammate's capsule continuing this clone's newest through 70 of the teammate's capsules is briefed without the left-out warning", async () => {
  assert.doesNotMatch(await briefAfter(70), LEFT_OUT);
});

Deno.test("the same through 3 capsules (control: the walk's short case)", async () => {
  assert.doesNotMatch(await briefAfter(3), LEFT_OUT);
});
