/** Tests for readRepoConfig() and defaultGlobalConfigPaths() on real repositories. */
import assert from "node:assert/strict";
import { TestFs } from "../../../_helpers/fs.ts";
import {
  defaultGlobalConfigPaths,
  readRepoConfig,
} from "../../../../core/facts/git/read_repo_config.ts";
import { findRepo } from "../../../../core/facts/git/find_repo.ts";
import { git, makeRepo } from "../../../_helpers/git.ts";
import { tempDir } from "../../../_helpers/temp.ts";
import { StorageError } from "../../../../core/errors.ts";

const fs = new TestFs();

Deno.test("readRepoConfig() reports remotes without credentials, file mode, excludes file and ref storage", async () => {
  const dir = await makeRepo();
  await git(dir, ["remote", "add", "origin", "https://user:ghp_secret@github.com/x/y.git"]);
  await git(dir, ["remote", "add", "backup", "git@example.com:team/y.git"]);
  await git(dir, ["config", "core.fileMode", "false"]);
  await git(dir, ["config", "core.excludesFile", "~/my-ignore"]);
  const repo = await findRepo(fs, dir);
  assert.ok(repo !== null);
  const cfg = await readRepoConfig(fs, repo, { homeDir: "/home/u" });
  assert.deepEqual(cfg.remotes, [
    { name: "origin", url: "https://github.com/x/y.git" },
    { name: "backup", url: "git@example.com:team/y.git" },
  ]);
  assert.ok(!JSON.stringify(cfg.remotes).includes("ghp_secret"));
  assert.equal(cfg.fileMode, false);
  assert.equal(cfg.excludesFile, "/home/u/my-ignore");
  assert.equal(cfg.refStorage, "files");
  assert.equal(cfg.objectFormat, "sha1");
});

Deno.test("readRepoConfig() reads a config file that opens with U+FEFF, as git does", async () => {
  const dir = await makeRepo();
  await git(dir, ["config", "core.fileMode", "false"]);
  const path = `${dir}/.git/config`;
  await Deno.writeTextFile(path, "\uFEFF" + await Deno.readTextFile(path));
  // git skips the mark (and would refuse a config it could not parse).
  assert.equal((await git(dir, ["config", "core.fileMode"])).stdout.trim(), "false");
  const repo = await findRepo(fs, dir);
  assert.ok(repo !== null);
  assert.equal((await readRepoConfig(fs, repo, { homeDir: "/home/u" })).fileMode, false);
});

Deno.test("readRepoConfig() falls back to git's default excludes file and honours XDG", async () => {
  const dir = await makeRepo();
  const repo = await findRepo(fs, dir);
  assert.ok(repo !== null);
  assert.equal(
    (await readRepoConfig(fs, repo, { homeDir: "/h" })).excludesFile,
    "/h/.config/git/ignore",
  );
  assert.equal(
    (await readRepoConfig(fs, repo, { homeDir: "/h", xdgConfigHome: "/x" })).excludesFile,
    "/x/git/ignore",
  );
  assert.equal((await readRepoConfig(fs, repo)).excludesFile, null);
  assert.equal((await readRepoConfig(fs, repo)).fileMode, true);
});

Deno.test("readRepoConfig() reads the user's global files by default, with repository config winning", async () => {
  const dir = await makeRepo();
  const home = (await tempDir("baton-home-")).path;
  await Deno.writeTextFile(
    `${home}/.gitconfig`,
    "[core]\n\texcludesFile = ~/global-ignore\n\tfileMode = false\n[include]\n\tpath = extra.inc\n",
  );
  await Deno.writeTextFile(
    `${home}/extra.inc`,
    '[remote "shared"]\n\turl = https://t0ken@host/s.git\n',
  );
  const repo = await findRepo(fs, dir);
  assert.ok(repo !== null);
  const without = await readRepoConfig(fs, repo, { homeDir: home, globalConfigPaths: [] });
  assert.equal(without.excludesFile, `${home}/.config/git/ignore`, "control: none read");
  const withGlobal = await readRepoConfig(fs, repo, { homeDir: home, systemConfigPath: null });
  assert.equal(withGlobal.excludesFile, `${home}/global-ignore`);
  assert.deepEqual(withGlobal.remotes, [{ name: "shared", url: "https://host/s.git" }]);
  // git init wrote core.filemode = true into the repository config, which wins.
  assert.equal(withGlobal.fileMode, true);
});

Deno.test("readRepoConfig() reports reftable storage and reads config.worktree when enabled", async () => {
  const dir = await makeRepo();
  await git(dir, ["config", "extensions.worktreeConfig", "true"]);
  await git(dir, ["config", "--worktree", "core.fileMode", "false"]);
  const repo = await findRepo(fs, dir);
  assert.ok(repo !== null);
  assert.equal((await readRepoConfig(fs, repo)).fileMode, false);
  await Deno.writeTextFile(
    `${dir}/.git/config`,
    "[core]\n\trepositoryformatversion = 1\n[extensions]\n\trefStorage = reftable\n",
  );
  assert.equal((await readRepoConfig(fs, repo)).refStorage, "reftable");
});
Deno.test("defaultGlobalConfigPaths() lists XDG before ~/.gitconfig, as git reads them", () => {
  assert.deepEqual(defaultGlobalConfigPaths({ homeDir: "/h", xdgConfigHome: "/x" }), [
    "/x/git/config",
    "/h/.gitconfig",
  ]);
  assert.deepEqual(defaultGlobalConfigPaths({}), []);
});

Deno.test("readRepoConfig() reads the system file first and lets the user's file win", async () => {
  const dir = await makeRepo();
  const home = (await tempDir("baton-home-")).path;
  await Deno.writeTextFile(`${home}/system`, "[core]\n\tautocrlf = input\n\tsymlinks = false\n");
  await Deno.writeTextFile(`${home}/.gitconfig`, "[core]\n\tsymlinks = true\n");
  const repo = await findRepo(fs, dir);
  assert.ok(repo !== null);
  // makeRepo wrote core.autocrlf = false into the repository config.
  await git(dir, ["config", "--unset", "core.autocrlf"]);
  const c = await readRepoConfig(fs, repo, { homeDir: home, systemConfigPath: `${home}/system` });
  assert.equal(c.autocrlf, "input");
  assert.equal(c.symlinks, true);
  const none = await readRepoConfig(fs, repo, { homeDir: home, systemConfigPath: null });
  assert.equal(none.autocrlf, "false", "control: without the system file");
});

Deno.test("readRepoConfig() takes core.attributesFile, else the XDG attributes file; an empty XDG_CONFIG_HOME is unset", async () => {
  const dir = await makeRepo();
  const repo = await findRepo(fs, dir);
  assert.ok(repo !== null);
  const c = await readRepoConfig(fs, repo, {
    homeDir: "/h",
    xdgConfigHome: "",
    globalConfigPaths: [],
  });
  assert.equal(c.attributesFile, "/h/.config/git/attributes");
  assert.equal(c.excludesFile, "/h/.config/git/ignore");
  await git(dir, ["config", "core.attributesFile", "~/attrs"]);
  const set = await readRepoConfig(fs, repo, { homeDir: "/h", globalConfigPaths: [] });
  assert.equal(set.attributesFile, "/h/attrs");
});

Deno.test("readRepoConfig() counts includeIf conditions it cannot evaluate and does not include them", async () => {
  const dir = await makeRepo();
  const home = (await tempDir("baton-home-")).path;
  await Deno.writeTextFile(`${home}/inc`, "[core]\n\tsymlinks = false\n");
  await Deno.writeTextFile(
    `${home}/.gitconfig`,
    `[includeIf "hasconfig:user.name:x"]\n\tpath = ${home}/inc\n`,
  );
  const repo = await findRepo(fs, dir);
  assert.ok(repo !== null);
  const c = await readRepoConfig(fs, repo, { homeDir: home, systemConfigPath: null });
  assert.equal(c.unevaluatedIncludes, 1);
  assert.equal(c.symlinks, true);
  await Deno.writeTextFile(
    `${home}/.gitconfig`,
    `[includeIf "onbranch:main"]\n\tpath = ${home}/inc\n`,
  );
  const known = await readRepoConfig(fs, repo, { homeDir: home, systemConfigPath: null });
  assert.equal(known.unevaluatedIncludes, 0, "control: a condition it evaluates");
  assert.equal(known.symlinks, false);
});

Deno.test("readRepoConfig() leaves out a global file its permissions refuse and counts it, as git passes over it; a directory or a malformed one fails, as git stops", async () => {
  const dir = await makeRepo();
  const home = (await tempDir("baton-home-")).path;
  await Deno.writeTextFile(`${home}/.gitconfig`, "[core]\n\tsymlinks = false\n");
  const refused = `${home}/.gitconfig`;
  // As the product's file system maps EACCES (the tests run as root, where no mode refuses).
  const denied = new StorageError("Cannot use the file: permission denied", {
    data: { path: refused, os_error: "EACCES" },
  });
  const guarded = Object.assign(Object.create(fs), {
    stat: (p: string) => p === refused ? Promise.reject(denied) : fs.stat(p),
    readFile: (p: string) => p === refused ? Promise.reject(denied) : fs.readFile(p),
  }) as TestFs;
  const repo = await findRepo(fs, dir);
  assert.ok(repo !== null);
  const c = await readRepoConfig(guarded, repo, { homeDir: home, systemConfigPath: null });
  assert.equal(c.unreadableUserFiles, 1);
  assert.equal(c.symlinks, true, "the refused file's setting is left out");
  const read = await readRepoConfig(fs, repo, { homeDir: home, systemConfigPath: null });
  assert.equal(read.unreadableUserFiles, 0, "control: the same file readable");
  assert.equal(read.symlinks, false);
  await Deno.remove(`${home}/.gitconfig`);
  const none = await readRepoConfig(fs, repo, { homeDir: home, systemConfigPath: null });
  assert.equal(none.unreadableUserFiles, 0, "control: a missing file is not unreadable");
  await Deno.mkdir(`${home}/.gitconfig`); // git: "unknown error occurred while reading the configuration files"
  await assert.rejects(() => readRepoConfig(fs, repo, { homeDir: home, systemConfigPath: null }));
  await Deno.remove(`${home}/.gitconfig`);
  await Deno.writeTextFile(`${home}/.gitconfig`, "[core\n");
  await assert.rejects(() => readRepoConfig(fs, repo, { homeDir: home, systemConfigPath: null }));
});

Deno.test("readRepoConfig() reads core.trustctime and core.checkStat as git does (the last default or minimal wins; a valueless checkStat is refused)", async () => {
  const dir = await makeRepo();
  const repo = await findRepo(fs, dir);
  assert.ok(repo !== null);
  const plain = await readRepoConfig(fs, repo, { homeDir: null });
  assert.deepEqual([plain.trustCtime, plain.checkStat], [true, "default"]);
  await git(dir, ["config", "core.trustctime", "off"]);
  await git(dir, ["config", "--add", "core.checkStat", "MINIMAL"]);
  await git(dir, ["config", "--add", "core.checkStat", "other"]);
  const set = await readRepoConfig(fs, repo, { homeDir: null });
  assert.deepEqual([set.trustCtime, set.checkStat], [false, "minimal"]);
  await Deno.writeTextFile(`${dir}/.git/config`, "[core]\n\tcheckStat\n", { append: true });
  await assert.rejects(readRepoConfig(fs, repo, { homeDir: null }), { code: "git_config_invalid" });
});
