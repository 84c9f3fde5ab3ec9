import assert from "node:assert/strict";
import {
  frontmatterHasHooks,
  projectHooks,
  settingsChangeBash,
} from "../../../core/transcript/project_hooks.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";

const OWN = ["/opt/baton"];
const gate = (command: string, extra: Record<string, unknown> = {}) => ({
  hooks: {
    PreToolUse: [{
      matcher: "Bash|Edit|Write",
      hooks: [{ type: "command", command, timeout: 5, ...extra }],
    }],
  },
});
const on = (event: string, matcher: string | undefined) => ({
  hooks: {
    [event]: [{
      ...(matcher === undefined ? {} : { matcher }),
      hooks: [{ type: "command", command: "x" }],
    }],
  },
});

Deno.test("settingsChangeBash: only the hook baton install writes, run by this baton, passes", () => {
  const own = "/opt/baton hook pre-tool --host claude-code";
  assert.equal(settingsChangeBash(gate(own), OWN), false);
  assert.equal(settingsChangeBash({ hooks: {} }, OWN), false);
  assert.equal(settingsChangeBash({ permissions: { allow: ["Bash(baton load:*)"] } }, OWN), false);
  for (
    const [name, settings, own2] of [
      ["no invocation known", gate(own), null],
      ["another baton binary", gate("/home/x/bin/baton hook pre-tool --host claude-code"), OWN],
      ["a committed ./tools/baton", gate("./tools/baton hook pre-tool --host claude-code"), OWN],
      ["another host's hook", gate("/opt/baton hook pre-tool --host codex"), OWN],
      ["a wrapper", gate("/opt/baton hook pre-tool --host claude-code; ./x"), OWN],
      ["a key baton does not write", gate(own, { async: true }), OWN],
      [
        "an http hook",
        { hooks: { PreToolUse: [{ hooks: [{ type: "http", url: "http://x" }] }] } },
        OWN,
      ],
    ] as const
  ) {
    assert.equal(settingsChangeBash(settings, own2), true, name);
  }
});

Deno.test("settingsChangeBash: tool events whose matcher can select Bash count; others do not", () => {
  for (const event of ["PreToolUse", "PermissionRequest", "PostToolUse", "PostToolUseFailure"]) {
    for (const matcher of [undefined, "", "*", "Bash", "bash", "Edit|Bash", "B.*", "PowerShell"]) {
      assert.equal(settingsChangeBash(on(event, matcher), OWN), true, `${event} ${matcher}`);
    }
    assert.equal(settingsChangeBash(on(event, "Edit|Write|MultiEdit"), OWN), false, event);
  }
  for (const event of ["Stop", "UserPromptSubmit", "PreCompact", "SessionEnd"]) {
    assert.equal(settingsChangeBash(on(event, undefined), OWN), false, event);
  }
  // Shapes Claude Code would not read as hooks are not let through either.
  assert.equal(settingsChangeBash({ hooks: [] }, OWN), true);
  assert.equal(settingsChangeBash({ hooks: { PreToolUse: {} } }, OWN), true);
  assert.equal(settingsChangeBash({ hooks: { PreToolUse: [{ matcher: "Edit" }] } }, OWN), true);
});

Deno.test("settingsChangeBash: plugins enabled, and an env with any key but Claude Code's own switches, count", () => {
  assert.equal(settingsChangeBash({ enabledPlugins: { "a@b": true } }, OWN), true);
  assert.equal(settingsChangeBash({ enabledPlugins: { "a@b": false } }, OWN), false);
  for (
    const env of [
      { CLAUDE_CODE_SHELL: "/r/sh" },
      { BASH_ENV: "/r/x" },
      { PATH: ".claude/bin:/usr/bin" },
      { NODE_OPTIONS: "--require ./x.js" },
      { NODE_ENV: "test" },
      { DISABLE_TELEMETRY: "1", LD_PRELOAD: "./x.so" },
      // Names are exact: Claude Code reads none of these spellings.
      { disable_telemetry: "1" },
      { CLAUDE_ENV_FILE: "./env.sh" },
      "PATH=./bin",
      ["PATH"],
    ]
  ) {
    assert.equal(settingsChangeBash({ env }, OWN), true, JSON.stringify(env));
  }
  const allowed = {
    DISABLE_TELEMETRY: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    BASH_DEFAULT_TIMEOUT_MS: "300000",
    ANTHROPIC_MODEL: "x",
    MAX_THINKING_TOKENS: "0",
  };
  assert.equal(settingsChangeBash({ env: allowed }, OWN), false);
  assert.equal(settingsChangeBash({ env: {} }, OWN), false);
  // Only Claude Code's settings: droid's and Qwen Code's `env` are judged by their own records.
  assert.equal(settingsChangeBash({ env: { PATH: "./bin" } }, OWN, "droid"), false);
});

Deno.test("settingsChangeBash: any handler under an event that gets $CLAUDE_ENV_FILE counts, but baton's own", () => {
  const own = (verb: string) => ({
    type: "command",
    command: `/opt/baton hook ${verb} --host claude-code`,
    timeout: 5,
  });
  for (const event of ["SessionStart", "Setup", "CwdChanged", "FileChanged", "sessionstart"]) {
    for (const matcher of [undefined, "startup", "compact", "Edit"]) {
      assert.equal(settingsChangeBash(on(event, matcher), OWN), true, `${event} ${matcher}`);
    }
  }
  const baton = {
    hooks: {
      SessionStart: [{ matcher: "startup|resume|clear|compact", hooks: [own("session-start")] }],
    },
  };
  assert.equal(settingsChangeBash(baton, OWN), false);
  // The same handler run by another baton, or beside a stranger's, counts.
  assert.equal(settingsChangeBash(baton, ["/home/x/baton"]), true);
  const beside = {
    hooks: {
      SessionStart: [{ hooks: [own("session-start"), { type: "command", command: "./env.sh" }] }],
    },
  };
  assert.equal(settingsChangeBash(beside, OWN), true);
  // Hosts without Claude Code's env file: a session-start hook there changes no shell call.
  assert.equal(settingsChangeBash(on("SessionStart", undefined), OWN, "qwen-code"), false);
});

Deno.test("frontmatterHasHooks: a hooks key in a component's frontmatter, not in its body", () => {
  assert.equal(frontmatterHasHooks("---\nname: a\n'hooks': {}\n---\n"), true);
  assert.equal(frontmatterHasHooks("\uFEFF---\r\nHOOKS:\r\n---\r\n"), true);
  assert.equal(frontmatterHasHooks("---\nname: a\nhooks:\n"), true, "unclosed");
  assert.equal(frontmatterHasHooks("---\nname: a\ndescription: b\n---\nhooks: x\n"), false);
  assert.equal(frontmatterHasHooks("# no frontmatter\nhooks: x\n"), false);
});

const fs = new TestFs();

Deno.test("projectHooks (Claude Code): settings and components from the session's folder up to the work tree's top", async () => {
  const rewrite = JSON.stringify(on("PreToolUse", "Bash"));
  for (
    const [files, want] of [
      [{ ".claude/settings.json": rewrite }, ".claude/settings.json"],
      [{ "sub/.claude/settings.local.json": rewrite }, "sub/.claude/settings.local.json"],
      [
        { ".claude/settings.json": '{"hooks": {}, "hooks": {"PreToolUse": []}}' },
        ".claude/settings.json",
      ],
      [{ ".claude/settings.json": "{ not json" }, ".claude/settings.json"],
      [{ ".claude/agents/team/a.md": "---\nhooks:\n---\n" }, ".claude/agents/team/a.md"],
      [{ ".claude/commands/c.md": "---\nhooks: {}\n---\n" }, ".claude/commands/c.md"],
    ] as const
  ) {
    await using dir = await tempDir("baton-cph-");
    await writeFiles(dir.path, {
      ".git/HEAD": "ref: refs/heads/main\n",
      "sub/a.txt": "",
      ...files,
    });
    assert.equal(
      await projectHooks(fs, `${dir.path}/sub`, "claude-code", OWN),
      `${dir.path}/${want}`,
      JSON.stringify(files),
    );
  }
});

Deno.test("projectHooks (Claude Code): none (controls): comment-holding settings with no tool hooks, a skill without hooks, hooks above the work tree", async () => {
  await using dir = await tempDir("baton-cph-");
  await writeFiles(dir.path, {
    ".claude/settings.json": JSON.stringify(on("PreToolUse", "Bash")),
    "repo/.git/HEAD": "ref: refs/heads/main\n",
    "repo/.claude/settings.json": '{ // team\n "permissions": { "allow": [] } }',
    "repo/.claude/skills/s/SKILL.md": "---\nname: s\ndescription: d\n---\nhooks: none here\n",
  });
  assert.equal(await projectHooks(fs, `${dir.path}/repo`, "claude-code", OWN), null);
});

Deno.test("projectHooks (Codex): hooks.json and config.toml's inline tables; baton's own codex gate passes", async () => {
  const own = { type: "command", command: "/opt/baton hook pre-tool --host codex", timeout: 5 };
  for (
    const [files, want] of [
      [{ ".codex/hooks.json": JSON.stringify(on("PreToolUse", "Bash")) }, ".codex/hooks.json"],
      [
        { ".codex/hooks.json": JSON.stringify(on("PermissionRequest", "ash")) },
        ".codex/hooks.json",
      ],
      [{
        ".codex/config.toml": '[[hooks.PostToolUse]]\n[[hooks.PostToolUse.hooks]]\ncommand = "x"\n',
      }, ".codex/config.toml"],
      [{ ".codex/config.toml": "a = 1\na = 2\n" }, ".codex/config.toml"],
      // Claude Code's gate is not Codex's.
      [{
        ".codex/hooks.json": JSON.stringify({
          hooks: {
            PreToolUse: [{
              hooks: [{ ...own, command: "/opt/baton hook pre-tool --host claude-code" }],
            }],
          },
        }),
      }, ".codex/hooks.json"],
      [
        { ".codex/hooks.json": JSON.stringify({ hooks: { PreToolUse: [{ hooks: [own] }] } }) },
        null,
      ],
      [{
        ".codex/config.toml": 'model = "x"\n',
        ".claude/settings.json": JSON.stringify(on("PreToolUse", "Bash")),
      }, null],
    ] as const
  ) {
    await using dir = await tempDir("baton-cph-");
    await writeFiles(dir.path, { ".git/HEAD": "ref: refs/heads/main\n", ...files });
    assert.equal(
      await projectHooks(fs, dir.path, "codex", OWN),
      want === null ? null : `${dir.path}/${want}`,
      JSON.stringify(files),
    );
  }
});

/** Runs projectHooks for `host` on a work tree holding each case's files. */
async function cases(
  host: "droid" | "qwen-code" | "copilot",
  table: readonly (readonly [Record<string, string>, string | null])[],
): Promise<void> {
  for (const [files, want] of table) {
    await using dir = await tempDir("baton-cph-");
    await writeFiles(dir.path, { ".git/HEAD": "ref: refs/heads/main\n", ...files });
    assert.equal(
      await projectHooks(fs, dir.path, host, OWN),
      want === null ? null : `${dir.path}/${want}`,
      `${host} ${JSON.stringify(files)}`,
    );
  }
}

const ownHandler = (host: string) => ({
  type: "command",
  command: `/opt/baton hook pre-tool --host ${host}`,
  timeout: 5,
});

Deno.test("projectHooks (droid): hooks.json, legacy hooks/hooks.json and settings*.json; Execute counts, baton's own droid gate passes (attack121)", async () => {
  const execute = JSON.stringify(on("PreToolUse", "Execute"));
  const gateOf = (host: string) =>
    JSON.stringify({
      hooks: { PreToolUse: [{ matcher: "Execute|Edit|Create", hooks: [ownHandler(host)] }] },
    });
  await cases("droid", [
    [{ ".factory/hooks.json": execute }, ".factory/hooks.json"],
    [{ ".factory/hooks/hooks.json": execute }, ".factory/hooks/hooks.json"],
    [{ ".factory/settings.json": execute }, ".factory/settings.json"],
    [{ ".factory/settings.local.json": execute }, ".factory/settings.local.json"],
    [{ ".factory/settings.json": '{"enabledPlugins": {"p@m": true}}' }, ".factory/settings.json"],
    [{ ".factory/settings.json": gateOf("claude-code") }, ".factory/settings.json"],
    [{ ".factory/settings.json": gateOf("droid") }, null],
    [{ ".factory/hooks.json": JSON.stringify(on("PostToolUse", "Edit|Create")) }, null],
    [{ ".claude/settings.json": execute }, null],
  ]);
});

Deno.test("projectHooks (Qwen Code): .qwen/settings.json; run_shell_command counts (attack121)", async () => {
  await cases("qwen-code", [
    [
      { ".qwen/settings.json": JSON.stringify(on("PreToolUse", "^run_shell_command$")) },
      ".qwen/settings.json",
    ],
    [
      { ".qwen/settings.json": JSON.stringify(on("PermissionRequest", "run_shell_command")) },
      ".qwen/settings.json",
    ],
    [{ ".qwen/settings.json": JSON.stringify(on("PreToolUse", "write_file|edit")) }, null],
    [{ ".qwen/settings.json": JSON.stringify(on("SessionStart", undefined)) }, null],
  ]);
});

Deno.test("projectHooks (Copilot CLI): every .github/hooks/*.json (flat entries), .github/copilot/settings*.json, .claude/settings*.json, extensions (attack121)", async () => {
  const flat = (event: string, entry: Record<string, unknown>) =>
    JSON.stringify({ version: 1, hooks: { [event]: [entry] } });
  await cases("copilot", [
    [
      { ".github/hooks/a.json": flat("preToolUse", { type: "command", bash: "x" }) },
      ".github/hooks/a.json",
    ],
    [
      { ".github/hooks/a.json": flat("PreToolUse", { command: "x", matcher: "bash|powershell" }) },
      ".github/hooks/a.json",
    ],
    [
      { ".github/hooks/b.JSON": flat("postToolUse", { type: "http", url: "http://x" }) },
      ".github/hooks/b.JSON",
    ],
    [{ ".github/hooks/a.json": "{ not json" }, ".github/hooks/a.json"],
    [
      { ".github/copilot/settings.local.json": flat("preToolUse", { bash: "x" }) },
      ".github/copilot/settings.local.json",
    ],
    [
      { ".github/copilot/settings.json": '{"enabledPlugins": {"p@m": true}}' },
      ".github/copilot/settings.json",
    ],
    [
      { ".claude/settings.json": JSON.stringify(on("PreToolUse", "Bash")) },
      ".claude/settings.json",
    ],
    [{ ".github/extensions/x/extension.mjs": "" }, ".github/extensions/x"],
    // Another host's gate in Copilot's own file is not one baton wrote there.
    [{ ".github/hooks/a.json": flat("PreToolUse", ownHandler("codex")) }, ".github/hooks/a.json"],
    // Controls: baton's own gates, hooks on other tools and events, files Copilot does not load.
    [{ ".github/hooks/baton.json": flat("PreToolUse", ownHandler("copilot")) }, null],
    [{
      ".claude/settings.local.json": JSON.stringify({
        hooks: { PreToolUse: [{ matcher: "Bash|Edit|Write", hooks: [ownHandler("claude-code")] }] },
      }),
    }, null],
    [
      { ".github/hooks/fmt.json": flat("postToolUse", { bash: "fmt", matcher: "edit|create" }) },
      null,
    ],
    [{ ".github/hooks/log.json": flat("sessionStart", { bash: "log" }) }, null],
    [{ ".github/hooks/notes.md": "preToolUse", ".github/hooks/sub/a.json": "{" }, null],
  ]);
});

/**
 * A work tree at /r whose `.claude/skills` holds `folders` folders of `files`
 * names each (none a Markdown file), and nothing else; counts the listings.
 */
function wideSkills(folders: number, files: number) {
  const listed = { count: 0 };
  const names = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => ({ name: `${prefix}${i}` }));
  const fake = {
    lstat: (p: string) => Promise.resolve(p === "/r/.git" ? {} : null),
    stat: () => Promise.resolve(null),
    readDir: (dir: string) => {
      listed.count++;
      if (dir === "/r/.claude/skills") return Promise.resolve(names(folders, "s"));
      if (/^\/r\/\.claude\/skills\/s\d+$/.test(dir)) return Promise.resolve(names(files, "f"));
      return Promise.reject(new Error("missing"));
    },
  } as never;
  return { fake, listed };
}

Deno.test("projectHooks: the component walk lists at most 4,096 entries in all; past that it counts", async () => {
  // 200 folders of 250 entries: each folder within its own bound, 50,200 in all.
  const wide = wideSkills(200, 250);
  const found = await projectHooks(wide.fake, "/r", "claude-code", OWN);
  assert.ok(found?.startsWith("/r/.claude/skills/s"), String(found));
  // Each entry walked is looked into once (a listing tried): about 4,096, not 50,200.
  assert.ok(wide.listed.count < 4_096 + 256, String(wide.listed.count));
  // Control: 100 folders of 30 entries (3,100 in all) are walked whole and hold nothing.
  const narrow = wideSkills(100, 30);
  assert.equal(await projectHooks(narrow.fake, "/r", "claude-code", OWN), null);
});
