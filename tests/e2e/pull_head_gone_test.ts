/**
 * A pull into a clone whose latest.md is missing and whose archive lacks the capsule this clone
 * last made current (a commit deleted both: a rollback with latest.md removed). The capture
 * hooks and finalize refuse to write there (a capsule would continue the chain from an older
 * one and drop the newest silently), and session start names revive. `baton pull` made the
 * newest capsule a trusted teammate signed current anyway ("made current"), and from then on
 * nothing said that this clone's newest capsule was left out: a teammate's key is another
 * signer, so the rollback check per signer stays quiet. Now pull leaves latest.md missing and
 * says why, as the hooks do. Control: the same pull with this clone's newest capsule still in
 * the archive makes the teammate's capsule current as before. Two clones, two homes, one bare
 * remote, real git, the real CLI.
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

/** B trusts A's key; A writes and pushes one capsule; B pulls it (made current) and writes on top. */
async function setUp(a: Machine, b: Machine): Promise<{ mine: { id: string; name: string } }> {
  await trustOn(a, b, "alice");
  await capsule(a, "alice's first");
  assert.equal((await baton(a, ["push"])).code, 0);
  const pulled = await baton(b, ["pull", "--json"]);
  assert.equal(pulled.code, 0, pulled.stderr);
  const mine = await capsule(b, "my newest, on top of alice's");
  await git(b.dir, ["add", "-A", ".baton"]);
  await git(b.dir, ["commit", "-q", "-m", "capsules"]);
  // Alice goes on without it (she never pulled it).
  await capsule(a, "alice's second");
  assert.equal((await baton(a, ["push"])).code, 0);
  return { mine };
}

Deno.test("pull does not make a teammate's capsule current while the capsule this clone last made current is gone with latest.md", async () => {
  await withShareWorld("baton-pull-head-gone-", async ({ a, b }) => {
    const { mine } = await setUp(a, b);
    // A commit deletes latest.md and this clone's newest capsule with it.
    await git(b.dir, ["rm", "-q", ".baton/latest.md", `.baton/capsules/${mine.name}`]);
    await git(b.dir, ["commit", "-q", "-m", "roll back"]);
    const pulled = await baton(b, ["pull", "--json"]);
    assert.equal(pulled.code, 0, pulled.stderr);
    const current = JSON.parse(pulled.stdout).current;
    assert.notEqual(current.action, "made_current", "a teammate's capsule replaced my newest");
    assert.equal(current.action, "head_gone");
    assert.equal(await Deno.lstat(`${b.dir}/.baton/latest.md`).catch(() => null), null);
    const human = await baton(b, ["pull"]);
    assert.equal(human.code, 0, human.stderr);
    assert.match(human.stdout + human.stderr, /the capsule this clone last made current/);
  });
});

Deno.test("pull makes a teammate's capsule current when latest.md is missing and this clone's newest capsule is still archived (control)", async () => {
  await withShareWorld("baton-pull-head-kept-", async ({ a, b }) => {
    await setUp(a, b);
    await git(b.dir, ["rm", "-q", ".baton/latest.md"]);
    await git(b.dir, ["commit", "-q", "-m", "latest.md deleted"]);
    const pulled = await baton(b, ["pull", "--json"]);
    assert.equal(pulled.code, 0, pulled.stderr);
    assert.equal(JSON.parse(pulled.stdout).current.action, "made_current");
  });
});
