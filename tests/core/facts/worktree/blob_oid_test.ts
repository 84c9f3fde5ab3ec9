/**
 * hashBlob() against `git hash-object`.
 * @module
 */
import assert from "node:assert/strict";
import { git, makeRepo } from "../../../_helpers/git.ts";
import { hashBlob } from "../../../../core/facts/worktree/blob_oid.ts";

Deno.test("hashBlob() matches git hash-object for text, binary and empty content", async () => {
  const dir = await makeRepo("baton-blob-");
  const samples = [
    new Uint8Array(),
    new TextEncoder().encode("hello\n"),
    Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) & 0xff),
  ];
  for (const [i, data] of samples.entries()) {
    await Deno.writeFile(`${dir}/s${i}`, data);
    const expected = (await git(dir, ["hash-object", `s${i}`])).stdout.trim();
    assert.equal(await hashBlob(data), expected);
  }
});
