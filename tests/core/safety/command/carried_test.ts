/** Classify once: the workflow's classification is what every renderer shows. */
import assert from "node:assert/strict";
import { classifyCommand } from "../../../../core/safety/command/classify.ts";
import { renderBriefing } from "../../../../core/briefing/render_briefing.ts";
import { renderExport } from "../../../../core/briefing/render_export.ts";
import { renderCapsuleFile } from "../../../../core/store/render_capsule.ts";
import { classifyCarried } from "../../../../core/safety/command/carried.ts";
import type { Classification } from "../../../../core/safety/command/classify.ts";
import { claim, makeCapsule } from "../../../_helpers/capsule.ts";

const NO_PUB = { status: "no" as const, refs: [], reason: "walked" };

Deno.test("renderers show the classification they are given and classify only when given none", async () => {
  const c = await makeCapsule((b) => {
    b.meaning.next_action = { ...claim("clean up"), command: "rm -rf ~" };
  });
  const once = classifyCarried(c.meaning.next_action?.command);
  assert.equal(once?.class, "dangerous");
  // A marker classification proves the renderers use what they are handed
  // instead of classifying again (the real one is dangerous).
  const marker: Classification = { class: "review", families: [], reasons: ["marker"] };
  const input = {
    capsule: c,
    capped: [],
    drift: [],
    published: NO_PUB,
    age: "x",
    classify: classifyCommand,
  };
  const given = renderBriefing({ ...input, commandSafety: marker });
  assert.equal(given.command_safety, marker);
  assert.match(given.text, /class: review/);
  assert.match(renderCapsuleFile(c, marker), /class: review/);
  assert.match(renderExport(c, "meaning", 100_000, marker).text, /classified review/);
  // Positive control: without one, each renders the real class.
  assert.match(renderBriefing(input).text, /classified DANGEROUS/);
  assert.match(renderCapsuleFile(c), /classified DANGEROUS/);
  assert.match(renderExport(c, "meaning", 100_000).text, /classified dangerous/);
});
