/**
 * Tests for rewriteUrl(): each remote's URL as readRepoConfig() reports it,
 * against `git remote get-url` (which applies url.<base>.insteadOf) on real
 * repositories with the rewrite rules in ~/.gitconfig and the repository's
 * own config.
 * @module
 */
import assert from "node:assert/strict";
import { TestFs } from "../../../_helpers/fs.ts";
import { readRepoConfig } from "../../../../core/facts/git/read_repo_config.ts";
import { findRepo } from "../../../../core/facts/git/find_repo.ts";
import { rewriteUrl } from "../../../../core/facts/git/url_rewrite.ts";
import { parseGitConfig } from "../../../../core/facts/git/parse_config.ts";
import { makeRepo } from "../../../_helpers/git.ts";
import { gitAs, type UserEnv } from "../../../_helpers/git_oracle.ts";
import { tempDir } from "../../../_helpers/temp.ts";

const fs = new TestFs();

/** The remotes each case adds: name -> URL as written. */
const REMOTES: Record<string, string> = {
  gh: "https://github.com/team/repo.git",
  ghorg: "https://github.com/org/x.git",
  lab: "https://gitlab.example/g/r.git",
  short: "gh:team/repo",
  plain: "/srv/git/r.git",
};

/** [name, ~/.gitconfig text, the repository's own added text]. */
const CASES: [string, string, string][] = [
  ["no rule", "", ""],
  [
    "a rule in ~/.gitconfig (https to ssh)",
    '[url "git@github.com:"]\n\tinsteadOf = https://github.com/\n',
    "",
  ],
  [
    "the longest match wins, wherever it is",
    '[url "git@github.com:"]\n\tinsteadOf = https://github.com/\n',
    '[url "ssh://git@mirror.example/org/"]\n\tinsteadOf = https://github.com/org/\n',
  ],
  [
    "equal lengths: the first base to appear wins",
    '[url "https://first.example/"]\n\tinsteadOf = https://github.com/\n',
    '[url "https://second.example/"]\n\tinsteadOf = https://github.com/\n[url "https://first.example/"]\n\tinsteadOf = gh:\n',
  ],
  [
    "a short alias, two values for one base",
    '[url "https://github.com/"]\n\tinsteadOf = gh:\n\tinsteadOf = github:\n',
    "",
  ],
  ["an empty value matches every URL", '[url "file://"]\n\tinsteadOf =\n', ""],
  [
    "pushInsteadOf does not change the fetch URL",
    '[url "git@github.com:"]\n\tpushInsteadOf = https://github.com/\n',
    "",
  ],
  [
    "a base carrying a token: the token never shows",
    '[url "https://x-access-token:ghs_SECRET@github.com/"]\n\tinsteadOf = https://github.com/\n',
    "",
  ],
];

for (const [name, global, local] of CASES) {
  Deno.test(`rewriteUrl(): remotes as git uses them — ${name}`, async () => {
    const home = (await tempDir("baton-home-")).path;
    const env: UserEnv = { home, xdg: null };
    await Deno.writeTextFile(`${home}/.gitconfig`, global);
    const dir = await makeRepo();
    for (const [remote, url] of Object.entries(REMOTES)) {
      await gitAs(env, dir, ["remote", "add", remote, url]);
    }
    await Deno.writeTextFile(
      `${dir}/.git/config`,
      (await Deno.readTextFile(`${dir}/.git/config`)) + local,
    );
    const repo = await findRepo(fs, dir);
    assert.ok(repo !== null);
    const cfg = await readRepoConfig(fs, repo, { homeDir: home, systemConfigPath: null });
    const baton = Object.fromEntries(cfg.remotes.map((r) => [r.name, r.url]));
    for (const remote of Object.keys(REMOTES)) {
      const out = await gitAs(env, dir, ["remote", "get-url", remote]);
      const used = new TextDecoder().decode(out.stdout).trim();
      const shown = used.replace("x-access-token:ghs_SECRET@", "");
      assert.equal(baton[remote], shown, `${name}: ${remote}`);
    }
    assert.ok(!JSON.stringify(cfg.remotes).includes("SECRET"), "no token in the facts");
  });
}

Deno.test("rewriteUrl(): a key without a value (an error to git) rewrites nothing", () => {
  const c = parseGitConfig('[url "git@github.com:"]\n\tinsteadOf\n');
  assert.equal(rewriteUrl(c.entries, "https://github.com/x"), "https://github.com/x");
});
