/**
 * Bounded reads of the files a repository names (core/facts/git/read_git_file.ts),
 * on real files, then through the real CLI on real repositories: an exclude
 * file, info/exclude, an attributes file, info/attributes or the index that is
 * a FIFO makes preflight say the work tree is unknown (it hung before: opening
 * a FIFO blocks until a writer comes, and git itself hangs there); the same
 * files as regular files are the control. An ignore file over 100 MiB (read by
 * git 2.39, skipped by git 2.42+) is unknown too, never read whole; a config
 * that includes itself is unknown as git stops on it.
 */
import assert from "node:assert/strict";
import { readPatternFile } from "../../../../core/facts/git/read_git_file.ts";
import { readOptionalFile } from "../../../../core/facts/git/_read_optional.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import { tempDir } from "../../../_helpers/temp.ts";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { runBaton } from "../../../_helpers/cli.ts";

const POSIX = Deno.build.os !== "windows";

async function mkfifo(path: string): Promise<void> {
  const r = await new Deno.Command("mkfifo", { args: [path] }).output();
  assert.equal(r.code, 0, "mkfifo");
}

/** A sparse file of `bytes` that starts with `head` (costs no disk). */
async function sparseFile(path: string, head: string, bytes: number): Promise<void> {
  await Deno.writeTextFile(path, head);
  await Deno.truncate(path, bytes);
}

Deno.test({
  name: "readPatternFile() refuses a FIFO and a device unopened, bounds the size, reads a file",
  ignore: !POSIX,
  async fn() {
    await using dir = await tempDir("baton-read-pattern-");
    const fs = new TestFs();
    await Deno.writeTextFile(`${dir.path}/plain`, "*.log\n");
    assert.equal(await readPatternFile(fs, `${dir.path}/plain`), "*.log\n", "control");
    assert.equal(await readPatternFile(fs, `${dir.path}/missing`), null);
    await Deno.symlink("plain", `${dir.path}/link`);
    assert.equal(await readPatternFile(fs, `${dir.path}/link`), "*.log\n", "followed");
    assert.equal(await readPatternFile(fs, `${dir.path}/link`, { follow: false }), null);
    await mkfifo(`${dir.path}/fifo`);
    await assert.rejects(readPatternFile(fs, `${dir.path}/fifo`), { code: "git_not_regular" });
    await Deno.symlink("/dev/zero", `${dir.path}/zero`);
    await assert.rejects(readPatternFile(fs, `${dir.path}/zero`), { code: "git_not_regular" });
    await sparseFile(`${dir.path}/big`, "*.log\n", 101 * 1024 * 1024);
    await assert.rejects(readPatternFile(fs, `${dir.path}/big`), { code: "git_file_too_large" });
    const skip = 100 * 1024 * 1024;
    assert.equal(await readPatternFile(fs, `${dir.path}/big`, { skipFrom: skip }), null);
    // The generic reader is bounded too: a sparse gigabyte is never allocated.
    await sparseFile(`${dir.path}/huge`, "[core]\n", 1024 * 1024 * 1024);
    await assert.rejects(readOptionalFile(fs, `${dir.path}/huge`), { code: "git_file_too_large" });
  },
});

async function repoWithUntracked(): Promise<string> {
  const dir = await makeRepo("baton-read-git-file-");
  await writeFiles(dir, { "a.txt": "a\n", "src/b.txt": "b\n" });
  await commitAll(dir);
  await writeFiles(dir, { "new.log": "n\n" });
  return dir;
}

async function preflight(dir: string): Promise<{ unavailable: string[]; untracked: number }> {
  const r = await runBaton(["preflight", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const facts = JSON.parse(r.stdout).facts;
  const unavailable = (facts.unavailable ?? []).map((u: { part: string; reason: string }) =>
    `${u.part}: ${u.reason}`
  );
  return { unavailable, untracked: facts.untracked_count };
}

/** Each place a FIFO hung preflight, with the set-up that puts one there. */
const FIFO_PLACES: { name: string; place: (dir: string) => Promise<string> }[] = [
  {
    name: "core.excludesFile",
    place: async (dir) => {
      await git(dir, ["config", "core.excludesFile", `${dir}/.git/my-ignore`]);
      return `${dir}/.git/my-ignore`;
    },
  },
  { name: "info/exclude", place: (dir) => Promise.resolve(`${dir}/.git/info/exclude`) },
  {
    name: "core.attributesFile",
    place: async (dir) => {
      await git(dir, ["config", "core.attributesFile", `${dir}/.git/my-attributes`]);
      return `${dir}/.git/my-attributes`;
    },
  },
  { name: "info/attributes", place: (dir) => Promise.resolve(`${dir}/.git/info/attributes`) },
  { name: "the index", place: (dir) => Promise.resolve(`${dir}/.git/index`) },
];

for (const { name, place } of FIFO_PLACES) {
  Deno.test({
    name: `preflight on a repository whose ${name} is a FIFO says the work tree is unknown`,
    ignore: !POSIX,
    async fn() {
      const dir = await repoWithUntracked();
      // A tracked file whose stat differs from the index: its content must be compared, which
      // needs its attributes whatever the timing (a racily clean index also makes it so, but
      // whether the index is racy depends on the second it was written in).
      const past = new Date("2001-01-01T00:00:00Z");
      await Deno.utime(`${dir}/a.txt`, past, past);
      const path = await place(dir);
      await Deno.mkdir(`${dir}/.git/info`, { recursive: true });
      if (name !== "the index") {
        await Deno.writeTextFile(path, "# nothing\n");
        const control = await preflight(dir);
        assert.deepEqual(control.unavailable, [], "control: a regular file");
        assert.equal(control.untracked, 1, "control: new.log is listed");
      }
      await Deno.remove(path);
      await mkfifo(path);
      const r = await preflight(dir);
      assert.ok(
        r.unavailable.some((u) => u.startsWith("worktree: ") && /not a regular file/.test(u)),
        `worktree unknown (${r.unavailable.join("; ")})`,
      );
    },
  });
}

Deno.test({
  name:
    "preflight with an ignore file over 100 MiB (git versions disagree on reading it) says unknown; one under is read",
  ignore: !POSIX,
  async fn() {
    const dir = await repoWithUntracked();
    await Deno.writeTextFile(`${dir}/.git/info/exclude`, "*.log\n" + "#\n".repeat(512 * 1024));
    const control = await preflight(dir);
    assert.deepEqual(control.unavailable, [], "control");
    assert.equal(control.untracked, 0, "control: the pattern is read, new.log ignored");
    await sparseFile(`${dir}/.git/info/exclude`, "*.log\n", 101 * 1024 * 1024);
    const r = await preflight(dir);
    assert.ok(
      r.unavailable.some((u) => u.startsWith("worktree: ") && /more than/.test(u)),
      r.unavailable.join("; "),
    );
  },
});

Deno.test("preflight on a config that includes itself says the config is unknown, as git stops on it", async () => {
  const dir = await repoWithUntracked();
  await git(dir, ["config", "include.path", "missing-include"]);
  const control = await preflight(dir);
  assert.deepEqual(control.unavailable, [], "control: a missing include is passed over");
  await git(dir, ["config", "--add", "include.path", "config"]);
  const stops = await git(dir, ["status", "--porcelain"], { allowFail: true });
  assert.notEqual(stops.code, 0, "control: git stops on it");
  const r = await preflight(dir);
  assert.ok(r.unavailable.some((u) => u.startsWith("worktree: ")), r.unavailable.join("; "));
});

Deno.test("preflight on a .gitignore with a pattern line too long to match says the work tree is unknown", async () => {
  const dir = await repoWithUntracked();
  await writeFiles(dir, { ".gitignore": `${"a".repeat(50)}*\n` });
  const control = await preflight(dir);
  assert.deepEqual(control.unavailable, [], "control: a short pattern");
  assert.equal(control.untracked, 2, "control: new.log and .gitignore are listed");
  await writeFiles(dir, { ".gitignore": `${"a".repeat(200_000)}*\n` });
  const listed = (await git(dir, ["status", "--porcelain", "-uall"])).stdout;
  assert.match(listed, /new\.log/, "control: git reads it and lists new.log");
  const r = await preflight(dir);
  assert.ok(
    r.unavailable.some((u) => u.startsWith("worktree: ") && /pattern is too long/.test(u)),
    r.unavailable.join("; "),
  );
});

Deno.test({
  name:
    "preflight on a repository with a gitlink whose .gitmodules is a FIFO says the work tree is unknown (it said clean; git hangs)",
  ignore: !POSIX,
  async fn() {
    const dir = await repoWithUntracked();
    await Deno.mkdir(`${dir}/sub`);
    await git(`${dir}/sub`, ["init", "-q"]);
    await git(`${dir}/sub`, ["commit", "-q", "--allow-empty", "-m", "s"]);
    await git(dir, ["add", "sub"]);
    await git(dir, ["commit", "-q", "-m", "sub"]);
    await Deno.writeTextFile(`${dir}/.gitmodules`, '[submodule "sub"]\n\tpath = sub\n');
    const control = await preflight(dir);
    assert.deepEqual(control.unavailable, [], "control: a regular .gitmodules");
    await Deno.remove(`${dir}/.gitmodules`);
    await mkfifo(`${dir}/.gitmodules`);
    const r = await preflight(dir);
    assert.ok(
      r.unavailable.some((u) =>
        u.startsWith("worktree: ") && /\.gitmodules is not a regular file/.test(u)
      ),
      r.unavailable.join("; "),
    );
  },
});
