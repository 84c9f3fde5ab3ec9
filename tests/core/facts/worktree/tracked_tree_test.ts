/**
 * buildTrackedTree(): directory grouping and the `present` counts the
 * untracked walk relies on to skip per-name lookups.
 * @module
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { buildIndex } from "../../../../core/facts/worktree/index_file.ts";
import { comparePaths } from "../../../../core/facts/worktree/compare_paths.ts";
import { buildTrackedTree } from "../../../../core/facts/worktree/tracked_tree.ts";
import { commitAll, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { gitStatus, scanWithGit } from "../../../_helpers/worktree_status.ts";

const entries = buildIndex([
  { path: "a/b.txt" },
  { path: "a/c/d.txt" },
  { path: "a/e.txt" },
  { path: "f.txt" },
  { path: "g", mode: 0o160000 },
]);

Deno.test("buildTrackedTree() groups entries by directory in one pass", () => {
  const tree = buildTrackedTree(entries);
  assert.deepEqual(tree.dirs.get("")?.files, [3, 4]);
  assert.deepEqual(tree.dirs.get("")?.subdirs, ["a"]);
  assert.deepEqual(tree.dirs.get("a")?.files, [0, 2]);
  assert.deepEqual(tree.dirs.get("a")?.subdirs, ["c"]);
  assert.deepEqual(tree.dirs.get("a/c")?.files, [1]);
  assert.equal(tree.dirs.get("a")?.present, -1, "unknown without presence");
});

Deno.test("buildTrackedTree() counts present files and existing subdirectories", () => {
  const tree = buildTrackedTree(entries, {
    presence: {
      files: Uint8Array.from([1, 1, 0, 1, 1]),
      dirs: new Map([["a", true], ["a/c", true]]),
    },
  });
  assert.equal(tree.dirs.get("")?.present, 3, "f.txt, g and a/");
  assert.equal(tree.dirs.get("a")?.present, 2, "b.txt and c/; e.txt is missing");
  assert.equal(tree.dirs.get("a/c")?.present, 1);
});

Deno.test("buildTrackedTree() gives up counting where presence is unknown", () => {
  const tree = buildTrackedTree(entries, {
    presence: { files: Uint8Array.from([1, 2, 1, 1, 1]), dirs: new Map([["a", true]]) },
  });
  assert.equal(tree.dirs.get("a/c")?.present, -1);
  assert.equal(tree.dirs.get("a")?.present, -1, "a/c's existence is unknown");
  assert.equal(tree.dirs.get("")?.present, 3);
});

Deno.test("scanWorktree() finds an untracked file that takes a deleted tracked file's place", async () => {
  const dir = await makeRepo("baton-tree-");
  await writeFiles(dir, { "d/one.txt": "1\n", "d/two.txt": "2\n", "d/sub/x.txt": "x\n" });
  await commitAll(dir, "base");
  // Same number of names in d/ as before: the count alone must not hide it.
  await Deno.remove(`${dir}/d/two.txt`);
  await writeFiles(dir, { "d/three.txt": "3\n" });
  await Deno.remove(`${dir}/d/sub`, { recursive: true });
  await writeFiles(dir, { "d/sub2/y.txt": "y\n" });
  const status = await scanWithGit(dir);
  const git = await gitStatus(dir);
  assert.deepEqual(status.untracked, git.untracked);
  assert.deepEqual(status.untracked, ["d/sub2/y.txt", "d/three.txt"]);
});

Deno.test("buildTrackedTree() gives every directory exactly its own entries, in index order, and every tracked subdirectory", () => {
  const segment = fc.constantFrom("a", "b", "a-b", "a.b", "c", "\u00e9");
  const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join("/"));
  fc.assert(
    fc.property(fc.uniqueArray(path, { maxLength: 40 }), (raw) => {
      // An index holds no path that is also a directory of another.
      const all = new Set(raw);
      const paths = raw.filter((p) => ![...all].some((q) => q.startsWith(`${p}/`)))
        .sort(comparePaths);
      const tree = buildTrackedTree(buildIndex(paths.map((p) => ({ path: p }))));
      const want = new Map<string, { files: number[]; subdirs: Set<string> }>();
      const slot = (d: string) => {
        let s = want.get(d);
        if (s === undefined) want.set(d, s = { files: [], subdirs: new Set() });
        return s;
      };
      slot("");
      paths.forEach((p, i) => {
        const parts = p.split("/");
        for (let k = 1; k < parts.length; k++) {
          slot(parts.slice(0, k - 1).join("/")).subdirs.add(parts[k - 1]!);
          slot(parts.slice(0, k).join("/"));
        }
        slot(parts.slice(0, -1).join("/")).files.push(i);
      });
      assert.deepEqual([...tree.dirs.keys()].sort(), [...want.keys()].sort());
      for (const [d, node] of tree.dirs) {
        assert.deepEqual([...node.files], want.get(d)!.files, d);
        assert.deepEqual(new Set(node.subdirs), want.get(d)!.subdirs, d);
        assert.equal(node.subdirs.length, want.get(d)!.subdirs.size, d);
        assert.equal(node.present, -1);
      }
    }),
  );
});
