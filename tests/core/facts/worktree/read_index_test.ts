/**
 * The shared whole-index reader (core/facts/worktree/read_index.ts) against
 * git: after `git update-index --split-index` and later additions and
 * removals, the paths it returns are `git ls-files -s`'s, in order, where
 * parsing `.git/index` alone sees only the split part; a whole index is read
 * as it is (the control); no index file is null; a SHA-256 repository's
 * index (32-byte ids) is refused by name, never parsed as SHA-1.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import { tempDir } from "../../../_helpers/temp.ts";
import {
  ENTRY_WORDS,
  entryOid,
  FIELD,
  parseIndex,
} from "../../../../core/facts/worktree/index_file.ts";
import { readIndexFile } from "../../../../core/facts/worktree/read_index.ts";
import { GitUnsupportedError } from "../../../../core/facts/git/errors.ts";

const fs = new TestFs();

/** The location of a main work tree's repository. */
const repoAt = (dir: string) => ({
  workTree: dir,
  gitDir: `${dir}/.git`,
  commonDir: `${dir}/.git`,
});

/** `git ls-files -s -z` as "mode oid stage\tpath" rows. */
async function gitRows(dir: string): Promise<string[]> {
  return (await git(dir, ["ls-files", "-s", "-z"])).stdout.split("\0").filter((r) => r !== "");
}

Deno.test("readIndexFile: a split index reads as git lists it; a whole one as it is; none is null", async () => {
  const dir = await makeRepo("baton-read-index-");
  try {
    assert.equal(await readIndexFile(fs, repoAt(dir)), null);
    await writeFiles(dir, { "a.txt": "a\n", "b/c.txt": "c\n", "d.txt": "d\n" });
    await commitAll(dir, "init");
    const rows = (read: Awaited<ReturnType<typeof readIndexFile>>) =>
      read!.index.paths.toArray().map((p, i) =>
        `${read!.index.fields[i * ENTRY_WORDS + FIELD.mode]!.toString(8)} ${
          entryOid(read!.index, i)
        } 0\t${p}`
      );
    const whole = await readIndexFile(fs, repoAt(dir));
    assert.equal(whole?.split, false);
    assert.deepEqual(rows(whole), await gitRows(dir));

    await git(dir, ["update-index", "--split-index"]);
    await writeFiles(dir, { "e.txt": "e\n", "a.txt": "a2\n" });
    await git(dir, ["add", "e.txt", "a.txt"]);
    await git(dir, ["rm", "-q", "--cached", "d.txt"]);
    const split = await readIndexFile(fs, repoAt(dir));
    assert.equal(split?.split, true);
    assert.deepEqual(rows(split), await gitRows(dir));
    // What a reader of the file alone would get: the split part only.
    const part = parseIndex(await Deno.readFile(`${dir}/.git/index`), { splitLink: true });
    assert.notDeepEqual(part.paths.toArray(), split!.index.paths.toArray());
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("readIndexFile: a SHA-256 repository's index is refused by name, a SHA-1 one read", async () => {
  await using shaDir = await tempDir("baton-read-index-sha256-");
  const sha = shaDir.path;
  await git(sha, ["init", "-q", "-b", "main", "--object-format=sha256"]);
  const plain = await makeRepo("baton-read-index-sha1-");
  try {
    for (const dir of [sha, plain]) {
      await writeFiles(dir, { "a.txt": "a\n", "b/c.txt": "c\n" });
      await commitAll(dir, "init");
    }
    assert.equal(
      (await git(sha, ["rev-parse", "HEAD"])).stdout.trim().length,
      64,
      "control: SHA-256 ids",
    );
    await assert.rejects(
      () => readIndexFile(fs, repoAt(sha)),
      (e: unknown) => e instanceof GitUnsupportedError && /SHA-256/.test(e.message),
    );
    assert.deepEqual((await readIndexFile(fs, repoAt(plain)))?.index.paths.toArray(), [
      "a.txt",
      "b/c.txt",
    ]);
  } finally {
    await Deno.remove(plain, { recursive: true });
  }
});
