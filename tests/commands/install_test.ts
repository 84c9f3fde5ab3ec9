/**
 * `baton install` / `baton uninstall` for every host and both scopes, run
 * in-process against real temp directories (a real git repository as the
 * project, a temp HOME): the files parse and name this baton, a second
 * install changes no byte, uninstall restores the earlier tree byte for
 * byte, hand-written configs keep every unrelated key and comment,
 * --dry-run writes nothing and prints the exact diff, and an unparseable
 * config or a foreign file stops everything before any write.
 */
import assert from "node:assert/strict";
import { parse as parseJsonc } from "jsonc-parser";
import { applyPatch } from "diff";
import { parse as parseToml } from "smol-toml";
import { parse as parseYaml } from "yaml";
import { installCommand } from "../../commands/install.ts";
import { uninstallCommand } from "../../commands/uninstall.ts";
import { type Command, parseFlags } from "../../commands/_cli/command.ts";
import { hostContent } from "../../commands/_cli/hosts_args.ts";
import { renderHookCommand } from "../../core/hosts/hook_command.ts";
import { HOSTS } from "../../core/hosts/install/hosts.ts";
import { HOST_IDS, type HostId } from "../../core/hosts/ids.ts";
import { removeHooks } from "../../core/hosts/install/hook_config.ts";
import { removeAllowRules } from "../../core/hosts/install/allow_rules.ts";
import { registeredLayout } from "../../core/hosts/install/registered_hooks.ts";
import type { HookConfigFile, HostContent, InstallScope } from "../../core/hosts/install/types.ts";
import { makeRepo } from "../_helpers/git.ts";
import { fakeIo, snapshotTree } from "../_helpers/io.ts";
import { tempDir } from "../_helpers/temp.ts";

interface Setup {
  project: string;
  home: string;
  env: Record<string, string>;
}

async function setup(): Promise<Setup> {
  const project = await makeRepo("baton-install-");
  const home = (await tempDir("baton-home-")).path
    .replaceAll("\\", "/");
  return { project, home, env: { HOME: home } };
}

async function run(command: Command, argv: string[], s: Setup, env = s.env) {
  const io = fakeIo({ cwd: s.project, env });
  const code = await command.run(parseFlags(command, argv), io);
  return { code, out: io.out(), err: io.err() };
}

function layoutOf(id: HostId, scope: InstallScope, s: Setup, content: HostContent) {
  return registeredLayout(HOSTS[id], scope, {
    projectRoot: s.project,
    home: s.home,
    env: (n) => s.env[n],
  }, content);
}

function frontMatter(text: string): Record<string, unknown> {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(text);
  assert.ok(m, "the file opens with front matter");
  return parseYaml(m[1]!) as Record<string, unknown>;
}

/** Handlers listed under one event, in either shape. */
function handlersAt(config: Record<string, unknown>, file: HookConfigFile, native: string) {
  const hooks = (config.hooks as Record<string, unknown[]>)[native] ?? [];
  return file.format.shape === "flat"
    ? hooks as Record<string, unknown>[]
    : hooks.flatMap((g) => (g as { hooks: Record<string, unknown>[] }).hooks);
}

const content = await hostContent(fakeIo({ cwd: "/", env: {} }));

for (const id of HOST_IDS) {
  for (const scope of ["project", "user"] as const) {
    Deno.test(`install ${id} --${scope}: files parse and name this baton; a second install changes nothing; uninstall restores the tree`, async () => {
      const s = await setup();
      const root = scope === "project" ? s.project : s.home;
      const before = await snapshotTree(root);
      const first = await run(installCommand, [id, `--${scope}`], s);
      assert.equal(first.code, 0, first.err);
      const layout = layoutOf(id, scope, s, content);
      assert.ok(layout.files.length >= 2);
      for (const file of layout.files) {
        const text = await Deno.readTextFile(file.path);
        if (file.kind === "hooks") {
          const config = JSON.parse(text);
          for (const spec of file.hooks) {
            const command = renderHookCommand(content.invocation, { event: spec.event, host: id });
            const found: Record<string, unknown> | undefined = handlersAt(config, file, spec.native)
              .find((h) => h.command === command);
            assert.ok(found, `${file.path} has the ${spec.native} hook`);
            const want: number = file.format.timeoutUnit === "milliseconds"
              ? spec.timeoutSeconds * 1000
              : spec.timeoutSeconds;
            assert.equal(found.timeout, want);
          }
        } else if (file.path.endsWith(".toml")) {
          const toml = parseToml(text);
          assert.equal(typeof toml.prompt, "string");
          assert.equal(typeof toml.description, "string");
        } else if (file.kind === "skill") {
          const fm = frontMatter(text);
          assert.equal(fm.name, "baton");
          assert.equal(file.path.split("/").at(-2), "baton");
        } else if (file.kind === "plugin") {
          assert.ok(text.includes(JSON.stringify([...content.invocation])));
        } else if (text.startsWith("---")) {
          assert.equal(typeof frontMatter(text).description, "string");
        }
      }
      const installed = await snapshotTree(root);
      const second = await run(installCommand, [id, `--${scope}`], s);
      assert.equal(second.code, 0);
      assert.match(second.out, /Nothing to change/);
      assert.deepEqual(
        await snapshotTree(root),
        installed,
        "byte-identical after a second install",
      );
      const removed = await run(uninstallCommand, [id, `--${scope}`], s);
      assert.equal(removed.code, 0, removed.err);
      assert.deepEqual(await snapshotTree(root), before);
      assert.notDeepEqual(installed, before, "the install wrote something to remove");
    });
  }
}

/** A hand-written config for a host, with a comment, unrelated keys and a hook of the user's own. */
function handWritten(file: HookConfigFile): string {
  const native = file.hooks[1]!.native;
  const userHook = file.format.shape === "flat"
    ? `{ "command": "./my-hook.sh", "timeout": 9 }`
    : `{ "matcher": "manual", "hooks": [ { "type": "command", "command": "./my-hook.sh" } ] }`;
  const required = Object.entries(file.format.requiredRoot)
    .map(([k, v]) => `\t${JSON.stringify(k)}: ${JSON.stringify(v)},\n`).join("");
  return `{\n\t// my own settings: keep this comment\n${required}\t"model": "opus",\n\t"permissions": { "allow": ["Bash(git *)"] },\n\t"hooks": {\n\t\t"${native}": [\n\t\t\t${userHook}\n\t\t]\n\t}\n}\n`;
}

for (const id of HOST_IDS) {
  const file = layoutOf(id, "project", { project: "/p", home: "/h", env: {} }, content).files
    .find((f): f is HookConfigFile => f.kind === "hooks" && f.hooks.length > 0);
  if (file === undefined) continue;
  Deno.test(`install ${id} next to a hand-written config keeps every unrelated key and comment, backs it up once, and uninstall restores it byte for byte`, async () => {
    const s = await setup();
    const path = file.path.replace("/p", s.project);
    const original = handWritten(file);
    await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(path, original);
    const before = await snapshotTree(s.project);
    assert.equal((await run(installCommand, [id], s)).code, 0);
    const merged = await Deno.readTextFile(path);
    assert.ok(merged.includes("// my own settings: keep this comment"));
    assert.ok(merged.includes('\t"model": "opus"'), "indentation and keys as written");
    const value = parseJsonc(merged);
    assert.equal(value.model, "opus");
    // The user's entry stays first; Claude Code also gets baton's state-command entries.
    assert.equal(value.permissions.allow[0], "Bash(git *)");
    // A host with permission entries gets baton's state commands in its own allow list.
    if (file.allow === undefined) assert.equal(value.permissions.allow.length, 1);
    else {
      const list = file.allow.key.reduce<unknown>(
        (o, k) => (o as Record<string, unknown> | undefined)?.[k],
        value,
      ) as string[];
      assert.ok(list.some((e) => e.startsWith(file.allow!.prefix) && / load\b/.test(e)));
    }
    const native = file.hooks[1]!.native;
    const first = handlersAt(value, file, native)[0]!;
    assert.equal(first.command, "./my-hook.sh", "the user's own hook stays first");
    assert.ok(handlersAt(value, file, native).some((h) => String(h.command).includes(" hook ")));
    const withoutHooks = removeHooks(merged, file.format, { host: id });
    assert.deepEqual(
      parseJsonc(
        file.allow === undefined
          ? withoutHooks
          : removeAllowRules(withoutHooks, file.allow, { invocation: ["baton"] }),
      ),
      parseJsonc(original),
      "nothing but baton's entries was added",
    );
    assert.equal(await Deno.readTextFile(`${path}.baton-backup`), original);
    const installed = await snapshotTree(s.project);
    await run(installCommand, [id], s);
    assert.deepEqual(await snapshotTree(s.project), installed, "no second backup, no change");
    assert.equal((await run(uninstallCommand, [id], s)).code, 0);
    assert.equal(await Deno.readTextFile(path), original);
    assert.deepEqual(await snapshotTree(s.project), before);
  });
}

// A config that carries only permission entries (OpenCode's opencode.json: its hooks are a plugin).
for (const id of HOST_IDS) {
  const file = layoutOf(id, "project", { project: "/p", home: "/h", env: {} }, content).files
    .find((f): f is HookConfigFile => f.kind === "hooks" && f.hooks.length === 0);
  if (file === undefined || file.allow?.map === undefined) continue;
  Deno.test(`install ${id} puts its permission entries after the user's own in a hand-written config, and uninstall restores it byte for byte`, async () => {
    const s = await setup();
    const path = file.path.replace("/p", s.project);
    const key = file.allow!.key;
    const original = `{\n\t// my own settings: keep this comment\n\t"model": "opus",\n\t${
      JSON.stringify(key[0])
    }: { ${JSON.stringify(key[1])}: { "*": "ask", "git status": "allow" } }\n}\n`;
    await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(path, original);
    const before = await snapshotTree(s.project);
    assert.equal((await run(installCommand, [id], s)).code, 0);
    const merged = await Deno.readTextFile(path);
    assert.ok(merged.includes("// my own settings: keep this comment"));
    assert.equal(merged.includes('"hooks"'), false, "no hooks key in a config without hooks");
    const list = Object.entries(parseJsonc(merged)[key[0]!][key[1]!] as Record<string, string>);
    assert.deepEqual(list.slice(0, 2), [["*", "ask"], ["git status", "allow"]]);
    assert.ok(
      list.slice(2).some(([k, v]) => / load \*$/.test(k) && v === "allow"),
      "baton's after",
    );
    assert.equal(await Deno.readTextFile(`${path}.baton-backup`), original);
    const installed = await snapshotTree(s.project);
    await run(installCommand, [id], s);
    assert.deepEqual(await snapshotTree(s.project), installed, "no second backup, no change");
    assert.equal((await run(uninstallCommand, [id], s)).code, 0);
    assert.equal(await Deno.readTextFile(path), original);
    assert.deepEqual(await snapshotTree(s.project), before);
  });
}

Deno.test("a new opencode.json carries the $schema OpenCode would otherwise write into it, and uninstall removes the file", async () => {
  const s = await setup();
  const path = `${s.project}/.opencode/opencode.json`;
  assert.equal((await run(installCommand, ["opencode"], s)).code, 0);
  const text = await Deno.readTextFile(path);
  // OpenCode 1.18 inserts this key after the opening brace of a config it loads without one.
  assert.equal(Object.keys(parseJsonc(text))[0], "$schema");
  assert.equal((await run(uninstallCommand, ["opencode"], s)).code, 0);
  assert.equal(await Deno.stat(path).then(() => true, () => false), false);
});

Deno.test("uninstall after the user edited the config keeps the edit and the backup, and removes only baton's entries", async () => {
  const s = await setup();
  const path = `${s.project}/.claude/settings.local.json`;
  await Deno.mkdir(`${s.project}/.claude`);
  await Deno.writeTextFile(path, '{\n  "model": "opus"\n}\n');
  await run(installCommand, ["claude-code"], s);
  const edited = (await Deno.readTextFile(path)).replace('"model": "opus"', '"model": "sonnet"');
  await Deno.writeTextFile(path, edited);
  await run(uninstallCommand, ["claude-code"], s);
  const after = await Deno.readTextFile(path);
  assert.deepEqual(JSON.parse(after), { model: "sonnet" });
  assert.equal(await Deno.readTextFile(`${path}.baton-backup`), '{\n  "model": "opus"\n}\n');
});

Deno.test("install --dry-run writes nothing and prints the exact unified diff of a real install", async () => {
  const s = await setup();
  const path = `${s.project}/.gemini/settings.json`;
  await Deno.mkdir(`${s.project}/.gemini`);
  const original = '{\n  // mine\n  "theme": "dark"\n}\n';
  await Deno.writeTextFile(path, original);
  const before = await snapshotTree(s.project);
  const dry = await run(installCommand, ["all", "--dry-run"], s);
  assert.equal(dry.code, 0);
  assert.deepEqual(await snapshotTree(s.project), before, "nothing written");
  assert.match(dry.out, /^--- \/dev\/null\n\+\+\+ .*\/\.claude\/skills\/baton\/SKILL\.md$/m);
  assert.ok(dry.out.includes("hook pre-compact --host claude-code"));
  assert.match(dry.err, /would create/);
  // The diff for the existing file is exact: applied to the old text it gives what install writes.
  const start = dry.out.indexOf(`--- ${path}\n`);
  assert.ok(start >= 0, "the existing config has its own diff");
  const rest = dry.out.slice(start);
  const end = rest.indexOf("\n--- ", 1);
  const patch = end < 0 ? rest : rest.slice(0, end + 1);
  await run(installCommand, ["all"], s);
  assert.equal(applyPatch(original, patch), await Deno.readTextFile(path));
});

Deno.test("install --json reports every file with its action and backup", async () => {
  const s = await setup();
  const r = await run(installCommand, ["codex", "--json"], s);
  const out = JSON.parse(r.out);
  assert.equal(out.action, "install");
  assert.equal(out.hosts[0].host, "codex");
  // The skill, hooks.json and the rules file for baton's state commands.
  assert.deepEqual(out.hosts[0].files.map((f: { action: string }) => f.action), [
    "create",
    "create",
    "create",
  ]);
  assert.equal(out.changed, 3);
});

Deno.test("an unparseable config stops the install of every host before any write, without quoting the file", async () => {
  const s = await setup();
  await Deno.mkdir(`${s.project}/.claude`);
  const broken = '{ "token": "sk-SECRET-VALUE-123",, }\n';
  await Deno.writeTextFile(`${s.project}/.claude/settings.local.json`, broken);
  const before = await snapshotTree(s.project);
  await assert.rejects(
    () => run(installCommand, ["codex", "claude-code"], s),
    (e: Error & { code?: string }) => {
      assert.equal(e.code, "config_unparseable");
      assert.match(e.message, /line 1, column \d+/);
      assert.ok(!e.message.includes("SECRET"));
      return true;
    },
  );
  assert.deepEqual(await snapshotTree(s.project), before, "codex's files were not written either");
  // Positive control: with the file fixed, the same install writes both hosts.
  await Deno.writeTextFile(`${s.project}/.claude/settings.local.json`, "{}\n");
  assert.equal((await run(installCommand, ["codex", "claude-code"], s)).code, 0);
  assert.ok((await Deno.stat(`${s.project}/.codex/hooks.json`)).isFile);
});

Deno.test("a hooks key of the wrong type is refused, nothing written", async () => {
  const s = await setup();
  await Deno.mkdir(`${s.project}/.cursor`);
  await Deno.writeTextFile(`${s.project}/.cursor/hooks.json`, '{"version": 1, "hooks": []}\n');
  const before = await snapshotTree(s.project);
  await assert.rejects(() => run(installCommand, ["cursor"], s), /"hooks" is an array/);
  assert.deepEqual(await snapshotTree(s.project), before);
});

Deno.test("a file baton did not write is never overwritten, and uninstall leaves it", async () => {
  const s = await setup();
  const mine = `${s.project}/.claude/commands/baton-handoff.md`;
  await Deno.mkdir(`${s.project}/.claude/commands`, { recursive: true });
  await Deno.writeTextFile(mine, "my own command\n");
  const before = await snapshotTree(s.project);
  await assert.rejects(
    () => run(installCommand, ["claude-code"], s),
    (e: Error & { code?: string }) => e.code === "install_conflict",
  );
  assert.deepEqual(await snapshotTree(s.project), before);
  const r = await run(uninstallCommand, ["claude-code"], s);
  assert.match(r.out, /kept \(not written by baton\)/);
  assert.equal(await Deno.readTextFile(mine), "my own command\n");
});

Deno.test("install --user honours CLAUDE_CONFIG_DIR, CODEX_HOME and XDG_CONFIG_HOME", async () => {
  const s = await setup();
  const alt = `${s.home}/alt`;
  const env = {
    HOME: s.home,
    CLAUDE_CONFIG_DIR: `${alt}/claude`,
    CODEX_HOME: `${alt}/codex`,
    XDG_CONFIG_HOME: `${alt}/xdg`,
  };
  assert.equal(
    (await run(installCommand, ["claude-code", "codex", "opencode", "--user"], s, env)).code,
    0,
  );
  for (
    const p of [
      "claude/settings.json",
      "claude/skills/baton/SKILL.md",
      "codex/hooks.json",
      "xdg/opencode/plugins/baton.js",
    ]
  ) assert.ok((await Deno.stat(`${alt}/${p}`)).isFile, p);
  assert.equal(await Deno.stat(`${s.home}/.claude`).catch(() => null), null);
  assert.ok((await Deno.stat(`${s.home}/.agents/skills/baton/SKILL.md`)).isFile);
});

Deno.test("install rejects unknown hosts, a missing host and both scopes at once", async () => {
  const s = await setup();
  await assert.rejects(() => run(installCommand, ["claude"], s), /did you mean "claude-code"/);
  await assert.rejects(() => run(installCommand, [], s), /Missing host/);
  await assert.rejects(() => run(installCommand, ["codex", "--user", "--project"], s), /together/);
});

Deno.test("a config that is a symlink (dotfiles) stays a link: install and uninstall write through it", async () => {
  const s = await setup();
  const real = `${s.home}/dotfiles/claude-settings.json`;
  await Deno.mkdir(`${s.home}/dotfiles`);
  await Deno.mkdir(`${s.home}/.claude`);
  const original = '{\n  "theme": "light"\n}\n';
  await Deno.writeTextFile(real, original);
  await Deno.symlink(real, `${s.home}/.claude/settings.json`);
  assert.equal((await run(installCommand, ["claude-code", "--user"], s)).code, 0);
  assert.ok((await Deno.lstat(`${s.home}/.claude/settings.json`)).isSymlink, "still a link");
  assert.match(await Deno.readTextFile(real), /hook pre-compact --host claude-code/);
  assert.equal((await run(uninstallCommand, ["claude-code", "--user"], s)).code, 0);
  assert.ok((await Deno.lstat(`${s.home}/.claude/settings.json`)).isSymlink);
  assert.equal(await Deno.readTextFile(real), original);
});

Deno.test("uninstall --dry-run writes nothing; install from a subdirectory targets the repository root", async () => {
  const s = await setup();
  await Deno.mkdir(`${s.project}/src/deep`, { recursive: true });
  const io = fakeIo({ cwd: `${s.project}/src/deep`, env: s.env });
  assert.equal(await installCommand.run(parseFlags(installCommand, ["cursor"]), io), 0);
  assert.ok((await Deno.stat(`${s.project}/.cursor/hooks.json`)).isFile);
  const installed = await snapshotTree(s.project);
  const dry = await run(uninstallCommand, ["cursor", "--dry-run"], s);
  assert.match(dry.out, /^\+\+\+ \/dev\/null$/m, "the diff shows the removals");
  assert.deepEqual(await snapshotTree(s.project), installed);
});

Deno.test("a config with a byte-order mark keeps it through install and uninstall", async () => {
  const s = await setup();
  const path = `${s.project}/.gemini/settings.json`;
  await Deno.mkdir(`${s.project}/.gemini`);
  const original = '\ufeff{\n  "theme": "dark"\n}\n';
  await Deno.writeTextFile(path, original);
  assert.equal((await run(installCommand, ["gemini"], s)).code, 0);
  const raw = (p: string) =>
    Deno.readFile(p).then((b) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(b));
  assert.ok((await raw(path)).startsWith('\ufeff{\n  "theme": "dark",'));
  await Deno.remove(`${path}.baton-backup`); // force the in-place removal path
  assert.equal((await run(uninstallCommand, ["gemini"], s)).code, 0);
  assert.equal(await raw(path), original);
});

Deno.test("empty containers the user had (hooks {}, an empty event list) come back from the backup", async () => {
  const s = await setup();
  const path = `${s.project}/.codex/hooks.json`;
  await Deno.mkdir(`${s.project}/.codex`);
  const original = '{\n  "hooks": {\n    "PreCompact": []\n  }\n}\n';
  await Deno.writeTextFile(path, original);
  await run(installCommand, ["codex"], s);
  assert.notEqual(await Deno.readTextFile(path), original);
  await run(uninstallCommand, ["codex"], s);
  assert.equal(await Deno.readTextFile(path), original);
  assert.equal(await Deno.stat(`${path}.baton-backup`).catch(() => null), null);
});

Deno.test("a private config stays private through install and uninstall, and so does its backup", async () => {
  const s = await setup();
  await Deno.mkdir(`${s.project}/.claude`);
  const path = `${s.project}/.claude/settings.local.json`;
  await Deno.writeTextFile(path, '{\n  "env": { "SOME_SETTING": "x" }\n}\n');
  await Deno.chmod(path, 0o600);
  assert.equal((await run(installCommand, ["claude-code"], s)).code, 0);
  assert.match(await Deno.readTextFile(path), /hook pre-compact/, "positive control: installed");
  assert.equal((await Deno.stat(path)).mode! & 0o777, 0o600);
  assert.equal((await Deno.stat(`${path}.baton-backup`)).mode! & 0o777, 0o600);
  assert.equal((await run(uninstallCommand, ["claude-code"], s)).code, 0);
  assert.equal((await Deno.stat(path)).mode! & 0o777, 0o600);
});

Deno.test("applyPlans() writes nothing when a config changed after it was planned", async () => {
  const { planInstall } = await import("../../core/hosts/install/plan.ts");
  const { applyPlans, ConfigChangedError } = await import("../../core/hosts/install/apply_plan.ts");
  const { DenoFs } = await import("../../commands/_adapters/deno_fs.ts");
  const s = await setup();
  await Deno.mkdir(`${s.project}/.claude`);
  const path = `${s.project}/.claude/settings.local.json`;
  await Deno.writeTextFile(path, '{ "theme": "light" }\n');
  const fs = new DenoFs();
  const plan = await planInstall(fs, HOSTS["claude-code"], {
    scope: "project",
    env: { projectRoot: s.project, home: s.home, env: (n: string) => s.env[n] },
    content,
  });
  const edited = '{ "theme": "dark" }\n';
  await Deno.writeTextFile(path, edited); // the host saved its settings meanwhile
  const before = await snapshotTree(s.project);
  await assert.rejects(
    () => applyPlans(fs, [plan], { keepDirs: [s.project] }),
    (e: unknown) => e instanceof ConfigChangedError && e.code === "install_config_changed",
  );
  assert.deepEqual(await snapshotTree(s.project), before, "nothing written");
  assert.equal(await Deno.readTextFile(path), edited, "the host's change survives");
});

Deno.test("a config with a repeated key is refused (hosts read the last copy, so baton's hooks would do nothing)", async () => {
  const s = await setup();
  await Deno.mkdir(`${s.project}/.claude`);
  const path = `${s.project}/.claude/settings.local.json`;
  const text = '{\n  "hooks": {},\n  "theme": "x",\n  "hooks": { "Stop": [] }\n}\n';
  await Deno.writeTextFile(path, text);
  await assert.rejects(
    () => run(installCommand, ["claude-code"], s),
    (e: Error & { code?: string }) => e.code === "config_unparseable" && /line 4/.test(e.message),
  );
  assert.equal(await Deno.readTextFile(path), text, "nothing written");
  // Nested objects count too; distinct keys are fine (positive control).
  await Deno.writeTextFile(path, '{ "a": { "b": 1, "b": 2 } }\n');
  await assert.rejects(() => run(installCommand, ["claude-code"], s));
  await Deno.writeTextFile(path, '{ "a": { "b": 1 }, "c": { "b": 2 } }\n');
  assert.equal((await run(installCommand, ["claude-code"], s)).code, 0);
});
