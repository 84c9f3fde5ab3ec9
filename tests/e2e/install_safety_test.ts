/**
 * install never writes through a symbolic link that leads out of its scope
 * (the repository for --project, the home directory for --user), and the
 * files it installs into a repository are listed in `.git/info/exclude`:
 * git does not see them, a capsule's facts never mention them, and
 * uninstall gives the exclude file back byte for byte. Real subprocesses,
 * real repositories, git as the oracle.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir as removedTempDir } from "../_helpers/temp.ts";

const DENO_DIR = Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`;

async function tempDir(prefix: string): Promise<string> {
  return (await removedTempDir(prefix)).path;
}

function tree(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, rel: string): void => {
    for (const e of Deno.readDirSync(d)) {
      out.push(rel + e.name);
      if (e.isDirectory) walk(`${d}/${e.name}`, `${rel}${e.name}/`);
    }
  };
  walk(dir, "");
  return out.sort();
}

async function setup(): Promise<
  { repo: string; home: string; outside: string; env: Record<string, string> }
> {
  const repo = await makeRepo("baton-install-safety-");
  await writeFiles(repo, { "a.txt": "a\n" });
  await commitAll(repo);
  const home = await tempDir("baton-install-home-");
  const outside = await tempDir("baton-install-outside-");
  return { repo, home, outside, env: { HOME: home, DENO_DIR } };
}

async function cleanup(...dirs: string[]): Promise<void> {
  for (const d of dirs) await Deno.remove(d, { recursive: true });
}

Deno.test("project scope: a host folder or config that links outside the repository is refused, nothing written; a link inside works (control)", async () => {
  const s = await setup();
  try {
    // A directory link leading out.
    await Deno.symlink(s.outside, `${s.repo}/.claude`);
    const r = await runBaton(["install", "claude-code", "--json"], { cwd: s.repo, env: s.env });
    assert.equal(r.code, 5, r.stderr);
    assert.equal(JSON.parse(r.stdout).error.code, "install_symlink_escape");
    assert.deepEqual(tree(s.outside), []);
    await Deno.remove(`${s.repo}/.claude`);
    // A config file link leading out (a dotfiles link is fine for --user, not into a repository).
    await Deno.mkdir(`${s.repo}/.claude`);
    const victim = `${s.outside}/settings.local.json`;
    await Deno.writeTextFile(victim, "{}\n");
    await Deno.symlink(victim, `${s.repo}/.claude/settings.local.json`);
    const r2 = await runBaton(["install", "claude-code"], { cwd: s.repo, env: s.env });
    assert.equal(r2.code, 5, r2.stderr);
    assert.equal(await Deno.readTextFile(victim), "{}\n");
    assert.deepEqual(tree(`${s.repo}/.claude`), ["settings.local.json"], "nothing else written");
    // Control: the same link shape, leading inside the repository.
    await Deno.remove(`${s.repo}/.claude`, { recursive: true });
    await Deno.mkdir(`${s.repo}/config/claude`, { recursive: true });
    await Deno.symlink(`${s.repo}/config/claude`, `${s.repo}/.claude`);
    const ok = await runBaton(["install", "claude-code"], { cwd: s.repo, env: s.env });
    assert.equal(ok.code, 0, ok.stderr);
    assert.ok(tree(`${s.repo}/config/claude`).includes("settings.local.json"));
  } finally {
    await cleanup(s.repo, s.home, s.outside);
  }
});

Deno.test("project scope: a committed host config or folder linking into the git directory is refused, nothing written; a link to a file of the work tree works (control)", async () => {
  const s = await setup();
  try {
    // JSON a host config link could lead to: baton's own per-clone state in the git dir.
    await Deno.mkdir(`${s.repo}/.git/baton/sub`, { recursive: true });
    const state = `${s.repo}/.git/baton/config-cache.json`;
    const text = '{"dir":"1:2","secret-marker":1}\n';
    await Deno.writeTextFile(state, text);
    await Deno.mkdir(`${s.repo}/.gemini`);
    await Deno.symlink("../.git/baton/config-cache.json", `${s.repo}/.gemini/settings.json`);
    await commitAll(s.repo);
    const committed = await runBaton(["install", "gemini", "--json"], { cwd: s.repo, env: s.env });
    assert.equal(committed.code, 5, committed.stderr);
    assert.equal(JSON.parse(committed.stdout).error.code, "install_committed_link");
    // The same link made here, not committed: the git-directory check refuses it too.
    await git(s.repo, ["rm", "-q", "--cached", ".gemini/settings.json"]);
    const r = await runBaton(["install", "gemini", "--json"], { cwd: s.repo, env: s.env });
    assert.equal(r.code, 5, r.stderr);
    assert.equal(JSON.parse(r.stdout).error.code, "install_into_git_dir");
    for (const out of [committed, r]) {
      assert.ok(!(out.stdout + out.stderr).includes("secret-marker"), "no file content echoed");
    }
    assert.equal(await Deno.readTextFile(state), text);
    assert.deepEqual(tree(`${s.repo}/.gemini`), ["settings.json"], "nothing else written");
    // A whole host folder linked into the git dir.
    await Deno.remove(`${s.repo}/.gemini`, { recursive: true });
    await Deno.symlink(".git/baton/sub", `${s.repo}/.gemini`);
    const r2 = await runBaton(["install", "gemini"], { cwd: s.repo, env: s.env });
    assert.equal(r2.code, 5, r2.stderr);
    assert.deepEqual(tree(`${s.repo}/.git/baton/sub`), []);
    // Control: the same link shape, to a file of the work tree.
    await Deno.remove(`${s.repo}/.gemini`);
    await Deno.mkdir(`${s.repo}/.gemini`);
    await Deno.mkdir(`${s.repo}/config`);
    await Deno.writeTextFile(`${s.repo}/config/gemini.json`, '{"x":1}\n');
    await Deno.symlink("../config/gemini.json", `${s.repo}/.gemini/settings.json`);
    const ok = await runBaton(["install", "gemini"], { cwd: s.repo, env: s.env });
    assert.equal(ok.code, 0, ok.stderr);
    assert.ok((await Deno.readTextFile(`${s.repo}/config/gemini.json`)).includes('"hooks"'));
    assert.equal(await Deno.readTextFile(state), text);
  } finally {
    await cleanup(s.repo, s.home, s.outside);
  }
});

Deno.test("project scope: a committed link on the way of a host file (a config to package.json, the skill folder to docs/) is refused, dry run too, nothing written; the same links made by the user work (control)", async () => {
  const s = await setup();
  try {
    const pkg = `${s.repo}/package.json`;
    const text = '{"name":"x","version":"1.0.0"}\n';
    await Deno.writeTextFile(pkg, text);
    await Deno.mkdir(`${s.repo}/.cursor`);
    await Deno.symlink("../package.json", `${s.repo}/.cursor/hooks.json`);
    await commitAll(s.repo);
    for (const extra of [["--dry-run"], []]) {
      const r = await runBaton(["install", "cursor", "--json", ...extra], {
        cwd: s.repo,
        env: s.env,
      });
      assert.equal(r.code, 5, r.stderr);
      assert.equal(JSON.parse(r.stdout).error.code, "install_committed_link");
    }
    assert.equal(await Deno.readTextFile(pkg), text);
    assert.deepEqual(tree(`${s.repo}/.cursor`), ["hooks.json"], "nothing else written");
    assert.equal((await git(s.repo, ["status", "--porcelain"])).stdout, "", "git sees no change");
    // Control: the user's own link (not committed) is followed, as for a dotfiles-managed config.
    await git(s.repo, ["rm", "-q", "--cached", ".cursor/hooks.json"]);
    const ok = await runBaton(["install", "cursor"], { cwd: s.repo, env: s.env });
    assert.equal(ok.code, 0, ok.stderr);
    assert.ok((await Deno.readTextFile(pkg)).includes('"hooks"'));
    // A committed folder link on the way: the skill would land in docs/, where git sees it.
    await Deno.mkdir(`${s.repo}/docs`);
    await Deno.writeTextFile(`${s.repo}/docs/readme.md`, "docs\n");
    await Deno.mkdir(`${s.repo}/.claude/skills`, { recursive: true });
    await Deno.symlink("../../docs", `${s.repo}/.claude/skills/baton`);
    await commitAll(s.repo);
    const dir = await runBaton(["install", "claude-code", "--json"], { cwd: s.repo, env: s.env });
    assert.equal(dir.code, 5, dir.stderr);
    assert.equal(JSON.parse(dir.stdout).error.code, "install_committed_link");
    assert.deepEqual(tree(`${s.repo}/docs`), ["readme.md"], "nothing written through it");
    // Control: the same folder link, not committed, is followed.
    await git(s.repo, ["rm", "-q", "--cached", ".claude/skills/baton"]);
    const dirOk = await runBaton(["install", "claude-code"], { cwd: s.repo, env: s.env });
    assert.equal(dirOk.code, 0, dirOk.stderr);
    assert.ok(tree(`${s.repo}/docs`).includes("SKILL.md"));
  } finally {
    await cleanup(s.repo, s.home, s.outside);
  }
});

Deno.test("project scope: a committed link git tracks under another case of the host path (what a case-insensitive file system such as macOS's or Windows' resolves baton's path to) is refused, nothing written; the user's own link is followed (control)", async () => {
  const s = await setup();
  try {
    const pkg = `${s.repo}/package.json`;
    const text = '{"name":"x","version":"1.0.0"}\n';
    await Deno.writeTextFile(pkg, text);
    await Deno.mkdir(`${s.repo}/.Cursor`);
    await Deno.symlink("../package.json", `${s.repo}/.Cursor/hooks.json`);
    await commitAll(s.repo);
    // This file system tells case apart: the folder is renamed to the case baton asks for, as
    // a case-insensitive one would resolve `.cursor/hooks.json` to the committed `.Cursor/` link.
    await Deno.rename(`${s.repo}/.Cursor`, `${s.repo}/.cursor`);
    for (const extra of [["--dry-run"], []]) {
      const r = await runBaton(["install", "cursor", "--json", ...extra], {
        cwd: s.repo,
        env: s.env,
      });
      assert.equal(r.code, 5, r.stderr);
      assert.equal(JSON.parse(r.stdout).error.code, "install_committed_link");
    }
    assert.equal(await Deno.readTextFile(pkg), text);
    assert.deepEqual(tree(`${s.repo}/.cursor`), ["hooks.json"], "nothing else written");
    // Control: the index no longer holds the link in any case; the user's link is followed.
    await git(s.repo, ["rm", "-q", "--cached", ".Cursor/hooks.json"]);
    const ok = await runBaton(["install", "cursor"], { cwd: s.repo, env: s.env });
    assert.equal(ok.code, 0, ok.stderr);
    assert.ok((await Deno.readTextFile(pkg)).includes('"hooks"'));
  } finally {
    await cleanup(s.repo, s.home, s.outside);
  }
});

Deno.test("install --dry-run shows a committed config's direction overrides, C1 controls and stray line breaks as visible marks; plain text as it is (control)", async () => {
  const s = await setup();
  try {
    // Strict JSON allows these raw in a string: a bidi override, a line separator, NEL, C1 CSI.
    const hostile = "x\u202e\u2028+ fake\u0085\u009b2J";
    await writeFiles(s.repo, {
      ".gemini/settings.json": JSON.stringify({ note: hostile, plain: "plain words" }) + "\n",
    });
    await commitAll(s.repo);
    const r = await runBaton(["install", "gemini", "--dry-run"], { cwd: s.repo, env: s.env });
    assert.equal(r.code, 0, r.stderr);
    assert.ok(!/[\u0080-\u009f\u2028\u2029\u202e]/.test(r.stdout), JSON.stringify(r.stdout));
    assert.ok(r.stdout.includes("x‹U+202E›‹U+2028›+ fake‹U+0085›‹U+009B›2J"), r.stdout);
    assert.ok(r.stdout.includes('"plain":"plain words"'), "plain text shown as it is");
  } finally {
    await cleanup(s.repo, s.home, s.outside);
  }
});

Deno.test("an exclude file that is a FIFO or a folder (an unpacked archive's .git) stops install before any write, never read; a regular one is updated (control)", async () => {
  const s = await setup();
  try {
    const exclude = `${s.repo}/.git/info/exclude`;
    const before = tree(s.repo).filter((p) => !p.startsWith(".git"));
    // A FIFO: install never opens it. Had it, each open for writing below pairs with one of its
    // reads and ends first (however often it reads); once install ends, a read of our own
    // releases the open still waiting.
    // The FIFO is reached through a second name outside the repository, which a rename over
    // the exclude file (the old install's write) leaves in place.
    const fifoName = `${s.outside}/fifo`;
    await new Deno.Command("mkfifo", { args: [fifoName] }).output();
    await Deno.remove(exclude);
    await Deno.link(fifoName, exclude);
    const run = runBaton(["install", "cursor", "--json"], { cwd: s.repo, env: s.env });
    let installOpened = false;
    for (;;) {
      let paired = false;
      const open = Deno.open(fifoName, { write: true }).then((f) => {
        f.close();
        paired = true;
        return true;
      });
      if (await Promise.race([run.then(() => false), open])) {
        installOpened = true;
        continue;
      }
      // Paired already: install's read, in the same turn as its end.
      if (paired) installOpened = true;
      else (await Deno.open(fifoName, { read: true })).close();
      await open;
      break;
    }
    const fifo = await run;
    assert.equal(installOpened, false, "install read the FIFO");
    assert.equal(JSON.parse(fifo.stdout).error.code, "install_state_file");
    assert.deepEqual(tree(s.repo).filter((p) => !p.startsWith(".git")), before);
    // A folder: refused with a clear error, nothing of the host's written.
    await Deno.remove(exclude);
    await Deno.mkdir(exclude);
    const dir = await runBaton(["install", "cursor", "--json"], { cwd: s.repo, env: s.env });
    assert.equal(dir.code, 2, dir.stderr);
    assert.equal(JSON.parse(dir.stdout).error.code, "install_state_file");
    assert.deepEqual(tree(s.repo).filter((p) => !p.startsWith(".git")), before);
    // Control: a regular exclude file is read and gets baton's lines.
    await Deno.remove(exclude);
    await Deno.writeTextFile(exclude, "# mine\n");
    const ok = await runBaton(["install", "cursor"], { cwd: s.repo, env: s.env });
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(await Deno.readTextFile(exclude), /^# mine\n[\s\S]*\/\.cursor\//);
  } finally {
    await cleanup(s.repo, s.home, s.outside);
  }
});

Deno.test("user scope: a host folder linking outside the home directory is refused; a dotfiles link inside home works (control)", async () => {
  const s = await setup();
  try {
    await Deno.symlink(s.outside, `${s.home}/.claude`);
    const r = await runBaton(["install", "claude-code", "--user"], { cwd: s.repo, env: s.env });
    assert.equal(r.code, 5, r.stderr);
    assert.deepEqual(tree(s.outside), []);
    await Deno.remove(`${s.home}/.claude`);
    await Deno.mkdir(`${s.home}/dotfiles/claude`, { recursive: true });
    await Deno.symlink(`${s.home}/dotfiles/claude`, `${s.home}/.claude`);
    const ok = await runBaton(["install", "claude-code", "--user"], { cwd: s.repo, env: s.env });
    assert.equal(ok.code, 0, ok.stderr);
    assert.ok(tree(`${s.home}/dotfiles/claude`).includes("settings.json"));
  } finally {
    await cleanup(s.repo, s.home, s.outside);
  }
});

for (
  const [label, initial] of [
    ["git's own exclude file", null],
    ["an exclude file without a final newline", "# mine\n/build"],
    ["no exclude file at all", "absent"],
  ] as const
) {
  Deno.test(`installed files go into .git/info/exclude (${label}): invisible to git and to capsule facts; uninstall restores the file byte for byte`, async () => {
    const s = await setup();
    try {
      const exclude = `${s.repo}/.git/info/exclude`;
      if (initial === "absent") await Deno.remove(exclude).catch(() => {});
      else if (initial !== null) await Deno.writeTextFile(exclude, initial);
      const before = await Deno.readFile(exclude).catch(() => null);
      const r = await runBaton(["install", "claude-code", "codex"], { cwd: s.repo, env: s.env });
      assert.equal(r.code, 0, r.stderr);
      assert.ok(tree(s.repo).some((p) => p.startsWith(".claude/")), "files were installed");
      const status = await git(s.repo, ["status", "--porcelain", "--untracked-files=all"]);
      assert.equal(status.stdout, "", "git sees none of baton's files");
      const fin = await runBaton(["finalize", "--draft", "-", "--json"], {
        cwd: s.repo,
        stdin: "{}",
      });
      assert.equal(fin.code, 0, fin.stderr);
      const shown = await runBaton(["show", "latest", "--json"], { cwd: s.repo });
      const facts = JSON.stringify(JSON.parse(shown.stdout).capsule.facts);
      assert.doesNotMatch(facts, /\.claude|\.codex/, "the capsule's facts never mention them");
      // Installing again changes nothing in the exclude file.
      const once = await Deno.readFile(exclude);
      assert.equal(
        (await runBaton(["install", "claude-code", "codex"], { cwd: s.repo, env: s.env })).code,
        0,
      );
      assert.deepEqual(await Deno.readFile(exclude), once);
      // Uninstalling one host keeps the other's entries; uninstalling both restores the file.
      assert.equal((await runBaton(["uninstall", "codex"], { cwd: s.repo, env: s.env })).code, 0);
      const mid = await Deno.readTextFile(exclude);
      assert.match(mid, /\.claude\//);
      assert.doesNotMatch(mid, /\.codex\//);
      assert.equal(
        (await runBaton(["uninstall", "claude-code"], { cwd: s.repo, env: s.env })).code,
        0,
      );
      assert.deepEqual(await Deno.readFile(exclude).catch(() => null), before);
    } finally {
      await cleanup(s.repo, s.home, s.outside);
    }
  });
}

Deno.test("the backup install takes of a personal config (git ignores it by its exact name, it may hold keys) is excluded too: git status and capsule facts never show it; uninstall restores config and exclude file byte for byte", async () => {
  const s = await setup();
  try {
    const config = `${s.repo}/.claude/settings.local.json`;
    const personal = '{"env":{"EXAMPLE_SETTING":"personal-value"}}\n';
    await writeFiles(s.repo, { ".gitignore": ".claude/settings.local.json\n" });
    await commitAll(s.repo);
    await Deno.mkdir(`${s.repo}/.claude`);
    await Deno.writeTextFile(config, personal);
    const exclude = `${s.repo}/.git/info/exclude`;
    const before = await Deno.readFile(exclude).catch(() => null);
    const r = await runBaton(["install", "claude-code"], { cwd: s.repo, env: s.env });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      await Deno.readTextFile(`${config}.baton-backup`),
      personal,
      "positive control: the backup was written",
    );
    const status = await git(s.repo, ["status", "--porcelain", "--untracked-files=all"]);
    assert.equal(status.stdout, "", "git sees no backup");
    const fin = await runBaton(["finalize", "--draft", "-", "--json"], {
      cwd: s.repo,
      stdin: "{}",
    });
    assert.equal(fin.code, 0, fin.stderr);
    const shown = await runBaton(["show", "latest", "--json"], { cwd: s.repo });
    assert.doesNotMatch(JSON.stringify(JSON.parse(shown.stdout).capsule.facts), /baton-backup/);
    const un = await runBaton(["uninstall", "claude-code"], { cwd: s.repo, env: s.env });
    assert.equal(un.code, 0, un.stderr);
    assert.equal(await Deno.readTextFile(config), personal);
    assert.deepEqual(await Deno.readFile(exclude).catch(() => null), before);
  } finally {
    await cleanup(s.repo, s.home, s.outside);
  }
});

Deno.test("control: without the exclude entries git does see the installed files", async () => {
  const s = await setup();
  try {
    assert.equal(
      (await runBaton(["install", "claude-code"], { cwd: s.repo, env: s.env })).code,
      0,
    );
    await Deno.writeTextFile(`${s.repo}/.git/info/exclude`, "");
    const status = await git(s.repo, ["status", "--porcelain", "--untracked-files=all"]);
    assert.match(status.stdout, /\.claude\//);
  } finally {
    await cleanup(s.repo, s.home, s.outside);
  }
});
