/**
 * The publication fact against git where git reads other parents than the
 * commits hold (a grafts file, `git replace --graft`, a shallow file named
 * by GIT_SHALLOW_FILE): git's
 * `for-each-ref --contains HEAD refs/remotes` is the oracle. baton's walk
 * reads the objects, so there it must not say `yes` or `no` unless HEAD
 * equals a remote-tracking ref (no parent is read then).
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { assertAgreesWithGit, batonFacts, type UserEnv } from "../../_helpers/git_oracle.ts";
import { runBaton } from "../../_helpers/cli.ts";

async function userEnv(vars?: Record<string, string>): Promise<UserEnv> {
  return { home: (await tempDir("baton-pub-home-")).path, xdg: null, ...(vars ? { vars } : {}) };
}

/** Three commits; origin/main at the third, HEAD (main) back at the first. */
async function behindRemote(): Promise<{ dir: string; second: string }> {
  const dir = await makeRepo("baton-pub-");
  for (const v of ["v1", "v2", "v3"]) {
    await writeFiles(dir, { "a.txt": `${v}\n` });
    await commitAll(dir, v);
  }
  await git(dir, ["update-ref", "refs/remotes/origin/main", "HEAD"]);
  const second = (await git(dir, ["rev-parse", "HEAD~1"])).stdout.trim();
  await git(dir, ["reset", "-q", "--hard", "HEAD~2"]);
  return { dir, second };
}

/** git's answer: whether any remote-tracking ref contains HEAD. */
async function gitPublished(dir: string, env: Record<string, string> = {}): Promise<boolean> {
  const out = await git(dir, ["for-each-ref", "--contains", "HEAD", "refs/remotes"], { env });
  return out.stdout.trim() !== "";
}

Deno.test("published: a grafts file or a replace graft that cuts HEAD out of the remote's history makes git say no; baton says unknown, never yes", async () => {
  const { dir, second } = await behindRemote();
  const env = await userEnv();
  // Control: without grafts both say yes.
  assert.equal(await gitPublished(dir), true);
  assert.equal((await batonFacts(env, dir)).published.status, "yes");
  // info/grafts: the second commit has no parent.
  await Deno.writeTextFile(`${dir}/.git/info/grafts`, `${second}\n`);
  assert.equal(await gitPublished(dir), false, "git follows the graft");
  let f = await batonFacts(env, dir);
  assert.equal(f.published.status, "unknown");
  assert.match(f.published.reason, /grafts, replace refs/);
  // An empty grafts file grafts nothing: decided again.
  await Deno.writeTextFile(`${dir}/.git/info/grafts`, "");
  assert.equal(await gitPublished(dir), true);
  assert.equal((await batonFacts(env, dir)).published.status, "yes");
  await Deno.remove(`${dir}/.git/info/grafts`);
  // The same cut as a replace ref.
  await git(dir, ["replace", "--graft", second]);
  assert.equal(await gitPublished(dir), false, "git follows the replace ref");
  f = await batonFacts(env, dir);
  assert.equal(f.published.status, "unknown");
  // GIT_NO_REPLACE_OBJECTS: git reads the objects' own parents, and so does baton.
  const off = await userEnv({ GIT_NO_REPLACE_OBJECTS: "1" });
  assert.equal(await gitPublished(dir, { GIT_NO_REPLACE_OBJECTS: "1" }), true);
  assert.equal((await batonFacts(off, dir)).published.status, "yes");
});

Deno.test("published: with grafts, HEAD equal to a remote-tracking ref is still yes (no parent is read)", async () => {
  const { dir, second } = await behindRemote();
  const env = await userEnv();
  await Deno.writeTextFile(`${dir}/.git/info/grafts`, `${second}\n`);
  await git(dir, ["update-ref", "refs/remotes/origin/old", "HEAD"]);
  assert.equal(await gitPublished(dir), true);
  assert.equal((await batonFacts(env, dir)).published.status, "yes");
});

Deno.test("published: load re-checks the recorded HEAD under git's grafts as unknown, never yes", async () => {
  const { dir, second } = await behindRemote();
  const fin = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"x"}' });
  assert.equal(fin.code, 0, fin.stderr);
  const published = async () => {
    const r = await runBaton(["load", "--json"], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout).published.status;
  };
  assert.equal(await published(), "yes", "control: no grafts");
  await Deno.writeTextFile(`${dir}/.git/info/grafts`, `${second}\n`);
  assert.equal(await gitPublished(dir), false);
  assert.equal(await published(), "unknown");
});

Deno.test("published: GIT_SHALLOW_FILE naming a remote-side commit cuts HEAD out of the remote's history (git says no): baton says unknown, never yes", async () => {
  const { dir, second } = await behindRemote();
  const shallow = `${(await tempDir("baton-pub-shallow-")).path}/shallow`;
  await Deno.writeTextFile(shallow, `${second}\n`);
  const vars = { GIT_SHALLOW_FILE: shallow };
  // Control: the repository's own history (no shallow file) holds HEAD for both.
  assert.equal(await gitPublished(dir), true);
  assert.equal((await batonFacts(await userEnv(), dir)).published.status, "yes");
  assert.equal(await gitPublished(dir, vars), false, "git takes the listed commit as parentless");
  const f = await batonFacts(await userEnv(vars), dir);
  assert.equal(f.published.status, "unknown");
  assert.match(f.published.reason, /GIT_SHALLOW_FILE/);
});

Deno.test("GIT_SHALLOW_FILE naming a file with a junk line stops git status: the tree is unknown; naming a valid one, both compare", async () => {
  const { dir, second } = await behindRemote();
  const shallow = `${(await tempDir("baton-pub-shallow-")).path}/shallow`;
  await writeFiles(dir, { "a.txt": "edited\n" });
  await Deno.writeTextFile(shallow, `${second}\n`);
  const good = await assertAgreesWithGit(await userEnv({ GIT_SHALLOW_FILE: shallow }), dir, {
    label: "valid shallow file",
  });
  assert.equal(good.git.tracked.get("a.txt"), ".M", "control: git compares");
  await Deno.writeTextFile(shallow, "junk\n");
  const r = await assertAgreesWithGit(await userEnv({ GIT_SHALLOW_FILE: shallow }), dir, {
    label: "junk shallow file",
  });
  assert.equal(r.git.stopped, true, "control: git stops (bad shallow line)");
  assert.match(r.facts.unavailable?.[0]?.reason ?? "", /shallow/);
});

Deno.test("published: a HEAD naming an annotated tag is walked from the commit it tags, as git peels it for --contains (baton said unknown, 'HEAD commit could not be read'); the head fact stays the tag's id, as git status names it", async () => {
  const { dir } = await behindRemote();
  const env = await userEnv();
  const commit = (await git(dir, ["rev-parse", "HEAD"])).stdout.trim();
  // Control: a branch HEAD behind the remote is published for both.
  assert.equal(await gitPublished(dir), true);
  assert.equal((await batonFacts(env, dir)).published.status, "yes");
  await git(dir, ["tag", "-a", "-m", "t", "t1"]);
  const tag = (await git(dir, ["rev-parse", "t1"])).stdout.trim();
  await Deno.writeTextFile(`${dir}/.git/HEAD`, `${tag}\n`);
  assert.equal(await gitPublished(dir), true, "git peels HEAD to the commit");
  assert.equal((await git(dir, ["rev-parse", "HEAD^{commit}"])).stdout.trim(), commit);
  const f = await batonFacts(env, dir);
  assert.equal(f.head, tag, "the head fact is HEAD as git status names it (# branch.oid)");
  assert.equal(f.published.status, "yes");
});
