/**
 * Claude Code's permission entries through the real CLI on real files:
 * install writes one allow entry per baton state command, naming baton by
 * the launcher the hooks use, beside the user's own entries; the entry,
 * run as the agent would type it, starts this baton; uninstall takes them
 * out to the byte, also when the user added entries of their own since.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { makeRepo } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";
import { ALLOWED_STATE_COMMANDS } from "../../core/hosts/install/state_commands.ts";

const USER_SETTINGS = [
  "{",
  '  "permissions": {',
  '    "allow": [',
  '      "Bash(ls:*)"',
  "    ]",
  "  }",
  "}",
  "",
].join("\n");

/** A launcher like `deno task install` writes, named in BATON_LAUNCHER. */
async function launcher(dir: string): Promise<string> {
  const path = `${dir}/bin/baton`;
  await Deno.mkdir(`${dir}/bin`);
  const main = new URL("../../main.ts", import.meta.url).pathname;
  await Deno.writeTextFile(
    path,
    `#!/bin/sh\nexec '${Deno.execPath()}' run --quiet --no-prompt -A '${main}' "$@"\n`,
    { mode: 0o755 },
  );
  return path;
}

Deno.test("install adds allow entries for baton's state commands only; uninstall restores the settings byte for byte", async () => {
  const repo = await makeRepo("baton-e2e-perm-");
  await using home = await tempDir("baton-e2e-perm-home-");
  const shim = await launcher(home.path);
  const env = { HOME: home.path, BATON_LAUNCHER: shim };
  const settings = `${repo}/.claude/settings.local.json`;
  await Deno.mkdir(`${repo}/.claude`);
  await Deno.writeTextFile(settings, USER_SETTINGS);

  const r = await runBaton(["install", "claude-code"], { cwd: repo, env });
  assert.equal(r.code, 0, r.stderr);
  const allow = JSON.parse(await Deno.readTextFile(settings)).permissions.allow as string[];
  assert.equal(allow[0], "Bash(ls:*)", "the user's entry stays first");
  assert.deepEqual(
    allow.slice(1),
    ALLOWED_STATE_COMMANDS.map((c) => `Bash(${shim} ${c}:*)`),
  );
  assert.ok(!allow.some((e) => /evidence|done|commit|hook|\*\)$/.test(e.replace(/:\*\)$/, ""))));

  // The allowed text, typed as the skill tells the agent, starts this baton.
  const skill = await Deno.readTextFile(`${repo}/.claude/skills/baton/SKILL.md`);
  assert.ok(skill.includes(`Run baton as \`${shim}\``), "the skill names the same launcher");
  const hooks = JSON.parse(await Deno.readTextFile(settings)).hooks;
  assert.ok(
    (hooks.SessionStart[0].hooks[0].command as string).startsWith(`${shim} hook `),
    "the hooks name the same launcher",
  );
  const prefix = allow[1]!.slice("Bash(".length, -":*)".length);
  const ran = await new Deno.Command("sh", {
    args: ["-c", `${prefix} --json`],
    cwd: repo,
    env: { ...env, PATH: Deno.env.get("PATH") ?? "" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(ran.code, 0, new TextDecoder().decode(ran.stderr));

  // Installing again changes nothing.
  const again = await runBaton(["install", "claude-code", "--json"], { cwd: repo, env });
  assert.equal(JSON.parse(again.stdout).changed, 0);

  const un = await runBaton(["uninstall", "claude-code"], { cwd: repo, env });
  assert.equal(un.code, 0, un.stderr);
  assert.equal(await Deno.readTextFile(settings), USER_SETTINGS);
});

Deno.test("uninstall keeps entries the user added after install, before and after baton's", async () => {
  const repo = await makeRepo("baton-e2e-perm-");
  await using home = await tempDir("baton-e2e-perm-home-");
  const env = { HOME: home.path, BATON_LAUNCHER: await launcher(home.path) };
  const settings = `${repo}/.claude/settings.local.json`;
  await Deno.mkdir(`${repo}/.claude`);
  await Deno.writeTextFile(settings, USER_SETTINGS);
  assert.equal((await runBaton(["install", "claude-code"], { cwd: repo, env })).code, 0);

  const installed = await Deno.readTextFile(settings);
  const edited = installed
    .replace('"Bash(ls:*)",', '"Bash(ls:*)",\n      "Bash(make test:*)",')
    .replace(/(:\*\)")(\n {4}\])/, '$1,\n      "Read(docs/**)"$2');
  assert.notEqual(edited, installed);
  await Deno.writeTextFile(settings, edited);

  const un = await runBaton(["uninstall", "claude-code"], { cwd: repo, env });
  assert.equal(un.code, 0, un.stderr);
  const left = await Deno.readTextFile(settings);
  assert.equal(
    left,
    USER_SETTINGS.replace(
      '"Bash(ls:*)"',
      '"Bash(ls:*)",\n      "Bash(make test:*)",\n      "Read(docs/**)"',
    ),
  );
  // Positive control: baton's entries were there before uninstall.
  assert.match(installed, /baton finalize:\*\)/);
});
