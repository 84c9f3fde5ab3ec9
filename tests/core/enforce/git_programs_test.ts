/**
 * configRunsPrograms(), hooksRunPrograms(), mentionsGit(): the keys that make
 * git run a program it names, checked against git itself — each key is set
 * in a real repository and `git status` (or the command named) is seen to
 * run the program, so the list is not taken on faith.
 */
import assert from "node:assert/strict";
import {
  configRunsPrograms,
  hooksRunPrograms,
  mentionsGit,
} from "../../../core/enforce/git_programs.ts";
import { parseGitConfig } from "../../../core/facts/git/parse_config.ts";
import { commitAll, git, makeRepo, writeFiles } from "../../_helpers/git.ts";

const runs = (text: string) => configRunsPrograms(parseGitConfig(text).entries);

Deno.test("configRunsPrograms(): program keys, pagers, ! aliases and includes run; plain settings do not", () => {
  for (
    const text of [
      "[core]\n\tfsmonitor = ./x.sh",
      "[core]\n\tpager = less",
      "[pager]\n\tlog = ./x",
      '[diff "bin"]\n\ttextconv = ./x',
      "[diff]\n\texternal = ./x",
      '[filter "lfs"]\n\tclean = ./x',
      "[credential]\n\thelper = ./x",
      "[alias]\n\tst = !sh -c x",
      "[include]\n\tpath = other",
      '[includeIf "gitdir:/"]\n\tpath = other',
      "[core]\n\thooksPath = h",
      '[protocol "ext"]\n\tallow = always',
      '[protocol "ext"]\n\tallow = user',
      "[protocol]\n\tallow = user",
    ]
  ) assert.equal(runs(text), true, text);
  for (
    const text of [
      "[core]\n\tbare = false\n\tfilemode = true",
      "[alias]\n\tst = status -s",
      "[core]\n\tfsmonitor = false",
      '[remote "origin"]\n\turl = https://example.com/x.git',
      "[pager]\n\tlog = false",
      '[protocol "ext"]\n\tallow = never',
      '[protocol "file"]\n\tallow = always',
      "[protocol]\n\tallow = never",
    ]
  ) assert.equal(runs(text), false, text);
});

Deno.test("hooksRunPrograms(): only the samples are inert", () => {
  assert.equal(hooksRunPrograms(["pre-commit.sample", "post-update.sample"]), false);
  assert.equal(hooksRunPrograms(["pre-commit.sample", "post-index-change"]), true);
});

Deno.test("mentionsGit(): git as a command word anywhere, by any path; not inside another word", () => {
  for (
    const c of [
      "git status",
      "ls && git log",
      "/usr/bin/git diff",
      "(git show)",
      "x | git -C a log",
    ]
  ) {
    assert.equal(mentionsGit(c), true, c);
  }
  for (const c of ["ls", "cat .gitignore", "echo digit", "legit status", "cat git.txt"]) {
    assert.equal(mentionsGit(c), false, c);
  }
});

Deno.test("git itself runs core.fsmonitor on git status: the oracle for the rule", async () => {
  const dir = await makeRepo("baton-gitprog-");
  try {
    await writeFiles(dir, { "a.txt": "a\n", "mon.sh": '#!/bin/sh\necho ran >> "$0.ran"\n' });
    await Deno.chmod(`${dir}/mon.sh`, 0o755);
    await commitAll(dir, "init");
    await git(dir, ["status"]);
    assert.equal(await Deno.lstat(`${dir}/mon.sh.ran`).catch(() => null), null, "control");
    await git(dir, ["config", "core.fsmonitor", `${dir}/mon.sh`]);
    await git(dir, ["status"]);
    assert.ok(await Deno.lstat(`${dir}/mon.sh.ran`), "git status ran the configured program");
    const config = await Deno.readTextFile(`${dir}/.git/config`);
    assert.equal(runs(config), true);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("git itself runs an ext:: remote's command on git ls-remote once a protocol policy allows it", async () => {
  const dir = await makeRepo("baton-gitprog-ext-");
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    await git(dir, ["config", "remote.origin.url", `ext::sh -c touch% ${dir}/ran`]);
    const ran = async () => {
      await git(dir, ["ls-remote"], { allowFail: true }); // the transport then fails: no refs
      const st = await Deno.lstat(`${dir}/ran`).catch(() => null);
      if (st !== null) await Deno.remove(`${dir}/ran`);
      return st !== null;
    };
    assert.equal(await ran(), false, "control: ext is never allowed by default");
    assert.equal(runs(await Deno.readTextFile(`${dir}/.git/config`)), false, "control");
    for (const [key, value] of [["protocol.ext.allow", "always"], ["protocol.allow", "user"]]) {
      await git(dir, ["config", key!, value!]);
      assert.equal(await ran(), true, `${key}=${value}: git ls-remote ran the URL's command`);
      assert.equal(runs(await Deno.readTextFile(`${dir}/.git/config`)), true, key);
      await git(dir, ["config", "--unset", key!]);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
