/** Tests for resolveRef(): missing refs, tags, symbolic chains and loops. */
import assert from "node:assert/strict";
import { TestFs } from "../../../_helpers/fs.ts";
import { resolveRef } from "../../../../core/facts/git/resolve_ref.ts";
import { GitCorruptError } from "../../../../core/facts/git/errors.ts";
import { isSafeRefName } from "../../../../core/facts/git/_ref_name.ts";
import { readPackedRefs } from "../../../../core/facts/git/_ref_store.ts";
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

/** The ref-name check before it was one pass over the name (regular expressions and split): the reference. */
function regexSafeRefName(name: string): boolean {
  if (/^[A-Z][A-Z0-9_]*$/.test(name)) return true;
  if (!name.startsWith("refs/") || name.length > 1024) return false;
  // deno-lint-ignore no-control-regex
  if (/[\x00-\x20\x7f~^:?*[\\]|\.\.|@\{|\/\/|\/$|\.$/.test(name)) return false;
  for (const part of name.split("/")) {
    if (part === "" || part.startsWith(".") || part.endsWith(".lock")) return false;
  }
  return true;
}

Deno.test("isSafeRefName() answers as the regular-expression check did on generated names", () => {
  const alphabet = [
    "refs/",
    "/",
    ".",
    "..",
    ".lock",
    "lock",
    "@",
    "{",
    "@{",
    "a",
    "Z",
    "~",
    "^",
    ":",
    "?",
    "*",
    "[",
    "\\",
    " ",
    "\t",
    "\x7f",
    "\x00",
    "é",
    "-",
    "_",
    "heads",
    "HEAD",
  ];
  let seed = 11;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  let safe = 0;
  for (let round = 0; round < 20000; round++) {
    let name = next(4) === 0 ? "" : "refs/";
    for (let k = next(8); k >= 0; k--) name += alphabet[next(alphabet.length)]!;
    assert.equal(isSafeRefName(name), regexSafeRefName(name), JSON.stringify(name));
    if (regexSafeRefName(name)) safe++;
  }
  // Positive control: both answers occur.
  assert.ok(safe > 500, `${safe} safe names`);
  assert.equal(isSafeRefName("refs/heads/x.lock"), false);
  assert.equal(isSafeRefName("refs/heads/a.lockx"), true);
  assert.equal(isSafeRefName("refs/" + "a".repeat(1020)), false);
});

Deno.test("readPackedRefs() parses a packed-refs once while its text is unchanged, and anew when it changes, even rewritten in place at the same size", async () => {
  const dir = await makeTwoCommitRepo();
  const fs = new TestFs();
  const repo = await repoAt(dir);
  await git(dir, ["branch", "first"]);
  await git(dir, ["pack-refs", "--all"]);
  const before = await readPackedRefs(fs, repo);
  assert.ok(before.has("refs/heads/first"));
  // Unchanged: the same parse (one command's lookups and listing share it).
  assert.equal(await readPackedRefs(fs, repo), before);
  // git writes a new file and renames it over the old one: read again, with the new ref.
  await git(dir, ["branch", "second"]);
  await git(dir, ["pack-refs", "--all"]);
  const after = await readPackedRefs(fs, repo);
  assert.notEqual(after, before);
  assert.ok(after.has("refs/heads/second"));
  assert.ok(!before.has("refs/heads/second"));
  // Rewritten in place at once, the same size (stat data may not move): the new text is read.
  const path = `${dir}/.git/packed-refs`;
  const text = await Deno.readTextFile(path);
  const renamed = text.replace("refs/heads/second", "refs/heads/secxnd");
  assert.equal(renamed.length, text.length);
  const file = await Deno.open(path, { write: true });
  await file.write(new TextEncoder().encode(renamed));
  file.close();
  const inPlace = await readPackedRefs(fs, repo);
  assert.ok(inPlace.has("refs/heads/secxnd") && !inPlace.has("refs/heads/second"));
  // Another file system reads for itself.
  assert.notEqual(await readPackedRefs(new TestFs(), repo), inPlace);
});
