/**
 * Replace refs and GIT_CEILING_DIRECTORIES (core/facts/git/git_reach.ts) through the real CLI on
 * real repositories, git as the oracle: where git reads HEAD through a replace ref, or stops its
 * search below the repository, baton reports the work tree unknown instead of answering from the
 * tree it found; with the replacement disabled, or started at the work tree (the controls), baton
 * compares and agrees with git. (check-clean and the handoff commit refusing a repository git refuses
 * for its owner: tests/commands/check_clean_test.ts.)
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { runBaton } from "../../../_helpers/cli.ts";
import {
  OWNERSHIP_REASON,
  OWNERSHIP_VERSIONS_REASON,
  REPLACE_REFS_REASON,
} from "../../../../core/facts/git/git_reach.ts";

interface Unavailable {
  part: string;
  reason: string;
}

async function preflightFacts(cwd: string, env: Record<string, string> = {}) {
  const r = await runBaton(["preflight", "--json"], { cwd, env });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).facts as {
    changed_count: number;
    dirty: boolean | null;
    head: string | null;
    branch: string | null;
    remotes: { name: string; url: string }[];
    unavailable?: Unavailable[];
  };
}

Deno.test("a replace ref on HEAD: git reads the replacement and shows a change, baton says unknown; disabled, both agree", async () => {
  const dir = await makeRepo("baton-replace-");
  try {
    await writeFiles(dir, { "f.txt": "one\n" });
    await commitAll(dir, "one");
    await writeFiles(dir, { "f.txt": "two\n" });
    await commitAll(dir, "two");
    const clean = await preflightFacts(dir);
    assert.equal(clean.changed_count, 0, "control: before the replacement baton compares");
    assert.deepEqual(clean.unavailable ?? [], []);

    await git(dir, ["replace", "HEAD", "HEAD~1"]);
    const oracle = await git(dir, ["status", "--porcelain"]);
    assert.equal(oracle.stdout, "M  f.txt\n", "git reads HEAD through the replace ref");
    const replaced = await preflightFacts(dir);
    const worktree = replaced.unavailable?.find((u) => u.part === "worktree");
    assert.equal(worktree?.reason, REPLACE_REFS_REASON);
    assert.notEqual(replaced.dirty, false, "never clean where git shows a change");

    const off = { GIT_NO_REPLACE_OBJECTS: "1" };
    const plain = await git(dir, ["status", "--porcelain"], { env: off });
    assert.equal(plain.stdout, "", "control: git without replacement sees no change");
    const disabled = await preflightFacts(dir, off);
    assert.deepEqual(disabled.unavailable ?? [], []);
    assert.equal(disabled.changed_count, 0);

    await git(dir, ["config", "core.useReplaceRefs", "false"]);
    const configOff = await preflightFacts(dir);
    assert.deepEqual(configOff.unavailable ?? [], [], "core.useReplaceRefs=false is followed");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("GIT_CEILING_DIRECTORIES above the start: git finds no repository, baton says unknown; at the work tree, both compare", async () => {
  const dir = await makeRepo("baton-ceiling-");
  try {
    await writeFiles(dir, { "sub/a.txt": "a\n" });
    await commitAll(dir);
    await writeFiles(dir, { "sub/b.txt": "b\n" });
    const env = { GIT_CEILING_DIRECTORIES: dir };
    const oracle = await git(`${dir}/sub`, ["status", "--porcelain"], { env, allowFail: true });
    assert.notEqual(oracle.code, 0, "git stops below the repository");
    const stopped = await preflightFacts(`${dir}/sub`, env);
    const worktree = stopped.unavailable?.find((u) => u.part === "worktree");
    assert.match(worktree?.reason ?? "", /GIT_CEILING_DIRECTORIES/);
    // git reads no repository: no HEAD of the one baton found is reported as git's.
    assert.equal(stopped.head, null, "no HEAD where git finds no repository");
    assert.match(stopped.unavailable?.find((u) => u.part === "head")?.reason ?? "", /CEILING/);
    assert.doesNotMatch(JSON.stringify(stopped), new RegExp(`${dir}"?:`), "no value echoed");

    const atRoot = await git(dir, ["status", "--porcelain", "-uall"], { env });
    assert.equal(atRoot.stdout, "?? sub/b.txt\n", "control: git compares from the work tree");
    const compared = await preflightFacts(dir, env);
    assert.deepEqual(compared.unavailable ?? [], []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("GIT_CEILING_DIRECTORIES naming the work tree through a symbolic link: git resolves it and stops, baton says unknown; after an empty entry git takes it as written, and both compare", async () => {
  const dir = await makeRepo("baton-ceiling-link-");
  const links = await Deno.makeTempDir({ prefix: "baton-ceiling-links-" });
  try {
    await writeFiles(dir, { "sub/a.txt": "a\n" });
    await commitAll(dir);
    await writeFiles(dir, { "sub/b.txt": "b\n" });
    const link = `${links}/repo`;
    await Deno.symlink(dir, link);
    const env = { GIT_CEILING_DIRECTORIES: link };
    const oracle = await git(`${dir}/sub`, ["status", "--porcelain"], { env, allowFail: true });
    assert.notEqual(oracle.code, 0, "git resolves the link and stops below the repository");
    const stopped = await preflightFacts(`${dir}/sub`, env);
    const worktree = stopped.unavailable?.find((u) => u.part === "worktree");
    assert.match(worktree?.reason ?? "", /GIT_CEILING_DIRECTORIES/);
    assert.notEqual(stopped.dirty, true, "no change stated where git finds no repository");

    const literal = { GIT_CEILING_DIRECTORIES: `:${link}` };
    const found = await git(`${dir}/sub`, ["status", "--porcelain", "-uall"], { env: literal });
    assert.equal(
      found.stdout,
      "?? sub/b.txt\n",
      "control: after an empty entry git does not resolve",
    );
    const compared = await preflightFacts(`${dir}/sub`, literal);
    assert.deepEqual(compared.unavailable ?? [], []);
    assert.equal(compared.changed_count, 1);
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(links, { recursive: true });
  }
});

/**
 * A repository with one changed file, owned by another user (uid 65534) once
 * `prepare` has run in it, and a folder for git's global config (`global`,
 * named by `env` with the system config off). The caller removes both.
 */
async function foreignOwnedRepo(prepare?: (dir: string) => Promise<void>) {
  const dir = await makeRepo("baton-owner-");
  const conf = await Deno.makeTempDir({ prefix: "baton-owner-conf-" });
  await writeFiles(dir, { "f.txt": "one\n" });
  await commitAll(dir);
  await writeFiles(dir, { "f.txt": "two\n" });
  await prepare?.(dir);
  const chown = await new Deno.Command("chown", { args: ["-R", "65534", dir] }).output();
  assert.equal(chown.code, 0);
  const global = `${conf}/gitconfig`;
  return { dir, conf, global, env: { GIT_CONFIG_GLOBAL: global, GIT_CONFIG_NOSYSTEM: "1" } };
}

Deno.test({
  name:
    "a repository owned by another user: git refuses it (dubious ownership), baton says unknown; named in safe.directory (or '*'), both compare",
  ignore: Deno.build.os === "windows" || Deno.uid() !== 0,
  fn: async () => {
    const { dir, conf, global, env } = await foreignOwnedRepo(async (dir) => {
      await git(dir, ["remote", "add", "origin", "https://example.com/r.git"]);
    });
    try {
      await Deno.writeTextFile(global, "");
      const oracle = await git(dir, ["status", "--porcelain"], { env, allowFail: true });
      assert.notEqual(oracle.code, 0, "git refuses a repository another user owns");
      const refused = await preflightFacts(dir, env);
      const worktree = refused.unavailable?.find((u) => u.part === "worktree");
      assert.equal(worktree?.reason, OWNERSHIP_REASON);
      assert.notEqual(refused.dirty, true, "no change stated where git refuses to look");
      // git tells nothing of a repository it refuses, HEAD and branch included.
      assert.equal(refused.unavailable?.find((u) => u.part === "head")?.reason, OWNERSHIP_REASON);
      assert.equal(refused.head, null);
      assert.equal(refused.branch, null);
      // Nor its config (git reads none of it): no remote is told.
      assert.deepEqual(refused.remotes, []);
      assert.equal(refused.unavailable?.find((u) => u.part === "config")?.reason, OWNERSHIP_REASON);

      // Whatever else baton cannot apply (config from the environment it does not read), git
      // still refuses the repository first: HEAD and branch stay untold.
      const include = `${conf}/empty`;
      await Deno.writeTextFile(include, "");
      const withEnvConfig = {
        ...env,
        GIT_CONFIG_COUNT: "1",
        GIT_CONFIG_KEY_0: "include.path",
        GIT_CONFIG_VALUE_0: include,
      };
      const envOracle = await git(dir, ["status", "--porcelain"], {
        env: withEnvConfig,
        allowFail: true,
      });
      assert.notEqual(envOracle.code, 0, "git refuses it with config in the environment too");
      const envRefused = await preflightFacts(dir, withEnvConfig);
      assert.equal(envRefused.head, null);
      assert.equal(envRefused.branch, null);
      assert.equal(
        envRefused.unavailable?.find((u) => u.part === "head")?.reason,
        OWNERSHIP_REASON,
      );
      // git reads a repository named by GIT_DIR without asking who owns it.
      const named = { ...env, GIT_DIR: `${dir}/.git` };
      const direct = await git(dir, ["rev-parse", "HEAD"], { env: named });
      assert.equal(direct.code, 0, "control: git reads HEAD through GIT_DIR");
      const throughGitDir = await preflightFacts(dir, named);
      assert.equal(throughGitDir.head, direct.stdout.trim(), "control: HEAD read as git reads it");

      for (const value of [dir, "*"]) {
        await Deno.writeTextFile(global, `[safe]\n\tdirectory = ${value}\n`);
        const named = await git(dir, ["status", "--porcelain"], { env });
        assert.equal(
          named.stdout,
          " M f.txt\n",
          `control: git reads it with safe.directory=${value}`,
        );
        const compared = await preflightFacts(dir, env);
        assert.deepEqual(compared.unavailable ?? [], []);
        assert.equal(compared.changed_count, 1);
        assert.match(
          compared.head ?? "",
          /^[0-9a-f]{40}$/,
          "control: HEAD read where git reads it",
        );
        assert.deepEqual(compared.remotes, [{ name: "origin", url: "https://example.com/r.git" }]);
      }
      // An empty value clears the list before it, as git reads it.
      await Deno.writeTextFile(global, `[safe]\n\tdirectory = ${dir}\n\tdirectory =\n`);
      const cleared = await git(dir, ["status", "--porcelain"], { env, allowFail: true });
      assert.notEqual(cleared.code, 0);
      const clearedFacts = await preflightFacts(dir, env);
      assert.equal(
        clearedFacts.unavailable?.find((u) => u.part === "worktree")?.reason,
        OWNERSHIP_REASON,
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
      await Deno.remove(conf, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "a repository owned by another user: a safe.directory only newer git reads as naming it (a trailing slash, a link, a /* prefix) is unknown, the git directory names nothing",
  ignore: Deno.build.os === "windows" || Deno.uid() !== 0,
  fn: async () => {
    const { dir, conf, global, env } = await foreignOwnedRepo();
    try {
      await Deno.symlink(dir, `${conf}/link`);
      const [major, minor] = (await git(dir, ["version"])).stdout.match(/\d+/g)!.map(Number);
      const newer = major! > 2 || (major === 2 && minor! >= 46);
      const shapes: [string, string, string][] = [
        ["a trailing slash", `${dir}/`, OWNERSHIP_VERSIONS_REASON],
        ["a path through a link", `${conf}/link`, OWNERSHIP_VERSIONS_REASON],
        [
          "a /* prefix over it",
          `${dir.slice(0, dir.lastIndexOf("/"))}/*`,
          OWNERSHIP_VERSIONS_REASON,
        ],
        ["the git directory", `${dir}/.git`, OWNERSHIP_REASON],
        ["a /* prefix beside it", `${dir}-other/*`, OWNERSHIP_REASON],
      ];
      for (const [label, value, reason] of shapes) {
        await Deno.writeTextFile(global, `[safe]\n\tdirectory = ${value}\n`);
        const oracle = await git(dir, ["status", "--porcelain"], { env, allowFail: true });
        // Control: git at hand refuses (older) or reads it (2.46 and later, where baton says
        // the versions differ); the git directory is refused by every version.
        if (!newer || reason === OWNERSHIP_REASON) {
          assert.notEqual(oracle.code, 0, `control: git refuses (${label})`);
        }
        const facts = await preflightFacts(dir, env);
        const worktree = facts.unavailable?.find((u) => u.part === "worktree");
        assert.equal(worktree?.reason, reason, label);
        assert.notEqual(facts.dirty, true, `${label}: no change stated`);
      }
      // Control: the physical path as written is read by every git, and by baton.
      await Deno.writeTextFile(global, `[safe]\n\tdirectory = ${dir}\n`);
      assert.equal((await git(dir, ["status", "--porcelain"], { env })).stdout, " M f.txt\n");
      const compared = await preflightFacts(dir, env);
      assert.deepEqual(compared.unavailable ?? [], []);
      assert.equal(compared.changed_count, 1);
    } finally {
      await Deno.remove(dir, { recursive: true });
      await Deno.remove(conf, { recursive: true });
    }
  },
});
