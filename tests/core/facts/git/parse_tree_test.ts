/** Tests for parseTree() against git ls-tree on real trees. */
import assert from "node:assert/strict";
import { TestFs } from "../../../_helpers/fs.ts";
import { createObjectReader } from "../../../../core/facts/git/object_reader.ts";
import { parseTree } from "../../../../core/facts/git/parse_tree.ts";
import { GitCorruptError } from "../../../../core/facts/git/errors.ts";
import { git, makeRepo } from "../../../_helpers/git.ts";
import { makeVarietyRepo, repoAt, revParse } from "../../../_helpers/git_fixtures.ts";

const fs = new TestFs();

Deno.test("parseTree() lists modes, types, names and ids as git ls-tree does", async () => {
  const dir = await makeVarietyRepo();
  const reader = createObjectReader(fs, await repoAt(dir));
  for (const rev of ["HEAD^{tree}", "HEAD:sub"]) {
    const oid = await revParse(dir, rev);
    const want = (await git(dir, ["-c", "core.quotePath=false", "ls-tree", oid])).stdout.trim()
      .split("\n")
      .map((line) => {
        const [meta, name] = line.split("\t");
        const [mode, type, id] = meta!.split(" ");
        return { mode: mode === "040000" ? "40000" : mode!, type: type!, name: name!, oid: id! };
      });
    const object = await reader.read(oid);
    assert.equal(object?.type, "tree");
    const entries = parseTree(object.data);
    assert.deepEqual(entries, want);
    assert.ok(
      entries.some((e) => e.mode === "120000") || rev !== "HEAD^{tree}",
      "symlink entry present",
    );
  }
});

Deno.test("parseTree() keeps a name's leading U+FEFF (a byte-order mark is part of the name, as git ls-tree shows it)", async () => {
  const dir = await makeRepo("baton-tree-bom-");
  const oid = (await git(dir, ["hash-object", "-w", "--stdin"], { stdin: "x\n" })).stdout.trim();
  // Control: a plain name beside it, and U+FEFF inside a name.
  for (const name of ["\uFEFFa.txt", "a.txt", "b\uFEFF.txt"]) {
    await git(dir, ["update-index", "--add", "--cacheinfo", `100644,${oid},${name}`]);
  }
  const tree = (await git(dir, ["write-tree"])).stdout.trim();
  const want =
    (await git(dir, ["-c", "core.quotePath=false", "ls-tree", "-z", "--name-only", tree]))
      .stdout.split("\0").filter((n) => n !== "");
  assert.deepEqual(want, ["a.txt", "b\uFEFF.txt", "\uFEFFa.txt"]);
  const object = await createObjectReader(fs, await repoAt(dir)).read(tree);
  assert.equal(object?.type, "tree");
  assert.deepEqual(parseTree(object.data).map((e) => e.name), want);
});

Deno.test("parseTree() rejects truncated or malformed entries", () => {
  const enc = new TextEncoder();
  assert.throws(() => parseTree(enc.encode("100644 name-without-id\0abc")), {
    code: "git_tree_corrupt",
  });
  assert.throws(() => parseTree(enc.encode("abc name\0" + "x".repeat(20))), GitCorruptError);
  assert.deepEqual(parseTree(new Uint8Array()), []);
});
