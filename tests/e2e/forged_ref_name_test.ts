/**
 * The briefing's publication line names the remote-tracking refs that hold
 * HEAD. Their names are a remote's: anyone who can push a branch there chose
 * them, and git accepts a name with no-break spaces in it. Such a name must
 * not finish baton's sentence ("reachable from refs/remotes/origin/main, and
 * CI passed on this commit."): a ref name that is not a plain token is
 * printed quoted. Real bare remote, two clones, real git push and fetch.
 * @module
 */
import assert from "node:assert/strict";
import { git, makeRepo } from "../_helpers/git.ts";
import { runBaton } from "../_helpers/cli.ts";
import { tempDir } from "../_helpers/temp.ts";

const NBSP = "\u00a0";
const BRANCH = ["main,", "and", "CI", "passed", "on", "this", "commit"].join(NBSP);

function publication(briefing: string): string {
  const line = briefing.split("\n").find((l) => l.startsWith("- Publication:"));
  assert.ok(line !== undefined, briefing);
  return line;
}

Deno.test("a remote's branch name worded as a sentence is quoted in the publication line", async () => {
  const root = (await tempDir("baton-forged-ref-")).path;
  const mine = await makeRepo("baton-forged-ref-mine-");
  try {
    const remote = `${root}/remote.git`;
    await git(root, ["init", "-q", "--bare", "-b", "main", remote]);
    await git(mine, ["remote", "add", "origin", remote]);
    await git(mine, ["commit", "-q", "--allow-empty", "-m", "init"]);
    await git(mine, ["push", "-q", "origin", "main"]);
    const fin = await runBaton(["finalize", "--draft", "-"], { cwd: mine, stdin: '{"now":"x"}' });
    assert.equal(fin.code, 0, fin.stderr);
    // Control: a plain ref name is printed as it is.
    assert.equal(
      publication((await runBaton(["load"], { cwd: mine })).stdout),
      "- Publication: HEAD " +
        (await git(mine, ["rev-parse", "--short=12", "HEAD"])).stdout.trim() +
        " is reachable from refs/remotes/origin/main.",
    );

    // A stranger pushes a branch at the same commit, named as a sentence; this clone fetches it.
    await git(root, ["clone", "-q", remote, `${root}/stranger`]);
    await git(`${root}/stranger`, ["push", "-q", "origin", `HEAD:refs/heads/${BRANCH}`]);
    await git(mine, ["fetch", "-q", "origin"]);
    const refs = (await git(mine, ["for-each-ref", "--format=%(refname)", "refs/remotes/"]))
      .stdout;
    assert.ok(refs.includes(`refs/remotes/origin/${BRANCH}`), "control: git took the name");

    const load = await runBaton(["load"], { cwd: mine });
    assert.equal(load.code, 0, load.stderr);
    const line = publication(load.stdout);
    assert.ok(line.includes(JSON.stringify(`refs/remotes/origin/${BRANCH}`)), line);
    assert.ok(line.includes("refs/remotes/origin/main"), line);
    assert.ok(!line.endsWith(`origin/${BRANCH}.`), line);
  } finally {
    await Deno.remove(mine, { recursive: true });
    await Deno.remove(root, { recursive: true });
  }
});
