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

Deno.test("createObjectReader() reads a loose object whose file is larger than the 64 MiB bound of git's small files", async () => {
  // Incompressible: the deflated file is a little larger than the object, and
  // both are above MAX_GIT_FILE_BYTES (the bound of config, refs and the like).
  const dir = await makeRepo();
  const data = new Uint8Array(66 * 1024 * 1024);
  for (let i = 0; i < data.length; i += 65536) crypto.getRandomValues(data.subarray(i, i + 65536));
  await Deno.writeFile(`${dir}/big`, data);
  const oid = (await git(dir, ["hash-object", "-w", "big"])).stdout.trim();
  const file = await Deno.stat(`${dir}/.git/objects/${oid.slice(0, 2)}/${oid.slice(2)}`);
  assert.ok(file.size > 64 * 1024 * 1024, "control: the loose file is above the bound");
  const fs = new CountingFs();
  const repo = (await findRepo(fs, dir))!;
  const reader = createObjectReader(fs, repo, { maxObjectBytes: 67 * 1024 * 1024 });
  const obj = await reader.read(oid);
  assert.equal(obj?.type, "blob");
  assert.equal(obj?.data.length, data.length);
  // Control: below the object's size the limit still refuses it.
  const small = createObjectReader(fs, repo, { maxObjectBytes: 1024 * 1024 });
  await assert.rejects(small.read(oid), { code: "git_object_too_large" });
});
