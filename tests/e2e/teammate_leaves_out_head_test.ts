/**
 * A latest.md signed by a trusted teammate that leaves out this clone's newest capsule. Anyone
 * with a commit can put back any genuine capsule of a teammate's (the shared chain serves them
 * all) as `.baton/latest.md`. The rollback check compares capsules of one signer, and the check
 * for a latest.md that leaves out this clone's newest ran only for one no trusted key signed:
 * load briefed the teammate's old capsule as current, its decisions in force, with no word of
 * the newer capsule it leaves out. Now the briefing warns, as for a stranger's capsule (the next
 * capsule written here still rolls latest.md forward along trusted capsules that continue it).
 * Control: the teammate's capsule that continues this clone's newest is briefed without the
 * warning. Two clones, two homes, one bare remote, real git, the real CLI.
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

const LEFT_OUT =
  /WARNING: this capsule, which a key this machine trusts signed, does not continue capsule/;

Deno.test("a trusted teammate's old capsule put back as latest.md, leaving out this clone's newest, is warned of in the briefing", async () => {
  await withShareWorld("baton-teammate-left-out-", async ({ a, b }) => {
    await trustOn(a, b, "alice");
    await capsule(a, "alice's old capsule");
    assert.equal((await baton(a, ["push"])).code, 0);
    assert.equal((await baton(b, ["pull"])).code, 0);
    const alices = await Deno.readFile(`${b.dir}/.baton/latest.md`);
    await capsule(b, "my newest, on top of alice's");
    // Control: latest.md continues this clone's newest (it is it): no warning.
    const before = await baton(b, ["load"]);
    assert.equal(before.code, 0, before.stderr);
    assert.doesNotMatch(before.stdout, /does not continue capsule/);

    // A commit puts alice's genuine old capsule back.
    await Deno.writeFile(`${b.dir}/.baton/latest.md`, alices);
    const load = await baton(b, ["load"]);
    assert.equal(load.code, 0, load.stderr);
    assert.match(load.stdout, /Signed by the key trusted as "alice"/);
    assert.match(load.stdout, LEFT_OUT);
  });
});

Deno.test("a trusted teammate's capsule that continues this clone's newest is briefed without the warning (control)", async () => {
  await withShareWorld("baton-teammate-continues-", async ({ a, b }) => {
    for (const [from, to] of [[a, b], [b, a]] as const) {
      await trustOn(from, to, "mate");
    }
    const mine = await capsule(b, "mine");
    assert.equal((await baton(b, ["push"])).code, 0);
    assert.equal((await baton(a, ["pull"])).code, 0);
    await capsule(a, "alice's, on top of mine");
    assert.equal((await baton(a, ["push"])).code, 0);
    assert.equal((await baton(b, ["pull"])).code, 0);
    const shown = await Deno.readTextFile(
      `${a.dir}/.baton/latest.md`,
    );
    assert.match(shown, new RegExp(`- previous: ${mine}\n`));
    await Deno.writeTextFile(`${b.dir}/.baton/latest.md`, shown);
    const load = await baton(b, ["load"]);
    assert.equal(load.code, 0, load.stderr);
    assert.match(load.stdout, /Signed by the key trusted as "mate"/);
    assert.doesNotMatch(load.stdout, /does not continue capsule/);
  });
});
