/** Tests for parseGitConfig(), the lookups, stripUrlCredentials() and readRepoConfig(). */
import assert from "node:assert/strict";
import { DenoFs } from "../../../../commands/_deno_fs.ts";
import { parseGitConfig } from "../../../../core/facts/git/parse_config.ts";
import {
  getConfigBool,
  getConfigValue,
  listConfigSubsections,
} from "../../../../core/facts/git/config_lookup.ts";
import { stripUrlCredentials } from "../../../../core/facts/git/strip_url_credentials.ts";
import { readRepoConfig } from "../../../../core/facts/git/read_repo_config.ts";
import { findRepo } from "../../../../core/facts/git/find_repo.ts";
import { GitConfigSyntaxError } from "../../../../core/facts/git/errors.ts";
import { git, makeRepo } from "../../../_helpers/git.ts";

const fs = new DenoFs();

const TRICKY = [
  "# leading comment",
  "[core]",
  "\tfileMode = false",
  "\tbare",
  '\teditor = "vim  -u ; x" # quoted comment chars stay',
  "\tpager = less   -R   ; trailing comment",
  '\twhitespace = a\\tb\\nc \\\\ \\" end',
  "\tlong = first \\",
  "  second",
  "\tempty =",
  '[remote "Origin \\"Q\\" \\\\ x"]',
  "\turl = https://user:ghp_secret@github.com/x/y.git",
  "[Section.SubDotted]",
  "\tKey = 1",
  "[sec] inline = yes",
  "[CORE]",
  "\tFILEMODE = true\r",
  "\tcrlf = value\r",
  '[x "Case"]',
  '\tk = ""',
  "",
].join("\n");

async function gitList(text: string): Promise<[string, string | null][]> {
  const dir = await makeRepo();
  await Deno.writeTextFile(`${dir}/cfg`, text);
  const out = (await git(dir, ["config", "-f", "cfg", "--null", "--list"])).stdout;
  return out.split("\0").filter((s) => s !== "").map((item) => {
    const nl = item.indexOf("\n");
    return nl < 0 ? [item, null] : [item.slice(0, nl), item.slice(nl + 1)];
  });
}

function flatten(text: string): [string, string | null][] {
  return parseGitConfig(text).entries.map((e) => [
    e.subsection === null ? `${e.section}.${e.key}` : `${e.section}.${e.subsection}.${e.key}`,
    e.value,
  ]);
}

Deno.test("parseGitConfig() agrees with git config --list on tricky quoting, escapes and comments", async () => {
  const ours = flatten(TRICKY);
  assert.deepEqual(ours, await gitList(TRICKY));
  // Spot checks that the oracle comparison covers what matters.
  const c = parseGitConfig(TRICKY);
  assert.equal(getConfigValue(c, "core.editor"), "vim  -u ; x");
  assert.equal(getConfigValue(c, "core.pager"), "less   -R");
  assert.equal(getConfigValue(c, "core.long"), "first   second");
  assert.equal(getConfigValue(c, "core.bare"), null);
  assert.equal(getConfigBool(c, "core.fileMode", false), true, "later CORE.FILEMODE wins");
  assert.deepEqual(listConfigSubsections(c, "remote"), ['Origin "Q" \\ x']);
  assert.equal(getConfigValue(c, "section.subdotted.key"), "1");
  assert.equal(getConfigValue(c, "x.case.k"), undefined, "subsections are case-sensitive");
  assert.equal(getConfigValue(c, "x.Case.k"), "");
});

Deno.test("parseGitConfig() rejects what git rejects, giving only the line number", async () => {
  const bad = [
    '[core]\n\tx = "unterminated\n',
    "[core]\n\tx = bad \\q escape\n",
    "[core\n",
    '[remote "x]\n',
    "[core]\n\t9key = v\n",
  ];
  for (const text of bad) {
    assert.throws(() => parseGitConfig(text), (e: unknown) => {
      assert.ok(e instanceof GitConfigSyntaxError);
      assert.ok(e instanceof SyntaxError);
      assert.equal(e.code, "git_config_invalid");
      assert.ok(!e.message.includes("unterminated\n"));
      return true;
    }, JSON.stringify(text));
    const dir = await makeRepo();
    await Deno.writeTextFile(`${dir}/cfg`, text);
    const r = await git(dir, ["config", "-f", "cfg", "--list"], { allowFail: true });
    assert.notEqual(r.code, 0, `git should reject too: ${JSON.stringify(text)}`);
  }
  assert.throws(() => parseGitConfig('[a]\n b = 1\n c = "x\n'), (e: unknown) => {
    assert.ok(e instanceof GitConfigSyntaxError);
    assert.equal(e.data.line, 3);
    return true;
  });
});

Deno.test("parseGitConfig() skips a key before any section, as git does", () => {
  assert.deepEqual(flatten("key = outside\n[a]\nb = 1\n"), [["a.b", "1"]]);
});

Deno.test("stripUrlCredentials() removes secrets and keeps host and path", () => {
  const url = stripUrlCredentials("https://user:ghp_secret@github.com/x/y.git");
  assert.ok(!url.includes("ghp_secret"));
  assert.ok(!url.includes("user"));
  assert.equal(url, "https://github.com/x/y.git");
  const cases: [string, string][] = [
    ["https://ghp_TOKEN@github.com/x/y", "https://github.com/x/y"],
    ["http://a:b@host:8080/p?token=s3cret#frag", "http://host:8080/p"],
    ["https://x-access-token:tok@github.com/o/r.git", "https://github.com/o/r.git"],
    ["ssh://git:pw@host.example:2222/r.git", "ssh://git@host.example:2222/r.git"],
    ["ssh://git@host/r.git", "ssh://git@host/r.git"],
    ["git+ssh://me:pw@host/r", "git+ssh://me@host/r"],
    ["git@github.com:x/y.git", "git@github.com:x/y.git"],
    ["me:pw@host:path/r.git", "me@host:path/r.git"],
    ["https://github.com/x/y.git", "https://github.com/x/y.git"],
    ["/srv/git/repo.git", "/srv/git/repo.git"],
    ["../sibling", "../sibling"],
    ["file:///srv/a@b/repo", "file:///srv/a@b/repo"],
    ["https://u:p@h@host/x", "https://host/x"],
    ["", ""],
  ];
  for (const [input, want] of cases) assert.equal(stripUrlCredentials(input), want, input);
  for (const weird of ["::::@@@", "https://", "://@", "\0@\n:", "a".repeat(10000) + "@x"]) {
    assert.equal(typeof stripUrlCredentials(weird), "string");
  }
});

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

Deno.test("readRepoConfig() reads global files only when given, with repository config winning", async () => {
  const dir = await makeRepo();
  const home = await Deno.realPath(await Deno.makeTempDir({ prefix: "baton-home-" }));
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
  const without = await readRepoConfig(fs, repo, { homeDir: home });
  assert.equal(without.excludesFile, `${home}/.config/git/ignore`);
  const withGlobal = await readRepoConfig(fs, repo, {
    homeDir: home,
    globalConfigPaths: [`${home}/.config/git/config`, `${home}/.gitconfig`],
  });
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
