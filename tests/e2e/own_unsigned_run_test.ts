/**
 * This clone's own capsules written unsigned (its key out of reach) after its last signed one:
 * each continues the one before, so none leaves out the newest this clone made current, and
 * finalize goes on writing them however many there are. The walk along previous links stopped
 * after 64 and then refused every capsule as a rollback. Real git, the real CLI.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { type Machine, SHARE_ENV as ENV, withShareWorld } from "../_helpers/share_world.ts";

async function finalize(m: Machine, home: string, now: string) {
  return await runBaton(["finalize", "--draft", "-", "--json"], {
    cwd: m.dir,
    env: { ...ENV, BATON_HOME: home },
    stdin: JSON.stringify({ now }),
  });
}

async function run(count: number): Promise<void> {
  await withShareWorld("baton-own-unsigned-", async ({ b, root }) => {
    const signed = await finalize(b, b.home, "signed");
    assert.equal(signed.code, 0, signed.stderr);
    // The key out of reach: a file where the home's folder belongs.
    const blocked = `${root}/blocked-home`;
    await Deno.writeTextFile(blocked, "");
    for (let i = 0; i <= count; i++) {
      const r = await finalize(b, blocked, `unsigned ${i}`);
      assert.equal(r.code, 0, `capsule ${i}: ${r.stderr}`);
      assert.match(r.stderr, /written unsigned/);
    }
  });
}

Deno.test("finalize goes on after 70 of this clone's own unsigned capsules on top of its last signed one", async () => {
  await run(70);
});

Deno.test("the same after 3 (control: the walk's short case)", async () => {
  await run(3);
});
