/**
 * A commit can carry a folder at `.baton/latest.md` (a file inside it is enough). baton's own
 * state never travels in a commit, so it must not stop a capture, as a committed link does not
 * (latest_link_capture_test.ts). Before, finalize failed (a rename cannot replace a folder) and
 * every automatic capsule the hooks wrote failed with a warning until a person removed it,
 * each one archived as the start of a new chain. Now the folder is set aside within `.baton`
 * (renamed, never deleted: what it holds is kept) and the capsule is written; finalize says so.
 * The real CLI and a real repository with the folder committed.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

/** A repository with two capsules of this user's, then a stranger's folder at latest.md. */
async function repoWithCommittedFolder(home: string): Promise<{ dir: string; second: string }> {
  const dir = await makeRepo("baton-latest-folder-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "init");
  let second = "";
  for (const now of ["first", "second"]) {
    const r = await runBaton(["finalize", "--draft", "-", "--json"], {
      cwd: dir,
      env: { BATON_HOME: home },
      stdin: JSON.stringify({ now }),
    });
    assert.equal(r.code, 0, r.stderr);
    second = JSON.parse(r.stdout).id;
  }
  await commitAll(dir, "capsules");
  await Deno.remove(`${dir}/.baton/latest.md`);
  await writeFiles(dir, { ".baton/latest.md/x": "a stranger's file\n" });
  await commitAll(dir, "a stranger's commit carries a folder at .baton/latest.md");
  return { dir, second };
}

/** The folder's new place in .baton, with its file intact. */
async function assertSetAside(dir: string): Promise<void> {
  assert.ok((await Deno.lstat(`${dir}/.baton/latest.md`)).isFile, "latest.md is a file now");
  const aside = [...Deno.readDirSync(`${dir}/.baton`)].filter((e) =>
    e.name.startsWith("latest.md.invalid-")
  );
  assert.equal(aside.length, 1, "the folder was not set aside");
  assert.equal(
    await Deno.readTextFile(`${dir}/.baton/${aside[0]!.name}/x`),
    "a stranger's file\n",
    "what the folder held was not kept",
  );
}

Deno.test("finalize sets a committed folder at latest.md aside and writes the capsule on the chain the archive holds; the next one continues it", async () => {
  await using home = await tempDir("baton-home-");
  const { dir, second } = await repoWithCommittedFolder(home.path);
  const env = { BATON_HOME: home.path };
  try {
    const r = await runBaton(["finalize", "--draft", "-", "--json"], {
      cwd: dir,
      env,
      stdin: '{"now":"mine"}',
    });
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stderr,
      /\.baton\/latest\.md was not a regular file: set aside as \.baton\/latest\.md\.invalid-/,
    );
    await assertSetAside(dir);
    const first = JSON.parse(r.stdout).id;
    assert.equal(JSON.parse(r.stdout).previous, second, "the chain was not continued");
    // Control: the store reads back, and the next capsule continues the chain (no warning).
    const next = await runBaton(["finalize", "--draft", "-", "--json"], {
      cwd: dir,
      env,
      stdin: '{"now":"mine again"}',
    });
    assert.equal(next.code, 0, next.stderr);
    assert.doesNotMatch(next.stderr, /set aside/);
    const show = await runBaton(["show", "--json"], { cwd: dir, env });
    assert.equal(show.code, 0, show.stderr);
    assert.equal(JSON.parse(show.stdout).capsule.meaning.now, "mine again");
    assert.equal(JSON.parse(show.stdout).capsule.previous, first);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the pre-compact hook captures past a committed folder at latest.md, on the chain the archive holds", async () => {
  await using home = await tempDir("baton-home-");
  const { dir, second } = await repoWithCommittedFolder(home.path);
  try {
    const r = await runBaton(["hook", "pre-compact", "--host", "codex"], {
      cwd: dir,
      env: { BATON_HOME: home.path },
      stdin: JSON.stringify({ cwd: dir, hook_event_name: "PreCompact" }),
    });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /\.baton\/latest\.md was not a regular file: set aside as /);
    await assertSetAside(dir);
    assert.match(await Deno.readTextFile(`${dir}/.baton/latest.md`), /baton-capsule/);
    const archive = [...Deno.readDirSync(`${dir}/.baton/capsules`)].filter((e) => e.isFile);
    assert.equal(archive.length, 3, "the capture was not archived");
    assert.match(
      await Deno.readTextFile(`${dir}/.baton/latest.md`),
      new RegExp(`- previous: ${second}\n`),
      "the capture did not continue the chain",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("finalize still refuses when the folder's commit also deleted the newest capsule this clone made current (as for a missing latest.md)", async () => {
  await using home = await tempDir("baton-home-");
  const { dir, second } = await repoWithCommittedFolder(home.path);
  const env = { BATON_HOME: home.path };
  try {
    for (const e of Deno.readDirSync(`${dir}/.baton/capsules`)) {
      if (e.name.includes(second.slice("sha256:".length, "sha256:".length + 8))) {
        await Deno.remove(`${dir}/.baton/capsules/${e.name}`);
      }
    }
    const r = await runBaton(["finalize", "--draft", "-", "--json"], {
      cwd: dir,
      env,
      stdin: '{"now":"mine"}',
    });
    assert.equal(r.code, 1, r.stderr);
    assert.equal(JSON.parse(r.stdout).error.code, "rolled_back");
    assert.ok((await Deno.lstat(`${dir}/.baton/latest.md`)).isDirectory, "nothing was touched");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
