/**
 * `baton show` on a capsule a stranger committed printed the capsule's own
 * fact lines (`- secret scan: passed (0 redacted)`, `- facts: ...`, its
 * changed files) in the words baton uses for what it found itself. They are
 * the writer's claim: shown as such. Two clones of one remote, each with its
 * own baton home, the real CLI; the control is the stranger's own clone,
 * where the same capsule is trusted and its lines are shown plainly.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { git } from "../_helpers/git.ts";
import { type Machine, withShareWorld } from "../_helpers/share_world.ts";

async function baton(m: Machine, args: string[], stdin?: string) {
  const r = await runBaton(args, {
    cwd: m.dir,
    env: { BATON_HOME: m.home },
    ...(stdin === undefined ? {} : { stdin }),
  });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

Deno.test("baton show labels a stranger's capsule's facts, secret scan and changed files as its writer's claim", async () => {
  await withShareWorld("baton-show-claims-", async ({ a: stranger, b: me }) => {
    await Deno.writeTextFile(`${stranger.dir}/README.md`, "changed\n");
    await baton(stranger, ["finalize", "--draft", "-"], JSON.stringify({ now: "handoff" }));
    await git(stranger.dir, ["add", ".baton"]);
    await git(stranger.dir, ["commit", "-q", "-m", "capsule"]);
    await git(stranger.dir, ["push", "-q", "origin", "main"]);
    await git(me.dir, ["pull", "-q", "origin", "main"]);

    // Control: in the stranger's clone the capsule is its own, and baton's lines are plain.
    const own = await baton(stranger, ["show", "latest"]);
    assert.match(own, /^- secret scan: passed \(0 redacted\)$/m);
    assert.match(own, /^- facts: /m);
    assert.match(own, /^## Changed files$/m);
    assert.match(own, /^- modified README\.md sha256:/m);

    const shown = await baton(me, ["show", "latest"]);
    assert.match(shown, /^authorship: .*unknown/m);
    assert.doesNotMatch(shown, /^- secret scan: /m);
    assert.doesNotMatch(shown, /^- facts: /m);
    assert.doesNotMatch(shown, /^## Changed files$/m);
    assert.match(
      shown,
      /^- secret scan \(its writer's claim, not checked here\): passed \(0 redacted\); it may hold secrets$/m,
    );
    assert.match(shown, /^- facts \(its writer's claim, not checked here\): /m);
    assert.match(
      shown,
      /^## Changed files \(as its writer recorded them, not checked here\)$/m,
    );
  });
});
