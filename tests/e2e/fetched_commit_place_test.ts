/**
 * A commit fetched into a clone is no proof that a capsule recording it was
 * written for this project: anyone who can get a branch, a pull request's head
 * or a shared chain commit fetched makes it present. This machine's capsule
 * from another project, copied here, used to count as trusted once its commit
 * was fetched. A capsule now counts as this repository's only when the place
 * its signed facts record is tied to it (its work tree is one of this
 * repository's, or one of its remote URLs names a project a remote here
 * names). Controls: a second clone of the same project (its remote spelled
 * another way), a teammate's capsule through the shared chain and a moved
 * clone stay trusted. Real CLI, real repositories, temp baton homes.
 * @module
 */
import assert from "node:assert/strict";
import { finalizeDraft, runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { removeAfterTests, tempDir } from "../_helpers/temp.ts";
import { makeShareWorld, SHARE_ENV } from "../_helpers/share_world.ts";
import { copyBaton, DB_DRAFT, type DecisionJson } from "../_helpers/place.ts";

async function decisionsJson(dir: string, env: Record<string, string> = {}) {
  const r = await runBaton(["decisions", "--json"], { cwd: dir, env });
  assert.equal(r.code, 0, r.stderr);
  const out: DecisionJson[] = JSON.parse(r.stdout).decisions;
  assert.equal(out.length, 1, r.stdout);
  return out[0]!;
}

function assertHere(d: DecisionJson, what: string): void {
  assert.equal(d.made.trusted, true, `${what}: ${JSON.stringify(d)}`);
  assert.notEqual(d.made.elsewhere, true, `${what}: ${JSON.stringify(d)}`);
}

function assertElsewhere(d: DecisionJson, what: string): void {
  assert.equal(d.made.trusted, false, `${what}: ${JSON.stringify(d)}`);
  assert.equal(d.made.elsewhere, true, `${what}: ${JSON.stringify(d)}`);
}

/** A bare remote whose main has one commit; returns its path. */
async function bareRemote(): Promise<string> {
  const seed = await makeRepo("baton-fc-seed-");
  await writeFiles(seed, { "a.txt": "a\n" });
  await commitAll(seed, "first");
  const remote = `${(await tempDir("baton-fc-remote-")).path}/proj.git`;
  await git(seed, ["clone", "-q", "--bare", seed, remote]);
  return remote;
}

/** A clone of `remote` in a fresh temp dir, its origin then spelled `url`. */
async function cloneAs(remote: string, url: string): Promise<string> {
  const dir = `${(await tempDir("baton-fc-clone-")).path}/proj`;
  await git(remote, ["clone", "-q", remote, dir]);
  await git(dir, ["remote", "set-url", "origin", url]);
  return dir;
}

for (
  const [what, fetched] of [
    ["a fetched branch", "main:refs/remotes/origin/stranger"],
    ["a pull request's head", "main:refs/pull/7/head"],
  ] as const
) {
  Deno.test(`another project's capsule stays written elsewhere after ${what} brings its commit`, async () => {
    const other = await makeRepo("baton-fc-other-");
    await writeFiles(other, { "b.txt": "b\n" });
    await commitAll(other, "other project");
    await finalizeDraft(other, DB_DRAFT);
    const here = await makeRepo("baton-fc-here-");
    await writeFiles(here, { "a.txt": "a\n" });
    await commitAll(here, "this project");
    await copyBaton(other, here);
    assertElsewhere(await decisionsJson(here), "before the fetch (control)");
    await git(here, ["fetch", "-q", other, fetched]);
    assertElsewhere(await decisionsJson(here), "after the fetch");
    const verify = await runBaton(["verify", "--json"], { cwd: here });
    assert.equal(JSON.parse(verify.stdout).written_elsewhere, 1, verify.stdout);
    // Control: the capsule in its own project is trusted there.
    assertHere(await decisionsJson(other), "in its own project");
  });
}

Deno.test("a second clone of the same project reads the first one's capsule as its own, however the remote is spelled", async () => {
  const remote = await bareRemote();
  const first = await cloneAs(remote, "https://Example.COM/team/proj.git/");
  await finalizeDraft(first, DB_DRAFT);
  const second = await cloneAs(remote, "git@example.com:team/proj");
  await copyBaton(first, second);
  assertHere(await decisionsJson(second), "the same project's second clone");
  // Negative control: the same commits under another project's remote tie nothing.
  const third = await cloneAs(remote, "https://example.com/team/other.git");
  await copyBaton(first, third);
  assertElsewhere(await decisionsJson(third), "a clone of another project");
});

Deno.test("a teammate's capsule pulled through the shared chain stays trusted", async () => {
  const { root, a, b } = await makeShareWorld("baton-fc-share-");
  removeAfterTests(root);
  const run = (m: { dir: string; home: string }, args: string[]) =>
    runBaton(args, { cwd: m.dir, env: { ...SHARE_ENV, BATON_HOME: m.home } });
  await Deno.writeTextFile(`${a.dir}/.git/draft.json`, JSON.stringify(DB_DRAFT));
  assert.equal((await run(a, ["finalize", "--draft", `${a.dir}/.git/draft.json`])).code, 0);
  assert.equal((await run(a, ["push"])).code, 0);
  const key = (await run(a, ["trust", "show-key"])).stdout.trim();
  assert.equal((await run(b, ["trust", "add", key, "--name", "alice"])).code, 0);
  assert.equal((await run(b, ["pull"])).code, 0);
  assert.equal((await run(b, ["revive"])).code, 0);
  assertHere(await decisionsJson(b.dir, { ...SHARE_ENV, BATON_HOME: b.home }), "a teammate's");
});

Deno.test("a moved clone reads its own capsules as its own; with no remote, the work tree decides", async () => {
  const remote = await bareRemote();
  const clone = await cloneAs(remote, remote);
  await finalizeDraft(clone, DB_DRAFT);
  const moved = `${clone}-moved`;
  await Deno.rename(clone, removeAfterTests(moved));
  assertHere(await decisionsJson(moved), "moved, its remote unchanged");
  // A repository with no remote is tied only by its work tree: moved, nothing ties it.
  await git(moved, ["remote", "remove", "origin"]);
  assertElsewhere(await decisionsJson(moved), "moved, no remote");
  await Deno.rename(moved, clone);
  assertHere(await decisionsJson(clone), "back where it was written (control)");
});
