/** Proves createObjectReader() reads objects from a large pack without loading the pack. */
import assert from "node:assert/strict";
import { findRepo } from "../../../../core/facts/git/find_repo.ts";
import { readHead } from "../../../../core/facts/git/read_head.ts";
import { createObjectReader } from "../../../../core/facts/git/object_reader.ts";
import { parseCommit } from "../../../../core/facts/git/parse_commit.ts";
import { parseTree } from "../../../../core/facts/git/parse_tree.ts";
import { git, makeRepo } from "../../../_helpers/git.ts";
import { CountingFs, fastImportRandomBlobs, gitRaw } from "../../../_helpers/git_fixtures.ts";

const BLOBS = 60;
const BLOB_BYTES = 1024 * 1024;

Deno.test("createObjectReader() reads HEAD's commit and tree from a 60 MiB pack touching only a few KiB of it", async () => {
  const dir = await makeRepo();
  await fastImportRandomBlobs(dir, BLOBS, BLOB_BYTES);
  const packDir = `${dir}/.git/objects/pack`;
  const packs = [...Deno.readDirSync(packDir)].filter((e) => e.name.endsWith(".pack"));
  assert.equal(packs.length, 1);
  const packSize = (await Deno.stat(`${packDir}/${packs[0]!.name}`)).size;
  assert.ok(packSize >= 60 * 1000 * 1000, `pack is ${packSize} bytes`);

  const fs = new CountingFs();
  const repo = await findRepo(fs, dir);
  assert.ok(repo !== null);
  const head = await readHead(fs, repo);
  assert.ok(head.oid !== null);
  const reader = createObjectReader(fs, repo);
  const commitObject = await reader.read(head.oid);
  assert.equal(commitObject?.type, "commit");
  const commit = parseCommit(commitObject.data);
  const top = await reader.read(commit.tree);
  assert.equal(top?.type, "tree");
  const blobsDir = parseTree(top.data).find((e) => e.name === "blobs");
  assert.ok(blobsDir !== undefined);
  const tree = await reader.read(blobsDir.oid);
  assert.ok(tree !== null);
  const entries = parseTree(tree.data);
  assert.equal(entries.length, BLOBS);
  assert.deepEqual(tree.data, await gitRaw(dir, ["cat-file", "tree", blobsDir.oid]));

  const packBytes = fs.total((p) => p.endsWith(".pack"));
  assert.ok(packBytes <= 256 * 1024, `read ${packBytes} bytes of a ${packSize}-byte pack`);
  assert.ok(packBytes > 0);

  // One blob costs about its own size, not the pack's.
  const blobOid = entries[7]!.oid;
  const blob = await reader.read(blobOid);
  assert.equal(blob?.data.length, BLOB_BYTES);
  const want = (await git(dir, ["cat-file", "-s", blobOid])).stdout.trim();
  assert.equal(String(blob?.data.length), want);
  const afterBlob = fs.total((p) => p.endsWith(".pack"));
  assert.ok(
    afterBlob - packBytes < BLOB_BYTES + 256 * 1024,
    `blob read ${afterBlob - packBytes} bytes`,
  );
});
