/**
 * The shared whole-index reader (core/facts/worktree/read_index.ts) against
 * git: after `git update-index --split-index` and later additions and
 * removals, the paths it returns are `git ls-files -s`'s, in order, where
 * parsing `.git/index` alone sees only the split part; a whole index is read
 * as it is (the control); no index file is null.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import {
  ENTRY_WORDS,
  entryOid,
  FIELD,
  parseIndex,
} from "../../../../core/facts/worktree/index_file.ts";
import { readIndexFile } from "../../../../core/facts/worktree/read_index.ts";

const fs = new TestFs();

/** `git ls-files -s -z` as "mode oid stage\tpath" rows. */
async function gitRows(dir: string): Promise<string[]> {
  return (await git(dir, ["ls-files", "-s", "-z"])).stdout.split("\0").filter((r) => r !== "");
}

Deno.test("readIndexFile: a split index reads as git lists it; a whole one as it is; none is null", async () => {
  const dir = await makeRepo("baton-read-index-");
  try {
    assert.equal(await readIndexFile(fs, `${dir}/.git`), null);
    await writeFiles(dir, { "a.txt": "a\n", "b/c.txt": "c\n", "d.txt": "d\n" });
    await commitAll(dir, "init");
    const rows = (read: Awaited<ReturnType<typeof readIndexFile>>) =>
      read!.index.paths.map((p, i) =>
        `${read!.index.fields[i * ENTRY_WORDS + FIELD.mode]!.toString(8)} ${
          entryOid(read!.index, i)
        } 0\t${p}`
      );
    const whole = await readIndexFile(fs, `${dir}/.git`);
    assert.equal(whole?.split, false);
    assert.deepEqual(rows(whole), await gitRows(dir));

    await git(dir, ["update-index", "--split-index"]);
    await writeFiles(dir, { "e.txt": "e\n", "a.txt": "a2\n" });
    await git(dir, ["add", "e.txt", "a.txt"]);
    await git(dir, ["rm", "-q", "--cached", "d.txt"]);
    const split = await readIndexFile(fs, `${dir}/.git`);
    assert.equal(split?.split, true);
    assert.deepEqual(rows(split), await gitRows(dir));
    // What a reader of the file alone would get: the split part only.
    const part = parseIndex(await Deno.readFile(`${dir}/.git/index`), { splitLink: true });
    assert.notDeepEqual(part.paths, split!.index.paths);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
