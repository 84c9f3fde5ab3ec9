/**
 * A damaged loose object under the chain, on the real CLI with real git. isomorphic-git writes a
 * loose object in place (no temp file and rename, as git does) and never writes one whose file
 * exists: a crash in the middle of `baton push` recording a capsule left its blob cut off, and
 * every later push wrote the same blob id, kept the damaged file, recorded it on the chain and
 * failed in git ("git exited with 128") for good, while `git fsck` named the object. Now an
 * object baton writes for the chain is read back and, when it does not hash to its id, written
 * again through a temp file and a rename. Control: a push with intact objects, and git as the
 * oracle for what the remote holds.
 * @module
 */
import assert from "node:assert/strict";
import { git } from "../_helpers/git.ts";
import { runBaton } from "../_helpers/cli.ts";
import { type Machine, SHARE_ENV as ENV, withShareWorld } from "../_helpers/share_world.ts";

async function baton(m: Machine, args: string[]) {
  return await runBaton(args, { cwd: m.dir, env: { ...ENV, BATON_HOME: m.home } });
}

async function capsule(m: Machine, now: string): Promise<string> {
  const path = `${m.dir}/.git/draft.json`;
  await Deno.writeTextFile(path, JSON.stringify({ now }));
  const r = await baton(m, ["finalize", "--draft", path, "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const names = [];
  for await (const e of Deno.readDir(`${m.dir}/.baton/capsules`)) {
    if (e.name.endsWith(".md")) names.push(e.name);
  }
  return names.sort().at(-1)!;
}

Deno.test("chain objects: a capsule's blob left cut off by a crash is written again on the next push, and the remote gets the capsule's bytes", async () => {
  await withShareWorld("baton-damaged-object-", async ({ a, remote, root }) => {
    // Control: an intact push, read back by git from the remote.
    const first = await capsule(a, "a first capsule");
    const ok = await baton(a, ["push", "--json"]);
    assert.equal(ok.code, 0, ok.stderr);
    const shown = await git(root, [
      "--git-dir",
      remote,
      "show",
      `refs/baton/main:capsules/${first}`,
    ]);
    assert.equal(shown.stdout, await Deno.readTextFile(`${a.dir}/.baton/capsules/${first}`));

    // The crash: the next capsule's blob is in .git/objects, cut off halfway.
    const second = await capsule(a, "a second capsule");
    const path = `${a.dir}/.baton/capsules/${second}`;
    const oid = (await git(a.dir, ["hash-object", "-w", path])).stdout.trim();
    const loose = `${a.dir}/.git/objects/${oid.slice(0, 2)}/${oid.slice(2)}`;
    const size = (await Deno.stat(loose)).size;
    await Deno.truncate(loose, Math.floor(size / 2));
    const damaged = await git(a.dir, ["cat-file", "-p", oid], { allowFail: true });
    assert.notEqual(damaged.code, 0, "git still reads the cut-off object");

    const pushed = await baton(a, ["push", "--json"]);
    assert.equal(pushed.code, 0, pushed.stderr);
    const there = await git(root, [
      "--git-dir",
      remote,
      "show",
      `refs/baton/main:capsules/${second}`,
    ]);
    assert.equal(there.stdout, await Deno.readTextFile(path));
    const fsck = await git(a.dir, ["fsck", "--no-dangling", "--no-progress"], { allowFail: true });
    assert.equal(fsck.code, 0, fsck.stderr);
  });
});
