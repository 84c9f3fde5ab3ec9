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
