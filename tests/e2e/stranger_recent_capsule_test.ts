/**
 * A stranger's automatic capsule dated now, committed and pulled, must not
 * hold back this user's turn-end captures: the stop hook's rate limit read
 * only latest.md's header (any capsule marked turn_end and younger than the
 * interval answered "recent"), and the capture job applied the same rule to
 * a capsule no key this machine trusts signed. Two clones of one remote,
 * each with its own baton home ("a stranger" and "me"), real git, the real
 * CLI. Each case has its control: this user's own capsule, just written,
 * still answers "recent".
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { git } from "../_helpers/git.ts";
import { payloadSamples } from "../_helpers/hook_payloads.ts";
import { type Machine, withShareWorld } from "../_helpers/share_world.ts";

async function stop(m: Machine): Promise<string> {
  const sample = payloadSamples(m.dir).find((p) => p.host === "claude-code" && p.event === "stop")!;
  const r = await runBaton(["hook", "stop", "--host", "claude-code", "--json"], {
    cwd: m.dir,
    stdin: JSON.stringify(sample.payload),
    env: { BATON_HOME: m.home },
  });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).action;
}

/** The stranger (clone a) writes a turn_end capsule now and pushes it; me (clone b) pulls it. */
async function strangerPushesTurnCapsule(
  stranger: Machine,
  me: Machine,
  edit?: (latest: string) => string,
): Promise<void> {
  await Deno.writeTextFile(`${stranger.dir}/work.txt`, "the stranger's change\n");
  assert.equal(await stop(stranger), "written");
  if (edit !== undefined) {
    const path = `${stranger.dir}/.baton/latest.md`;
    await Deno.writeTextFile(path, edit(await Deno.readTextFile(path)));
  }
  await git(stranger.dir, ["add", "-A"]);
  await git(stranger.dir, ["commit", "-q", "-m", "capsule"]);
  await git(stranger.dir, ["push", "-q", "origin", "main"]);
  await git(me.dir, ["pull", "-q", "origin", "main"]);
  assert.match(await Deno.readTextFile(`${me.dir}/.baton/latest.md`), /- trigger: turn_end/);
}

Deno.test("a stranger's pulled turn_end capsule dated now does not hold back my stop hook's capture", async () => {
  await withShareWorld("baton-stranger-recent-", async ({ a: stranger, b: me }) => {
    await strangerPushesTurnCapsule(stranger, me);
    // Control in the stranger's own clone: its capsule is recent there (its key, its record).
    await Deno.writeTextFile(`${stranger.dir}/more.txt`, "x\n");
    assert.equal(await stop(stranger), "recent");
    await Deno.writeTextFile(`${me.dir}/mine.txt`, "my change\n");
    assert.equal(await stop(me), "written");
    // Control: my own capsule, just written, is recent for my next turn.
    await Deno.writeTextFile(`${me.dir}/mine2.txt`, "my next change\n");
    assert.equal(await stop(me), "recent");
  });
});

Deno.test("the capture job holds a capture back only for a trusted capsule (a stranger's latest.md without its prose header)", async () => {
  await withShareWorld("baton-stranger-recent-job-", async ({ a: stranger, b: me }) => {
    // Only the JSON block is ever read back: with the prose header gone, the light path cannot
    // answer and the capture job decides from the capsule itself.
    await strangerPushesTurnCapsule(stranger, me, (t) => {
      const lines = t.split("\n");
      return ["# notes", ...lines.slice(1)].join("\n");
    });
    // Control: the stranger's own job, reading the same file, finds its own capsule recent.
    await Deno.writeTextFile(`${stranger.dir}/more.txt`, "x\n");
    assert.equal(await stop(stranger), "recent");
    await Deno.writeTextFile(`${me.dir}/mine.txt`, "my change\n");
    assert.equal(await stop(me), "written");
  });
});

Deno.test("control: once I trust the teammate's key, their pulled turn_end capsule dated now holds my capture back", async () => {
  await withShareWorld("baton-teammate-recent-", async ({ a: teammate, b: me }) => {
    const key = await runBaton(["trust", "show-key"], { env: { BATON_HOME: teammate.home } });
    assert.equal(key.code, 0, key.stderr);
    const add = await runBaton(["trust", "add", "-", "--name", "teammate"], {
      env: { BATON_HOME: me.home },
      stdin: key.stdout,
    });
    assert.equal(add.code, 0, add.stderr);
    await strangerPushesTurnCapsule(teammate, me);
    await Deno.writeTextFile(`${me.dir}/mine.txt`, "my change\n");
    assert.equal(await stop(me), "recent");
  });
});
