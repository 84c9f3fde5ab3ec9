/**
 * `baton doctor` through the real CLI names the launcher the installed hooks
 * use, and warns with the fix once that launcher is deleted.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

Deno.test("doctor names the hooks' launcher and warns when it no longer exists", async () => {
  const repo = await makeRepo("baton-e2e-launcher-");
  await using home = await tempDir("baton-e2e-launcher-home-");
  const launcher = `${home.path}/baton`;
  const main = new URL("../../main.ts", import.meta.url).pathname;
  await Deno.writeTextFile(
    launcher,
    `#!/bin/sh\nexec '${Deno.execPath()}' run --quiet --no-prompt -A '${main}' "$@"\n`,
    { mode: 0o755 },
  );
  const env = { HOME: home.path, BATON_LAUNCHER: launcher };
  assert.equal((await runBaton(["install", "cursor"], { cwd: repo, env })).code, 0);
  const check = async () => {
    const r = await runBaton(["doctor", "--json"], { cwd: repo, env: { HOME: home.path } });
    const report = JSON.parse(r.stdout) as {
      checks: { name: string; outcome: string; reason: string }[];
    };
    return report.checks.find((c) => c.name === "launcher")!;
  };
  const ok = await check();
  assert.equal(ok.outcome, "ok");
  assert.equal(ok.reason, `Hooks start baton as ${launcher}`);
  await Deno.remove(launcher);
  const gone = await check();
  assert.equal(gone.outcome, "warn");
  assert.match(gone.reason, /Cursor \(project\) \(the program no longer exists\)/);
  assert.match(gone.reason, /run baton install cursor$/);
});

Deno.test("BATON_LAUNCHER naming a file that does not start this baton is ignored: install names the runtime, doctor says so", async () => {
  const repo = await makeRepo("baton-e2e-launcher-");
  await using home = await tempDir("baton-e2e-launcher-home-");
  const main = new URL("../../main.ts", import.meta.url).pathname;
  const good = `${home.path}/baton`;
  await Deno.writeTextFile(
    good,
    `#!/bin/sh\nexec '${Deno.execPath()}' run --quiet --no-prompt -A '${main}' "$@"\n`,
    { mode: 0o755 },
  );
  // Existing absolute files that are not this baton: another program's script, this baton's
  // launcher without its execute bit, a copy of the runtime, and a script naming main.ts.bak.
  const other = `${home.path}/other`;
  await Deno.writeTextFile(other, `#!/bin/sh\nexec /bin/true "$@"\n`, { mode: 0o755 });
  const notExecutable = `${home.path}/baton-noexec`;
  await Deno.writeTextFile(notExecutable, await Deno.readTextFile(good), { mode: 0o644 });
  const near = `${home.path}/near`;
  await Deno.writeTextFile(near, `#!/bin/sh\nexec deno run '${main}.bak' "$@"\n`, { mode: 0o755 });
  const hookCommand = async (launcher: string) => {
    const env = { HOME: home.path, BATON_LAUNCHER: launcher };
    assert.equal((await runBaton(["install", "cursor"], { cwd: repo, env })).code, 0);
    const hooks = JSON.parse(await Deno.readTextFile(`${repo}/.cursor/hooks.json`));
    const r = await runBaton(["doctor", "--json"], { cwd: repo, env });
    const check = (JSON.parse(r.stdout) as {
      checks: { name: string; outcome: string; reason: string }[];
    }).checks.find((c) => c.name === "launcher")!;
    return { command: hooks.hooks.sessionStart[0].command as string, check };
  };
  // The positive control: this baton's launcher is used and doctor is content.
  const used = await hookCommand(good);
  assert.ok(used.command.startsWith(`${good} hook `), used.command);
  assert.equal(used.check.outcome, "ok");
  for (const bad of [other, notExecutable, near, "/bin/sh"]) {
    const r = await hookCommand(bad);
    assert.ok(!r.command.includes(bad), `${bad}: not named in the hooks`);
    assert.match(r.command, /main\.ts hook session-start/, `${bad}: the runtime's invocation`);
    assert.equal(r.check.outcome, "warn", bad);
    assert.match(r.check.reason, /^BATON_LAUNCHER names a file that does not start this baton/);
    assert.ok(!r.check.reason.includes(bad), "the ignored path is not echoed");
  }
});

Deno.test("a launcher inside the repository baton works in is ignored (a commit could have put it there), the same script outside is used", async () => {
  const repo = await makeRepo("baton-e2e-launcher-");
  await using home = await tempDir("baton-e2e-launcher-home-");
  const main = new URL("../../main.ts", import.meta.url).pathname;
  // A script that starts this baton, and could do anything else first.
  const script = `#!/bin/sh\nexec '${Deno.execPath()}' run --quiet --no-prompt -A '${main}' "$@"\n`;
  const outside = `${home.path}/baton`;
  const inside = `${repo}/tools/baton`;
  await Deno.mkdir(`${repo}/tools`);
  for (const path of [outside, inside]) await Deno.writeTextFile(path, script, { mode: 0o755 });
  const hookCommand = async (launcher: string) => {
    const env = { HOME: home.path, BATON_LAUNCHER: launcher };
    const r = await runBaton(["install", "cursor"], { cwd: repo, env });
    assert.equal(r.code, 0, r.stderr);
    const hooks = JSON.parse(await Deno.readTextFile(`${repo}/.cursor/hooks.json`));
    return hooks.hooks.sessionStart[0].command as string;
  };
  // Control: the script outside the work tree is the launcher.
  assert.ok((await hookCommand(outside)).startsWith(`${outside} hook `));
  const command = await hookCommand(inside);
  assert.ok(!command.includes(inside), command);
  assert.match(command, /main\.ts hook session-start/, "the runtime's own invocation instead");
});

Deno.test("a launcher in the repository around a nested one (a submodule's superproject) is ignored too", async () => {
  const outer = await makeRepo("baton-e2e-launcher-outer-");
  await using home = await tempDir("baton-e2e-launcher-home-");
  try {
    const main = new URL("../../main.ts", import.meta.url).pathname;
    const script =
      `#!/bin/sh\nexec '${Deno.execPath()}' run --quiet --no-prompt -A '${main}' "$@"\n`;
    const inner = `${outer}/vendor/lib`;
    await Deno.mkdir(inner, { recursive: true });
    await git(inner, ["init", "-q", "-b", "main"]);
    const outside = `${home.path}/baton`;
    const planted = `${outer}/tools/baton`;
    await Deno.mkdir(`${outer}/tools`);
    for (const path of [outside, planted]) await Deno.writeTextFile(path, script, { mode: 0o755 });
    const hookCommand = async (launcher: string, HOME = home.path) => {
      const env = { HOME, BATON_LAUNCHER: launcher };
      const r = await runBaton(["install", "cursor"], { cwd: inner, env });
      assert.equal(r.code, 0, r.stderr);
      const hooks = JSON.parse(await Deno.readTextFile(`${inner}/.cursor/hooks.json`));
      return hooks.hooks.sessionStart[0].command as string;
    };
    // Control: the script outside every work tree is the launcher.
    assert.ok((await hookCommand(outside)).startsWith(`${outside} hook `));
    const command = await hookCommand(planted);
    assert.ok(!command.includes(planted), command);
    assert.match(command, /main\.ts hook session-start/, "the runtime's own invocation instead");
    // A person's home kept in a repository (dotfiles) holds their own launcher: still used.
    assert.ok((await hookCommand(planted, outer)).startsWith(`${planted} hook `));
  } finally {
    await Deno.remove(outer, { recursive: true });
  }
});

Deno.test("from a linked worktree, a launcher in the repository's main work tree is ignored too", async () => {
  const repo = await makeRepo("baton-e2e-launcher-main-");
  await using home = await tempDir("baton-e2e-launcher-home-");
  const wt = `${home.path}/wt`;
  try {
    const main = new URL("../../main.ts", import.meta.url).pathname;
    const script =
      `#!/bin/sh\nexec '${Deno.execPath()}' run --quiet --no-prompt -A '${main}' "$@"\n`;
    await Deno.writeTextFile(`${repo}/a.txt`, "a\n");
    await git(repo, ["add", "a.txt"]);
    await git(repo, ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "a"]);
    await git(repo, ["worktree", "add", "-q", wt, "-b", "side"]);
    const outside = `${home.path}/baton`;
    const planted = `${repo}/tools/baton`;
    await Deno.mkdir(`${repo}/tools`);
    for (const path of [outside, planted]) await Deno.writeTextFile(path, script, { mode: 0o755 });
    const hookCommand = async (launcher: string) => {
      const env = { HOME: home.path, BATON_LAUNCHER: launcher };
      const r = await runBaton(["install", "cursor"], { cwd: wt, env });
      assert.equal(r.code, 0, r.stderr);
      const hooks = JSON.parse(await Deno.readTextFile(`${wt}/.cursor/hooks.json`));
      return hooks.hooks.sessionStart[0].command as string;
    };
    // Control: the script outside the repository is the launcher.
    assert.ok((await hookCommand(outside)).startsWith(`${outside} hook `));
    const command = await hookCommand(planted);
    assert.ok(!command.includes(planted), command);
  } finally {
    await Deno.remove(repo, { recursive: true });
  }
});

Deno.test("a launcher named through a symbolic link inside the repository is ignored, though the link leads outside", async () => {
  const repo = await makeRepo("baton-e2e-launcher-");
  await using home = await tempDir("baton-e2e-launcher-home-");
  const main = new URL("../../main.ts", import.meta.url).pathname;
  const outside = `${home.path}/baton`;
  await Deno.writeTextFile(
    outside,
    `#!/bin/sh\nexec '${Deno.execPath()}' run --quiet --no-prompt -A '${main}' "$@"\n`,
    { mode: 0o755 },
  );
  // A committed link to this machine's launcher: the hooks would name the path in the work tree,
  // and the next pull could make it a script of a stranger's that starts baton and more.
  await Deno.mkdir(`${repo}/tools`);
  await Deno.symlink(outside, `${repo}/tools/baton`);
  // And a folder link in the work tree leading out (a link a commit carries too).
  await Deno.symlink(home.path, `${repo}/bin`);
  const hookCommand = async (launcher: string) => {
    const env = { HOME: home.path, BATON_LAUNCHER: launcher };
    const r = await runBaton(["install", "cursor"], { cwd: repo, env });
    assert.equal(r.code, 0, r.stderr);
    const hooks = JSON.parse(await Deno.readTextFile(`${repo}/.cursor/hooks.json`));
    return hooks.hooks.sessionStart[0].command as string;
  };
  // Control: the launcher itself, outside, is used.
  assert.ok((await hookCommand(outside)).startsWith(`${outside} hook `));
  for (const link of [`${repo}/tools/baton`, `${repo}/bin/baton`]) {
    const command = await hookCommand(link);
    assert.ok(!command.includes(link), command);
    assert.match(command, /main\.ts hook session-start/, "the runtime's own invocation instead");
  }
});

Deno.test("a HOME a repository's host settings set does not make a launcher in its superproject the person's own", async () => {
  const outer = await makeRepo("baton-e2e-launcher-outer-");
  try {
    const main = new URL("../../main.ts", import.meta.url).pathname;
    const script =
      `#!/bin/sh\nexec '${Deno.execPath()}' run --quiet --no-prompt -A '${main}' "$@"\n`;
    const inner = `${outer}/vendor/lib`;
    await Deno.mkdir(inner, { recursive: true });
    await git(inner, ["init", "-q", "-b", "main"]);
    const planted = `${outer}/tools/baton`;
    await Deno.mkdir(`${outer}/tools`);
    await Deno.writeTextFile(planted, script, { mode: 0o755 });
    const env = { HOME: outer, BATON_LAUNCHER: planted };
    const install = async () => {
      const r = await runBaton(["install", "cursor"], { cwd: inner, env });
      assert.equal(r.code, 0, r.stderr);
      const hooks = JSON.parse(await Deno.readTextFile(`${inner}/.cursor/hooks.json`));
      const doctor = await runBaton(["doctor", "--json"], { cwd: inner, env });
      const check = (JSON.parse(doctor.stdout) as {
        checks: { name: string; outcome: string; reason: string }[];
      }).checks.find((c) => c.name === "launcher")!;
      return { command: hooks.hooks.sessionStart[0].command as string, check };
    };
    // Control: the person's home at the superproject (their dotfiles): their launcher is used.
    const mine = await install();
    assert.ok(mine.command.startsWith(`${planted} hook `), mine.command);
    // The same HOME set by a committed host file: the superproject is a stranger's again.
    await writeFiles(outer, { ".gemini/.env": `HOME=${outer}\n` });
    const theirs = await install();
    assert.ok(!theirs.command.includes(planted), theirs.command);
    assert.match(theirs.command, /main\.ts hook session-start/, "the runtime's own invocation");
    assert.equal(theirs.check.outcome, "warn", "doctor says the launcher was ignored");
  } finally {
    await Deno.remove(outer, { recursive: true });
  }
});

Deno.test("doctor warns on hooks that start a program from the project folder, however it is named", async () => {
  const repo = await makeRepo("baton-e2e-launcher-");
  await using out = await tempDir("baton-e2e-launcher-out-");
  const home = `${out.path}/home`;
  await Deno.mkdir(home);
  await writeFiles(repo, {
    "tools/main.ts": "x\n",
    "tools/deno.json": "{}\n",
    "tools/baton": "#!/bin/sh\n",
  });
  await Deno.chmod(`${repo}/tools/baton`, 0o755);
  await git(repo, ["add", "."]);
  await git(repo, ["commit", "-q", "-m", "tools"]);
  // Outside the project: the runtime, and a link into the project.
  await Deno.symlink(repo, `${out.path}/link`);
  const deno = Deno.execPath();
  const env = { HOME: home };
  assert.equal((await runBaton(["install", "cursor"], { cwd: repo, env })).code, 0);
  const config = `${repo}/.cursor/hooks.json`;
  const installed = await Deno.readTextFile(config);
  const first = JSON.parse(installed).hooks.sessionStart[0].command as string;
  const prefix = first.slice(0, first.indexOf(" hook "));
  const check = async (program: string) => {
    const inner = (s: string) => JSON.stringify(s).slice(1, -1);
    await Deno.writeTextFile(config, installed.replaceAll(inner(prefix), inner(program)));
    const r = await runBaton(["doctor", "--json"], { cwd: repo, env });
    return (JSON.parse(r.stdout) as {
      checks: { name: string; outcome: string; reason: string }[];
    }).checks.find((c) => c.name === "launcher")!;
  };
  // Control: the hooks as installed (a program outside the project) are ok.
  assert.equal((await check(prefix)).outcome, "ok");
  await Deno.writeTextFile(`${out.path}/main.ts`, "x\n");
  const gone = `${out.path}/gone/../../${repo.split("/").at(-1)}/tools/main.ts`;
  // Each is recognised as baton's own hook (a baton program, or deno run ... main.ts).
  for (
    const program of [
      `${deno} run -A tools/main.ts`,
      `${deno} run -A ${repo}/tools/main.ts`,
      `${deno} run -A --config tools/deno.json ${out.path}/main.ts`,
      `${deno} run -A --config=${repo}/tools/deno.json ${out.path}/main.ts`,
      `${deno} run -A file://${repo}/tools/main.ts`,
      `${deno} run -A ${out.path}/link/tools/main.ts`,
      `${deno} run -A ${gone}`,
      `${deno} task run ${out.path}/main.ts`,
      `${repo}/tools/baton`,
      `./tools/baton`,
      `${out.path}/link/tools/baton`,
    ]
  ) {
    const c = await check(program);
    assert.equal(c.outcome, "warn", `${program}: ${c.reason}`);
    assert.match(c.reason, /start a program in the project folder/, program);
  }
  // Control: a runtime and script outside the project are ok.
  assert.equal((await check(`${deno} run -A ${out.path}/main.ts`)).outcome, "ok");
});

Deno.test("a committed hook command's program word is never printed as it is: no terminal control, no line of its own in doctor's report", async () => {
  const repo = await makeRepo("baton-e2e-launcher-");
  await using home = await tempDir("baton-e2e-launcher-home-");
  const settings = (program: string) =>
    JSON.stringify({
      hooks: {
        SessionStart: [{
          hooks: [{
            type: "command",
            command: `"${program}" hook session-start --host gemini`,
          }],
        }],
      },
    });
  const doctor = async (program: string) => {
    await writeFiles(repo, { ".gemini/settings.json": settings(program) });
    const r = await runBaton(["doctor", "--verbose"], { cwd: repo, env: { HOME: home.path } });
    return r.stdout + r.stderr;
  };
  // A stranger's word: clears the screen, then forges a check line of its own.
  const text = await doctor("x\u001b[2J\u0085\n  ok   launcher: all fine\u202e/baton");
  // deno-lint-ignore no-control-regex
  assert.ok(!/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/.test(text), JSON.stringify(text));
  assert.ok(!text.split("\n").some((l) => /^\s*ok\s+launcher: all fine/.test(l)), text);
  // Control: a plain program word is still named.
  const plain = await doctor("tools/baton");
  assert.match(plain, /tools\/baton is not on PATH/);
});

Deno.test("a baton-looking hook in Claude Code's shared settings.json, which install never writes, is judged too: a program in the project folder is a warning naming that file", async () => {
  const repo = await makeRepo("baton-e2e-launcher-");
  await using home = await tempDir("baton-e2e-launcher-home-");
  const env = { HOME: home.path };
  await writeFiles(repo, { "tools/baton": "#!/bin/sh\n" });
  await Deno.chmod(`${repo}/tools/baton`, 0o755);
  await git(repo, ["add", "."]);
  await git(repo, ["commit", "-q", "-m", "tools"]);
  assert.equal((await runBaton(["install", "claude-code"], { cwd: repo, env })).code, 0);
  const launcher = () => launcherCheck(repo, env);
  const shared = (command: string) =>
    JSON.stringify({
      hooks: {
        SessionStart: [{ matcher: "startup", hooks: [{ type: "command", command }] }],
      },
    });
  // Control: the shared file with a hook of the project's own (not baton's) changes nothing.
  await writeFiles(repo, { ".claude/settings.json": shared("./tools/lint.sh") });
  assert.equal((await launcher()).outcome, "ok");
  // The hook a commit brings, starting "baton" from the project folder: Claude Code runs it
  // beside baton's own, and it can print anything as the briefing.
  await writeFiles(repo, {
    ".claude/settings.json": shared("./tools/baton hook session-start --host claude-code"),
  });
  const planted = await launcher();
  assert.equal(planted.outcome, "warn", planted.reason);
  assert.match(planted.reason, /start a program in the project folder/);
  assert.ok(
    planted.reason.includes(`remove that hook from ${repo}/.claude/settings.json`),
    planted.reason,
  );
});

Deno.test("a baton-looking hook in another of Copilot's .github/hooks/*.json files is judged too, in Copilot CLI's own format", async () => {
  const repo = await makeRepo("baton-e2e-launcher-");
  await using home = await tempDir("baton-e2e-launcher-home-");
  const env = { HOME: home.path };
  await writeFiles(repo, { "tools/baton": "#!/bin/sh\n" });
  await git(repo, ["add", "."]);
  await git(repo, ["commit", "-q", "-m", "tools"]);
  assert.equal((await runBaton(["install", "copilot"], { cwd: repo, env })).code, 0);
  const launcher = () => launcherCheck(repo, env);
  const file = (bash: string) =>
    JSON.stringify({ version: 1, hooks: { sessionStart: [{ type: "command", bash }] } });
  // Control: the repository's own hook in a file of its own changes nothing.
  await writeFiles(repo, { ".github/hooks/ci.json": file("./tools/lint.sh") });
  assert.equal((await launcher()).outcome, "ok");
  await writeFiles(repo, {
    ".github/hooks/ci.json": file("./tools/baton hook session-start --host copilot"),
  });
  const planted = await launcher();
  assert.equal(planted.outcome, "warn", planted.reason);
  assert.match(planted.reason, /start a program in the project folder/);
  assert.ok(planted.reason.includes(`${repo}/.github/hooks/ci.json`), planted.reason);
});

Deno.test("a .github/hooks folder with more files than doctor lists is never passed as judged", async () => {
  const repo = await makeRepo("baton-e2e-launcher-");
  await using home = await tempDir("baton-e2e-launcher-home-");
  const env = { HOME: home.path };
  assert.equal((await runBaton(["install", "copilot"], { cwd: repo, env })).code, 0);
  const launcher = () => launcherCheck(repo, env);
  const junk = (from: number, to: number) =>
    Object.fromEntries(
      Array.from({ length: to - from }, (_, i) => [`.github/hooks/x${from + i}.json`, "{}"]),
    );
  // Control: a few files of the repository's own are listed whole and judged.
  await writeFiles(repo, junk(0, 10));
  assert.equal((await launcher()).outcome, "ok");
  await writeFiles(repo, junk(10, 300));
  const padded = await launcher();
  assert.equal(padded.outcome, "warn", padded.reason);
  assert.match(
    padded.reason,
    /\.github\/hooks is not listed in full \(more files than doctor lists/,
  );
});

Deno.test("a shared hook file doctor cannot parse or read whole is never passed as judged: Claude Code still runs its hooks", async () => {
  const repo = await makeRepo("baton-e2e-launcher-");
  await using home = await tempDir("baton-e2e-launcher-home-");
  const env = { HOME: home.path };
  assert.equal((await runBaton(["install", "claude-code"], { cwd: repo, env })).code, 0);
  const launcher = () => launcherCheck(repo, env);
  const hooks = '"hooks":{"SessionStart":[{"hooks":[{"type":"command",' +
    '"command":"./tools/baton hook session-start --host claude-code"}]}]}';
  const path = `${repo}/.claude/settings.json`;
  // Control: a file of the project's own that parses is read and judged as before.
  await writeFiles(repo, { ".claude/settings.json": '{"model":"a"}' });
  assert.equal((await launcher()).outcome, "ok");
  // JSON.parse, which the host reads it with, takes the last of two equal keys; baton's
  // parser refuses them, and doctor used to skip the file in silence.
  await writeFiles(repo, { ".claude/settings.json": `{"model":"a","model":"b",${hooks}}` });
  const twice = await launcher();
  assert.equal(twice.outcome, "warn", twice.reason);
  assert.ok(twice.reason.includes(`${path} cannot be parsed as a hook config`), twice.reason);
  // Padded past the bound doctor reads: the host reads it whole.
  await writeFiles(repo, {
    ".claude/settings.json": `{${hooks},"x":"${" ".repeat(4 * 1024 * 1024)}"}`,
  });
  const padded = await launcher();
  assert.equal(padded.outcome, "warn", padded.reason);
  assert.ok(padded.reason.includes(`${path} is larger than`), padded.reason);
});

Deno.test("a baton-looking hook in an installed hook file that names another host is judged too: the host runs every hook in the file", async () => {
  const repo = await makeRepo("baton-e2e-launcher-");
  await using home = await tempDir("baton-e2e-launcher-home-");
  const env = { HOME: home.path };
  await writeFiles(repo, { "tools/baton": "#!/bin/sh\n" });
  await git(repo, ["add", "."]);
  await git(repo, ["commit", "-q", "-m", "tools"]);
  assert.equal((await runBaton(["install", "claude-code"], { cwd: repo, env })).code, 0);
  const launcher = () => launcherCheck(repo, env);
  const path = `${repo}/.claude/settings.local.json`;
  const installed = await Deno.readTextFile(path);
  const withHook = (command: string) => {
    const j = JSON.parse(installed);
    j.hooks.SessionStart.push({ hooks: [{ type: "command", command }] });
    return JSON.stringify(j, null, 2);
  };
  // Control: another host's hook starting this baton as installed is judged, and ok.
  const own = JSON.parse(installed).hooks.SessionStart[0].hooks[0].command as string;
  await Deno.writeTextFile(path, withHook(own.replace(/claude-code$/, "codex")));
  assert.equal((await launcher()).outcome, "ok");
  // The file a commit brings (settings.local.json tracked): Claude Code runs the hook although
  // it names Codex, and doctor read only the hooks naming Claude Code.
  await Deno.writeTextFile(path, withHook("./tools/baton hook session-start --host codex"));
  const planted = await launcher();
  assert.equal(planted.outcome, "warn", planted.reason);
  assert.match(planted.reason, /start a program in the project folder/);
  assert.ok(planted.reason.includes(`remove that hook from ${path}`), planted.reason);
  // Control: the installed hooks alone are ok.
  await Deno.writeTextFile(path, installed);
  assert.equal((await launcher()).outcome, "ok");
});

Deno.test("a host's own hook file doctor cannot parse is never passed as judged, whether or not baton is installed there", async () => {
  const repo = await makeRepo("baton-e2e-launcher-");
  await using home = await tempDir("baton-e2e-launcher-home-");
  const env = { HOME: home.path };
  assert.equal((await runBaton(["install", "cursor"], { cwd: repo, env })).code, 0);
  const launcher = () => launcherCheck(repo, env);
  const hooks = '"hooks":{"SessionStart":[{"hooks":[{"type":"command",' +
    '"command":"./tools/baton hook session-start --host claude-code"}]}]}';
  // Control: a committed settings.local.json of the project's own, parsed: ok.
  await writeFiles(repo, { ".claude/settings.local.json": '{"model":"a"}' });
  assert.equal((await launcher()).outcome, "ok");
  // Claude Code is not installed here, so its problems go unreported; Claude Code (and Cursor,
  // which runs Claude Code's hooks) still runs the hook of a file holding a key twice.
  await writeFiles(repo, { ".claude/settings.local.json": `{"model":"a","model":"b",${hooks}}` });
  const twice = await launcher();
  assert.equal(twice.outcome, "warn", twice.reason);
  assert.ok(
    twice.reason.includes(`${repo}/.claude/settings.local.json cannot be parsed as a hook config`),
    twice.reason,
  );
});

Deno.test("a baton-looking hook in the inline [hooks] tables of Codex's project config.toml is judged too", async () => {
  const repo = await makeRepo("baton-e2e-launcher-");
  await using home = await tempDir("baton-e2e-launcher-home-");
  const env = { HOME: home.path };
  await writeFiles(repo, { "tools/baton": "#!/bin/sh\n" });
  await git(repo, ["add", "."]);
  await git(repo, ["commit", "-q", "-m", "tools"]);
  assert.equal((await runBaton(["install", "codex"], { cwd: repo, env })).code, 0);
  const launcher = () => launcherCheck(repo, env);
  const config = (command: string) =>
    [
      "[features]",
      "hooks = true",
      "",
      "[[hooks.SessionStart]]",
      'matcher = "startup"',
      "",
      "[[hooks.SessionStart.hooks]]",
      'type = "command"',
      `command = ${JSON.stringify(command)}`,
      "",
    ].join("\n");
  // Control: the project's own hook there changes nothing.
  await writeFiles(repo, { ".codex/config.toml": config("./tools/lint.sh") });
  assert.equal((await launcher()).outcome, "ok");
  // Codex runs hooks from config.toml as from hooks.json; doctor read hooks.json only.
  await writeFiles(repo, {
    ".codex/config.toml": config("./tools/baton hook session-start --host codex"),
  });
  const planted = await launcher();
  assert.equal(planted.outcome, "warn", planted.reason);
  assert.match(planted.reason, /start a program in the project folder/);
  assert.ok(planted.reason.includes(`remove that hook from ${repo}/.codex/config.toml`));
  // A config.toml doctor cannot parse that may hold such a hook is named, never passed; one
  // that names no baton leaves the verdict alone (control).
  await writeFiles(repo, { ".codex/config.toml": "[hooks\n" });
  assert.equal((await launcher()).outcome, "ok");
  await writeFiles(repo, {
    ".codex/config.toml": `${config("./tools/baton hook session-start --host codex")}[hooks\n`,
  });
  const broken = await launcher();
  assert.equal(broken.outcome, "warn", broken.reason);
  assert.match(broken.reason, /config\.toml cannot be parsed as a hook config/);
});

Deno.test("a baton-looking hook in a nested folder's .codex, which Codex loads when started there, is judged from there", async () => {
  const repo = await makeRepo("baton-e2e-launcher-");
  await using home = await tempDir("baton-e2e-launcher-home-");
  const env = { HOME: home.path };
  await writeFiles(repo, { "tools/baton": "#!/bin/sh\n" });
  await git(repo, ["add", "."]);
  await git(repo, ["commit", "-q", "-m", "tools"]);
  assert.equal((await runBaton(["install", "codex"], { cwd: repo, env })).code, 0);
  const hooks = (command: string) =>
    JSON.stringify({
      hooks: { SessionStart: [{ hooks: [{ type: "command", command }] }] },
    });
  const sub = `${repo}/pkg/app`;
  // Control: the project's own hook in a nested .codex changes nothing.
  await writeFiles(repo, { "pkg/.codex/hooks.json": hooks("./tools/lint.sh"), "pkg/app/x": "" });
  assert.equal((await launcherCheck(sub, env)).outcome, "ok");
  // Codex started in pkg/app loads pkg/.codex/hooks.json too; doctor read the root's only.
  await writeFiles(repo, {
    "pkg/.codex/hooks.json": hooks("../tools/baton hook session-start --host codex"),
  });
  const planted = await launcherCheck(sub, env);
  assert.equal(planted.outcome, "warn", planted.reason);
  assert.ok(planted.reason.includes(`${repo}/pkg/.codex/hooks.json`), planted.reason);
  // Started at the root, Codex reads no nested .codex: neither does doctor run there.
  assert.equal((await launcherCheck(repo, env)).outcome, "ok");
  // A nested config.toml's inline [hooks] are read the same way.
  await Deno.remove(`${repo}/pkg/.codex/hooks.json`);
  await writeFiles(repo, {
    "pkg/app/.codex/config.toml": [
      "[[hooks.SessionStart]]",
      "[[hooks.SessionStart.hooks]]",
      'type = "command"',
      'command = "./tools/baton hook session-start --host codex"',
      "",
    ].join("\n"),
  });
  const inline = await launcherCheck(sub, env);
  assert.equal(inline.outcome, "warn", inline.reason);
  assert.ok(inline.reason.includes(`${repo}/pkg/app/.codex/config.toml`), inline.reason);
});

Deno.test("a status line in Claude Code's settings that starts a baton-looking program from the project is judged like a hook", async () => {
  const repo = await makeRepo("baton-e2e-launcher-");
  await using home = await tempDir("baton-e2e-launcher-home-");
  const env = { HOME: home.path };
  await writeFiles(repo, { "tools/baton": "#!/bin/sh\n" });
  await git(repo, ["add", "."]);
  await git(repo, ["commit", "-q", "-m", "tools"]);
  assert.equal((await runBaton(["install", "claude-code"], { cwd: repo, env })).code, 0);
  const launcher = () => launcherCheck(repo, env);
  const settings = (command: string) =>
    JSON.stringify({ statusLine: { type: "command", command } });
  // Control: the project's own status line changes nothing.
  await writeFiles(repo, { ".claude/settings.json": settings("./tools/status.sh") });
  assert.equal((await launcher()).outcome, "ok");
  // Claude Code runs it before every prompt: a program a commit brought can print
  // "baton ok 12%" while the context is full.
  await writeFiles(repo, { ".claude/settings.json": settings("./tools/baton statusline") });
  const planted = await launcher();
  assert.equal(planted.outcome, "warn", planted.reason);
  assert.match(planted.reason, /start a program in the project folder/);
  assert.ok(
    planted.reason.includes(`remove that status line from ${repo}/.claude/settings.json`),
    planted.reason,
  );
});

Deno.test("a hook naming baton by a bare name is never passed while a file in the project sets the PATH the host runs it with", async () => {
  const repo = await makeRepo("baton-e2e-launcher-");
  await using home = await tempDir("baton-e2e-launcher-home-");
  await Deno.mkdir(`${home.path}/bin`);
  await Deno.writeTextFile(`${home.path}/bin/baton`, "#!/bin/sh\n", { mode: 0o755 });
  const env = { HOME: home.path, PATH: `${home.path}/bin:${Deno.env.get("PATH") ?? ""}` };
  assert.equal((await runBaton(["install", "claude-code"], { cwd: repo, env })).code, 0);
  const launcher = () => launcherCheck(repo, env);
  const settings = (extra: Record<string, unknown>) =>
    JSON.stringify({
      ...extra,
      hooks: {
        SessionStart: [{
          hooks: [{ type: "command", command: "baton hook session-start --host claude-code" }],
        }],
      },
    });
  // Control: `baton` found on the person's PATH, which nothing in the project sets: ok.
  await writeFiles(repo, { ".claude/settings.json": settings({}) });
  const plain = await launcher();
  assert.equal(plain.outcome, "ok", plain.reason);
  // Claude Code hands its hooks the committed env block: `baton` is then ./tools/baton.
  await writeFiles(repo, {
    ".claude/settings.json": settings({ env: { PATH: `${repo}/tools:/usr/bin:/bin` } }),
  });
  const planted = await launcher();
  assert.equal(planted.outcome, "warn", planted.reason);
  assert.match(
    planted.reason,
    /looked up on a PATH that \.claude\/settings\.json in the project sets/,
  );
});

/** Doctor's launcher check through the real CLI (`doctor --json`), and its exit code. */
async function launcherCheck(
  cwd: string,
  env: Record<string, string>,
): Promise<{ outcome: string; reason: string; code: number }> {
  const r = await runBaton(["doctor", "--json"], { cwd, env });
  const check = (JSON.parse(r.stdout) as {
    checks: { name: string; outcome: string; reason: string }[];
  }).checks.find((c) => c.name === "launcher")!;
  return { ...check, code: r.code };
}

Deno.test("a committed hook or status line that names baton in a form doctor does not recognise, or a file too deep to parse, is never passed as judged", async () => {
  const repo = await makeRepo("baton-e2e-launcher-");
  await using home = await tempDir("baton-e2e-launcher-home-");
  const env = { HOME: home.path };
  await writeFiles(repo, { "tools/baton": "#!/bin/sh\n" });
  await git(repo, ["add", "."]);
  await git(repo, ["commit", "-q", "-m", "tools"]);
  assert.equal((await runBaton(["install", "claude-code"], { cwd: repo, env })).code, 0);
  const hook = (command: string) =>
    JSON.stringify({
      hooks: { SessionStart: [{ matcher: "startup", hooks: [{ type: "command", command }] }] },
    });
  const status = (command: string) => JSON.stringify({ statusLine: { type: "command", command } });
  // Control: the project's own hook and status line, in the same words around them, and
  // commands that only mention baton or a main.ts.
  for (
    const command of [
      "env ./tools/lint.sh 2>/dev/null",
      "deno fmt src/main.ts",
      "cat .github/hooks/baton.json",
      "make baton-docs",
    ]
  ) {
    await writeFiles(repo, { ".claude/settings.json": hook(command) });
    assert.equal((await launcherCheck(repo, env)).outcome, "ok", command);
  }
  await writeFiles(repo, { ".claude/settings.json": status("env ./tools/status.sh --json") });
  assert.equal((await launcherCheck(repo, env)).outcome, "ok");
  // Claude Code runs each through a shell: a wrapper word or a redirection still starts the
  // program the commit brought.
  for (
    const command of [
      "env ./tools/baton hook session-start --host claude-code",
      "./tools/baton hook session-start --host claude-code 2>/dev/null",
    ]
  ) {
    await writeFiles(repo, { ".claude/settings.json": hook(command) });
    const planted = await launcherCheck(repo, env);
    assert.equal(planted.outcome, "warn", command);
    assert.match(planted.reason, /names baton in a form doctor does not read/, command);
  }
  // A status line with a flag after `statusline` is judged like a hook.
  await writeFiles(repo, { ".claude/settings.json": status("./tools/baton statusline --json") });
  const flagged = await launcherCheck(repo, env);
  assert.equal(flagged.outcome, "warn", flagged.reason);
  assert.match(flagged.reason, /start a program in the project folder/);
  await writeFiles(repo, { ".claude/settings.json": status("env ./tools/baton statusline") });
  const wrapped = await launcherCheck(repo, env);
  assert.equal(wrapped.outcome, "warn", wrapped.reason);
  assert.match(wrapped.reason, /status line that names baton in a form doctor does not read/);
  // Nested past any bound: doctor names the file instead of ending on the parser's stack.
  await writeFiles(repo, {
    ".claude/settings.json": `{"statusLine":{"command":"./tools/baton statusline"},"x":${
      "[".repeat(200_000)
    }`,
  });
  const deep = await launcherCheck(repo, env);
  assert.equal(deep.outcome, "warn", deep.reason);
  assert.match(deep.reason, /cannot be parsed/);
});

Deno.test("Copilot's hook entries are judged by every command key the host runs, and a file nothing is installed beside is still judged", async () => {
  const repo = await makeRepo("baton-e2e-launcher-");
  await using home = await tempDir("baton-e2e-launcher-home-");
  const env = { HOME: home.path };
  await writeFiles(repo, { "tools/baton": "#!/bin/sh\n" });
  await git(repo, ["add", "."]);
  await git(repo, ["commit", "-q", "-m", "tools"]);
  // Nothing installed: a settings file Claude Code reads, with a key written twice (which the
  // host takes as JSON.parse does) and a baton-looking hook, is no "no hooks yet".
  const hooks = '"hooks":{"SessionStart":[{"hooks":[{"type":"command",' +
    '"command":"./tools/baton hook session-start --host claude-code"}]}]}';
  await writeFiles(repo, { ".claude/settings.json": '{"model":"a"}' });
  assert.equal((await launcherCheck(repo, env)).outcome, "info");
  // A project's own settings that do not parse and name no baton leave the verdict alone.
  await writeFiles(repo, { ".claude/settings.json": '{"model":"a","model":"b",}' });
  assert.equal((await launcherCheck(repo, env)).outcome, "info");
  await writeFiles(repo, { ".claude/settings.json": `{"model":"a","model":"b",${hooks}}` });
  const none = await launcherCheck(repo, env);
  assert.equal(none.outcome, "warn", none.reason);
  assert.match(none.reason, /cannot be parsed as a hook config/);
  await Deno.remove(`${repo}/.claude/settings.json`);
  assert.equal((await runBaton(["install", "copilot"], { cwd: repo, env })).code, 0);
  const entry = (keys: Record<string, string>) =>
    JSON.stringify({ version: 1, hooks: { sessionStart: [{ type: "command", ...keys }] } });
  // Control: two keys, both the project's own.
  await writeFiles(repo, {
    ".github/hooks/ci.json": entry({ bash: "true", command: "./tools/lint.sh" }),
  });
  assert.equal((await launcherCheck(repo, env)).outcome, "ok");
  for (const key of ["command", "powershell"]) {
    await writeFiles(repo, {
      ".github/hooks/ci.json": entry({
        bash: "true",
        [key]: "./tools/baton hook session-start --host copilot",
      }),
    });
    const planted = await launcherCheck(repo, env);
    assert.equal(planted.outcome, "warn", key);
    assert.match(planted.reason, /start a program in the project folder/, key);
  }
  // The same in a form doctor does not read, behind a first key of the project's own.
  await writeFiles(repo, {
    ".github/hooks/ci.json": entry({
      bash: "true",
      command: "env ./tools/baton hook session-start --host copilot",
    }),
  });
  const unread = await launcherCheck(repo, env);
  assert.equal(unread.outcome, "warn", unread.reason);
  assert.match(unread.reason, /names baton in a form doctor does not read/);
});
