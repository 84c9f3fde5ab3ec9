/**
 * A repository's committed host settings reach baton's environment (Claude
 * Code applies `.claude/settings.json`'s `env` block to hooks and the agent's
 * shell; Gemini CLI loads `.gemini/.env`). Such a file must not choose the
 * host and session a capsule this machine signs names, nor turn off the
 * briefing a new session gets. The real CLI in a real repository; the
 * controls are the same variables set by the person, with no file naming
 * them.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";

async function repo(): Promise<string> {
  const dir = await makeRepo("baton-repo-env-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "init");
  return dir;
}

async function origin(dir: string, env: Record<string, string>) {
  const fin = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: "{}", env });
  assert.equal(fin.code, 0, fin.stderr);
  const show = await runBaton(["show", "--json"], { cwd: dir });
  return { origin: JSON.parse(show.stdout).capsule.origin, stderr: fin.stderr };
}

Deno.test("finalize stamps BATON_HOST and BATON_SESSION only when no host file in the repository names them, and only in their shapes", async () => {
  const dir = await repo();
  try {
    const env = { BATON_HOST: "codex", BATON_SESSION: "sess-1" };
    // Control: the person's own variables are stamped.
    const mine = await origin(dir, env);
    assert.deepEqual([mine.origin.host, mine.origin.session], ["codex", "sess-1"]);
    assert.equal(mine.stderr, "");
    // A committed settings file names them: neither is stamped, and stderr says why.
    await writeFiles(dir, {
      ".claude/settings.json": JSON.stringify({ env }),
    });
    await commitAll(dir, "a stranger's settings");
    const theirs = await origin(dir, env);
    assert.deepEqual([theirs.origin.host, theirs.origin.session], [null, null]);
    assert.match(theirs.stderr, /BATON_HOST ignored: \.claude\/settings\.json in this repository/);
    assert.match(theirs.stderr, /BATON_SESSION ignored/);
    // Shapes: a host baton does not know and a session with a control character are not stamped.
    await Deno.remove(`${dir}/.claude/settings.json`);
    const odd = await origin(dir, { BATON_HOST: "Claude\u202e", BATON_SESSION: "s\u0007" });
    assert.deepEqual([odd.origin.host, odd.origin.session], [null, null]);
    assert.match(odd.stderr, /BATON_HOST ignored: it names no host/);
    assert.ok(
      !odd.stderr.includes("\u202e") && !odd.stderr.includes("\u0007"),
      "the value is never echoed",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

function start(dir: string, env: Record<string, string>) {
  return runBaton(["hook", "session-start", "--host", "claude-code"], {
    cwd: dir,
    env,
    stdin: JSON.stringify({
      session_id: "s",
      cwd: dir,
      hook_event_name: "SessionStart",
      source: "startup",
    }),
  });
}

Deno.test("BATON_BRIEFING_REPEAT=off set by a repository's .gemini/.env does not stop a new session's briefing", async () => {
  const dir = await repo();
  try {
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: '{"now":"where things stood"}',
    });
    assert.equal(fin.code, 0, fin.stderr);
    assert.match((await start(dir, {})).stdout, /where things stood/, "the first showing");
    // Control: the person's own off stops the repeat.
    const off = await start(dir, { BATON_BRIEFING_REPEAT: "off" });
    assert.equal(off.stdout, "");
    await writeFiles(dir, { ".gemini/.env": "BATON_BRIEFING_REPEAT=off\n" });
    const repo = await start(dir, { BATON_BRIEFING_REPEAT: "off" });
    assert.equal(repo.code, 0, repo.stderr);
    assert.match(repo.stdout, /where things stood/, "the repeat is still given");
    assert.match(repo.stderr, /BATON_BRIEFING_REPEAT ignored: \.gemini\/\.env/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("BATON_HASH_CAP_BYTES a repository's settings name does not stop a capture hook from hashing a changed file", async () => {
  const capture = async (settings: boolean) => {
    const dir = await repo();
    try {
      const files: Record<string, string> = { "big.txt": "x".repeat(4096) + "\n" };
      if (settings) files[".claude/settings.json"] = '{"env":{"BATON_HASH_CAP_BYTES":"1024"}}';
      await writeFiles(dir, files);
      await commitAll(dir, settings ? "big, and a stranger's settings" : "big");
      await writeFiles(dir, { "big.txt": "y".repeat(4096) + "\n" });
      const r = await runBaton(["hook", "pre-compact", "--host", "codex"], {
        cwd: dir,
        env: { BATON_HASH_CAP_BYTES: "1024" },
        stdin: JSON.stringify({ cwd: dir, hook_event_name: "PreCompact" }),
      });
      assert.equal(r.code, 0, r.stderr);
      const show = await runBaton(["show", "--json"], { cwd: dir });
      const facts = JSON.parse(show.stdout).capsule.facts;
      return facts.changed_files.find((f: { path: string }) => f.path === "big.txt");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  };
  // Control: the person's own cap leaves the file unhashed, and says why.
  const mine = await capture(false);
  assert.deepEqual([mine.sha256, mine.hash_skipped], [null, "too_large"]);
  const theirs = await capture(true);
  assert.ok(theirs.sha256 !== null && theirs.hash_skipped === null, JSON.stringify(theirs));
});

Deno.test("a host file in the repository around a nested one (a submodule's superproject) counts: Gemini CLI loads the nearest .env from the folder up", async () => {
  const outer = await repo();
  try {
    const inner = `${outer}/vendor/lib`;
    await Deno.mkdir(inner, { recursive: true });
    await git(inner, ["init", "-q", "-b", "main"]);
    await writeFiles(inner, { "l.txt": "l\n" });
    await commitAll(inner, "lib");
    const env = { BATON_HOST: "codex" };
    // Control: with no file naming it, the person's own setting is stamped in the inner one.
    const mine = await origin(inner, env);
    assert.equal(mine.origin.host, "codex");
    assert.equal(mine.stderr, "");
    await writeFiles(outer, { ".env": "BATON_HOST=codex\n" });
    const theirs = await origin(inner, env);
    assert.equal(theirs.origin.host, null);
    assert.match(theirs.stderr, /BATON_HOST ignored: \.env in this repository/);
  } finally {
    await Deno.remove(outer, { recursive: true });
  }
});

Deno.test("BATON_BRIEFING_REPEAT=off named by a .env in a subfolder is found when the host's cwd reaches it through a symbolic link", async () => {
  const dir = await repo();
  const link = `${dir}.link`;
  try {
    await Deno.symlink(dir, link);
    await writeFiles(dir, { "pkg/a.txt": "a\n" });
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: '{"now":"where things stood"}',
    });
    assert.equal(fin.code, 0, fin.stderr);
    const startIn = (cwd: string) =>
      runBaton(["hook", "session-start", "--host", "claude-code"], {
        cwd,
        env: { BATON_BRIEFING_REPEAT: "off" },
        stdin: JSON.stringify({
          session_id: "s",
          cwd,
          hook_event_name: "SessionStart",
          source: "startup",
        }),
      });
    assert.match((await start(dir, {})).stdout, /where things stood/, "the first showing");
    // Control: the person's own off stops the repeat, through the link too.
    assert.equal((await startIn(`${link}/pkg`)).stdout, "");
    await writeFiles(dir, { "pkg/.gemini/.env": "BATON_BRIEFING_REPEAT=off\n" });
    const r = await startIn(`${link}/pkg`);
    assert.match(r.stdout, /where things stood/, "the repeat is still given");
    assert.match(r.stderr, /BATON_BRIEFING_REPEAT ignored: pkg\/\.gemini\/\.env/);
  } finally {
    await Deno.remove(link).catch(() => {});
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a person's own user-level host settings stay theirs when the home directory is itself a work tree (dotfiles)", async () => {
  const home = await repo();
  try {
    const project = `${home}/src/p`;
    await Deno.mkdir(project, { recursive: true });
    await git(project, ["init", "-q", "-b", "main"]);
    await writeFiles(project, { "p.txt": "p\n" });
    await commitAll(project, "p");
    await writeFiles(home, {
      ".claude/settings.json": JSON.stringify({ env: { BATON_HOST: "codex" } }),
    });
    const env = { HOME: home, BATON_HOST: "codex" };
    const mine = await origin(project, env);
    assert.equal(mine.origin.host, "codex", mine.stderr);
    assert.equal(mine.stderr, "");
    // Control: the same file in a repository around the project below home counts.
    await git(`${home}/src`, ["init", "-q", "-b", "main"]);
    await writeFiles(`${home}/src`, {
      ".claude/settings.json": JSON.stringify({ env: { BATON_HOST: "codex" } }),
    });
    const theirs = await origin(project, env);
    assert.equal(theirs.origin.host, null);
    assert.match(theirs.stderr, /BATON_HOST ignored: \.claude\/settings\.json/);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

/** A stranger's capsule in `dir`, signed in `strangerHome`; a home `h` whose trusted-keys file lists that key. */
async function strangersKeyHome(dir: string, strangerHome: string, h: string): Promise<void> {
  const fin = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    stdin: '{"now":"a stranger wrote this"}',
    env: { BATON_HOME: strangerHome },
  });
  assert.equal(fin.code, 0, fin.stderr);
  const pub = await runBaton(["trust", "show-key", "--json"], {
    cwd: dir,
    env: { BATON_HOME: strangerHome },
  });
  assert.equal(pub.code, 0, pub.stderr);
  const key = JSON.parse(pub.stdout).public_key;
  const listing = `${h}/.config/baton`;
  const add = await runBaton(["trust", "add", key, "--name", "stranger"], {
    cwd: dir,
    env: { BATON_HOME: listing },
  });
  assert.equal(add.code, 0, add.stderr);
}

Deno.test("HOME a repository's settings set does not choose where the trusted keys are read (a home whose keys list a stranger's)", async () => {
  const dir = await repo();
  const elsewhere = await Deno.makeTempDir({ prefix: "baton-repo-env-home-" });
  try {
    const h = `${elsewhere}/h`;
    await strangersKeyHome(dir, `${elsewhere}/stranger`, h);
    // The baton home comes from HOME: no BATON_HOME, no XDG_CONFIG_HOME.
    const env = { HOME: h, BATON_HOME: "", XDG_CONFIG_HOME: "" };
    const authorship = async () => {
      const r = await runBaton(["show", "--json"], { cwd: dir, env });
      assert.equal(r.code, 0, r.stderr);
      return { status: JSON.parse(r.stdout).authorship.status, stderr: r.stderr };
    };
    // Control: the person's own HOME decides, and its keys list the signer.
    assert.equal((await authorship()).status, "trusted");
    // A committed settings file sets HOME (to a path that could be another clone's files).
    await writeFiles(dir, { ".claude/settings.json": JSON.stringify({ env: { HOME: h } }) });
    await commitAll(dir, "a stranger's settings");
    const theirs = await authorship();
    assert.notEqual(theirs.status, "trusted");
    assert.match(
      theirs.stderr,
      /HOME ignored: \.claude\/settings\.json in this repository names it/,
    );
    assert.ok(!theirs.stderr.includes(h), "the value is never echoed");
    // A file that only uses $HOME sets nothing: the control again.
    await writeFiles(dir, { ".claude/settings.json": '{"env":{"PATH":"$HOME/bin"}}' });
    assert.equal((await authorship()).status, "trusted");
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(elsewhere, { recursive: true });
  }
});

Deno.test("GIT_DIR a repository's .env sets does not move the repository baton describes", async () => {
  const dir = await repo();
  const other = await repo();
  try {
    const head = (await git(dir, ["rev-parse", "HEAD"])).stdout.trim();
    const facts = async () => {
      const fin = await runBaton(["finalize", "--draft", "-"], {
        cwd: dir,
        stdin: "{}",
        env: { GIT_DIR: `${other}/.git` },
      });
      assert.equal(fin.code, 0, fin.stderr);
      const show = await runBaton(["show", "--json"], { cwd: dir });
      return { facts: JSON.parse(show.stdout).capsule.facts, stderr: fin.stderr };
    };
    // Control: the person's own GIT_DIR moves what git reads, so baton says the facts are
    // unavailable rather than describe another repository.
    const mine = await facts();
    assert.notEqual(mine.facts.head, head);
    await writeFiles(dir, { ".env": `GIT_DIR=${other}/.git\n` });
    const theirs = await facts();
    assert.equal(theirs.facts.status, "collected");
    assert.equal(theirs.facts.head, head, "this repository's HEAD, re-read by baton");
    assert.match(theirs.stderr, /GIT_DIR ignored: \.env in this repository names it/);
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(other, { recursive: true });
  }
});
