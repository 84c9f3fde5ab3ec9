import assert from "node:assert/strict";
import {
  draftSkeleton,
  LISTED_FILES,
  renderPreflight,
} from "../../../core/workflow/render_preflight.ts";
import { DraftSchema } from "../../../core/capsule/draft_schema.ts";
import { notARepoFacts } from "../../../core/facts/empty_facts.ts";

Deno.test("the compact skeleton is a draft finalize's parser accepts", () => {
  const parsed = DraftSchema.safeParse(JSON.parse(draftSkeleton()));
  assert.ok(parsed.success, JSON.stringify(parsed.error?.issues));
  // Positive control: the schema does refuse a field the template lacks.
  assert.ok(!DraftSchema.safeParse({ nonsense: 1 }).success);
});

Deno.test("renderPreflight lists at most LISTED_FILES paths and says how many more", () => {
  const changed = Array.from({ length: LISTED_FILES + 3 }, (_, i) => ({
    path: `f${i}.txt`,
    xy: ".M",
  }));
  const facts = {
    ...notARepoFacts("2026-12-02T00:00:00.000Z"),
    status: "collected" as const,
    branch: "main",
    head: "a".repeat(40),
    changed_files: changed as never,
    changed_count: changed.length,
  };
  const text = renderPreflight(facts, (s) => `<${s}>`);
  assert.equal(
    text.split("\n").filter((l) => l.startsWith("  .M") || l.startsWith("  <")).length,
    LISTED_FILES,
  );
  assert.match(text, /… and 3 more/);
  assert.match(text, /<main> at <aaaaaaaaaaaa>/, "the repository's words pass through show()");
});

Deno.test("renderPreflight never prints counts for a work tree it did not scan", () => {
  const collected = {
    ...notARepoFacts("2026-12-02T00:00:00.000Z"),
    status: "collected" as const,
    branch: "main",
    head: "a".repeat(40),
  };
  const tree = {
    status: "complete" as const,
    reason: "",
    changed: [],
    changed_total: 0,
    untracked: [],
    untracked_total: 0,
    untracked_complete: true,
    unchecked: [],
    unchecked_total: 0,
  };
  const scanned = renderPreflight({ ...collected, tree }, (s) => s);
  assert.match(scanned, /0 changed, 0 untracked\./, "control: a scanned tree is counted");
  const unscanned = renderPreflight({
    ...collected,
    unavailable: [{ part: "worktree", reason: "the index could not be read" }],
  }, (s) => `<${s}>`);
  assert.doesNotMatch(unscanned, /0 changed/);
  assert.match(unscanned, /changes unknown \(<the index could not be read>\)\./);
});

Deno.test("renderPreflight says how many paths a partial scan did not compare", () => {
  const collected = {
    ...notARepoFacts("2026-12-02T00:00:00.000Z"),
    status: "collected" as const,
    branch: "main",
    head: "a".repeat(40),
  };
  const tree = {
    status: "partial" as const,
    reason: "1 path(s) not compared: the submodule's .git names no repository git can read",
    changed: [],
    changed_total: 0,
    untracked: [],
    untracked_total: 0,
    untracked_complete: true,
    unchecked: ["sub"],
    unchecked_total: 1,
  };
  const text = renderPreflight({ ...collected, tree }, (s) => `<${s}>`);
  assert.match(
    text,
    /0 changed, 0 untracked, 1 not compared \(<1 path\(s\) not compared: the submodule/,
  );
  const complete = renderPreflight({
    ...collected,
    tree: { ...tree, status: "complete" as const, reason: "", unchecked: [], unchecked_total: 0 },
  }, (s) => s);
  assert.match(complete, /0 changed, 0 untracked\./, "control: a complete scan");
});
