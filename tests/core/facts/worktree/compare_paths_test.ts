/**
 * comparePaths() orders like git (UTF-8 bytes), checked against `git ls-files`.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { comparePaths } from "../../../../core/facts/worktree/compare_paths.ts";

Deno.test("comparePaths() sorts paths in the order git lists them", async () => {
  const dir = await makeRepo("baton-order-");
  const names = [
    "a.txt",
    "a/b.txt",
    "a-b",
    "A",
    "é.txt",
    "\u{e000}.txt",
    "\u{1f600}.txt",
    "ab",
    "a0",
  ];
  await writeFiles(dir, Object.fromEntries(names.map((n) => [n, n])));
  await commitAll(dir, "names");
  const gitOrder = (await git(dir, ["ls-files", "-z"])).stdout.split("\0").filter((p) => p !== "");
  assert.deepEqual([...gitOrder].reverse().sort(comparePaths), gitOrder);
  // Positive control: plain UTF-16 order disagrees on the astral character.
  assert.notDeepEqual([...gitOrder].sort(), gitOrder);
});
