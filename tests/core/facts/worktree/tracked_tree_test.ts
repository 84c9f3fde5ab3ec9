/**
 * buildTrackedTree(): directory grouping and the `present` counts the
 * untracked walk relies on to skip per-name lookups.
 * @module
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { buildIndex } from "../../../../core/facts/worktree/index_file.ts";
import { comparePaths } from "../../../../core/facts/worktree/compare_paths.ts";
import {
  buildTrackedTree,
  dirFiles,
  subdirNames,
  type TrackedPresence,
  type TrackedTree,
} from "../../../../core/facts/worktree/tracked_tree.ts";
import { commitAll, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { gitStatus, scanWithGit } from "../../../_helpers/worktree_status.ts";

/** The row of a directory the tree must hold. */
function row(tree: TrackedTree, dir: string): number {
  const d = tree.dirs.get(dir);
  assert.notEqual(d, undefined, dir);
  return d!;
}
const filesOf = (tree: TrackedTree, dir: string) => [...dirFiles(tree, row(tree, dir))];
const subdirsOf = (tree: TrackedTree, dir: string) => subdirNames(tree, row(tree, dir));
const presentOf = (tree: TrackedTree, dir: string) => tree.present[row(tree, dir)];

const entries = buildIndex([
  { path: "a/b.txt" },
  { path: "a/c/d.txt" },
  { path: "a/e.txt" },
  { path: "f.txt" },
  { path: "g", mode: 0o160000 },
]);

Deno.test("buildTrackedTree() groups entries by directory in one pass", () => {
  const tree = buildTrackedTree(entries);
  assert.deepEqual(filesOf(tree, ""), [3, 4]);
  assert.deepEqual(subdirsOf(tree, ""), ["a"]);
  assert.deepEqual(filesOf(tree, "a"), [0, 2]);
  assert.deepEqual(subdirsOf(tree, "a"), ["c"]);
  assert.deepEqual(filesOf(tree, "a/c"), [1]);
  assert.equal(presentOf(tree, "a"), -1, "unknown without presence");
});

Deno.test("buildTrackedTree() counts present files and existing subdirectories", () => {
  const tree = buildTrackedTree(entries, {
    presence: {
      files: Uint8Array.from([1, 1, 0, 1, 1]),
      dirs: new Map([["a", true], ["a/c", true]]),
    },
  });
  assert.equal(presentOf(tree, ""), 3, "f.txt, g and a/");
  assert.equal(presentOf(tree, "a"), 2, "b.txt and c/; e.txt is missing");
  assert.equal(presentOf(tree, "a/c"), 1);
});

Deno.test("buildTrackedTree() gives up counting where presence is unknown", () => {
  const tree = buildTrackedTree(entries, {
    presence: { files: Uint8Array.from([1, 2, 1, 1, 1]), dirs: new Map([["a", true]]) },
  });
  assert.equal(presentOf(tree, "a/c"), -1);
  assert.equal(presentOf(tree, "a"), -1, "a/c's existence is unknown");
  assert.equal(presentOf(tree, ""), 3);
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
      for (const d of tree.dirs.keys()) {
        assert.deepEqual(filesOf(tree, d), want.get(d)!.files, d);
        const subdirs = subdirsOf(tree, d);
        assert.deepEqual(new Set(subdirs), want.get(d)!.subdirs, d);
        assert.equal(subdirs.length, want.get(d)!.subdirs.size, d);
        assert.equal(presentOf(tree, d), -1);
      }
    }),
  );
});

Deno.test("countPresent() counts, per directory, present entries and existing subdirectories, or -1 where one is unknown", () => {
  const segment = fc.constantFrom("a", "b", "a-b", "c");
  const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join("/"));
  // 0 missing, 1 present, 2 unknown; for directories 2 leaves them out of the map.
  const state = fc.constantFrom(0, 1, 1, 1, 2);
  fc.assert(
    fc.property(
      fc.uniqueArray(path, { maxLength: 30 }),
      fc.array(state, { minLength: 30, maxLength: 30 }),
      fc.array(state, { minLength: 40, maxLength: 40 }),
      (raw, fileStates, dirStates) => {
        const all = new Set(raw);
        const paths = raw.filter((p) => ![...all].some((q) => q.startsWith(`${p}/`)))
          .sort(comparePaths);
        // Every directory of the paths, each with a state of its own.
        const dirNames = [
          ...new Set(paths.flatMap((p) => {
            const parts = p.split("/");
            return parts.slice(1).map((_, k) => parts.slice(0, k + 1).join("/"));
          })),
        ];
        const dirState = new Map(dirNames.map((d, k) => [d, dirStates[k % dirStates.length]!]));
        const presence: TrackedPresence = {
          files: Uint8Array.from(paths, (_, i) => fileStates[i]!),
          dirs: new Map(
            [...dirState].filter(([, s]) => s !== 2).map(([d, s]) => [d, s === 1]),
          ),
        };
        const tree = buildTrackedTree(buildIndex(paths.map((p) => ({ path: p }))), { presence });
        // The model: a directory's own entries and its direct subdirectories, each counted.
        const parentOf = (p: string) => p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "";
        for (const d of ["", ...dirNames]) {
          const states = [
            ...paths.flatMap((p, i) => parentOf(p) === d ? [fileStates[i]!] : []),
            ...dirNames.flatMap((c) => parentOf(c) === d ? [dirState.get(c)!] : []),
          ];
          const want = states.includes(2) ? -1 : states.filter((s) => s === 1).length;
          assert.equal(presentOf(tree, d), want, d);
        }
        assert.equal(tree.dirs.size, dirNames.length + 1);
      },
    ),
    { seed: 22, numRuns: 300 },
  );
});
