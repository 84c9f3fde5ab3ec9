/**
 * The readers of HEAD outside the facts collector, against git 2.39: where
 * git reads no HEAD (`git rev-parse HEAD` dies) because a config file it
 * reads is malformed, its check of the repository's format stops (a
 * `core.bare` that is no boolean) or an `extensions.*` key is unknown,
 * `baton evidence` recorded HEAD's commit and branch from the files,
 * `baton check-clean` said clean at that HEAD and `baton commit` committed
 * onto the branch, and `baton push` refused for a false reason (no remote
 * named origin: git's death listing the remotes read as none). Now
 * evidence records no HEAD and the commands refuse (exit 6) saying git
 * reads no HEAD, as git does; in the same repository mended (the
 * control) each gives git's HEAD.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";
import { batonOn, finalizeOn, SHARE_ENV, withShareWorld } from "../_helpers/share_world.ts";

/** A repository on branch work (one commit) with a capsule file to commit, and a global config file. */
async function shape(): Promise<{ dir: string; env: Record<string, string> }> {
  const dir = await makeRepo("baton-refused-head-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "base");
  await git(dir, ["checkout", "-q", "-b", "work"]);
  await writeFiles(dir, { ".baton/latest.md": "capsule\n" });
  const home = (await tempDir("baton-refused-head-home-")).path;
  await Deno.writeTextFile(`${home}/gitconfig`, "[user]\n\tname = T\n");
  return { dir, env: { GIT_CONFIG_GLOBAL: `${home}/gitconfig`, GIT_CONFIG_NOSYSTEM: "1" } };
}

/** git's HEAD, or null where git dies. */
async function gitHead(dir: string, env: Record<string, string>): Promise<string | null> {
  const r = await git(dir, ["rev-parse", "HEAD"], { env, allowFail: true });
  return r.code === 0 ? r.stdout.trim() : null;
}

/** The HEAD and branch `baton evidence -- true` records. */
async function evidenceHead(
  dir: string,
  env: Record<string, string>,
): Promise<{ head: string | null; branch: string | null }> {
  const r = await runBaton(["evidence", "--json", "--", "true"], { cwd: dir, env });
  assert.equal(r.code, 0, r.stderr);
  const record = JSON.parse(r.stdout);
  return { head: record.head, branch: record.branch };
}

/** The ways git refuses to read HEAD: each breaks the shape, the second function mends it. */
const REFUSALS: {
  name: string;
  breakIt: (dir: string, global: string) => Promise<void>;
  mend: (dir: string, global: string) => Promise<void>;
}[] = [
  {
    name: "core.bare that is no boolean",
    breakIt: (dir) => git(dir, ["config", "core.bare", "maybe"]).then(() => {}),
    mend: async (dir) => {
      const path = `${dir}/.git/config`;
      await Deno.writeTextFile(
        path,
        (await Deno.readTextFile(path)).replace("bare = maybe", "bare = false"),
      );
    },
  },
  {
    name: "a malformed global config",
    breakIt: (_dir, global) => Deno.writeTextFile(global, "[user\n"),
    mend: (_dir, global) => Deno.writeTextFile(global, "[user]\n\tname = T\n"),
  },
  {
    name: "an unknown extension in a version 1 repository",
    breakIt: async (dir) => {
      await git(dir, ["config", "core.repositoryFormatVersion", "1"]);
      await git(dir, ["config", "extensions.fooBar", "1"]);
    },
    mend: (dir) =>
      git(dir, ["config", "--file", ".git/config", "--unset", "extensions.fooBar"]).then(() => {}),
  },
];

for (const refusal of REFUSALS) {
  Deno.test(`${refusal.name}: evidence records no HEAD, check-clean and commit refuse, as git does`, async () => {
    const { dir, env } = await shape();
    const global = env["GIT_CONFIG_GLOBAL"]!;
    const base = await gitHead(dir, env);
    assert.notEqual(base, null);
    await refusal.breakIt(dir, global);
    assert.equal(await gitHead(dir, env), null, "control: git reads no HEAD");
    assert.deepEqual(await evidenceHead(dir, env), { head: null, branch: null });
    const clean = await runBaton(["check-clean", "--json"], { cwd: dir, env });
    assert.equal(clean.code, 6, `check-clean: ${clean.stdout}`);
    assert.equal(JSON.parse(clean.stdout).error.code, "git_refuses_head");
    const commit = await runBaton(["commit", "--json"], { cwd: dir, env });
    assert.notEqual(commit.code, 0, `commit: ${commit.stdout}`);
    await refusal.mend(dir, global);
    assert.equal(await gitHead(dir, env), base, "mended: git reads HEAD");
    assert.equal(
      (await git(dir, ["rev-list", "--count", "--all"], { env })).stdout.trim(),
      "1",
      "no commit was made while git refused",
    );
    // Controls: the same repository mended gives git's HEAD everywhere.
    assert.deepEqual(await evidenceHead(dir, env), { head: base, branch: "work" });
    const mended = await runBaton(["check-clean", "--json"], { cwd: dir, env });
    assert.equal(mended.code, 0, mended.stdout + mended.stderr);
    assert.equal(JSON.parse(mended.stdout).head, base);
    const made = await runBaton(["commit", "--json"], { cwd: dir, env });
    assert.equal(made.code, 0, made.stdout + made.stderr);
    assert.equal(
      (await git(dir, ["ls-tree", "--name-only", "HEAD", ".baton/"], { env })).stdout,
      ".baton/latest.md\n",
    );
  });
}

Deno.test("baton push refuses where git reads no HEAD, for that reason and writing no chain (core.bare that is no boolean)", async () => {
  await withShareWorld("baton-refused-head-share-", async (w) => {
    await finalizeOn(w.a, "pushing");
    await git(w.a.dir, ["config", "core.bare", "maybe"]);
    assert.equal(await gitHead(w.a.dir, SHARE_ENV), null, "control: git reads no HEAD");
    const r = await batonOn(w.a, ["push", "--json"]);
    assert.equal(r.code, 6, `push: ${r.stdout}${r.stderr}`);
    const config = `${w.a.dir}/.git/config`;
    await Deno.writeTextFile(
      config,
      (await Deno.readTextFile(config)).replace("bare = maybe", "bare = false"),
    );
    const refs = (await git(w.a.dir, ["for-each-ref", "--format=%(refname)", "refs/baton"]))
      .stdout;
    assert.equal(refs, "", "no chain ref was written while git refused");
    assert.equal(JSON.parse(r.stdout).error.code, "git_refuses_head");
    // Control: mended, the chain is written and pushed.
    const mended = await batonOn(w.a, ["push", "--json"]);
    assert.equal(mended.code, 0, mended.stdout + mended.stderr);
    assert.equal(
      (await git(w.remote, ["for-each-ref", "--format=%(refname)", "refs/baton"])).stdout,
      "refs/baton/main\n",
    );
  });
});
