import assert from "node:assert/strict";
import { guardRepositoryEnv } from "../../../commands/_adapters/repo_env.ts";
import { REPOSITORY_GUARDED_NAMES } from "../../../core/trust/guarded_settings.ts";
import { fakeIo } from "../../_helpers/io.ts";
import { git, makeRepo, writeFiles } from "../../_helpers/git.ts";

const SET = {
  BATON_BRIEFING_REPEAT: "off",
  BATON_HOST: "codex",
  BATON_SESSION: "s1",
  BATON_HASH_CAP_BYTES: "1024",
  BATON_HOOK_TIME_SCALE: "2",
};

Deno.test("guardRepositoryEnv reads a guarded setting a host file in the repository names as unset, and says so without its value", async () => {
  const repo = await makeRepo();
  try {
    await writeFiles(repo, { "sub/x.txt": "x" });
    // Control: no host file names any of them: the Io is the same, every value read.
    const control = fakeIo({ cwd: `${repo}/sub`, env: SET });
    assert.equal(await guardRepositoryEnv(control), control);
    assert.equal(control.err(), "");
    await writeFiles(repo, {
      ".claude/settings.json": JSON.stringify({
        env: { BATON_HASH_CAP_BYTES: "1024", BATON_HOST: "codex", BATON_HOOK_TIME_SCALE: "2" },
      }),
    });
    const io = fakeIo({ cwd: `${repo}/sub`, env: SET });
    const guarded = await guardRepositoryEnv(io);
    assert.equal(guarded.env("BATON_HASH_CAP_BYTES"), undefined);
    assert.equal(guarded.env("BATON_HOST"), undefined);
    assert.equal(guarded.env("BATON_SESSION"), "s1", "a setting no file names is kept");
    assert.equal(guarded.env("BATON_BRIEFING_REPEAT"), "off");
    assert.equal(guarded.env("BATON_HOOK_TIME_SCALE"), "2", "not a guarded setting");
    assert.equal(io.errWrites.length, 2);
    assert.match(
      io.err(),
      /BATON_HOST ignored: \.claude\/settings\.json in this repository names it/,
    );
    assert.doesNotMatch(io.err(), /codex|1024/, "the values are never echoed");
    assert.ok(REPOSITORY_GUARDED_NAMES.every((n) => n in SET), "every guarded setting is tried");
  } finally {
    await Deno.remove(repo, { recursive: true });
  }
});

Deno.test("guardRepositoryEnv judges where baton looks (HOME, git's variables) by a file that sets it, not one that mentions it", async () => {
  const repo = await makeRepo();
  try {
    const env = { HOME: "/home/someone", GIT_DIR: "/elsewhere/.git", XDG_CONFIG_HOME: "/x" };
    // Control: settings that only mention them (a reference, a longer name) set none.
    await writeFiles(repo, {
      ".env": "PATH=$HOME/bin:${HOME:-/tmp}/x\nMY_GIT_DIR=/a\n",
      ".claude/settings.json": '{"env":{"XDG_CONFIG_HOME_X":"1"},"homepage":"h"}',
    });
    const control = fakeIo({ cwd: repo, env });
    assert.equal(await guardRepositoryEnv(control), control);
    assert.equal(control.err(), "");
    // Set as keys (JSON, dotenv, a JSON escape): each reads as unset, by file, without its value.
    await writeFiles(repo, {
      ".env": "PATH=$HOME/bin\nexport GIT_DIR=/elsewhere/.git\n",
      ".claude/settings.json": '{"env":{"\\u0048OME":"/home/someone"}}',
    });
    const io = fakeIo({ cwd: repo, env });
    const guarded = await guardRepositoryEnv(io);
    assert.equal(guarded.env("HOME"), undefined);
    assert.equal(guarded.env("GIT_DIR"), undefined);
    assert.equal(guarded.env("XDG_CONFIG_HOME"), "/x", "no file sets it");
    assert.match(io.err(), /HOME ignored: \.claude\/settings\.json in this repository names it/);
    assert.match(io.err(), /GIT_DIR ignored: \.env in this repository names it/);
    assert.doesNotMatch(io.err(), /someone|elsewhere/, "the values are never echoed");
  } finally {
    await Deno.remove(repo, { recursive: true });
  }
});

Deno.test("a HOME a superproject's file sets is found even though that HOME would stop the search at the nested repository", async () => {
  const outer = await makeRepo();
  try {
    const inner = `${outer}/vendor/lib`;
    await Deno.mkdir(inner, { recursive: true });
    await git(inner, ["init", "-q", "-b", "main"]);
    await writeFiles(outer, { ".env": `HOME=${outer}\nBATON_HOST=codex\n` });
    const io = fakeIo({ cwd: inner, env: { HOME: outer, BATON_HOST: "codex" } });
    const guarded = await guardRepositoryEnv(io);
    assert.equal(guarded.env("HOME"), undefined);
    // With HOME judged first, the search for the rest reaches the superproject too.
    assert.equal(guarded.env("BATON_HOST"), undefined);
    // Control: the person's own HOME at the superproject (no file sets it there) is kept, and
    // then that home bounds the search as before.
    await writeFiles(outer, { ".env": "BATON_HOST=codex\n" });
    const mine = fakeIo({ cwd: inner, env: { HOME: outer, BATON_HOST: "codex" } });
    const kept = await guardRepositoryEnv(mine);
    assert.equal(kept.env("HOME"), outer);
    assert.equal(kept.env("BATON_HOST"), "codex");
  } finally {
    await Deno.remove(outer, { recursive: true });
  }
});

Deno.test("guardRepositoryEnv fails closed: a search that throws reads every guarded setting that is set as unset, in one line", async () => {
  const repo = await makeRepo();
  try {
    const io = fakeIo({ cwd: repo, env: { BATON_HOST: "codex", HOME: "/home/a", PATH: "/bin" } });
    const broken = {
      ...io,
      fs: {
        ...io.fs,
        realPath: () => {
          throw new Error("the file system failed");
        },
      },
    };
    const guarded = await guardRepositoryEnv(broken);
    assert.equal(guarded.env("BATON_HOST"), undefined);
    assert.equal(guarded.env("HOME"), undefined);
    assert.equal(guarded.env("PATH"), "/bin", "a variable baton does not guard is left");
    assert.equal(io.errWrites.length, 1);
    assert.match(io.err(), /BATON_HOST, HOME ignored: this repository's host settings could not/);
    // Control: the same Io with a working file system keeps them (no file names them).
    const kept = await guardRepositoryEnv(io);
    assert.equal(kept.env("BATON_HOST"), "codex");
  } finally {
    await Deno.remove(repo, { recursive: true });
  }
});

Deno.test("a repository's .env setting CODEX_HOME is read as unset; the person's own is kept", async () => {
  const repo = await makeRepo();
  try {
    const env = { CODEX_HOME: "/home/someone/.codex-work", CLAUDE_CONFIG_DIR: "/home/someone/.c" };
    // Control: no host file names them: both kept.
    const control = fakeIo({ cwd: repo, env });
    assert.equal(await guardRepositoryEnv(control), control);
    await writeFiles(repo, { ".env": "CODEX_HOME=/tmp/planted\n" });
    const io = fakeIo({ cwd: repo, env });
    const guarded = await guardRepositoryEnv(io);
    assert.equal(guarded.env("CODEX_HOME"), undefined);
    assert.equal(guarded.env("CLAUDE_CONFIG_DIR"), "/home/someone/.c");
    assert.match(io.err(), /CODEX_HOME ignored: \.env/);
    assert.doesNotMatch(io.err(), /planted|codex-work/);
  } finally {
    await Deno.remove(repo, { recursive: true });
  }
});
