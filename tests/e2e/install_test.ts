/**
 * install, doctor and uninstall as real subprocesses of main.ts: the hook
 * command written into a host config starts this very baton (even from a
 * project with a deno.json of its own), doctor agrees, --dry-run writes
 * nothing, and uninstall leaves the project as it was.
 */
import assert from "node:assert/strict";
import { splitShellCommand } from "../../core/hosts/shell_quote.ts";
import { BATON_TASK_FLAGS } from "../../commands/_adapters/invocation.ts";
import { runBaton } from "../_helpers/cli.ts";
import { makeRepo } from "../_helpers/git.ts";
import { snapshotTree } from "../_helpers/io.ts";
import { tempDir } from "../_helpers/temp.ts";

const DENO_DIR = Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`;

Deno.test("BATON_TASK_FLAGS are exactly the flags of the baton task in deno.json", async () => {
  const config = JSON.parse(await Deno.readTextFile(new URL("../../deno.json", import.meta.url)));
  const task = (config.tasks.baton as string).split(" ");
  assert.deepEqual(task.slice(task.indexOf("run") + 1, -1), [...BATON_TASK_FLAGS]);
});

Deno.test("baton install writes a hook command that runs this baton; doctor agrees; uninstall restores the project", async () => {
  const repo = await makeRepo("baton-e2e-install-");
  const home = (await tempDir("baton-e2e-home-")).path;
  // A project deno.json of its own: the hook runs baton with baton's configuration regardless.
  await Deno.writeTextFile(
    `${repo}/deno.json`,
    '{ "imports": { "zod": "npm:zod@0.0.0-missing" } }\n',
  );
  const env = { HOME: home, DENO_DIR };
  const before = await snapshotTree(repo);
  const dry = await runBaton(["install", "all", "--dry-run"], { cwd: repo, env });
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /\+\+\+ .*\/\.codex\/hooks\.json/);
  assert.deepEqual(await snapshotTree(repo), before);

  const r = await runBaton(["install", "claude-code", "codex", "--json"], { cwd: repo, env });
  assert.equal(r.code, 0, r.stderr);
  // Claude Code: skill, two commands, settings; Codex: skill, hooks.json, rules/baton.rules.
  assert.equal(JSON.parse(r.stdout).changed, 7);
  const hooks = JSON.parse(await Deno.readTextFile(`${repo}/.codex/hooks.json`));
  const command = hooks.hooks.PreCompact[0].hooks[0].command as string;
  const words = splitShellCommand(command)!;
  assert.deepEqual(words.slice(-4), ["hook", "pre-compact", "--host", "codex"]);
  const [program, ...args] = words.slice(0, -4);
  // Codex runs a project's hooks only in a trusted project (see codex_trust_test.ts).
  await Deno.mkdir(`${home}/.codex`, { recursive: true });
  await Deno.writeTextFile(
    `${home}/.codex/config.toml`,
    `[projects.${JSON.stringify(repo)}]\ntrust_level = "trusted"\n`,
  );
  const ran = await new Deno.Command(program!, {
    args: [...args, "doctor", "--json"],
    cwd: repo,
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(ran.stderr);
  assert.equal(ran.code, 0, stderr);
  const report = JSON.parse(new TextDecoder().decode(ran.stdout));
  assert.equal(report.status, "supported", "doctor, run through the hook's invocation, agrees");

  const un = await runBaton(["uninstall", "claude-code", "codex"], { cwd: repo, env });
  assert.equal(un.code, 0, un.stderr);
  assert.deepEqual(await snapshotTree(repo), before);
});

Deno.test("baton install refuses an unparseable config with exit 2 and a JSON error", async () => {
  const repo = await makeRepo("baton-e2e-install-");
  const home = (await tempDir("baton-e2e-home-")).path;
  await Deno.mkdir(`${repo}/.cursor`);
  await Deno.writeTextFile(`${repo}/.cursor/hooks.json`, "{ nope");
  const r = await runBaton(["install", "cursor", "--json"], {
    cwd: repo,
    env: { HOME: home, DENO_DIR },
  });
  assert.equal(r.code, 2);
  assert.equal(JSON.parse(r.stdout).error.code, "config_unparseable");
  assert.match(r.stderr, /^baton: Cannot parse ".*hooks\.json": /);
  assert.equal(await Deno.stat(`${repo}/.cursor/skills`).catch(() => null), null);
});
