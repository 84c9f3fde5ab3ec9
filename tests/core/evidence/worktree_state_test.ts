/**
 * The work tree state evidence is bound to: the digest changes with any
 * content or path change, completeness is honest, and the load-time
 * comparison says same, changed or unknown.
 */
import assert from "node:assert/strict";
import {
  compareWorktree,
  type FileNow,
  worktreeState,
} from "../../../core/evidence/worktree_state.ts";
import type { ChangedFileFact, Facts, TreeState } from "../../../core/capsule/recorded_facts.ts";

function file(
  path: string,
  sha: string,
  status: ChangedFileFact["status"] = "modified",
): ChangedFileFact {
  return {
    path,
    status,
    xy: status === "untracked" ? "??" : ".M",
    orig_path: null,
    kind: "file",
    sha256: `sha256:${sha.repeat(64)}`,
    size: 1,
    hash_skipped: null,
  };
}

function facts(files: ChangedFileFact[], extra: Partial<Facts> = {}): Facts {
  const changed = files.filter((f) => f.status !== "untracked").map((f) => f.path);
  const untracked = files.filter((f) => f.status === "untracked").map((f) => f.path);
  const tree: TreeState = {
    status: "complete",
    reason: "",
    changed,
    changed_total: changed.length,
    untracked,
    untracked_total: untracked.length,
    untracked_complete: true,
    unchecked: [],
    unchecked_total: 0,
  };
  return {
    status: "collected",
    captured_at: "t",
    repo_root: "/r",
    remotes: [],
    branch: "main",
    detached: false,
    head: "a".repeat(40),
    has_commits: true,
    operation: null,
    dirty: files.length > 0,
    changed_files: files,
    changed_count: files.length,
    untracked_count: untracked.length,
    untracked_truncated: false,
    skipped: {},
    published: { status: "unknown", refs: [], reason: "" },
    notes: [],
    tree,
    ...extra,
  };
}

Deno.test("worktreeState(): one digest per tree; a content, path or HEAD change moves it; an unhashed or unlisted file makes it incomplete", async () => {
  const base = await worktreeState(facts([file("a.ts", "1"), file("n.ts", "2", "untracked")]));
  assert.equal(base.complete, true);
  assert.equal(base.files, 2);
  const same = await worktreeState(facts([file("n.ts", "2", "untracked"), file("a.ts", "1")]));
  assert.equal(same.digest, base.digest, "order does not matter (positive control)");
  for (
    const other of [
      facts([file("a.ts", "3"), file("n.ts", "2", "untracked")]),
      facts([file("a.ts", "1")]),
      facts([file("a.ts", "1"), file("n.ts", "2", "untracked")], { head: "b".repeat(40) }),
    ]
  ) assert.notEqual((await worktreeState(other)).digest, base.digest);
  const unhashed = { ...file("a.ts", "1"), sha256: null, hash_skipped: "over_time" as const };
  assert.equal((await worktreeState(facts([unhashed]))).complete, false);
  assert.equal(
    (await worktreeState(facts([file("a.ts", "1")], { changed_count: 5 }))).complete,
    false,
  );
});

Deno.test("compareWorktree(): same only when HEAD, the path sets and every recorded hash agree; what could not be re-checked is unknown", () => {
  const rec = facts([file("a.ts", "1"), file("n.ts", "2", "untracked")]);
  const hashes = (a: string, n: string) =>
    new Map<string, FileNow>([
      ["a.ts", { kind: "hashed", sha256: `sha256:${a.repeat(64)}` }],
      ["n.ts", { kind: "hashed", sha256: `sha256:${n.repeat(64)}` }],
    ]);
  assert.equal(compareWorktree(rec, rec, hashes("1", "2")).status, "same");
  assert.equal(compareWorktree(rec, rec, hashes("9", "2")).status, "changed");
  const more = facts([file("a.ts", "1"), file("n.ts", "2", "untracked"), file("b.ts", "3")]);
  assert.equal(compareWorktree(rec, more, hashes("1", "2")).status, "changed");
  const unknown = new Map<string, FileNow>([["a.ts", { kind: "unknown", reason: "deadline" }]]);
  assert.equal(compareWorktree(rec, rec, unknown).status, "unknown");
  const partial = facts([file("a.ts", "1")]);
  partial.tree = { ...partial.tree!, status: "partial" };
  assert.equal(compareWorktree(rec, partial, hashes("1", "2")).status, "unknown");
});
