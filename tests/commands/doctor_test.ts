/**
 * `baton doctor` on good and bad setups, in-process against real temp
 * repositories: the verdict, the exit code and a reason per check.
 */
import assert from "node:assert/strict";
import { doctorCommand } from "../../commands/doctor.ts";
import { installCommand } from "../../commands/install.ts";
import { parseFlags } from "../../commands/_cli/command.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";
import { archiveName } from "../../core/store/layout.ts";
import type { Capsule } from "../../core/capsule/types.ts";
import { makeCapsule } from "../_helpers/capsule.ts";
import { makeRepo } from "../_helpers/git.ts";
import { fakeIo } from "../_helpers/io.ts";
import { tempDir } from "../_helpers/temp.ts";

interface Report {
  status: string;
  checks: { name: string; outcome: string; reason: string; detail?: string }[];
  hosts: { host: string; project: string; user: string | null }[];
}

async function tempHome(): Promise<string> {
  return (await tempDir("baton-home-")).path;
}

async function doctor(
  cwd: string,
  home: string,
  now?: Date,
): Promise<{ code: number; report: Report }> {
  const io = fakeIo({ cwd, env: { HOME: home }, ...(now === undefined ? {} : { now }) });
  const code = await doctorCommand.run(parseFlags(doctorCommand, ["--json"]), io);
  return { code, report: JSON.parse(io.out()) };
}

function check(report: Report, name: string) {
  const c = report.checks.find((c) => c.name === name);
  assert.ok(c, `check ${name} present`);
  return c;
}

/** Trusts the project for Codex, which runs no project hooks otherwise. */
async function trustForCodex(home: string, repo: string): Promise<void> {
  await Deno.mkdir(`${home}/.codex`, { recursive: true });
  await Deno.writeTextFile(
    `${home}/.codex/config.toml`,
    `[projects.${JSON.stringify(repo)}]\ntrust_level = "trusted"\n`,
  );
}

async function install(cwd: string, home: string, host: string): Promise<void> {
  const io = fakeIo({ cwd, env: { HOME: home } });
  assert.equal(await installCommand.run(parseFlags(installCommand, [host]), io), 0);
}

async function writeArchive(repo: string, capsules: Capsule[]): Promise<string[]> {
  await Deno.mkdir(`${repo}/.baton/capsules`, { recursive: true });
  const paths = [];
  for (const c of capsules) {
    const path = `${repo}/.baton/capsules/${archiveName(c.created_at, c.id)}`;
    await Deno.writeTextFile(path, renderCapsuleFile(c));
    paths.push(path);
  }
  const last = capsules[capsules.length - 1];
  if (last !== undefined) {
    await Deno.writeTextFile(`${repo}/.baton/latest.md`, renderCapsuleFile(last));
  }
  return paths;
}

/** A check's short reason and its long detail, as --verbose shows them. */
function full(c: { reason: string; detail?: string }): string {
  return `${c.reason}; ${c.detail ?? ""}`;
}

Deno.test("doctor says supported (exit 0) in a repository with a host installed and a valid chain, and its probe leaves nothing", async () => {
  const repo = await makeRepo();
  const home = await tempHome();
  await install(repo, home, "claude-code");
  const { code, report } = await doctor(repo, home);
  assert.equal(report.status, "supported", JSON.stringify(report.checks));
  assert.equal(code, 0);
  assert.match(full(check(report, "host:claude-code")), /hooks point at this baton/);
  assert.deepEqual(report.hosts.find((h) => h.host === "claude-code"), {
    host: "claude-code",
    project: "complete",
    user: "none",
  });
  assert.equal(await Deno.stat(`${repo}/.baton`).catch(() => null), null, "no .baton left behind");
  for (const c of report.checks) assert.ok(c.reason.length > 0);
});

Deno.test("doctor says no host installed as information (supported, exit 0), and warns outside a repository", async () => {
  const repo = await makeRepo();
  const home = await tempHome();
  const bare = await doctor(repo, home);
  assert.equal(bare.report.status, "supported");
  assert.equal(bare.code, 0);
  assert.equal(check(bare.report, "hosts").outcome, "info");
  assert.match(check(bare.report, "hosts").reason, /No host has baton installed/);
  const outside = await doctor(home, home);
  assert.equal(check(outside.report, "repository").outcome, "warn");
});

Deno.test("doctor is unsupported when .baton cannot be written", async () => {
  const repo = await makeRepo();
  const home = await tempHome();
  await install(repo, home, "codex");
  await Deno.writeTextFile(`${repo}/.baton`, "not a directory\n");
  const { code, report } = await doctor(repo, home);
  assert.equal(check(report, "store").outcome, "fail");
  assert.equal(report.status, "unsupported");
  assert.equal(code, 1);
});

Deno.test("doctor warns when a hook points at another baton or a config does not parse", async () => {
  const repo = await makeRepo();
  const home = await tempHome();
  await install(repo, home, "cursor");
  await install(repo, home, "gemini");
  const cursor = `${repo}/.cursor/hooks.json`;
  const text = await Deno.readTextFile(cursor);
  const hooks = JSON.parse(text).hooks;
  const compact = hooks.preCompact[0].command as string;
  const start = hooks.sessionStart[0].command as string;
  // Another baton that exists, and one whose program is gone.
  await Deno.mkdir(`${home}/bin`);
  await Deno.writeTextFile(`${home}/bin/baton`, "");
  await Deno.writeTextFile(
    cursor,
    text.replaceAll(`"${compact}"`, '"/elsewhere/baton hook pre-compact --host cursor"')
      .replaceAll(`"${start}"`, `"${home}/bin/baton hook session-start --host cursor"`),
  );
  await Deno.writeTextFile(`${repo}/.gemini/settings.json`, '{ "hooks": { ,, } }');
  const { report } = await doctor(repo, home);
  assert.match(
    full(check(report, "host:cursor")),
    /preCompact hook .* points at a baton program that no longer exists/,
  );
  assert.match(
    full(check(report, "host:cursor")),
    /sessionStart hook .* points at another baton invocation/,
  );
  assert.equal(check(report, "host:cursor").outcome, "warn");
  assert.match(full(check(report, "host:gemini")), /Cannot parse .*line 1, column \d+/);
  assert.equal(report.status, "degraded");
});

Deno.test("doctor fails a clock before the build year and warns about a capsule from the future", async () => {
  const repo = await makeRepo();
  const home = await tempHome();
  await install(repo, home, "codex");
  const past = await doctor(repo, home, new Date("2019-05-01T00:00:00Z"));
  assert.equal(check(past.report, "clock").outcome, "fail");
  assert.equal(past.report.status, "unsupported");
  const future = await makeCapsule((c) => void (c.created_at = "2099-01-01T00:00:00.000Z"));
  await writeArchive(repo, [future]);
  const now = await doctor(repo, home);
  assert.equal(check(now.report, "clock").outcome, "warn");
  assert.match(check(now.report, "clock").reason, /in the future/);
});

Deno.test("doctor walks the capsule chain: valid links pass, a broken capsule or a dangling previous link warns", async () => {
  const repo = await makeRepo();
  const home = await tempHome();
  await install(repo, home, "codex");
  await trustForCodex(home, repo);
  const first = await makeCapsule();
  const second = await makeCapsule((c) => {
    c.previous = first.id;
    c.created_at = "2026-11-02T00:00:00.000Z";
  });
  const [firstPath] = await writeArchive(repo, [first, second]);
  const good = await doctor(repo, home);
  assert.equal(check(good.report, "chain").outcome, "ok");
  assert.match(check(good.report, "chain").reason, /2 capsule\(s\), all valid/);
  assert.equal(good.code, 0);
  const text = await Deno.readTextFile(firstPath!);
  await Deno.writeTextFile(
    firstPath!,
    text.replaceAll('"now":null', '"now":"edited"'),
  );
  const broken = await doctor(repo, home);
  const reason = check(broken.report, "chain").reason;
  assert.equal(check(broken.report, "chain").outcome, "warn");
  assert.match(reason, /is invalid \(capsule_id_mismatch\) at position 1/);
  assert.match(reason, /CRITICAL/);
  assert.equal(broken.report.status, "degraded");
  await Deno.remove(firstPath!);
  const dangling = check((await doctor(repo, home)).report, "chain");
  assert.equal(dangling.outcome, "warn");
  assert.match(dangling.reason, /names a previous capsule not in the archive/);
});

Deno.test("doctor reports a host setting that turns hooks off (Codex features.hooks, Claude Code disableAllHooks)", async () => {
  const repo = await makeRepo();
  const home = await tempHome();
  await install(repo, home, "codex");
  await install(repo, home, "claude-code");
  await trustForCodex(home, repo);
  await Deno.writeTextFile(
    `${repo}/.codex/config.toml`,
    '# mine\nmodel = "x"\n\n[features]\nhooks = true\n',
  );
  const on = await doctor(repo, home);
  assert.equal(check(on.report, "host:codex").outcome, "ok", "positive control: hooks on");
  await Deno.writeTextFile(`${repo}/.codex/config.toml`, "[features]\nhooks = false\n");
  await Deno.writeTextFile(`${repo}/.claude/settings.json`, '{ "disableAllHooks": true }\n');
  const off = await doctor(repo, home);
  assert.match(
    full(check(off.report, "host:codex")),
    /sets features\.hooks = false: the host runs no hooks/,
  );
  assert.match(full(check(off.report, "host:claude-code")), /disableAllHooks = true/);
  await Deno.remove(`${repo}/.claude/settings.json`);
  await Deno.mkdir(`${home}/.claude`);
  await Deno.writeTextFile(`${home}/.claude/settings.json`, '{ "disableAllHooks": true }\n');
  const user = await doctor(repo, home);
  assert.match(
    full(check(user.report, "host:claude-code")),
    /\.claude\/settings\.json sets disableAllHooks = true/,
    "a user-level switch turns off project hooks too",
  );
});

Deno.test("doctor names an outdated registration: per-tool hooks an earlier install wrote, and missing permission entries", async () => {
  const repo = await makeRepo();
  const home = await tempHome();
  await install(repo, home, "claude-code");
  const settings = `${repo}/.claude/settings.local.json`;
  const current = await Deno.readTextFile(settings);
  assert.equal(check((await doctor(repo, home)).report, "host:claude-code").outcome, "ok");
  // What an install from before the opt-in gate wrote: a pre-tool and a post-tool hook on every
  // tool call, and no permission entries.
  const value = JSON.parse(current);
  const command = value.hooks.SessionStart[0].hooks[0].command as string;
  const perTool = (event: string) => [{
    hooks: [{
      type: "command",
      command: command.replace("hook session-start", `hook ${event}`),
      timeout: 5,
    }],
  }];
  value.hooks.PreToolUse = perTool("pre-tool");
  value.hooks.PostToolUse = perTool("post-tool");
  delete value.permissions;
  await Deno.writeTextFile(settings, JSON.stringify(value, null, 2) + "\n");
  const c = check((await doctor(repo, home)).report, "host:claude-code");
  assert.equal(c.outcome, "warn");
  assert.match(
    full(c),
    /registers baton's PreToolUse and PostToolUse hook, which this install no longer needs/,
  );
  assert.match(full(c), /lacks the permission entries/);
  assert.match(c.reason, /run baton install claude-code/);
  // The one command it names brings the registration back in line.
  await install(repo, home, "claude-code");
  assert.equal(await Deno.readTextFile(settings), current);
  assert.equal(check((await doctor(repo, home)).report, "host:claude-code").outcome, "ok");
});

Deno.test("doctor names Gemini CLI's PreCompress registered without its manual matcher (a start per model request), and install fixes it", async () => {
  const repo = await makeRepo();
  const home = await tempHome();
  await install(repo, home, "gemini");
  const settings = `${repo}/.gemini/settings.json`;
  const current = await Deno.readTextFile(settings);
  assert.equal(check((await doctor(repo, home)).report, "host:gemini").outcome, "ok");
  // What an install from before wrote: PreCompress for every trigger.
  const value = JSON.parse(current.replace(/^\s*\/\/.*$/gm, ""));
  assert.equal(value.hooks.PreCompress[0].matcher, "manual");
  delete value.hooks.PreCompress[0].matcher;
  await Deno.writeTextFile(settings, JSON.stringify(value, null, 2) + "\n");
  const c = check((await doctor(repo, home)).report, "host:gemini");
  assert.equal(c.outcome, "warn");
  assert.match(
    full(c),
    /the PreCompress hook in .* runs on more than this install registers it for/,
  );
  assert.match(c.reason, /run baton install gemini/);
  await install(repo, home, "gemini");
  assert.equal(
    JSON.parse(await Deno.readTextFile(settings)).hooks.PreCompress[0].matcher,
    "manual",
  );
  assert.equal(check((await doctor(repo, home)).report, "host:gemini").outcome, "ok");
});

Deno.test("doctor reads the repository with git's environment, as a capture does: another work tree is named, not checked as clean", async () => {
  const repo = await makeRepo();
  const home = await tempHome();
  try {
    const plain = await doctor(repo, home);
    assert.equal(check(plain.report, "repository").outcome, "ok");
    const io = fakeIo({
      cwd: repo,
      env: { HOME: home, GIT_WORK_TREE: `${repo}/elsewhere` },
    });
    await doctorCommand.run(parseFlags(doctorCommand, ["--json"]), io);
    const moved = check(JSON.parse(io.out()) as Report, "repository");
    assert.equal(moved.outcome, "warn");
    assert.match(moved.reason, /worktree: .*GIT_WORK_TREE/);
    assert.doesNotMatch(moved.reason, /elsewhere/);
  } finally {
    await Deno.remove(repo, { recursive: true });
    await Deno.remove(home, { recursive: true });
  }
});
