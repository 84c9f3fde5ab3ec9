/**
 * Tests of core/share/own_tip.ts on the real file system: an archive name whose file is a
 * symbolic link now (put there after the listing) is never read through, even when what it
 * points at hashes to the tip's blob; a regular file with the blob's bytes is kept (control),
 * one with other bytes dropped.
 * @module
 */
import assert from "node:assert/strict";
import { vetOwnTip } from "../../../core/share/own_tip.ts";
import { hashBlob } from "../../../core/facts/worktree/blob_oid.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";

const LINKED = "20261201T100000.000Z-aaaaaaaa.md";
const PLAIN = "20261201T100001.000Z-bbbbbbbb.md";
const CHANGED = "20261201T100002.000Z-cccccccc.md";

Deno.test("vetOwnTip(): an archive name that is a link is not read through; the archive's own bytes are kept", async () => {
  await using tmp = await tempDir("baton-own-tip-");
  const dir = `${tmp.path}/capsules`;
  await Deno.mkdir(dir);
  const bytes = new TextEncoder().encode("# baton capsule\n");
  const oid = await hashBlob(bytes);
  await Deno.writeFile(`${tmp.path}/elsewhere.md`, bytes);
  await Deno.symlink(`${tmp.path}/elsewhere.md`, `${dir}/${LINKED}`);
  await Deno.writeFile(`${dir}/${PLAIN}`, bytes);
  await Deno.writeFile(`${dir}/${CHANGED}`, new TextEncoder().encode("other\n"));
  const tip = {
    oid: "0".repeat(40),
    entries: new Map([[LINKED, oid], [PLAIN, oid], [CHANGED, oid]]),
  };
  const vetted = await vetOwnTip(new TestFs(), dir, new Set([LINKED, PLAIN, CHANGED]), tip);
  assert.deepEqual([...vetted.kept.keys()], [PLAIN]);
  assert.equal(vetted.dropped, 2);
});
