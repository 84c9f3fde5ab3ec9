/**
 * checkDrift()'s whole-tree rules on facts built by hand: certain
 * differences only, bounded lists settle nothing past their bound, parts
 * unavailable on either side make their checks unknown, never match.
 * @module
 */
import assert from "node:assert/strict";
import { checkDrift } from "../../../core/briefing/drift.ts";
import type { Facts, TreeState } from "../../../core/capsule/recorded_facts.ts";

function tree(patch: Partial<TreeState> = {}): TreeState {
  const changed = patch.changed ?? [];
  const untracked = patch.untracked ?? [];
  return {
    status: "complete",
    reason: "",
    changed,
    changed_total: changed.length,
    untracked,
    untracked_total: untracked.length,
    untracked_complete: true,
    unchecked: [],
    unchecked_total: 0,
    ...patch,
  };
}

function facts(t: TreeState | undefined, patch: Partial<Facts> = {}): Facts {
  const f: Facts = {
    status: "collected",
    captured_at: "t",
    repo_root: "/r",
    remotes: [{ name: "origin", url: "https://example.invalid/r.git" }],
    branch: "main",
    detached: false,
    head: "a".repeat(40),
    has_commits: true,
    operation: null,
    dirty: true,
    changed_files: [],
    changed_count: 0,
    untracked_count: 0,
    untracked_truncated: false,
    skipped: {},
    published: { status: "no", refs: [], reason: "" },
    notes: [],
    ...patch,
  };
  if (t !== undefined) f.tree = t;
  return f;
}

const status = (then: Facts, now: Facts, check: string) =>
  checkDrift(then, now, new Map()).find((d) => d.check === check)!;

Deno.test("paths past the recorded bound are unsettled, not new; inside a whole list they are new", () => {
  const then = facts(tree({ changed: ["a", "b"], changed_total: 5 }));
  const now = facts(tree({ changed: ["a", "b", "c"] }));
  const cut = status(then, now, "tracked changes");
  assert.equal(cut.status, "unknown");
  assert.equal(cut.sets?.added_total, 0);
  assert.match(cut.detail, /the capsule listed 2 of 5/);
  const whole = status(facts(tree({ changed: ["a", "b"] })), now, "tracked changes");
  assert.equal(whole.status, "different");
  assert.deepEqual(whole.sets?.added, ["c"]);
});

Deno.test("a path unchecked now is not called committed or reverted", () => {
  const then = facts(tree({ changed: ["a", "b"] }));
  const now = facts(
    tree({
      changed: ["a"],
      status: "partial",
      reason: "time budget ran out",
      unchecked: ["b"],
      unchecked_total: 1,
    }),
  );
  const t = status(then, now, "tracked changes");
  assert.equal(t.status, "unknown");
  assert.equal(t.sets?.removed_total, 0);
  assert.match(t.detail, /not re-checked now: time budget ran out \(b\)/);
  const control = status(then, facts(tree({ changed: ["a"] })), "tracked changes");
  assert.deepEqual(control.sets?.removed, ["b"]);
});

Deno.test("a part unavailable on either side makes its checks unknown with the reason", () => {
  const ok = facts(tree());
  const broken = facts(undefined, {
    remotes: [],
    unavailable: [
      { part: "config", reason: "Cannot parse git config" },
      { part: "worktree", reason: "the config could not be read" },
    ],
  });
  for (const [then, now, word] of [[ok, broken, "now"], [broken, ok, "when written"]] as const) {
    const r = status(then, now, "remote");
    assert.equal(r.status, "unknown");
    assert.equal(r.detail, `unavailable ${word}: Cannot parse git config`);
    assert.equal(status(then, now, "tracked changes").status, "unknown");
    assert.equal(status(then, now, "branch").status, "match", "control: readable parts compare");
  }
});

Deno.test("every check says what it compared", () => {
  const drift = checkDrift(facts(tree()), facts(tree()), new Map());
  for (const d of drift) assert.ok(d.compared.length > 0, d.check);
  assert.deepEqual(drift.map((d) => d.status), drift.map(() => "match"));
});
