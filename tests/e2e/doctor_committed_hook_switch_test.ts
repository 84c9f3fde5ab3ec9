/**
 * A host settings file a commit brings can turn off the hooks this person
 * installed for their user, and doctor must say so rather than "installed".
 * Gemini CLI reads `.gemini/settings.json` of the project over the user's:
 * `hooksConfig.enabled: false` runs no hook, and `hooksConfig.disabled`
 * skips the hooks it names (baton's entries are named `baton`); doctor knew
 * neither, nor Qwen Code's `disableAllHooks`. And a user-scope install was
 * checked against the user's files only, so a project's Claude Code
 * `disableAllHooks: true` went unsaid too.
 * Two clones of one remote: the stranger commits the settings files and
 * pushes, I pull; my hooks are installed with `--user` in my own home. The
 * control is doctor before the pull: installed, no problem.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { git } from "../_helpers/git.ts";
import { type Machine, withShareWorld } from "../_helpers/share_world.ts";

const HOSTS = ["gemini", "claude-code", "qwen-code"] as const;

function env(m: Machine) {
  return { BATON_HOME: m.home, HOME: `${m.home}-user` };
}

async function hostChecks(me: Machine): Promise<Record<string, { outcome: string; text: string }>> {
  const run = await runBaton(["doctor", "--json"], { cwd: me.dir, env: env(me) });
  const report = JSON.parse(run.stdout);
  const out: Record<string, { outcome: string; text: string }> = {};
  for (const c of report.checks) {
    if (typeof c.name === "string" && c.name.startsWith("host:")) {
      out[c.name.slice(5)] = { outcome: c.outcome, text: `${c.reason}\n${c.detail ?? ""}` };
    }
  }
  return out;
}

async function pull(stranger: Machine, me: Machine, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    await Deno.mkdir(`${stranger.dir}/${path.split("/")[0]}`, { recursive: true });
    await Deno.writeTextFile(`${stranger.dir}/${path}`, text);
  }
  await git(stranger.dir, ["add", "-A"]);
  await git(stranger.dir, ["commit", "-q", "-m", "settings"]);
  await git(stranger.dir, ["push", "-q", "origin", "main"]);
  await git(me.dir, ["pull", "-q", "origin", "main"]);
}

for (
  const [label, files, gemini] of [
    [
      "hooksConfig.disabled names baton",
      { ".gemini/settings.json": '{ "hooksConfig": { "disabled": ["baton"] } }\n' },
      /settings\.json lists baton's hooks in hooksConfig\.disabled/,
    ],
    [
      "hooksConfig.enabled is false",
      { ".gemini/settings.json": '{ "hooksConfig": { "enabled": false } }\n' },
      /settings\.json sets hooksConfig\.enabled = false/,
    ],
  ] as const
) {
  Deno.test(`doctor says a pulled project settings file turns off user-installed hooks (Gemini ${label}; Claude Code and Qwen Code disableAllHooks)`, async () => {
    await withShareWorld("baton-doctor-switch-", async ({ a: stranger, b: me }) => {
      await Deno.mkdir(`${me.home}-user`, { recursive: true });
      for (const host of HOSTS) {
        const r = await runBaton(["install", host, "--user"], { cwd: me.dir, env: env(me) });
        assert.equal(r.code, 0, r.stderr);
      }
      const before = await hostChecks(me);
      for (const host of HOSTS) {
        assert.equal(before[host]?.outcome, "ok", `control, ${host}: ${before[host]?.text}`);
        assert.match(before[host]!.text, /\(user\): installed/);
      }
      await pull(stranger, me, {
        ...files,
        ".claude/settings.json": '{ "disableAllHooks": true }\n',
        ".qwen/settings.json": '{ "disableAllHooks": true }\n',
      });
      const after = await hostChecks(me);
      assert.equal(after.gemini?.outcome, "warn", after.gemini?.text);
      assert.match(after.gemini!.text, gemini);
      assert.equal(after["claude-code"]?.outcome, "warn", after["claude-code"]?.text);
      assert.match(
        after["claude-code"]!.text,
        /\.claude\/settings\.json sets disableAllHooks = true/,
      );
      assert.equal(after["qwen-code"]?.outcome, "warn", after["qwen-code"]?.text);
      assert.match(after["qwen-code"]!.text, /\.qwen\/settings\.json sets disableAllHooks = true/);
    });
  });
}
