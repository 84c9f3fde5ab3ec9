import assert from "node:assert/strict";
import fc from "fast-check";
import {
  baseBranch,
  handoffBranchName,
  handoffPaths,
  handoffTarget,
  isSafeBranchName,
} from "../../../core/handoff/handoff_policy.ts";

Deno.test("a handoff branch name is safe, sortable and colon-free for any time", () => {
  fc.assert(
    fc.property(fc.date({ min: new Date(0), max: new Date(8.64e15), noInvalidDate: true }), (d) => {
      const name = handoffBranchName(d.toISOString());
      assert.ok(isSafeBranchName(name), name);
      assert.ok(!name.includes(":"));
    }),
  );
  assert.ok(
    handoffBranchName("2026-01-02T00:00:00.000Z") < handoffBranchName("2026-01-10T00:00:00.000Z"),
  );
});

Deno.test("the base branch: --base, then origin/HEAD, then main or master, else none", () => {
  const none = { explicit: null, originHead: null, localBranches: [] as string[] };
  assert.equal(baseBranch({ ...none, explicit: "dev", originHead: "main" }), "dev");
  assert.equal(baseBranch({ ...none, originHead: "trunk", localBranches: ["main"] }), "trunk");
  assert.equal(baseBranch({ ...none, localBranches: ["feature", "main"] }), "main");
  assert.equal(baseBranch({ ...none, localBranches: ["master"] }), "master");
  assert.equal(baseBranch({ ...none, localBranches: ["feature"] }), null);
});

Deno.test("the handoff lands on a new branch only from the base branch or a detached HEAD", () => {
  const t = "2026-12-01T10:00:00.000Z";
  assert.deepEqual(handoffTarget("feature", "main", t), { kind: "current", branch: "feature" });
  assert.deepEqual(handoffTarget("main", "main", t), {
    kind: "new_branch",
    branch: "baton/handoff-20261201T100000Z",
    reason: "on_base",
  });
  assert.equal(handoffTarget(null, "main", t).kind, "new_branch");
  // No base known: the current branch is used (positive control for the rule above).
  assert.equal(handoffTarget("main", null, t).kind, "current");
});

Deno.test("only .baton and paths below it are handoff state", () => {
  assert.deepEqual(
    handoffPaths([
      ".baton",
      ".baton/latest.md",
      ".baton/capsules/a.md",
      "x/.baton/latest.md",
      ".batonrc",
      "baton",
    ]),
    [".baton", ".baton/latest.md", ".baton/capsules/a.md"],
  );
});

Deno.test("unsafe branch names are refused, ordinary ones accepted", () => {
  for (
    const bad of ["", "-x", "a..b", "a b", "a\nb", "x.lock", "/x", "x/", "a//b", ".x", "a/.b", "x."]
  ) {
    assert.equal(isSafeBranchName(bad), false, JSON.stringify(bad));
  }
  for (const good of ["main", "feature/x-1", "release_2.0", "baton/handoff-20261201T100000Z"]) {
    assert.equal(isSafeBranchName(good), true, good);
  }
});
