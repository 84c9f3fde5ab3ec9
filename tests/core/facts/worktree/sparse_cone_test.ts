/**
 * Cone-mode sparse-checkout patterns (core/facts/worktree/sparse_cone.ts) on
 * the files `git sparse-checkout set --cone` writes, and the lines that make
 * git drop cone matching (every path then counts as inside).
 */
import assert from "node:assert/strict";
import { inSparseCone, parseSparseCone } from "../../../../core/facts/worktree/sparse_cone.ts";
import { git, makeRepo } from "../../../_helpers/git.ts";

Deno.test("parseSparseCone() reads the file git sparse-checkout set --cone writes", async () => {
  const dir = await makeRepo("baton-sparse-cone-");
  await git(dir, ["commit", "-q", "--allow-empty", "-m", "base"]);
  await git(dir, ["sparse-checkout", "set", "--cone", "docs", "src/deep", "a b"]);
  const cone = parseSparseCone(await Deno.readTextFile(`${dir}/.git/info/sparse-checkout`));
  assert.ok(cone !== null);
  const inside = [".gitattributes", "docs/.gitattributes", "docs/x/y/.gitattributes"];
  inside.push("src/.gitattributes", "src/deep/.gitattributes", "src/deep/z/.gitattributes");
  inside.push("a b/.gitattributes");
  for (const p of inside) assert.equal(inSparseCone(cone, p), true, p);
  const outside = ["src/other/.gitattributes", "lib/.gitattributes", "docsx/.gitattributes"];
  for (const p of outside) assert.equal(inSparseCone(cone, p), false, p);
});

Deno.test("parseSparseCone() gives null where git drops cone matching; /* alone is the full cone", () => {
  assert.equal(parseSparseCone("*.txt\n"), null, "a glob");
  assert.equal(parseSparseCone("/*\n!/*/\n/a/**/\n"), null, "a double star");
  assert.equal(parseSparseCone("/*\n!/*/\n!/a/*/\n"), null, "a negative without its parent");
  assert.equal(parseSparseCone("/*\n!/*/\n/a\n"), null, "not a directory");
  const full = parseSparseCone("/*\n")!;
  assert.equal(inSparseCone(full, "deep/in/x"), true);
  const cone = parseSparseCone("# comment\n/*\r\n!/*/\n/a/  \n")!;
  assert.equal(inSparseCone(cone, "a/b/c"), true, "CR and trailing spaces dropped");
  assert.equal(inSparseCone(cone, "b/c"), false, "control");
});
