import assert from "node:assert/strict";
import { DRAFT_FIELDS, DraftSchema } from "../../../core/capsule/draft_schema.ts";
import { DRAFT_TEMPLATE } from "../../../core/capsule/draft_template.ts";

Deno.test("DraftSchema accepts the template, an empty draft and plain strings where claims go", () => {
  assert.ok(DraftSchema.safeParse(DRAFT_TEMPLATE).success);
  assert.ok(DraftSchema.safeParse({}).success);
  assert.ok(DraftSchema.safeParse({ completed: ["a"], verified_facts: ["b"] }).success);
});

Deno.test("DraftSchema refuses unknown top-level fields, facts and a trust state that does not exist", () => {
  assert.ok(!DraftSchema.safeParse({ nw: "typo" }).success);
  assert.ok(!DraftSchema.safeParse({ facts: {} }).success);
  assert.ok(!DraftSchema.safeParse({ verified_facts: [{ text: "x", trust: "certain" }] }).success);
});

Deno.test("DRAFT_FIELDS are the schema's fields and the template's, in template order", () => {
  assert.deepEqual([...DRAFT_FIELDS].sort(), Object.keys(DraftSchema.shape).sort());
  assert.deepEqual(
    DRAFT_FIELDS.filter((f) => f in DRAFT_TEMPLATE),
    Object.keys(DRAFT_TEMPLATE),
  );
});
