/**
 * A committed `.baton/config.yaml` that disables the done gates, requires
 * none, empties the placeholder deny list or exempts every changed file made `baton done` print `done: pass` and exit 0 with nothing checked,
 * so a repository (a stranger's pull) could turn the gate into a pass. Now
 * that is `done: nothing checked`, exit 7, verdict `unchecked`. Real CLI,
 * real clones; the control is the same repository with a failing and a
 * passing required gate.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { git } from "../_helpers/git.ts";
import { type Machine, withShareWorld } from "../_helpers/share_world.ts";

async function done(m: Machine, json: boolean) {
  return await runBaton(["done", ...(json ? ["--json"] : [])], {
    cwd: m.dir,
    env: { BATON_HOME: m.home },
  });
}

/** The stranger commits `config` and a placeholder; me pulls both. */
async function pullConfig(stranger: Machine, me: Machine, config: string): Promise<void> {
  await Deno.mkdir(`${stranger.dir}/.baton`, { recursive: true });
  await Deno.writeTextFile(`${stranger.dir}/.baton/config.yaml`, config);
  await git(stranger.dir, ["add", "-A"]);
  await git(stranger.dir, ["commit", "-q", "-m", "config"]);
  await git(stranger.dir, ["push", "-q", "origin", "main"]);
  await git(me.dir, ["pull", "-q", "origin", "main"]);
}

Deno.test("a pulled config that disables or un-requires every done gate gives 'nothing checked' (exit 7), never a pass", async () => {
  const configs = [
    "done:\n  enabled: false\n",
    'done:\n  required: []\n  tests: "exit 1"\n',
    // Each required gate with nothing to run: no tests command, no rules.
    "done:\n  required: [tests, rules]\n",
    // The placeholder gate with nothing to look for, or every changed source file exempt.
    "done:\n  required: [placeholders]\n  deny: []\n",
    "done:\n  exempt: [work.ts]\n",
  ];
  for (const config of configs) {
    await withShareWorld("baton-done-unchecked-", async ({ a: stranger, b: me }) => {
      await pullConfig(stranger, me, config);
      // A placeholder in my change: the placeholder gate would fail were it required.
      await Deno.writeTextFile(`${me.dir}/work.ts`, "// TODO finish\n");
      const text = await done(me, false);
      assert.equal(text.code, 7, `${config}: ${text.stdout}${text.stderr}`);
      assert.doesNotMatch(text.stdout, /^done: pass/m);
      assert.match(text.stdout, /^done: nothing checked: .*not a pass$/m);
      const json = await done(me, true);
      assert.equal(json.code, 7);
      assert.equal(JSON.parse(json.stdout).verdict.result, "unchecked");
    });
  }
});

Deno.test("control: the same repository passes (exit 0) with a required gate that ran, and fails (exit 1) on one that failed", async () => {
  await withShareWorld("baton-done-unchecked-ctl-", async ({ a: stranger, b: me }) => {
    await pullConfig(stranger, me, 'done:\n  required: [tests]\n  tests: "true"\n');
    await Deno.writeTextFile(`${me.dir}/work.ts`, "// TODO finish\n");
    const pass = await done(me, false);
    assert.equal(pass.code, 0, pass.stdout + pass.stderr);
    assert.match(pass.stdout, /^done: pass/m);
  });
  await withShareWorld("baton-done-unchecked-ctl2-", async ({ a: stranger, b: me }) => {
    await pullConfig(stranger, me, "done:\n  required: [placeholders]\n");
    await Deno.writeTextFile(`${me.dir}/work.ts`, "// TODO finish\n");
    const fail = await done(me, true);
    assert.equal(fail.code, 1, fail.stdout + fail.stderr);
    assert.equal(JSON.parse(fail.stdout).verdict.result, "fail");
  });
});

Deno.test("with no changed source file to scan (a clean tree, docs alone), the placeholder gate checked nothing: exit 7, never a pass", async () => {
  // Before, `0 changed source file(s) scanned` was a pass: with no tests command and no rules
  // (the defaults), `baton done` said `done: pass` with nothing run.
  for (const config of [null, "done:\n  required: [placeholders]\n"]) {
    await withShareWorld("baton-done-unchecked-clean-", async ({ a: stranger, b: me }) => {
      if (config !== null) await pullConfig(stranger, me, config);
      for (const change of [null, "notes.md"]) {
        if (change !== null) await Deno.writeTextFile(`${me.dir}/${change}`, "TODO finish\n");
        const json = await done(me, true);
        assert.equal(json.code, 7, `${config} ${change}: ${json.stdout}${json.stderr}`);
        const out = JSON.parse(json.stdout);
        assert.equal(out.verdict.result, "unchecked");
        const gate = out.gates.find((g: { gate: string }) => g.gate === "placeholders");
        assert.equal(gate.status, "not_applicable");
        assert.match(gate.warning, /checked nothing: no changed source file to scan/);
      }
      // Control: one changed source file without a placeholder is scanned, and that is a pass.
      await Deno.writeTextFile(`${me.dir}/work.ts`, "export const x = 1;\n");
      const pass = await done(me, false);
      assert.equal(pass.code, 0, pass.stdout + pass.stderr);
      assert.match(pass.stdout, /1 changed source file\(s\) scanned, no placeholder/);
      assert.match(pass.stdout, /^done: pass/m);
    });
  }
});
