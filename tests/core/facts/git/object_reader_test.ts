/** Tests for createObjectReader(): loose, packed, deltified (OFS and REF), idx v1, large offsets, alternates. */
import assert from "node:assert/strict";
import { TestFs } from "../../../_helpers/fs.ts";
import { createObjectReader } from "../../../../core/facts/git/object_reader.ts";
import type { ObjectReaderOptions } from "../../../../core/facts/git/object_reader.ts";
import { findRepo } from "../../../../core/facts/git/find_repo.ts";
import { GitCorruptError, GitLimitError } from "../../../../core/facts/git/errors.ts";
import type { RepoLocation } from "../../../../core/facts/types.ts";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { catAllObjects, fastImportHistory, gitRaw } from "../../../_helpers/git_fixtures.ts";

const fs = new TestFs();

async function repoAt(dir: string): Promise<RepoLocation> {
  const repo = await findRepo(fs, dir);
  assert.ok(repo !== null);
  return repo;
}

/** Asserts the reader returns exactly what git returns for every object; returns the count. */
async function assertAgreesWithGit(
  dir: string,
  options: ObjectReaderOptions = {},
): Promise<number> {
  const oracle = await catAllObjects(dir);
  assert.ok(oracle.size > 0);
  const reader = createObjectReader(fs, await repoAt(dir), options);
  for (const [oid, want] of oracle) {
    const got = await reader.read(oid);
    assert.ok(got !== null, `missing ${oid}`);
    assert.equal(got.type, want.type, oid);
    assert.deepEqual(got.data, want.data, oid);
  }
  return oracle.size;
}

/** A repository whose file changes a little in each of 60 commits, so gc makes delta chains. */
async function deltaRepo(): Promise<string> {
  const dir = await makeRepo();
  const lines = Array.from({ length: 400 }, (_, i) => `line ${i} ${"lorem ipsum ".repeat(4)}`);
  await fastImportHistory(dir, 60, {
    content: (i) => {
      lines[(i * 37) % lines.length] = `changed in commit ${i}`;
      return lines.join("\n") + "\n";
    },
  });
  await git(dir, ["reset", "-q", "--hard"]);
  await writeFiles(dir, { "dir/a.txt": "a\n", "dir/sub/b.txt": "b\n" });
  await commitAll(dir, "tree");
  return dir;
}

/** Pack entry types at every offset `git verify-pack -v` lists. */
async function packEntryTypes(dir: string): Promise<number[]> {
  const packDir = `${dir}/.git/objects/pack`;
  const idx = [...Deno.readDirSync(packDir)].find((e) => e.name.endsWith(".idx"))!.name;
  const out = (await git(dir, ["verify-pack", "-v", `${packDir}/${idx}`])).stdout;
  const bytes = await Deno.readFile(`${packDir}/${idx.replace(/\.idx$/, ".pack")}`);
  const types: number[] = [];
  for (const line of out.split("\n")) {
    const m = /^[0-9a-f]{40} \w+\s+\d+ \d+ (\d+)/.exec(line);
    if (m !== null) types.push((bytes[Number(m[1])]! >> 4) & 7);
  }
  return types;
}

Deno.test("createObjectReader() reads loose commits, trees and blobs exactly as git does", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "hello\n", "d/e/f.txt": "deep\n", "empty": "" });
  await commitAll(dir, "one");
  await writeFiles(dir, { "a.txt": "hello again\n" });
  await commitAll(dir, "two");
  const packs = [...Deno.readDirSync(`${dir}/.git/objects`)].some((e) =>
    e.name === "pack" && [...Deno.readDirSync(`${dir}/.git/objects/pack`)].length > 0
  );
  assert.equal(packs, false, "objects should still be loose");
  assert.ok(await assertAgreesWithGit(dir) >= 9);
});

Deno.test("createObjectReader() resolves OFS_DELTA chains after git gc --aggressive", async () => {
  const dir = await deltaRepo();
  await git(dir, ["gc", "-q", "--aggressive", "--prune=now"]);
  const types = await packEntryTypes(dir);
  assert.ok(
    types.filter((t) => t === 6).length >= 30,
    `expected many OFS_DELTA entries, got ${types}`,
  );
  const out = (await git(dir, [
    "verify-pack",
    "-v",
    ...[...Deno.readDirSync(`${dir}/.git/objects/pack`)].filter((e) => e.name.endsWith(".idx"))
      .map((e) => `${dir}/.git/objects/pack/${e.name}`),
  ])).stdout;
  assert.match(out, /chain length = [2-9]/, "expected delta chains longer than 1");
  await assertAgreesWithGit(dir);
  // The same through the piecewise index path and with a cold cache.
  await assertAgreesWithGit(dir, { wholeIndexBytes: 0, cacheBytes: 0 });
});

Deno.test("createObjectReader() resolves REF_DELTA entries from a pack written without offset deltas", async () => {
  const dir = await deltaRepo();
  await git(dir, [
    "-c",
    "repack.useDeltaBaseOffset=false",
    "repack",
    "-q",
    "-a",
    "-d",
    "-f",
    "--depth=20",
    "--window=50",
  ]);
  await git(dir, ["prune-packed"]);
  const types = await packEntryTypes(dir);
  assert.ok(types.includes(7), `expected REF_DELTA entries, got ${types}`);
  assert.ok(!types.includes(6));
  await assertAgreesWithGit(dir);
});

Deno.test("createObjectReader() reads a version 1 pack index and a v2 index with 64-bit offsets", async () => {
  const dir = await deltaRepo();
  await git(dir, ["gc", "-q", "--prune=now"]);
  const packDir = `${dir}/.git/objects/pack`;
  const pack = [...Deno.readDirSync(packDir)].find((e) => e.name.endsWith(".pack"))!.name;
  const idx = `${packDir}/${pack.replace(/\.pack$/, ".idx")}`;
  await Deno.remove(idx);
  await git(dir, ["index-pack", "--index-version=1", "-o", idx, `${packDir}/${pack}`]);
  assert.equal(new Uint8Array(await Deno.readFile(idx))[0], 0, "v1 index has no magic");
  await assertAgreesWithGit(dir);
  await assertAgreesWithGit(dir, { wholeIndexBytes: 0 });

  await Deno.remove(idx);
  await git(dir, ["index-pack", "--index-version=2,0x100", "-o", idx, `${packDir}/${pack}`]);
  await assertAgreesWithGit(dir);
  await assertAgreesWithGit(dir, { wholeIndexBytes: 0 });
});

Deno.test("createObjectReader() follows objects/info/alternates", async () => {
  const source = await deltaRepo();
  const dir = await makeRepo();
  await Deno.writeTextFile(`${dir}/.git/objects/info/alternates`, `${source}/.git/objects\n`);
  const head = (await git(source, ["rev-parse", "HEAD"])).stdout.trim();
  const reader = createObjectReader(fs, await repoAt(dir));
  const got = await reader.read(head);
  assert.equal(got?.type, "commit");
  const want = await gitRaw(dir, ["cat-file", "commit", head]);
  assert.deepEqual(got?.data, want);
});

Deno.test("createObjectReader() returns null for an absent object and rejects malformed ids", async () => {
  const dir = await deltaRepo();
  const reader = createObjectReader(fs, await repoAt(dir));
  assert.equal(await reader.read("0".repeat(40)), null);
  await assert.rejects(reader.read("../../etc/passwd"), { code: "invalid_object_id" });
});

Deno.test("createObjectReader() enforces the object size bound", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "big.txt": "x".repeat(100_000) });
  await commitAll(dir);
  const blob = (await git(dir, ["rev-parse", "HEAD:big.txt"])).stdout.trim();
  const repo = await repoAt(dir);
  await assert.rejects(
    createObjectReader(fs, repo, { maxObjectBytes: 1000 }).read(blob),
    (e: unknown) => {
      assert.ok(e instanceof GitLimitError);
      assert.equal(e.code, "git_object_too_large");
      return true;
    },
  );
  await git(dir, ["gc", "-q", "--prune=now"]);
  await assert.rejects(
    createObjectReader(fs, repo, { maxObjectBytes: 1000 }).read(blob),
    GitLimitError,
  );
  assert.equal((await createObjectReader(fs, repo).read(blob))?.data.length, 100_000);
});

Deno.test("createObjectReader() enforces the delta depth bound", async () => {
  const dir = await deltaRepo();
  await git(dir, ["gc", "-q", "--aggressive", "--prune=now"]);
  const reader = createObjectReader(fs, await repoAt(dir), { maxDeltaDepth: 1, cacheBytes: 0 });
  const oracle = await catAllObjects(dir);
  let limited = 0;
  for (const oid of oracle.keys()) {
    try {
      await reader.read(oid);
    } catch (e) {
      assert.ok(e instanceof GitLimitError);
      assert.equal(e.code, "git_delta_too_deep");
      limited++;
    }
  }
  assert.ok(limited > 0);
});

Deno.test("createObjectReader() reports a corrupt loose object with a typed, content-free error", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "secret content\n" });
  await commitAll(dir);
  const blob = (await git(dir, ["rev-parse", "HEAD:a.txt"])).stdout.trim();
  const path = `${dir}/.git/objects/${blob.slice(0, 2)}/${blob.slice(2)}`;
  await Deno.chmod(path, 0o644);
  await Deno.writeFile(path, new TextEncoder().encode("secret content, not zlib"));
  await assert.rejects(createObjectReader(fs, await repoAt(dir)).read(blob), (e: unknown) => {
    assert.ok(e instanceof GitCorruptError);
    assert.ok(!e.message.includes("secret"));
    return true;
  });
});
