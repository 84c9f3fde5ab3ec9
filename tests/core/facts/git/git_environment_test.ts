/**
 * git's location variables (core/facts/git/git_environment.ts) through the real CLI on a real
 * repository, git as the oracle: with GIT_INDEX_FILE naming another index git reports a staged
 * file where baton would list it untracked, so baton reports the work tree unavailable and names
 * the variable, never its value; without it (the control) the same tree is listed as git lists it.
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { runBaton } from "../../../_helpers/cli.ts";
import {
  gitEnvironmentReason,
  setGitLocationVariables,
} from "../../../../core/facts/git/git_environment.ts";

Deno.test("GIT_INDEX_FILE set: git reads another index, baton says the work tree is unknown", async () => {
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
  const worktree = facts.unavailable.find((u: { part: string }) => u.part === "worktree");
  assert.equal(worktree?.reason, gitEnvironmentReason(["GIT_INDEX_FILE"]));
  assert.doesNotMatch(
    moved.stdout + moved.stderr,
    /alt-index-secret-value/,
    "the value is never shown",
  );
  const text = await runBaton(["preflight"], { cwd: dir, env: altEnv });
  assert.doesNotMatch(text.stdout, /0 changed|1 untracked/, "no count is printed as a fact");
});

Deno.test("setGitLocationVariables() names the set variables only, an empty one counts as unset", () => {
  const env: Record<string, string> = { GIT_DIR: "/x", GIT_CONFIG_GLOBAL: "", HOME: "/h" };
  assert.deepEqual(setGitLocationVariables((n) => env[n]), ["GIT_DIR"]);
  assert.deepEqual(setGitLocationVariables(() => undefined), []);
  assert.match(
    gitEnvironmentReason(["GIT_DIR", "GIT_WORK_TREE"]),
    /^GIT_DIR, GIT_WORK_TREE are set/,
  );
});
