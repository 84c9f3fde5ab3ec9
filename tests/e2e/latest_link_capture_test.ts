/**
 * A commit can carry a symbolic link at `.baton/latest.md`. baton's own state
 * never travels in a commit, so the link must not stop a capture: finalize and
 * the pre-compact hook write the capsule by an atomic rename that replaces the
 * link itself, never writing through it (the link's target keeps its bytes and
 * its mode) and never reading it (nothing of the target is carried forward).
 * The real CLI, a real repository with the link committed, git as the oracle.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const TARGET_TEXT = "the user's own notes, not a capsule\n";

async function repoWithCommittedLink(target: string): Promise<string> {
  const dir = await makeRepo("baton-latest-link-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await Deno.mkdir(`${dir}/.baton`);
  await Deno.symlink(target, `${dir}/.baton/latest.md`);
  await commitAll(dir, "a stranger's commit carries a link at .baton/latest.md");
  const ls = await git(dir, ["ls-files", "-s", ".baton/latest.md"]);
  assert.match(ls.stdout, /^120000 /, "git holds the link as a link");
  return dir;
}

async function assertReplacedNotFollowed(dir: string, target: string): Promise<void> {
  const st = await Deno.lstat(`${dir}/.baton/latest.md`);
  assert.ok(st.isFile && !st.isSymlink, "latest.md is now a real file");
  assert.match(await Deno.readTextFile(`${dir}/.baton/latest.md`), /baton-capsule/);
  assert.equal(await Deno.readTextFile(target), TARGET_TEXT, "the target was not written");
  assert.equal((await Deno.stat(target)).mode! & 0o777, 0o600, "nor its mode changed");
}

Deno.test("finalize replaces a committed symbolic link at latest.md instead of refusing (exit 5) or writing through it", async () => {
  await using outside = await tempDir("baton-link-target-");
  const target = `${outside.path}/notes.md`;
  await Deno.writeTextFile(target, TARGET_TEXT, { mode: 0o600 });
  await Deno.chmod(target, 0o600);
  const dir = await repoWithCommittedLink(target);
  try {
    // Reading still never follows the link: load refuses it and says how to fix it.
    const before = await runBaton(["load"], { cwd: dir });
    assert.equal(before.code, 5, before.stderr);
    assert.match(before.stderr, /symbolic link/);
    const r = await runBaton(["finalize", "--draft", "-", "--json"], {
      cwd: dir,
      stdin: '{"now":"mine"}',
    });
    assert.equal(r.code, 0, r.stderr);
    const written = JSON.parse(r.stdout);
    await assertReplacedNotFollowed(dir, target);
    // Positive control: the store now reads back, and the capsule is the one just written.
    const load = await runBaton(["show", "--json"], { cwd: dir });
    assert.equal(load.code, 0, load.stderr);
    assert.equal(JSON.parse(load.stdout).capsule.meaning.now, "mine");
    assert.equal(JSON.parse(load.stdout).capsule.id, written.id);
    assert.equal(JSON.parse(load.stdout).capsule.previous, null, "nothing read from the link");
    assert.deepEqual(
      [...Deno.readDirSync(outside.path)].map((e) => e.name),
      ["notes.md"],
      "nothing was created beside the target",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the pre-compact hook captures through a committed symbolic link at latest.md by replacing it", async () => {
  await using outside = await tempDir("baton-link-target-");
  const target = `${outside.path}/notes.md`;
  await Deno.writeTextFile(target, TARGET_TEXT);
  await Deno.chmod(target, 0o600);
  const dir = await repoWithCommittedLink(target);
  try {
    const r = await runBaton(["hook", "pre-compact", "--host", "codex"], {
      cwd: dir,
      stdin: JSON.stringify({ cwd: dir, hook_event_name: "PreCompact" }),
    });
    assert.equal(r.code, 0, r.stderr);
    await assertReplacedNotFollowed(dir, target);
    const archive = [...Deno.readDirSync(`${dir}/.baton/capsules`)].filter((e) => e.isFile);
    assert.equal(archive.length, 1, "the capture was archived too");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
