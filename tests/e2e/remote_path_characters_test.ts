/**
 * The briefing's remote check compares the remotes' URLs with credentials,
 * queries and fragments taken out. Under `file://` (and ssh, git) git reads
 * `?` and `#` as characters of the path: `file:///srv/a#1` and
 * `file:///srv/a#2` are two repositories, so a remote moved from one to the
 * other is a different remote, never "match". An https query (which can
 * carry a token) is still never recorded or shown. Real repositories, git as
 * the oracle, the real CLI.
 * @module
 */
import assert from "node:assert/strict";
import { finalizeDraft, runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

function remoteLine(briefing: string): string {
  const line = briefing.split("\n").find((l) => l.includes("] remote:"));
  assert.ok(line !== undefined, briefing);
  return line;
}

Deno.test("a file:// remote moved to a path that differs after '#' is a different remote; the same URL matches (control)", async () => {
  await using root = await tempDir("baton-remote-path-");
  const dir = await makeRepo("baton-remote-path-work-");
  for (const name of ["a#1", "a#2"]) {
    await git(root.path, ["init", "-q", "--bare", `${root.path}/${name}`]);
  }
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "init");
  await git(dir, ["remote", "add", "origin", `file://${root.path}/a#1`]);
  await git(dir, ["push", "-q", "origin", "HEAD:refs/heads/main"]);
  await finalizeDraft(dir, { now: "x" });
  const same = await runBaton(["load"], { cwd: dir });
  assert.equal(same.code, 0, same.stderr);
  assert.match(remoteLine(same.stdout), /\] remote: match/);

  // git itself: the two URLs name two repositories (one has main, the other nothing).
  await git(dir, ["remote", "set-url", "origin", `file://${root.path}/a#2`]);
  assert.equal((await git(dir, ["ls-remote", "origin"])).stdout, "");
  const moved = await runBaton(["load"], { cwd: dir });
  assert.equal(moved.code, 0, moved.stderr);
  assert.match(remoteLine(moved.stdout), /\] remote: different/);
});

Deno.test("an https remote's query is still left out of the facts and the briefing", async () => {
  const dir = await makeRepo("baton-remote-path-https-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "init");
  await git(dir, ["remote", "add", "origin", "https://example.invalid/r.git?token=s3cret#x"]);
  await finalizeDraft(dir, { now: "x" });
  const r = await runBaton(["load"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.match(remoteLine(r.stdout), /origin=https:\/\/example\.invalid\/r\.git"?\)/);
  const capsule = await Deno.readTextFile(`${dir}/.baton/latest.md`);
  assert.ok(!capsule.includes("s3cret") && !r.stdout.includes("s3cret"));
});

Deno.test("a token in the address of git's '<transport>::<address>' form is left out of the facts and the briefing; the helper's name stays", async () => {
  const dir = await makeRepo("baton-remote-helper-");
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    // A bare token, as git sends it over https: no vendor prefix the scanner would know.
    const token = "Zx81kPq0LmN3vB7t";
    await git(dir, ["remote", "add", "origin", `https::https://${token}@example.invalid/r.git`]);
    // Control: the same token as the userinfo of a plain https URL (stripped before).
    await git(dir, ["remote", "add", "plain", `https://${token}@example.invalid/p.git`]);
    await finalizeDraft(dir, { now: "x" });
    const r = await runBaton(["load", "--json"], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    const capsule = await Deno.readTextFile(`${dir}/.baton/latest.md`);
    assert.ok(!capsule.includes(token), "the token is not recorded");
    assert.ok(!r.stdout.includes(token), "the token is not shown");
    const remote = JSON.parse(r.stdout).drift.find((d: { check: string }) => d.check === "remote");
    assert.equal(remote.status, "match");
    const shown = await runBaton(["show", "--json"], { cwd: dir });
    assert.deepEqual(JSON.parse(shown.stdout).capsule.facts.remotes, [
      { name: "origin", url: "https::https://example.invalid/r.git" },
      { name: "plain", url: "https://example.invalid/p.git" },
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
