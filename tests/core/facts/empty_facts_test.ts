import assert from "node:assert/strict";
import { notARepoFacts } from "../../../core/facts/empty_facts.ts";

Deno.test("notARepoFacts() records no repository, nothing dirty or clean, and says why publication is unknown", () => {
  const f = notARepoFacts("2026-06-01T12:00:00.000Z");
  assert.deepEqual(
    [f.status, f.captured_at, f.repo_root, f.head, f.dirty, f.changed_files, f.published.status],
    ["not_a_repo", "2026-06-01T12:00:00.000Z", null, null, null, [], "unknown"],
  );
  assert.equal(f.published.reason, "not a repository");
});

Deno.test("notARepoFacts(null, 'unavailable') says the facts were never collected", () => {
  const f = notARepoFacts(null, "unavailable");
  assert.deepEqual([f.status, f.captured_at, f.published.reason], [
    "unavailable",
    null,
    "facts never collected",
  ]);
  // Fresh objects: one caller's changes never reach another's.
  f.notes.push("x");
  assert.deepEqual(notARepoFacts(null).notes, []);
});
