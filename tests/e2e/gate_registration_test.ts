/**
 * The gate's pre-tool hook is registered only where this clone opted in,
 * through the real CLI: install without the opt-in writes no pre-tool (and,
 * beside a prompt hook, no post-tool) entry; `enforce on` adds the pre-tool
 * hook to every host installed in the repository, with the host's tool
 * matcher; `enforce off` (a person at a terminal, given one by `script`)
 * takes it out again byte for byte; uninstall after on and off restores the
 * user's own config byte for byte.
 */
import assert from "node:assert/strict";
import { batonRunPrefix, MAIN, runBaton, testBatonHome } from "../_helpers/cli.ts";
import { git, makeRepo } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const HOOK_HOSTS = ["claude-code", "codex", "gemini", "copilot", "cursor"] as const;
/** Each host's project hook config and its pre-tool and post-tool event names. */
const CONFIGS = {
  "claude-code": { path: ".claude/settings.local.json", pre: "PreToolUse", post: "PostToolUse" },
  codex: { path: ".codex/hooks.json", pre: "PreToolUse", post: "PostToolUse" },
  gemini: { path: ".gemini/settings.json", pre: "BeforeTool", post: "AfterTool" },
  copilot: { path: ".github/hooks/baton.json", pre: "PreToolUse", post: "PostToolUse" },
  cursor: { path: ".cursor/hooks.json", pre: "preToolUse", post: "postToolUse" },
} as const;

function q(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

/** `baton enforce off` with a terminal on stdin and stderr, answering y. */
async function enforceOffAtTerminal(cwd: string, home: string): Promise<string> {
  const line = [
    ...batonRunPrefix(),
    MAIN,
    "enforce",
    "off",
  ].map(q).join(" ");
  const child = new Deno.Command("script", {
    args: ["-qec", line, "/dev/null"],
    cwd,
    env: { NO_COLOR: "1", BATON_HOME: testBatonHome(), HOME: home },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode("y\n"));
  await w.close();
  const out = await child.output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout);
}

async function read(dir: string, path: string): Promise<string | null> {
  return await Deno.readTextFile(`${dir}/${path}`).catch(() => null);
}

function hookEvents(text: string | null): string[] {
  if (text === null) return [];
  return Object.keys((JSON.parse(text) as { hooks?: Record<string, unknown> }).hooks ?? {});
}

Deno.test("the pre-tool gate is registered only where this clone opted in, and on/off/uninstall are byte-exact", async () => {
  const repo = await makeRepo("baton-gatereg-");
  await using homeDir = await tempDir("baton-gatereg-home-");
  const env = { HOME: homeDir.path };
  // A config of the user's own: uninstall must give it back byte for byte.
  await Deno.mkdir(`${repo}/.claude`, { recursive: true });
  const mine =
    '{\n  "theme": "dark",\n  "hooks": {\n    "Stop": [{"hooks": [{"type": "command", "command": "echo mine"}]}]\n  }\n}\n';
  await Deno.writeTextFile(`${repo}/.claude/settings.local.json`, mine);

  const install = await runBaton(["install", ...HOOK_HOSTS], { cwd: repo, env });
  assert.equal(install.code, 0, install.stderr);
  const installed: Record<string, string | null> = {};
  for (const host of HOOK_HOSTS) {
    const c = CONFIGS[host];
    installed[host] = await read(repo, c.path);
    const events = hookEvents(installed[host]);
    assert.ok(events.length > 0, `${host}: hooks were installed`);
    assert.ok(!events.includes(c.pre), `${host}: no pre-tool hook without the opt-in`);
  }
  // A host with a prompt hook carries the band there; Cursor has none, so it keeps post-tool.
  assert.ok(!hookEvents(installed["claude-code"]!).includes("PostToolUse"));
  assert.ok(hookEvents(installed["cursor"]!).includes("postToolUse"));

  const on = await runBaton(["enforce", "on", "--yes"], { cwd: repo, env });
  assert.equal(on.code, 0, on.stderr);
  assert.match(on.stdout, /pre-tool hook registered for: /);
  for (const host of HOOK_HOSTS) {
    const c = CONFIGS[host];
    const text = await read(repo, c.path);
    assert.ok(hookEvents(text).includes(c.pre), `${host}: enforce on registers the gate`);
  }
  const claude = JSON.parse((await read(repo, CONFIGS["claude-code"].path))!);
  const gate = claude.hooks.PreToolUse[0];
  assert.match(gate.hooks[0].command, /hook pre-tool --host claude-code/);
  assert.equal(gate.matcher, "Bash|PowerShell|Edit|Write|MultiEdit|NotebookEdit");
  assert.equal(claude.hooks.Stop[0].hooks[0].command, "echo mine", "the user's hook is kept");

  // A second install keeps the gate (the opt-in is still there) and changes no byte.
  const again = await runBaton(["install", ...HOOK_HOSTS], { cwd: repo, env });
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /Nothing to change/);

  const off = await enforceOffAtTerminal(repo, homeDir.path);
  assert.match(off, /pre-tool hook removed for: /);
  for (const host of HOOK_HOSTS) {
    assert.equal(
      await read(repo, CONFIGS[host].path),
      installed[host],
      `${host}: off is byte-exact`,
    );
  }

  const onAgain = await runBaton(["enforce", "on", "--yes"], { cwd: repo, env });
  assert.equal(onAgain.code, 0, onAgain.stderr);
  await enforceOffAtTerminal(repo, homeDir.path);
  const un = await runBaton(["uninstall", ...HOOK_HOSTS], { cwd: repo, env });
  assert.equal(un.code, 0, un.stderr);
  assert.equal(await read(repo, ".claude/settings.local.json"), mine, "the user's config is back");
  for (const host of HOOK_HOSTS.filter((h) => h !== "claude-code")) {
    assert.equal(await read(repo, CONFIGS[host].path), null, `${host}: baton's config is gone`);
  }
});

Deno.test("uninstall while opted in removes the gate with the rest, byte for byte", async () => {
  const repo = await makeRepo("baton-gatereg-");
  await using homeDir = await tempDir("baton-gatereg-home-");
  const env = { HOME: homeDir.path };
  await Deno.mkdir(`${repo}/.gemini`, { recursive: true });
  const mine = '{"ui": {"theme": "x"}}\n';
  await Deno.writeTextFile(`${repo}/.gemini/settings.json`, mine);
  assert.equal((await runBaton(["enforce", "on", "--yes"], { cwd: repo, env })).code, 0);
  const install = await runBaton(["install", "gemini"], { cwd: repo, env });
  assert.equal(install.code, 0, install.stderr);
  const text = await read(repo, ".gemini/settings.json");
  assert.ok(hookEvents(text).includes("BeforeTool"), "install after enforce on registers the gate");
  assert.equal(
    JSON.parse(text!).hooks.BeforeTool[0].matcher,
    "^(run_shell_command|write_file|replace)$",
  );
  const un = await runBaton(["uninstall", "gemini"], { cwd: repo, env });
  assert.equal(un.code, 0, un.stderr);
  assert.equal(await read(repo, ".gemini/settings.json"), mine);
});

Deno.test("enforce on registers the gate where it can and names a host config it cannot parse", async () => {
  const repo = await makeRepo("baton-gatereg-");
  await using homeDir = await tempDir("baton-gatereg-home-");
  const env = { HOME: homeDir.path };
  assert.equal((await runBaton(["install", "codex"], { cwd: repo, env })).code, 0);
  await Deno.mkdir(`${repo}/.claude`, { recursive: true });
  await Deno.writeTextFile(`${repo}/.claude/settings.local.json`, '{"hooks": tok_SECRET\n');
  const on = await runBaton(["enforce", "on", "--yes"], { cwd: repo, env });
  assert.equal(on.code, 0, on.stderr);
  assert.match(on.stdout, /pre-tool hook registered for: Codex CLI/);
  assert.ok(hookEvents(await read(repo, ".codex/hooks.json")).includes("PreToolUse"));
  assert.match(on.stderr, /pre-tool hook not updated for Claude Code: Cannot parse/);
  assert.doesNotMatch(on.stderr, /SECRET/);
  assert.equal(await read(repo, ".claude/settings.local.json"), '{"hooks": tok_SECRET\n');
});

Deno.test("enforce on names a config it cannot parse on one neutral line, whatever the folder's name", async () => {
  // The folder's name is anyone's: an escape sequence, a bidi override and a line break.
  await using outer = await tempDir("baton-gatereg-");
  const repo = `${outer.path}/p\u001b[2J\u202e\nfake`;
  await Deno.mkdir(repo);
  await git(repo, ["init", "-q", "-b", "main"]);
  await using homeDir = await tempDir("baton-gatereg-home-");
  const env = { HOME: homeDir.path };
  assert.equal((await runBaton(["install", "claude-code"], { cwd: repo, env })).code, 0);
  await Deno.writeTextFile(`${repo}/.claude/settings.local.json`, '{"hooks": {\n');
  const on = await runBaton(["enforce", "on", "--yes"], { cwd: repo, env });
  assert.equal(on.code, 0, on.stderr);
  const lines = on.stderr.split("\n").filter((l) => l !== "");
  const [line = ""] = lines;
  assert.equal(lines.length, 1, on.stderr);
  assert.match(line, /^baton: pre-tool hook not updated for Claude Code: Cannot parse /);
  assert.match(line, /\u241b\[2J‹U\+202E› ⏎ fake\/\.claude/, "the name is shown, neutralised");
  assert.ok(!on.stderr.includes("\u001b") && !on.stderr.includes("\u202e"), on.stderr);
});
