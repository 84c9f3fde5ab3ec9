import assert from "node:assert/strict";
import {
  listingCachePath,
  readListingCache,
  writeListingCache,
} from "../../../../core/facts/worktree/listing_cache_file.ts";
import { findRepo } from "../../../../core/facts/git/find_repo.ts";
import type { RepoLocation } from "../../../../core/facts/types.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import { withRepo } from "../../../_helpers/temp_fs.ts";

const fs = new TestFs();

function cacheText(workTree: string): string {
  return JSON.stringify({
    format: "baton-listing-cache-3",
    work_tree: workTree,
    scan_start_ms: 1,
    written_ms: 2,
    dirs: { "": [5, 4000, 7, "a.txt/src", "fd", 0] },
  });
}

async function repoOf(dir: string): Promise<RepoLocation> {
  return (await findRepo(fs, dir))!;
}

Deno.test("writeListingCache() stores under .git/baton and readListingCache() reads it back with its mtime", async () => {
  await withRepo(async (dir) => {
    const repo = await repoOf(dir);
    assert.deepEqual(await readListingCache(fs, repo), { data: null, fileMtimeMs: null });
    assert.equal(await writeListingCache(fs, repo, cacheText(repo.workTree), Date.now()), true);
    assert.equal(listingCachePath(repo), `${repo.gitDir}/baton/listing-cache.json`);
    const got = await readListingCache(fs, repo);
    assert.equal(got.data?.dirs.get("")?.names, "a.txt/src");
    assert.equal(typeof got.fileMtimeMs, "number");
  });
});

Deno.test("readListingCache() frees the file's bytes once decoded and reads the same listings", async () => {
  await withRepo(async (dir) => {
    const repo = await repoOf(dir);
    await writeListingCache(fs, repo, cacheText(repo.workTree), Date.now());
    const given: Uint8Array[] = [];
    const keeping = new class extends TestFs {
      override async readFile(path: string): Promise<Uint8Array> {
        const bytes = await super.readFile(path);
        given.push(bytes);
        return bytes;
      }
    }();
    const got = await readListingCache(keeping, repo);
    assert.equal(got.data?.dirs.get("")?.names, "a.txt/src");
    assert.equal(got.data?.dirs.get("")?.kinds, "fd");
    assert.equal(given.length, 1);
    // Detached: the buffer the fs gave no longer holds the file's bytes.
    assert.equal(given[0]!.length, 0);
    // Control: the same file read by the fs alone keeps its bytes.
    const plain = await keeping.readFile(listingCachePath(repo));
    assert.equal(new TextDecoder().decode(plain), cacheText(repo.workTree));
  });
});

Deno.test("the listing cache is never read or written through a .git/baton that is a symbolic link", async () => {
  await withRepo(async (dir) => {
    const repo = await repoOf(dir);
    const elsewhere = await Deno.makeTempDir({ prefix: "baton-test-" });
    try {
      await Deno.writeTextFile(`${elsewhere}/listing-cache.json`, cacheText(repo.workTree));
      await Deno.symlink(elsewhere, `${repo.gitDir}/baton`);
      assert.equal((await readListingCache(fs, repo)).data, null);
      assert.equal(await writeListingCache(fs, repo, "{}", Date.now()), false);
      assert.equal(
        Deno.readTextFileSync(`${elsewhere}/listing-cache.json`),
        cacheText(repo.workTree),
      );
    } finally {
      await Deno.remove(elsewhere, { recursive: true });
    }
  });
});

Deno.test("writeListingCache() sweeps stale temp files of earlier writes and keeps fresh ones", async () => {
  await withRepo(async (dir) => {
    const repo = await repoOf(dir);
    const bdir = `${repo.gitDir}/baton`;
    await Deno.mkdir(bdir);
    await Deno.writeTextFile(`${bdir}/.listing-cache.json.1.x.0011.tmp`, "");
    await Deno.writeTextFile(`${bdir}/.listing-cache.json.2.x.0011.tmp`, "");
    const now = Date.now();
    await Deno.utime(
      `${bdir}/.listing-cache.json.1.x.0011.tmp`,
      new Date(now - 120_000),
      new Date(now - 120_000),
    );
    assert.equal(await writeListingCache(fs, repo, cacheText(repo.workTree), now), true);
    const left = [...Deno.readDirSync(bdir)].map((e) => e.name).sort();
    assert.deepEqual(left, [".listing-cache.json.2.x.0011.tmp", "listing-cache.json"]);
  });
});

Deno.test("readListingCache() ignores a cache for another work tree", async () => {
  await withRepo(async (dir) => {
    const repo = await repoOf(dir);
    await writeListingCache(fs, repo, cacheText("/somewhere/else"), Date.now());
    assert.equal((await readListingCache(fs, repo)).data, null);
  });
});

Deno.test("readListingCache() does not read a cache another user wrote (root's listings, read by a user who cannot read them all)", async () => {
  await withRepo(async (dir) => {
    const repo = await repoOf(dir);
    assert.equal(await writeListingCache(fs, repo, cacheText(repo.workTree), Date.now()), true);
    const owner = (await Deno.lstat(listingCachePath(repo))).uid;
    assert.ok(owner !== null);
    const as = (uid: number | null) => {
      const f = new TestFs();
      return Object.assign(f, { processUid: () => uid });
    };
    // Control: its writer, or a run that knows no user id, reads it.
    assert.equal((await readListingCache(as(owner), repo)).data?.dirs.get("")?.names, "a.txt/src");
    assert.equal((await readListingCache(as(null), repo)).data?.dirs.get("")?.names, "a.txt/src");
    assert.deepEqual(await readListingCache(as(owner + 1), repo), {
      data: null,
      fileMtimeMs: null,
    });
  });
});
