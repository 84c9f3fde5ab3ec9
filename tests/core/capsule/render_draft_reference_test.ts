import assert from "node:assert/strict";
import { renderDraftReference } from "../../../core/capsule/render_draft_reference.ts";
import { DRAFT_TEMPLATE } from "../../../core/capsule/draft_template.ts";
import { DRAFT_FIELDS } from "../../../core/capsule/draft_schema.ts";

Deno.test("renderDraftReference() lists every draft field once, with its kind, then the template as JSON", () => {
  const text = renderDraftReference();
  for (const field of DRAFT_FIELDS) {
    const lines = text.split("\n").filter((l) => l.startsWith(`- \`${field}\` (`));
    assert.equal(lines.length, 1, field);
  }
  assert.match(text, /- `now` \(text\): One paragraph/);
  assert.match(text, /- `pointers` \(list of text\): repository-relative paths, for example/);
  assert.match(text, /- `decisions` \(list of objects with `id`, `text`/);
  const json = /```json\n([\s\S]*)\n```/.exec(text)![1]!;
  assert.deepEqual(JSON.parse(json), DRAFT_TEMPLATE);
});
