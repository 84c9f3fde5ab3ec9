/**
 * git's location variables (core/facts/git/git_environment.ts) through the real CLI on a real
 * repository, git as the oracle: with GIT_INDEX_FILE naming another index git reports a staged
 * file where its own index would list it untracked; baton reads that index too (never showing
 * the variable's value); without it (the control) the same tree is listed as git lists it.
 * GIT_CONFIG_GLOBAL, which only names the global config file, is followed as git follows it.
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { runBaton } from "../../../_helpers/cli.ts";
import {
  configFileOptions,
  gitEnvironmentReason,
  movingVariables,
  readGitEnvironment,
} from "../../../../core/facts/git/git_environment.ts";

Deno.test("GIT_INDEX_FILE set: git reads another index, and so does baton", async () => {
  const dir = await makeRepo("baton-git-env-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir);
  await writeFiles(dir, { "g.txt": "g\n" });
  const alt = `${dir}/.git/alt-index-secret-value`;
  await Deno.copyFile(`${dir}/.git/index`, alt);
  const altEnv = { GIT_INDEX_FILE: alt };
  await git(dir, ["add", "g.txt"], { env: altEnv });
  const oracle = await git(dir, ["status", "--porcelain"], { env: altEnv });
  assert.equal(oracle.stdout, "A  g.txt\n", "control: git reads the other index");

  const plain = await runBaton(["preflight", "--json"], { cwd: dir });
  assert.equal(plain.code, 0, plain.stderr);
  const seen = JSON.parse(plain.stdout).facts;
  assert.equal(
    seen.untracked_count,
    1,
    "control: without the variable baton lists g.txt as git does",
  );
  assert.deepEqual(seen.unavailable ?? [], []);

  const moved = await runBaton(["preflight", "--json"], { cwd: dir, env: altEnv });
  assert.equal(moved.code, 0, moved.stderr);
  const facts = JSON.parse(moved.stdout).facts;
  assert.deepEqual(facts.unavailable ?? [], []);
  assert.equal(facts.untracked_count, 0, "g.txt is staged in the index git reads");
  assert.deepEqual(
    facts.changed_files.map((f: { path: string; xy: string }) => [f.path, f.xy]),
    [["g.txt", "A."]],
  );
  assert.doesNotMatch(
    moved.stdout + moved.stderr,
    /alt-index-secret-value/,
    "the value is never shown",
  );
});

Deno.test("GIT_CONFIG_GLOBAL names the global config git reads: its core.excludesFile applies, as git applies it", async () => {
  const dir = await makeRepo("baton-git-global-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir);
  await writeFiles(dir, { "x.log": "log\n", "y.txt": "y\n" });
  const home = `${dir}/.git/fake-home`;
  await Deno.mkdir(home);
  await Deno.writeTextFile(`${dir}/.git/ignore-logs`, "*.log\n");
  await Deno.writeTextFile(
    `${dir}/.git/global-config`,
    `[core]\n\texcludesFile = ${dir}/.git/ignore-logs\n`,
  );
  const env = { HOME: home, XDG_CONFIG_HOME: `${home}/.config`, GIT_CONFIG_NOSYSTEM: "1" };
  const withGlobal = { ...env, GIT_CONFIG_GLOBAL: `${dir}/.git/global-config` };
  const oracle = await git(dir, ["status", "--porcelain", "-uall"], { env: withGlobal });
  assert.equal(oracle.stdout, "?? y.txt\n", "control: git ignores x.log through that file");
  const plain = await runBaton(["preflight", "--json"], { cwd: dir, env });
  assert.equal(
    JSON.parse(plain.stdout).facts.untracked_count,
    2,
    "control: without it x.log counts",
  );
  const r = await runBaton(["preflight", "--json"], { cwd: dir, env: withGlobal });
  assert.equal(r.code, 0, r.stderr);
  const facts = JSON.parse(r.stdout).facts;
  assert.equal(facts.untracked_count, 1);
  assert.deepEqual(facts.unavailable ?? [], [], "a config-file variable is followed, not refused");
});

Deno.test("readGitEnvironment() keeps the set git variables only; config-file ones become cascade options", () => {
  const env: Record<string, string> = {
    GIT_DIR: "/x",
    GIT_CONFIG_GLOBAL: "",
    GIT_ATTR_NOSYSTEM: "",
    HOME: "/h",
    GIT_CONFIG_NOSYSTEM: "1",
  };
  const read = readGitEnvironment((n) => env[n]);
  // An empty GIT_CONFIG_GLOBAL names a file, "", that git finds nowhere: no global config.
  assert.deepEqual(read, { GIT_DIR: "/x", GIT_CONFIG_GLOBAL: "", GIT_CONFIG_NOSYSTEM: "1" });
  assert.deepEqual(movingVariables(read), ["GIT_DIR"]);
  assert.deepEqual(configFileOptions(read), { globalConfigPaths: [], systemConfigPath: null });
  assert.deepEqual(configFileOptions({ GIT_CONFIG_NOSYSTEM: "false", GIT_CONFIG_SYSTEM: "/s" }), {
    systemConfigPath: "/s",
  });
  assert.match(
    gitEnvironmentReason(["GIT_DIR", "GIT_WORK_TREE"]),
    /^GIT_DIR, GIT_WORK_TREE are set/,
  );
});
