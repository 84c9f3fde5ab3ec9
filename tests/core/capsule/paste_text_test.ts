import assert from "node:assert/strict";
import {
  pasteInstructions,
  pasteSkeleton,
  resumeText,
  SHELL_ONLY_FIELDS,
} from "../../../core/capsule/paste_text.ts";
import { DRAFT_TEMPLATE } from "../../../core/capsule/draft_template.ts";
import { DraftSchema } from "../../../core/capsule/draft_schema.ts";

Deno.test("the paste skeleton is a valid draft without the fields a chat cannot fill", () => {
  const skeleton = JSON.parse(pasteSkeleton());
  assert.ok(DraftSchema.safeParse(skeleton).success);
  for (const f of SHELL_ONLY_FIELDS) assert.ok(!(f in skeleton), f);
  const shown = Object.keys(DRAFT_TEMPLATE).filter((k) =>
    !(SHELL_ONLY_FIELDS as readonly string[]).includes(k)
  );
  assert.deepEqual(Object.keys(skeleton), shown);
  assert.ok(pasteInstructions().includes(pasteSkeleton()));
});

Deno.test("resumeText() fences the meaning with a fence no line inside can close", () => {
  const text = resumeText("a\n~~~~~\nb");
  assert.match(text, /^~{6}text$/m);
  // Control: plain meaning gets the shortest fence.
  assert.match(resumeText("plain"), /^~~~text$/m);
});
