/** Tests for resolveRef(): missing refs, tags, symbolic chains and loops. */
import assert from "node:assert/strict";
import { TestFs } from "../../../_helpers/fs.ts";
import { resolveRef } from "../../../../core/facts/git/resolve_ref.ts";
import { GitCorruptError } from "../../../../core/facts/git/errors.ts";
import { git } from "../../../_helpers/git.ts";
import { makeTwoCommitRepo, repoAt, revParse } from "../../../_helpers/git_fixtures.ts";

const fs = new TestFs();

Deno.test("resolveRef() returns null for a missing ref and the oid for a tag", async () => {
  const dir = await makeTwoCommitRepo();
  await git(dir, ["tag", "v1"]);
  const repo = await repoAt(dir);
  assert.equal(await resolveRef(fs, repo, "refs/heads/nope"), null);
  assert.deepEqual(await resolveRef(fs, repo, "refs/tags/v1"), {
    target: "refs/tags/v1",
    symbolic: false,
    oid: await revParse(dir, "v1"),
  });
});

Deno.test("resolveRef() follows a symbolic chain and stops a symbolic loop with a typed error", async () => {
  const dir = await makeTwoCommitRepo();
  await git(dir, ["symbolic-ref", "refs/heads/alias", "refs/heads/main"]);
  const repo = await repoAt(dir);
  assert.deepEqual(await resolveRef(fs, repo, "refs/heads/alias"), {
    target: "refs/heads/main",
    symbolic: true,
    oid: await revParse(dir, "main"),
  });
  await Deno.writeTextFile(`${dir}/.git/refs/heads/a`, "ref: refs/heads/b\n");
  await Deno.writeTextFile(`${dir}/.git/refs/heads/b`, "ref: refs/heads/a\n");
  await assert.rejects(resolveRef(fs, repo, "refs/heads/a"), (e: unknown) => {
    assert.ok(e instanceof GitCorruptError);
    assert.equal(e.code, "git_symref_loop");
    return true;
  });
});

Deno.test("resolveRef() refuses a loose ref that opens with U+FEFF, as git does, and names no commit", async () => {
  const dir = await makeTwoCommitRepo();
  const repo = await repoAt(dir);
  const oid = await revParse(dir, "main");
  // Control: the same ref without the mark, direct and symbolic.
  await Deno.writeTextFile(`${dir}/.git/refs/heads/plain`, `${oid}\n`);
  await Deno.writeTextFile(`${dir}/.git/refs/heads/sym`, "ref: refs/heads/plain\n");
  assert.equal((await resolveRef(fs, repo, "refs/heads/plain"))?.oid, oid);
  assert.equal((await resolveRef(fs, repo, "refs/heads/sym"))?.oid, oid);
  const marked = { marked: `\uFEFF${oid}\n`, "marked-sym": "\uFEFFref: refs/heads/plain\n" };
  for (const [name, text] of Object.entries(marked)) {
    await Deno.writeTextFile(`${dir}/.git/refs/heads/${name}`, text);
    // git finds no commit there.
    const seen = await git(dir, ["rev-parse", "--verify", "-q", `refs/heads/${name}`], {
      allowFail: true,
    });
    assert.notEqual(seen.code, 0, name);
    await assert.rejects(resolveRef(fs, repo, `refs/heads/${name}`), GitCorruptError, name);
  }
});
