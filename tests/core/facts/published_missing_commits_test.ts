/**
 * The publication fact where commits are missing from the store: a partial
 * clone (`--filter=blob:none`) whose packs were unpacked and a commit
 * object removed, with its promisor remote there (git fetches the commit as
 * it walks) or gone (git cannot), a full clone missing a commit, and shallow
 * clones. git's `for-each-ref --contains HEAD refs/remotes` is the oracle
 * (tests/_helpers/published_oracle.ts): baton may say yes or no only where
 * git gives that answer. HEAD's own commit missing made git stop while
 * baton said "HEAD equals refs/remotes/origin/main": yes.
 * @module
 */
import assert from "node:assert/strict";
import { makeRepo } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { batonFacts, runShapeScript, type UserEnv } from "../../_helpers/git_oracle.ts";
import { assertPublishedAgrees } from "../../_helpers/published_oracle.ts";

/**
 * An origin (main: c1..c4; feature: c2 + fx) cloned by `clone` into
 * $HOME/cl, then `after` run in the clone. `gone` points the clone's
 * remote at a place with no repository (nothing to fetch from). Shell helpers for `after`:
 * `unpack` turns the clone's packs into loose objects, `drop REV` removes
 * the loose object of REV as the origin names it.
 */
async function shape(
  clone: string,
  after: string,
  options: { gone?: boolean } = {},
): Promise<{ env: UserEnv; dir: string }> {
  const env: UserEnv = { home: (await tempDir("baton-pubmiss-home-")).path, xdg: null };
  const origin = await makeRepo("baton-pubmiss-origin-");
  await runShapeScript(
    origin,
    [
      "git config --global protocol.file.allow always; git config uploadpack.allowFilter true",
      "for i in 1 2 3 4; do echo $i >f$i; c; done",
      "git branch feature HEAD~2; git switch -q feature; echo x >fx; c; git switch -q main",
      `O=$PWD; ${clone} file://$O $HOME/cl; cd $HOME/cl; git config gc.auto 0`,
      "unpack(){ mkdir $HOME/p; mv .git/objects/pack/* $HOME/p/; for p in $HOME/p/*.pack; do git unpack-objects -q <$p; done; rm -r $HOME/p; }",
      'drop(){ o=$(git -C $O rev-parse "$1"); rm .git/objects/${o:0:2}/${o:2}; }',
      after,
      // Gone: the promisor remote names a place with no repository.
      options.gone === true ? "git config remote.origin.url file://$O-gone" : "true",
    ].join("\n"),
    env,
  );
  return { env, dir: `${env.home}/cl` };
}

const PARTIAL = "git clone -q --filter=blob:none";

Deno.test("published: HEAD's commit missing and no remote to fetch it from: git stops, baton says unknown, not 'HEAD equals'", async () => {
  const { env, dir } = await shape(PARTIAL, "unpack; drop main", { gone: true });
  const r = await assertPublishedAgrees(env, dir, { label: "HEAD's commit missing" });
  assert.equal(r.git, "stopped");
  assert.equal(r.baton.status, "unknown");
  assert.equal(r.baton.reason, "HEAD commit could not be read");
});

Deno.test("published: a full clone missing HEAD's commit: git stops, baton says unknown", async () => {
  const { env, dir } = await shape("git clone -q", "unpack; drop main");
  const r = await assertPublishedAgrees(env, dir, { label: "full clone, HEAD missing" });
  assert.equal(r.git, "stopped");
  assert.equal(r.baton.status, "unknown");
});

Deno.test("control: HEAD's commit missing with the promisor remote there: git fetches it and says yes; baton (which fetches nothing) says yes once git fetched it", async () => {
  const { env, dir } = await shape(PARTIAL, "unpack; drop main");
  const r = await assertPublishedAgrees(env, dir, { label: "HEAD missing, remote there" });
  assert.equal(r.git, "yes");
  const again = await assertPublishedAgrees(env, dir, { label: "after git fetched HEAD" });
  assert.equal(again.baton.status, "yes");
});

Deno.test("published: a remote-side commit missing, no remote to fetch from: git lists the refs it could walk (no when none), baton says yes only through readable history, else unknown", async () => {
  // HEAD = main~2; main~1 is missing: origin/main's history cannot be walked, origin/feature's can.
  const { env, dir } = await shape(PARTIAL, "git reset -q --hard HEAD~2; unpack; drop main~1", {
    gone: true,
  });
  const r = await assertPublishedAgrees(env, dir, { label: "feature reaches HEAD" });
  assert.equal(r.git, "yes");
  assert.deepEqual(r.baton.refs, ["refs/remotes/origin/feature"]);
  // Without feature: git answers no (it could not read main~1), baton unknown.
  const { env: env2, dir: dir2 } = await shape(
    PARTIAL,
    "git reset -q --hard HEAD~2; git update-ref -d refs/remotes/origin/feature; unpack; drop main~1",
    { gone: true },
  );
  const r2 = await assertPublishedAgrees(env2, dir2, { label: "only main, main~1 missing" });
  assert.equal(r2.git, "no");
  assert.equal(r2.baton.status, "unknown");
  assert.match(r2.baton.reason, /could not be read/);
});

Deno.test("published: a commit missing below a local commit (HEAD's side only): git and baton say no", async () => {
  const { env, dir } = await shape(
    PARTIAL,
    "git reset -q --hard HEAD~2; git commit -q --allow-empty -m local; unpack; drop main~3",
    { gone: true },
  );
  const r = await assertPublishedAgrees(env, dir, { label: "HEAD side missing" });
  assert.equal(r.git, "no");
  assert.equal(r.baton.status, "no");
});

Deno.test("published: shallow clones (depth 1 and 2, every branch) with a local commit: git says no, baton no or unknown", async () => {
  for (const depth of [1, 2]) {
    const { env, dir } = await shape(
      `git clone -q --depth ${depth} --no-single-branch`,
      "git commit -q --allow-empty -m local",
    );
    const r = await assertPublishedAgrees(env, dir, { label: `depth ${depth}` });
    assert.equal(r.git, "no");
    // A shallow remote tip: what lies past it is not known to baton.
    assert.equal(r.baton.status, "unknown");
    // HEAD back at the shallow tip: equal, and readable.
    await runShapeScript(dir, "git reset -q --hard origin/main", env);
    const back = await assertPublishedAgrees(env, dir, { label: `depth ${depth}, at the tip` });
    assert.equal(back.git, "yes");
    assert.equal((await batonFacts(env, dir)).published.status, "yes");
  }
});
