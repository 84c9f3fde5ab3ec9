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

Deno.test("progress add never reads through a committed symbolic link at .baton/progress.md (it copied the target into the log)", async () => {
  await using outside = await tempDir("baton-link-target-");
  const secret = `${outside.path}/credentials`;
  await Deno.writeTextFile(secret, "AWS_SECRET_ACCESS_KEY=not-for-the-repository\n");
  const dir = await makeRepo("baton-progress-link-");
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    // Control: a real progress log takes the entry.
    const ok = await runBaton(["progress", "add", "first"], { cwd: dir });
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(await Deno.readTextFile(`${dir}/.baton/progress.md`), /- first/);
    await Deno.remove(`${dir}/.baton/progress.md`);
    await Deno.symlink(secret, `${dir}/.baton/progress.md`);
    await commitAll(dir, "a stranger's link");
    await runBaton(["progress", "rebuild"], { cwd: dir });
    const r = await runBaton(["progress", "add", "hello"], { cwd: dir });
    assert.equal(r.code, 5, r.stderr);
    assert.match(r.stderr, /symbolic link/);
    assert.ok((await Deno.lstat(`${dir}/.baton/progress.md`)).isSymlink, "left as it is");
    assert.equal(
      await Deno.readTextFile(secret),
      "AWS_SECRET_ACCESS_KEY=not-for-the-repository\n",
    );
    const files = async (d: string): Promise<string[]> => {
      const out: string[] = [];
      for await (const e of Deno.readDir(d)) {
        if (e.isDirectory) out.push(...await files(`${d}/${e.name}`));
        else if (e.isFile) out.push(`${d}/${e.name}`);
      }
      return out;
    };
    for (const f of await files(`${dir}/.baton`)) {
      assert.ok(!(await Deno.readTextFile(f)).includes("AWS_SECRET"), `${f} holds the target`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
