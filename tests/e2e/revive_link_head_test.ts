/**
 * revive and pull read archived capsules through symbolic links: with latest.md missing and a
 * link at this clone's newest capsule's archive name (a commit can put one there, pointing at
 * any file), revive read the capsule through the link and copied what it pointed to into
 * latest.md, and the head check read this clone's newest through it too. The rest of the store
 * never reads a capsule through a link (a link there is no capsule: the archive no longer holds
 * it). Now a link in the archive is passed over, and revive makes the older capsule current and
 * says it leaves the newest out, as when its file is gone. Control: the same with the newest's
 * own file there, which is made current. The real CLI in a real git clone.
 * @module
 */
import assert from "node:assert/strict";
import {
  batonOn as baton,
  finalizeOn as capsule,
  withShareWorld,
} from "../_helpers/share_world.ts";

async function reviveWith(link: boolean) {
  await withShareWorld("baton-revive-link-", async ({ root, b }) => {
    const older = await capsule(b, "older");
    const newest = await capsule(b, "newest");
    const path = `${b.dir}/.baton/capsules/${newest.name}`;
    if (link) {
      // The newest's bytes, genuine and signed, but outside the archive, linked from it.
      await Deno.rename(path, `${root}/outside.md`);
      await Deno.symlink(`${root}/outside.md`, path);
    }
    await Deno.remove(`${b.dir}/.baton/latest.md`);
    const r = await baton(b, ["revive", "--json"]);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    if (link) {
      assert.equal(out.id, older.id, "the capsule behind the link was made current");
      assert.equal(out.leaves_out, newest.id);
      assert.ok((await Deno.lstat(path)).isSymlink, "the link is left as it was");
    } else {
      assert.equal(out.id, newest.id, "control: the newest's own file is made current");
      assert.equal(out.leaves_out, undefined);
    }
    assert.ok((await Deno.lstat(`${b.dir}/.baton/latest.md`)).isFile);
  });
}

Deno.test("revive passes over a link at this clone's newest capsule's archive name and says the one made current leaves it out", async () => {
  await reviveWith(true);
});

Deno.test("control: revive makes this clone's newest current from its own file", async () => {
  await reviveWith(false);
});
