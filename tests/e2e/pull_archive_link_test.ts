/**
 * A pull that finds something already at a remote capsule's archive name keeps it and lets the
 * chain name the capsule only when that file holds the capsule's very bytes. A commit can put a
 * symbolic link there; the store never reads a capsule through one (it counts as no capsule),
 * so the chain must not name a capsule the archive holds only as a link. `baton pull` read the
 * link's target and, finding the same bytes outside the repository, recorded the capsule as
 * held. Now a link there is a conflict whatever it points at. Control: the same pull with a
 * regular file of the same bytes there is no conflict. Two clones, two homes, one bare remote,
 * real git, the real CLI.
 * @module
 */
import assert from "node:assert/strict";
import {
  batonOn as baton,
  finalizeOn as capsule,
  withShareWorld,
} from "../_helpers/share_world.ts";

Deno.test("pull counts a symbolic link at a remote capsule's archive name as a conflict, even when it points at the capsule's very bytes", async () => {
  await withShareWorld("baton-pull-archive-link-", async ({ root, a, b }) => {
    const { name } = await capsule(a, "alice's capsule");
    assert.equal((await baton(a, ["push"])).code, 0);
    const outside = `${root}/elsewhere.md`;
    await Deno.copyFile(`${a.dir}/.baton/capsules/${name}`, outside);
    await Deno.mkdir(`${b.dir}/.baton/capsules`, { recursive: true });
    await Deno.symlink(outside, `${b.dir}/.baton/capsules/${name}`);
    const pulled = await baton(b, ["pull", "--json"]);
    assert.equal(pulled.code, 0, pulled.stderr);
    const merge = JSON.parse(pulled.stdout).merged;
    assert.equal(
      merge.refused_by.conflict,
      1,
      "a link at the archive name was read as the capsule",
    );
    assert.ok(
      (await Deno.lstat(`${b.dir}/.baton/capsules/${name}`)).isSymlink,
      "the link was replaced",
    );
  });
});

Deno.test("pull counts a regular file holding a remote capsule's very bytes at its archive name as held (control)", async () => {
  await withShareWorld("baton-pull-archive-file-", async ({ a, b }) => {
    const { name } = await capsule(a, "alice's capsule");
    assert.equal((await baton(a, ["push"])).code, 0);
    await Deno.mkdir(`${b.dir}/.baton/capsules`, { recursive: true });
    await Deno.copyFile(`${a.dir}/.baton/capsules/${name}`, `${b.dir}/.baton/capsules/${name}`);
    const pulled = await baton(b, ["pull", "--json"]);
    assert.equal(pulled.code, 0, pulled.stderr);
    const merge = JSON.parse(pulled.stdout).merged;
    assert.equal(merge.refused_by.conflict, undefined, pulled.stdout);
  });
});
