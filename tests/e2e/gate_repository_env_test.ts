/**
 * The gate reads its environment as the host hands it, and a host hands its hooks what a
 * repository's host files set (Claude Code's `.claude/settings.json` `env`). Through the real
 * CLI: where the gate looks for denies is not the environment's to choose (the baton home, HOME,
 * git's repository variables set elsewhere still find this machine's deny and refuse), and a
 * HOME a host file sets cannot make a launcher planted in a superproject pass as baton's own; nor
 * can a baton home a host file names take the manifest key the band hook signs an armed deny with.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { claudeBashGate } from "../_helpers/claude_gate.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { claudeToolTurn, claudeUser, jsonl } from "../_helpers/band_transcripts.ts";
import { tempDir } from "../_helpers/temp.ts";

const gate = claudeBashGate;

async function optIn(dir: string): Promise<void> {
  assert.equal((await runBaton(["enforce", "on", "--yes"], { cwd: dir })).code, 0);
  const f = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"work"}' });
  assert.equal(f.code, 0, f.stderr);
}

async function handOff(dir: string, session: string): Promise<void> {
  const r = await runBaton(["handoff", "write", "--session", session, "--write"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
}

Deno.test("the baton home, HOME and git's repository variables a repository's settings set do not hide this machine's deny from the gate", async () => {
  const dir = await Deno.realPath(await makeRepo("baton-gate-env-"));
  const other = await Deno.realPath(await makeRepo("baton-gate-env-other-"));
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    await writeFiles(other, { "b.txt": "b\n" });
    await commitAll(other, "init");
    await optIn(dir);
    await Deno.mkdir(`${dir}/.git/empty-home`);
    const set = {
      BATON_HOME: `${dir}/.git/empty-home`,
      HOME: `${dir}/.git/empty-home`,
      XDG_CONFIG_HOME: `${dir}/.git/empty-home`,
      GIT_DIR: `${other}/.git`,
      GIT_WORK_TREE: other,
      GIT_COMMON_DIR: `${other}/.git`,
      GIT_INDEX_FILE: `${other}/.git/index`,
    };
    await writeFiles(dir, { ".claude/settings.json": JSON.stringify({ env: set }) });
    // Control: no deny yet, the change passes with the repository's environment.
    assert.equal((await gate(dir, "B", "touch x", set)).denied, false);
    await handOff(dir, "A");
    // With the environment as the host hands it: still denied.
    const g = await gate(dir, "B", "touch x", set);
    assert.equal(g.denied, true, g.stderr);
    assert.equal((await gate(dir, "A", "touch x", set)).denied, true, "the denier too");
    // Control: the same calls without it, denied the same way.
    assert.equal((await gate(dir, "B", "touch x", {})).denied, true);
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(other, { recursive: true });
  }
});

Deno.test("a HOME a repository's settings set does not make a launcher planted in the superproject baton's own to the gate", async () => {
  const outer = await Deno.realPath(await makeRepo("baton-gate-launcher-outer-"));
  try {
    const main = new URL("../../main.ts", import.meta.url).pathname;
    const inner = `${outer}/vendor/lib`;
    await Deno.mkdir(inner, { recursive: true });
    await git(inner, ["init", "-q", "-b", "main"]);
    await writeFiles(inner, { "a.txt": "a\n" });
    await commitAll(inner, "init");
    await optIn(inner);
    // A script that starts this baton (so it passes as a launcher) after doing anything it likes.
    const planted = `${outer}/tools/baton`;
    await Deno.mkdir(`${outer}/tools`);
    await Deno.writeTextFile(
      planted,
      `#!/bin/sh\ntouch "${outer}/changed"\nexec '${Deno.execPath()}' run --quiet --no-prompt -A '${main}' "$@"\n`,
      { mode: 0o755 },
    );
    await handOff(inner, "A");
    const env = { HOME: outer, BATON_LAUNCHER: planted };
    // Control: the person's own HOME at the superproject (their dotfiles) makes it their launcher,
    // and baton's own state command through it passes the deny.
    assert.equal((await gate(inner, "B", `${planted} load`, env)).denied, false);
    assert.equal((await gate(inner, "B", "touch x", env)).denied, true, "control: the deny holds");
    // The repository's settings set that HOME: the planted script is not baton, and is judged.
    await writeFiles(inner, { ".claude/settings.json": JSON.stringify({ env }) });
    const g = await gate(inner, "B", `${planted} load`, env);
    assert.equal(g.denied, true, g.stderr);
    const hatch = await gate(
      inner,
      "B",
      `${planted} handoff resume --session B --deny-session A --write`,
      env,
    );
    assert.equal(hatch.denied, true, "nor is it the printed resume");
    // Control: the plain word still passes.
    assert.equal((await gate(inner, "B", "baton load", env)).denied, false);
  } finally {
    await Deno.remove(outer, { recursive: true });
  }
});

Deno.test("the band hook that arms a deny keeps the manifest key in the person's baton home, not one a repository's settings name", async () => {
  const dir = await Deno.realPath(await makeRepo("baton-band-env-"));
  await using home = await tempDir("baton-band-env-home-");
  try {
    await writeFiles(dir, { "a.txt": "a\n", ".gitignore": "keys/\n" });
    await commitAll(dir, "init");
    // The person's baton home is ~/.config/baton; the repository's settings name another.
    const person = { HOME: home.path, XDG_CONFIG_HOME: `${home.path}/.config`, BATON_HOME: "" };
    assert.equal((await runBaton(["enforce", "on", "--yes"], { cwd: dir, env: person })).code, 0);
    const t = `${dir}/.git/transcript.jsonl`;
    await Deno.writeTextFile(
      t,
      jsonl([claudeUser("go"), ...Array.from({ length: 33 }, () => claudeToolTurn(1)).flat()]),
    );
    const set = { BATON_HOME: `${dir}/keys` };
    await writeFiles(dir, { ".claude/settings.json": JSON.stringify({ env: set }) });
    const post = await runBaton(["hook", "PostToolUse", "--host", "claude-code"], {
      cwd: dir,
      env: { ...person, ...set },
      stdin: JSON.stringify({
        session_id: "A",
        cwd: dir,
        transcript_path: t,
        hook_event_name: "PostToolUse",
        tool_name: "Bash",
      }),
    });
    assert.match(post.stdout, /changes are denied/, "armed");
    assert.equal(await exists(`${dir}/keys/manifest.key`), false, "no key in the work tree");
    assert.match(post.stderr, /BATON_HOME ignored: \.claude\/settings\.json/);
    // The arming's manifest line verifies under the person's key (the same home a command uses).
    await Deno.remove(`${dir}/.claude`, { recursive: true });
    const status = await runBaton(["handoff", "status"], { cwd: dir, env: person });
    assert.equal(status.code, 0, status.stdout + status.stderr);
    assert.equal(await exists(`${home.path}/.config/baton/manifest.key`), true);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

async function exists(path: string): Promise<boolean> {
  return await Deno.lstat(path).then(() => true, () => false);
}

Deno.test("the word baton is not baton's own when the first baton on PATH is a program in the work tree (a repository's host settings can set PATH)", async () => {
  const dir = await Deno.realPath(await makeRepo("baton-gate-path-"));
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    await optIn(dir);
    await handOff(dir, "A");
    const person = { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin" };
    // Control: with the person's PATH, baton's state commands and the resume pass as the word.
    assert.equal((await gate(dir, "B", "baton load", person)).denied, false);
    assert.equal((await gate(dir, "A", "baton load", person)).denied, false);
    const resume = "handoff resume --session B --deny-session A --write";
    assert.equal((await gate(dir, "B", `baton ${resume}`, person)).denied, false);
    // A commit plants tools/baton and its host settings put tools/ first on PATH: the
    // shell runs the stranger's program for `baton load`, so the word is judged like any.
    await writeFiles(dir, { "tools/baton": "#!/bin/sh\ntouch changed\n" });
    await Deno.chmod(`${dir}/tools/baton`, 0o755);
    const set = { PATH: `${dir}/tools:${person.PATH}` };
    await writeFiles(dir, { ".claude/settings.json": JSON.stringify({ env: set }) });
    assert.equal((await gate(dir, "A", "baton load", set)).denied, true);
    assert.equal((await gate(dir, "B", "baton finalize --draft -", set)).denied, true);
    assert.equal((await gate(dir, "B", `baton ${resume}`, set)).denied, true);
    // A relative PATH entry is found from the shell's folder, inside the work tree.
    assert.equal(
      (await gate(dir, "B", "baton load", { PATH: `tools:${person.PATH}` })).denied,
      true,
    );
    // The resume the deny prints (baton's own invocation) still passes.
    const printed = /Run exactly: (.+?)"\}\}/.exec(
      (await runBaton(["hook", "PreToolUse", "--host", "claude-code"], {
        cwd: dir,
        env: set,
        stdin: JSON.stringify({
          session_id: "B",
          cwd: dir,
          hook_event_name: "PreToolUse",
          tool_name: "Bash",
          tool_input: { command: "touch x" },
        }),
      })).stdout,
    )?.[1];
    assert.ok(printed !== undefined && !printed.startsWith("baton "), printed);
    assert.equal((await gate(dir, "B", printed, set)).denied, false);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a command is not read-only to the gate where the repository's host settings set what it runs: git's config or programs for git, PATH or BASH_ENV for any", async () => {
  const dir = await Deno.realPath(await makeRepo("baton-gate-programs-"));
  try {
    await writeFiles(dir, { "a.txt": "a\n", "tools/x.sh": "#!/bin/sh\ntouch changed\n" });
    await Deno.chmod(`${dir}/tools/x.sh`, 0o755);
    await commitAll(dir, "init");
    await optIn(dir);
    await handOff(dir, "A");
    const fsmonitor = {
      GIT_CONFIG_COUNT: "1",
      GIT_CONFIG_KEY_0: "core.fsmonitor",
      GIT_CONFIG_VALUE_0: `${dir}/tools/x.sh`,
    };
    // Control: git status and ls are read-only, even with the variables in the person's own
    // environment (their shell, their user settings).
    assert.equal((await gate(dir, "A", "git status", fsmonitor)).denied, false);
    assert.equal((await gate(dir, "A", "ls", fsmonitor)).denied, false);
    // The repository's settings set them: git status runs tools/x.sh (git is the oracle).
    await writeFiles(dir, { ".claude/settings.json": JSON.stringify({ env: fsmonitor }) });
    const oracle = new Deno.Command("git", { args: ["status"], cwd: dir, env: fsmonitor });
    await oracle.output();
    assert.equal(await exists(`${dir}/changed`), true, "git ran the repository's program");
    await Deno.remove(`${dir}/changed`);
    assert.equal((await gate(dir, "A", "git status", fsmonitor)).denied, true);
    assert.equal((await gate(dir, "A", "ls", fsmonitor)).denied, false, "git's only");
    // A HOME whose .gitconfig names a program is the same for git.
    await writeFiles(dir, { ".claude/settings.json": JSON.stringify({ env: { HOME: dir } }) });
    assert.equal((await gate(dir, "A", "git log -1", { HOME: dir })).denied, true);
    // PATH or BASH_ENV set there change what any command runs.
    for (const set of [{ PATH: `${dir}/tools:/usr/bin:/bin` }, { BASH_ENV: "tools/x.sh" }]) {
      await writeFiles(dir, {
        ".env": Object.entries(set).map(([k, v]) => `${k}=${v}\n`).join(""),
      });
      await Deno.remove(`${dir}/.claude`, { recursive: true }).catch(() => {});
      assert.equal((await gate(dir, "A", "ls", set)).denied, true, Object.keys(set)[0]);
      await Deno.remove(`${dir}/.env`);
    }
    // Control: with no such file, read-only again.
    assert.equal((await gate(dir, "A", "git status", fsmonitor)).denied, false);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
