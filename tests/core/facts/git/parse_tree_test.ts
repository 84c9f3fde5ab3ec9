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
  // git's decode_tree_entry: no mode, or an empty name, is a malformed entry.
  assert.throws(() => parseTree(enc.encode(" name\0" + "x".repeat(20))), GitCorruptError);
  assert.throws(() => parseTree(enc.encode("100644 \0" + "x".repeat(20))), GitCorruptError);
  assert.deepEqual(parseTree(new Uint8Array()), []);
});

Deno.test("parseTree() reads modes old tools wrote as git ls-tree does (canonical: 100664 is 100644, 0100644 too, 40755 a tree)", async () => {
  const dir = await makeRepo("baton-tree-modes-");
  const blob = (await git(dir, ["hash-object", "-w", "--stdin"], { stdin: "x\n" })).stdout.trim();
  const emptyTree = (await git(dir, ["hash-object", "-t", "tree", "-w", "--stdin"], { stdin: "" }))
    .stdout.trim();
  const head = (await git(dir, ["commit-tree", "-m", "c", emptyTree])).stdout.trim();
  // The control: the modes git writes today; then the odd ones, each read through canon_mode.
  const entries: [string, string, string][] = [
    ["100644", "a", blob],
    ["100755", "b", blob],
    ["100664", "c", blob],
    ["100775", "d", blob],
    ["100600", "e", blob],
    ["0100644", "f", blob],
    ["120000", "g", blob],
    ["160000", "h", head],
    ["040000", "i", emptyTree],
    ["40755", "j", emptyTree],
  ];
  const bytes: number[] = [];
  for (const [mode, name, oid] of entries) {
    bytes.push(...new TextEncoder().encode(`${mode} ${name}\0`));
    for (let i = 0; i < 40; i += 2) bytes.push(parseInt(oid.slice(i, i + 2), 16));
  }
  const file = `${dir}/.git/raw-tree`;
  await Deno.writeFile(file, new Uint8Array(bytes));
  const tree = (await git(dir, ["hash-object", "-t", "tree", "-w", "--literally", file])).stdout
    .trim();
  const want = (await git(dir, ["ls-tree", tree])).stdout.trim().split("\n").map((line) => {
    const [meta, name] = line.split("\t");
    const [mode, type, id] = meta!.split(" ");
    return { mode: mode === "040000" ? "40000" : mode!, type: type!, name: name!, oid: id! };
  });
  assert.deepEqual(want.map((e) => e.mode), [
    "100644",
    "100755",
    "100644",
    "100755",
    "100644",
    "100644",
    "120000",
    "160000",
    "40000",
    "40000",
  ]);
  const object = await createObjectReader(fs, await repoAt(dir)).read(tree);
  assert.equal(object?.type, "tree");
  assert.deepEqual(parseTree(object.data), want);
});
