/**
 * `baton log` said "No capsules yet" whenever the walk from latest.md gave
 * no row, also when a stranger's commit put a symbolic link where
 * latest.md belongs: the archive still held every capsule, and the chain
 * line below said CRITICAL. Now it says that no capsule could be walked.
 * Two clones, two homes, real git, the real CLI; the control is a clone
 * with no capsule at all.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { git } from "../_helpers/git.ts";
import { type Machine, withShareWorld } from "../_helpers/share_world.ts";

async function log(m: Machine) {
  const r = await runBaton(["log"], { cwd: m.dir, env: { BATON_HOME: m.home } });
  assert.equal(r.code, 0, r.stderr);
  return r;
}

Deno.test("baton log does not say 'No capsules yet' when a pulled link stands where latest.md belongs", async () => {
  await withShareWorld("baton-log-unwalked-", async ({ a: stranger, b: me }) => {
    // Control: nothing written yet.
    assert.match((await log(me)).stderr, /^No capsules yet$/m);

    const f = await runBaton(["finalize", "--draft", "-"], {
      cwd: stranger.dir,
      env: { BATON_HOME: stranger.home },
      stdin: JSON.stringify({ now: "handoff" }),
    });
    assert.equal(f.code, 0, f.stderr);
    await Deno.remove(`${stranger.dir}/.baton/latest.md`);
    await Deno.symlink("../README.md", `${stranger.dir}/.baton/latest.md`);
    await git(stranger.dir, ["add", "-A", ".baton"]);
    await git(stranger.dir, ["commit", "-q", "-m", "capsule, latest.md a link"]);
    await git(stranger.dir, ["push", "-q", "origin", "main"]);
    await git(me.dir, ["pull", "-q", "origin", "main"]);
    assert.equal((await Deno.lstat(`${me.dir}/.baton/latest.md`)).isSymlink, true);

    const r = await log(me);
    assert.doesNotMatch(r.stderr, /No capsules yet/);
    assert.match(r.stderr, /^No capsule could be walked from \.baton\/latest\.md/m);
    assert.match(r.stdout, /^chain: CRITICAL/m);
  });
});
