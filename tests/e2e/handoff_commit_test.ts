/**
 * `baton commit`, `baton clean` and `baton check-clean` against real git
 * repositories, with the git binary as the oracle: only .baton/latest.md
 * changes, staged work stays staged, the base branch never gets a handoff,
 * locks held by git stop baton with nothing changed.
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { runBaton } from "../_helpers/cli.ts";
import { tempDir } from "../_helpers/temp.ts";
import { parseIndex } from "../../core/facts/worktree/index_file.ts";

const ENV = { GIT_AUTHOR_NAME: "Baton Test", GIT_AUTHOR_EMAIL: "bt@example.invalid" };

async function withRepo(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await makeRepo("baton-handoff-");
  try {
    await writeFiles(dir, { "src/a.ts": "export const a = 1;\n" });
    await commitAll(dir, "init");
    await writeFiles(dir, { ".baton/latest.md": "# baton capsule\n\nnow: testing\n" });
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const head = async (dir: string) => (await git(dir, ["rev-parse", "HEAD"])).stdout.trim();
const branch = async (dir: string) =>
  (await git(dir, ["symbolic-ref", "--short", "HEAD"], { allowFail: true })).stdout.trim();

Deno.test("commit on a feature branch: one commit with only latest.md, staged work still staged", async () => {
  await withRepo(async (dir) => {
    await git(dir, ["switch", "-q", "-c", "feature"]);
    await writeFiles(dir, { "src/a.ts": "export const a = 2;\n", "src/b.ts": "b\n" });
    await git(dir, ["add", "src/a.ts"]);
    const before = await head(dir);
    const r = await runBaton(["commit", "--json"], { cwd: dir, env: ENV });
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.action, "committed");
    assert.equal(out.branch, "feature");
    assert.equal(out.created_branch, false);
    assert.equal(await branch(dir), "feature");
    assert.equal((await git(dir, ["rev-parse", "HEAD^"])).stdout.trim(), before);
    const changed =
      (await git(dir, ["diff-tree", "--no-commit-id", "--name-only", "-r", "HEAD"])).stdout;
    assert.equal(changed, ".baton/latest.md\n");
    const status = (await git(dir, ["status", "--porcelain"])).stdout;
    assert.match(status, /^M {2}src\/a\.ts$/m, status);
    assert.match(status, /^\?\? src\/b\.ts$/m, status);
    assert.doesNotMatch(status, /\.baton\/latest\.md/, status);
    assert.equal(
      (await git(dir, ["log", "-1", "--format=%an <%ae>%n%s"])).stdout,
      "Baton Test <bt@example.invalid>\nbaton: handoff capsule\n",
    );
    assert.equal((await git(dir, ["fsck", "--strict"], { allowFail: true })).code, 0);
    // Again with the same file: nothing to do.
    const again = await runBaton(["commit", "--json"], { cwd: dir, env: ENV });
    assert.equal(JSON.parse(again.stdout).action, "unchanged");
    assert.equal((await git(dir, ["rev-list", "--count", "HEAD"])).stdout.trim(), "2");
  });
});

Deno.test("commit from the base branch makes baton/handoff-<ts> and leaves main where it was", async () => {
  await withRepo(async (dir) => {
    const mainBefore = await head(dir);
    const r = await runBaton(["commit"], { cwd: dir, env: ENV });
    assert.equal(r.code, 0, r.stderr);
    assert.match(await branch(dir), /^baton\/handoff-\d{8}T\d{6}Z$/);
    assert.equal((await git(dir, ["rev-parse", "main"])).stdout.trim(), mainBefore);
    assert.match(r.stdout, /git push -u origin/);
    assert.equal((await git(dir, ["status", "--porcelain"])).stdout, "");
  });
});

Deno.test("origin/HEAD names the base branch; --base overrides", async () => {
  await withRepo(async (dir) => {
    await git(dir, ["switch", "-q", "-c", "trunk"]);
    await git(dir, ["update-ref", "refs/remotes/origin/trunk", "HEAD"]);
    await git(dir, ["symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/trunk"]);
    const dry = JSON.parse(
      (await runBaton(["commit", "--dry-run", "--json"], { cwd: dir, env: ENV })).stdout,
    );
    assert.equal(dry.base, "trunk");
    assert.equal(dry.created_branch, true);
    assert.equal(dry.action, "planned");
    const other = JSON.parse(
      (await runBaton(["commit", "--dry-run", "--json", "--base", "main"], { cwd: dir, env: ENV }))
        .stdout,
    );
    assert.equal(other.created_branch, false);
    assert.equal(other.branch, "trunk");
  });
});

Deno.test("--dry-run writes nothing (a real run does)", async () => {
  await withRepo(async (dir) => {
    await git(dir, ["switch", "-q", "-c", "feature"]);
    const before = await head(dir);
    const objects = (await git(dir, ["count-objects", "-v"])).stdout;
    const dry = await runBaton(["commit", "--dry-run"], { cwd: dir, env: ENV });
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /^Would commit/);
    assert.equal(await head(dir), before);
    assert.equal((await git(dir, ["count-objects", "-v"])).stdout, objects);
    const real = await runBaton(["commit"], { cwd: dir, env: ENV });
    assert.equal(real.code, 0);
    assert.notEqual(await head(dir), before);
  });
});

Deno.test("a lock held by git stops commit with exit 4 and nothing changed", async () => {
  await withRepo(async (dir) => {
    await git(dir, ["switch", "-q", "-c", "feature"]);
    const before = await head(dir);
    await Deno.writeTextFile(`${dir}/.git/refs/heads/feature.lock`, "");
    const r = await runBaton(["commit"], { cwd: dir, env: ENV });
    assert.equal(r.code, 4, r.stderr);
    assert.equal(await head(dir), before);
    await Deno.remove(`${dir}/.git/refs/heads/feature.lock`);
    assert.equal((await runBaton(["commit"], { cwd: dir, env: ENV })).code, 0);
  });
});

Deno.test("commit refuses clearly: no capsule, no commit yet, merge in progress, linked worktree", async () => {
  await withRepo(async (dir) => {
    await git(dir, ["switch", "-q", "-c", "feature"]);
    await git(dir, ["worktree", "add", "-q", "../wt-" + dir.split("/").pop(), "-b", "side"]);
    const wt = `${dir}/../wt-${dir.split("/").pop()}`;
    try {
      await writeFiles(wt, { ".baton/latest.md": "x\n" });
      const linked = await runBaton(["commit"], { cwd: wt, env: ENV });
      assert.equal(linked.code, 6, linked.stderr);
      assert.match(linked.stderr, /linked worktree/);
    } finally {
      await Deno.remove(wt, { recursive: true });
    }
    await Deno.writeTextFile(`${dir}/.git/MERGE_HEAD`, (await head(dir)) + "\n");
    const merging = await runBaton(["commit"], { cwd: dir, env: ENV });
    assert.equal(merging.code, 2, merging.stderr);
    assert.match(merging.stderr, /merge is in progress/);
    await Deno.remove(`${dir}/.git/MERGE_HEAD`);
    await Deno.remove(`${dir}/.baton/latest.md`);
    const missing = await runBaton(["commit"], { cwd: dir, env: ENV });
    assert.equal(missing.code, 3, missing.stderr);
  });
  const empty = await makeRepo("baton-handoff-");
  try {
    await writeFiles(empty, { ".baton/latest.md": "x\n" });
    const r = await runBaton(["commit"], { cwd: empty, env: ENV });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /no commit yet/);
  } finally {
    await Deno.remove(empty, { recursive: true });
  }
});

Deno.test("check-clean fails while .baton/ is committed or staged; clean fixes it and keeps the file", async () => {
  await withRepo(async (dir) => {
    await git(dir, ["switch", "-q", "-c", "feature"]);
    const ok = await runBaton(["check-clean"], { cwd: dir });
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal((await runBaton(["commit"], { cwd: dir, env: ENV })).code, 0);
    const dirty = await runBaton(["check-clean", "--json"], { cwd: dir });
    assert.equal(dirty.code, 1);
    assert.deepEqual(JSON.parse(dirty.stdout).in_head, [".baton/latest.md"]);
    const cleaned = await runBaton(["clean", "--json"], { cwd: dir, env: ENV });
    assert.equal(cleaned.code, 0, cleaned.stderr);
    assert.deepEqual(JSON.parse(cleaned.stdout).index_updated, [".baton/latest.md"]);
    assert.equal(
      await Deno.readTextFile(`${dir}/.baton/latest.md`),
      "# baton capsule\n\nnow: testing\n",
    );
    assert.equal((await runBaton(["check-clean"], { cwd: dir })).code, 0);
    assert.equal((await git(dir, ["ls-files", ".baton"])).stdout, "");
    // Only staged (never committed): still not clean, and the fix is named.
    await git(dir, ["add", "-f", ".baton/latest.md"]);
    const staged = await runBaton(["check-clean"], { cwd: dir });
    assert.equal(staged.code, 1);
    assert.match(staged.stdout, /git rm -r --cached \.baton/);
    // clean with nothing committed under .baton/ does nothing.
    const noop = await runBaton(["clean", "--json"], { cwd: dir, env: ENV });
    assert.equal(JSON.parse(noop.stdout).action, "unchanged");
  });
});

Deno.test("split index (core.splitIndex): check-clean sees the staged capsule; commit refuses (exit 6) and writes nothing", async () => {
  await withRepo(async (dir) => {
    await git(dir, ["switch", "-q", "-c", "feature"]);
    await git(dir, ["update-index", "--split-index"]);
    await writeFiles(dir, { "src/b.ts": "b\n" });
    await git(dir, ["add", "src/b.ts"]);
    const shared = [...Deno.readDirSync(`${dir}/.git`)].filter((e) =>
      e.name.startsWith("sharedindex.")
    );
    assert.ok(shared.length > 0, "git wrote no shared index");
    // Positive control for check-clean: clean while nothing of .baton/ is staged.
    const ok = await runBaton(["check-clean"], { cwd: dir });
    assert.equal(ok.code, 0, ok.stderr);
    await git(dir, ["add", "-f", ".baton/latest.md"]);
    const staged = await runBaton(["check-clean", "--json"], { cwd: dir });
    assert.equal(staged.code, 1, staged.stderr);
    assert.deepEqual(
      JSON.parse(staged.stdout).in_index,
      (await git(dir, ["ls-files", ".baton"])).stdout.split("\n").filter((l) => l !== ""),
    );
    await git(dir, ["rm", "-q", "--cached", ".baton/latest.md"]);
    const listed = (await git(dir, ["ls-files", "-s"])).stdout;
    const indexBefore = await Deno.readFile(`${dir}/.git/index`);
    const before = await head(dir);
    // Nothing is written: a commit without its index entry would leave git
    // showing the capsule as a staged deletion, for the next git commit to make.
    const r = await runBaton(["commit", "--json"], { cwd: dir, env: ENV });
    assert.equal(r.code, 6, r.stdout + r.stderr);
    assert.match(JSON.parse(r.stdout).error.message, /split index.*git add -f \.baton\/latest\.md/);
    assert.equal(await head(dir), before);
    assert.deepEqual(await Deno.readFile(`${dir}/.git/index`), indexBefore);
    assert.equal((await git(dir, ["ls-files", "-s"])).stdout, listed);
    const status = (await git(dir, ["status", "--porcelain"])).stdout;
    assert.match(status, /^A {2}src\/b\.ts$/m, status);
    assert.doesNotMatch(status, /^D /m, status);
    // What it says to run works.
    await git(dir, ["add", "-f", ".baton/latest.md"]);
    await git(dir, ["commit", "-q", "-m", "baton: handoff capsule", "--", ".baton/latest.md"]);
    assert.match((await git(dir, ["status", "--porcelain"])).stdout, /^A {2}src\/b\.ts$/m);
    assert.equal((await git(dir, ["fsck", "--strict"], { allowFail: true })).code, 0);
  });
});

Deno.test("check-clean in a SHA-256 repository says it cannot read it (exit 6), never a misread list", async () => {
  await using tmp = await tempDir("baton-handoff-sha256-");
  const dir = tmp.path;
  await git(dir, ["init", "-q", "-b", "main", "--object-format=sha256"]);
  await writeFiles(dir, { "src/a.ts": "a\n", ".baton/latest.md": "# capsule\n" });
  await git(dir, ["add", "-f", "."]);
  await git(dir, ["commit", "-q", "-m", "init"]);
  assert.match(
    (await git(dir, ["ls-files", ".baton"])).stdout,
    /latest\.md/,
    "control: git tracks it",
  );
  const r = await runBaton(["check-clean", "--json"], { cwd: dir });
  assert.equal(r.code, 6, r.stdout + r.stderr);
  assert.equal(JSON.parse(r.stdout).error.code, "git_format_unsupported");
  assert.match(JSON.parse(r.stdout).error.message, /SHA-256/);
});

Deno.test("sparse index: commit stages the capsule and leaves every other entry as git lists it", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "docs/d.md": "d\n", "lib/l.ts": "l\n" });
    await git(dir, ["add", "docs", "lib"]);
    await git(dir, ["commit", "-q", "-m", "more"]);
    await git(dir, ["switch", "-q", "-c", "feature"]);
    await git(dir, ["sparse-checkout", "init", "--cone", "--sparse-index"]);
    await git(dir, ["sparse-checkout", "set", "src"]);
    const sparse = (await git(dir, ["ls-files", "--sparse", "-s"])).stdout;
    assert.match(sparse, /\tdocs\/$/m, "control: a sparse directory entry");
    const r = await runBaton(["commit", "--json"], { cwd: dir, env: ENV });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout).index_updated, [".baton/latest.md"]);
    const after = (await git(dir, ["ls-files", "--sparse", "-s"])).stdout;
    assert.equal(
      after.split("\n").filter((l) => !l.endsWith("\t.baton/latest.md")).join("\n"),
      sparse,
      "every other entry as before",
    );
    assert.equal((await git(dir, ["status", "--porcelain"])).stdout, "");
    // Still a sparse index: isomorphic-git's index writer dropped the marker.
    assert.ok(parseIndex(await Deno.readFile(`${dir}/.git/index`)).extensions.includes("sdir"));
    await git(dir, ["sparse-checkout", "disable"]);
    assert.equal(await Deno.readTextFile(`${dir}/docs/d.md`), "d\n", "the tree comes back whole");
    assert.equal((await git(dir, ["status", "--porcelain"])).stdout, "");
  });
});

Deno.test("a conflict resolved without a merge can still be re-created after commit (resolve-undo kept)", async () => {
  await withRepo(async (dir) => {
    await git(dir, ["switch", "-q", "-c", "feature"]);
    await writeFiles(dir, { "src/a.ts": "stashed\n" });
    await git(dir, ["stash", "-q"]);
    await writeFiles(dir, { "src/a.ts": "committed\n" });
    await git(dir, ["commit", "-q", "-am", "w"]);
    assert.notEqual((await git(dir, ["stash", "pop"], { allowFail: true })).code, 0);
    await writeFiles(dir, { "src/a.ts": "resolved\n" });
    await git(dir, ["add", "src/a.ts"]);
    const undo = (await git(dir, ["ls-files", "--resolve-undo"])).stdout;
    assert.match(undo, /\tsrc\/a\.ts$/m, "control: git recorded resolve-undo");
    const r = await runBaton(["commit", "--json"], { cwd: dir, env: ENV });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout).index_updated, [".baton/latest.md"]);
    assert.equal((await git(dir, ["ls-files", "--resolve-undo"])).stdout, undo);
    // git can put the conflict back, as it could before baton committed.
    await git(dir, ["checkout", "-m", "src/a.ts"]);
    assert.match(await Deno.readTextFile(`${dir}/src/a.ts`), /^<<<<<<< /m);
  });
});

Deno.test("a capsule outside a sparse index's cone is refused (exit 6) before anything is written", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "lib/l.ts": "l\n" });
    await git(dir, ["add", "-f", "lib", ".baton/latest.md"]);
    await git(dir, ["commit", "-q", "-m", "with a capsule"]);
    await git(dir, ["switch", "-q", "-c", "feature"]);
    await git(dir, ["sparse-checkout", "init", "--cone", "--sparse-index"]);
    await git(dir, ["sparse-checkout", "set", "src"]);
    const listed = (await git(dir, ["ls-files", "--sparse", "-s"])).stdout;
    assert.match(listed, /\t\.baton\/$/m, "control: .baton/ is a sparse directory entry");
    await writeFiles(dir, { ".baton/latest.md": "# newer capsule\n" });
    const before = await head(dir);
    const index = await Deno.readFile(`${dir}/.git/index`);
    const r = await runBaton(["commit", "--json"], { cwd: dir, env: ENV });
    assert.equal(r.code, 6, r.stdout + r.stderr);
    assert.match(JSON.parse(r.stdout).error.message, /git sparse-checkout add \.baton,/);
    assert.equal(await head(dir), before);
    assert.deepEqual(await Deno.readFile(`${dir}/.git/index`), index, "the index untouched");
    // What it asks for works: with .baton/ in the cone the commit goes through.
    await git(dir, ["sparse-checkout", "add", ".baton"]);
    await writeFiles(dir, { ".baton/latest.md": "# newer capsule\n" });
    const ok = await runBaton(["commit", "--json"], { cwd: dir, env: ENV });
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal((await git(dir, ["status", "--porcelain"])).stdout, "");
    assert.equal((await git(dir, ["fsck", "--strict"], { allowFail: true })).code, 0);
  });
});

Deno.test("HEAD naming an annotated tag: check-clean reads the tagged commit's tree and commit parents the new commit on it, as git peels; a branch holding a tag is refused, as git commit refuses it", async () => {
  await withRepo(async (dir) => {
    await git(dir, ["switch", "-q", "-c", "feature"]);
    await git(dir, ["add", "-f", ".baton/latest.md"]);
    await git(dir, ["commit", "-q", "-m", "capsule"], { env: ENV });
    await git(dir, ["tag", "-a", "-m", "t", "v1"], { env: ENV });
    const tag = (await git(dir, ["rev-parse", "v1"])).stdout.trim();
    const tagged = (await git(dir, ["rev-parse", "v1^{commit}"])).stdout.trim();
    // git refuses to write a tag to HEAD with update-ref; a tool (or a hand) can.
    await Deno.writeTextFile(`${dir}/.git/HEAD`, `${tag}\n`);
    // The oracle: git lists the capsule in HEAD's tree.
    assert.equal(
      (await git(dir, ["ls-tree", "-r", "--name-only", "HEAD", ".baton"])).stdout,
      ".baton/latest.md\n",
    );
    const dirty = await runBaton(["check-clean", "--json"], { cwd: dir });
    assert.equal(dirty.code, 1, dirty.stderr);
    assert.deepEqual(JSON.parse(dirty.stdout).in_head, [".baton/latest.md"]);
    assert.equal(JSON.parse(dirty.stdout).head, tagged);
    // clean: a new branch whose commit's parent is the tagged commit, never the tag.
    const cleaned = await runBaton(["clean", "--json"], { cwd: dir, env: ENV });
    assert.equal(cleaned.code, 0, cleaned.stderr);
    const made = JSON.parse(cleaned.stdout);
    assert.equal(made.action, "committed");
    assert.equal(made.parent, tagged);
    assert.equal((await git(dir, ["rev-parse", `${made.commit}^`])).stdout.trim(), tagged);
    assert.equal((await git(dir, ["fsck", "--no-progress"], { allowFail: true })).code, 0);
    assert.equal((await runBaton(["check-clean"], { cwd: dir })).code, 0);
    // A branch holding the tag object: git commit refuses to move it, so does baton.
    await git(dir, ["update-ref", "refs/heads/tagged", tag], { allowFail: true });
    await Deno.writeTextFile(`${dir}/.git/refs/heads/tagged`, `${tag}\n`);
    await git(dir, ["symbolic-ref", "HEAD", "refs/heads/tagged"]);
    await writeFiles(dir, { ".baton/latest.md": "# baton capsule\n\nnow: again\n" });
    const gitCommit = await git(dir, ["commit", "-q", "--allow-empty", "-m", "x"], {
      env: ENV,
      allowFail: true,
    });
    assert.notEqual(gitCommit.code, 0, "control: git commit refuses a branch holding a tag");
    const refused = await runBaton(["commit"], { cwd: dir, env: ENV });
    assert.equal(refused.code, 6, refused.stderr);
    assert.match(refused.stderr, /annotated tag/);
    assert.equal((await git(dir, ["rev-parse", "refs/heads/tagged"])).stdout.trim(), tag);
  });
});
