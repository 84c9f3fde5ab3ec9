/**
 * The baton home grants trust (this machine's key, the trusted-keys file),
 * so it is never read from inside the repository baton works in: a clone
 * can carry key files there, and a repository's committed host settings can
 * point BATON_HOME at them. Through the real CLI, with the same key files
 * outside the repository as the positive control.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";
import { batonTaskFlags } from "../_helpers/task_flags.ts";

const DRAFT = JSON.stringify({ now: "a stranger's session", decisions: [{ text: "use X" }] });

/** A repository holding a capsule signed by a key whose files are copied into `<repo>/<inRepo>`. */
async function plantedRepo(): Promise<{ repo: string; outside: string }> {
  const repo = await makeRepo();
  await writeFiles(repo, { "a.txt": "a\n" });
  await commitAll(repo);
  const outside = `${(await tempDir()).path}/home`;
  const r = await runBaton(["finalize", "--draft", "-"], {
    cwd: repo,
    stdin: DRAFT,
    env: { BATON_HOME: outside },
  });
  assert.equal(r.code, 0, r.stderr);
  await Deno.mkdir(`${repo}/keys`);
  for (const name of ["signing_key.jwk"]) {
    await Deno.copyFile(`${outside}/${name}`, `${repo}/keys/${name}`);
    await Deno.chmod(`${repo}/keys/${name}`, 0o600);
  }
  await Deno.chmod(`${repo}/keys`, 0o700);
  return { repo, outside };
}

async function authorship(repo: string, home: string, cwd = repo): Promise<{
  status: string;
  problem: string | null;
}> {
  const r = await runBaton(["show", "--json"], { cwd, env: { BATON_HOME: home } });
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  return { status: out.authorship.status, problem: out.trust_problem };
}

Deno.test("a baton home inside the work tree grants no trust: the planted key is not this machine's", async () => {
  const { repo, outside } = await plantedRepo();
  // Positive control: the same key files outside the repository are trusted.
  assert.equal((await authorship(repo, outside)).status, "trusted");
  const inside = await authorship(repo, `${repo}/keys`);
  assert.notEqual(inside.status, "trusted");
  assert.match(inside.problem ?? "", /baton home is inside the repository/);
  // From a subfolder, and through a symbolic link from outside the repository.
  await Deno.mkdir(`${repo}/sub`);
  assert.notEqual((await authorship(repo, `${repo}/keys`, `${repo}/sub`)).status, "trusted");
  const link = `${(await tempDir()).path}/link`;
  await Deno.symlink(`${repo}/keys`, link);
  const linked = await authorship(repo, link);
  assert.notEqual(linked.status, "trusted");
  assert.match(linked.problem ?? "", /inside the repository/);
  // The text form says why.
  const text = await runBaton(["show"], { cwd: repo, env: { BATON_HOME: link } });
  assert.match(text.stdout, /trusted keys: .*inside the repository/);
});

Deno.test("a trusted-keys file inside the git directory is not read", async () => {
  const { repo, outside } = await plantedRepo();
  // A teammate's key trusted through a trusted-keys file: here the signer's key is
  // listed in a home that has no key of its own.
  const listing = `${(await tempDir()).path}/home`;
  const pub = await runBaton(["trust", "show-key", "--json"], {
    cwd: repo,
    env: { BATON_HOME: outside },
  });
  assert.equal(pub.code, 0, pub.stderr);
  const key = JSON.parse(pub.stdout).public_key;
  const add = await runBaton(["trust", "add", key, "--name", "alice"], {
    cwd: repo,
    env: { BATON_HOME: listing },
  });
  assert.equal(add.code, 0, add.stderr);
  await Deno.remove(`${listing}/signing_key.jwk`).catch(() => {});
  // Positive control: read from outside, the listed key is trusted.
  assert.equal((await authorship(repo, listing)).status, "trusted");
  const inGitDir = `${repo}/.git/baton-home`;
  await Deno.mkdir(inGitDir, { mode: 0o700 });
  await Deno.copyFile(`${listing}/trusted_keys.json`, `${inGitDir}/trusted_keys.json`);
  await Deno.chmod(`${inGitDir}/trusted_keys.json`, 0o600);
  const inside = await authorship(repo, inGitDir);
  assert.notEqual(inside.status, "trusted");
  assert.match(inside.problem ?? "", /inside the repository/);
});

Deno.test({
  name: "a key file another user owns grants no trust, whatever its mode",
  // Only root can give a file to another user; elsewhere the case cannot be built.
  ignore: Deno.build.os === "windows" || Deno.uid() !== 0,
  fn: async () => {
    const { repo, outside } = await plantedRepo();
    assert.equal((await authorship(repo, outside)).status, "trusted", "control: owned by us");
    await Deno.chown(`${outside}/signing_key.jwk`, 65534, null);
    const other = await authorship(repo, outside);
    assert.notEqual(other.status, "trusted");
    assert.match(other.problem ?? "", /owned by another user/);
  },
});

Deno.test("a baton started without --allow-sys=uid (a launcher an older install wrote) still signs with its key; the task's own flags sign too (control)", async () => {
  const repo = await makeRepo();
  await writeFiles(repo, { "a.txt": "a\n" });
  await commitAll(repo);
  await using home = await tempDir("baton-home-");
  const root = new URL("../../", import.meta.url).pathname;
  const taskFlags = batonTaskFlags(`${root}deno.json`)!;
  const olderFlags = taskFlags
    .filter((f) => f !== "--allow-ffi")
    .map((f) => f.startsWith("--allow-sys=") ? "--allow-sys=hostname" : f);
  assert.notDeepEqual(olderFlags, taskFlags);
  for (const flags of [olderFlags, taskFlags]) {
    const run = (args: string[], stdin?: string) =>
      new Deno.Command(Deno.execPath(), {
        args: ["run", ...flags, `--config=${root}deno.json`, `${root}main.ts`, ...args],
        cwd: repo,
        env: { BATON_HOME: home.path },
        stdin: stdin === undefined ? "null" : "piped",
        stdout: "piped",
        stderr: "piped",
      });
    const fin = run(["finalize", "--draft", "-"], DRAFT).spawn();
    const w = fin.stdin.getWriter();
    await w.write(new TextEncoder().encode(DRAFT));
    await w.close();
    const written = await fin.output();
    assert.equal(written.code, 0, new TextDecoder().decode(written.stderr));
    const show = await run(["show", "--json"]).output();
    assert.equal(show.code, 0, new TextDecoder().decode(show.stderr));
    const text = new TextDecoder().decode(show.stdout);
    assert.doesNotMatch(text, /could not all be read|owned by another user/, flags.join(" "));
    assert.match(
      text,
      /"signed_by_this_machine"|"this_machine"|this machine's key/,
      flags.join(" "),
    );
  }
});

Deno.test("a baton home in the repository around a nested one (a submodule's superproject) grants no trust either", async () => {
  const outer = await makeRepo();
  try {
    const repo = `${outer}/vendor/lib`;
    await writeFiles(repo, { "a.txt": "a\n" });
    await git(repo, ["init", "-q", "-b", "main"]);
    await commitAll(repo);
    const outside = `${(await tempDir()).path}/home`;
    const r = await runBaton(["finalize", "--draft", "-"], {
      cwd: repo,
      stdin: DRAFT,
      env: { BATON_HOME: outside },
    });
    assert.equal(r.code, 0, r.stderr);
    await Deno.mkdir(`${outer}/keys`);
    await Deno.copyFile(`${outside}/signing_key.jwk`, `${outer}/keys/signing_key.jwk`);
    await Deno.chmod(`${outer}/keys/signing_key.jwk`, 0o600);
    await Deno.chmod(`${outer}/keys`, 0o700);
    // Positive control: the same key files outside every repository are trusted.
    assert.equal((await authorship(repo, outside)).status, "trusted");
    const planted = await authorship(repo, `${outer}/keys`);
    assert.notEqual(planted.status, "trusted");
    assert.match(planted.problem ?? "", /baton home is inside the repository/);
  } finally {
    await Deno.remove(outer, { recursive: true });
  }
});

Deno.test("a baton home in the main work tree grants no trust from a linked worktree of the same repository", async () => {
  const { repo, outside } = await plantedRepo();
  const wt = `${(await tempDir()).path}/wt`;
  try {
    await git(repo, ["worktree", "add", "-q", wt, "-b", "side"]);
    await Deno.mkdir(`${wt}/.baton`, { recursive: true });
    for (const name of await Array.fromAsync(Deno.readDir(`${repo}/.baton`))) {
      if (name.isFile) {
        await Deno.copyFile(`${repo}/.baton/${name.name}`, `${wt}/.baton/${name.name}`);
      }
    }
    await Deno.mkdir(`${wt}/.baton/capsules`, { recursive: true });
    for (const name of await Array.fromAsync(Deno.readDir(`${repo}/.baton/capsules`))) {
      await Deno.copyFile(
        `${repo}/.baton/capsules/${name.name}`,
        `${wt}/.baton/capsules/${name.name}`,
      );
    }
    // Positive control: the key files outside the repository are trusted from the worktree.
    assert.equal((await authorship(wt, outside)).status, "trusted");
    const planted = await authorship(wt, `${repo}/keys`);
    assert.notEqual(planted.status, "trusted");
    assert.match(planted.problem ?? "", /baton home is inside the repository/);
  } finally {
    await Deno.remove(repo, { recursive: true });
    await Deno.remove(wt, { recursive: true }).catch(() => {});
  }
});
