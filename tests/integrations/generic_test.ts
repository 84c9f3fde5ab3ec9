import assert from "node:assert/strict";
import { applyBlocks, generatedFiles } from "../_tools/gen_docs.ts";
import { HANDOFF_INSTRUCTIONS } from "../../integrations/mod.ts";

const FILE = "integrations/generic/HANDOFF_INSTRUCTIONS.md";

Deno.test("the embedded paste-only instructions carry the text baton paste prints (run deno task gen when this fails)", () => {
  const blocks = generatedFiles()[FILE]!;
  assert.equal(applyBlocks(HANDOFF_INSTRUCTIONS, blocks), HANDOFF_INSTRUCTIONS);
  assert.ok(HANDOFF_INSTRUCTIONS.includes(blocks["model-instructions"]!));
});

Deno.test("the instructions' staleness check can fail: a changed hint makes them stale", () => {
  const blocks = { ...generatedFiles()[FILE]! };
  blocks["model-instructions"] = blocks["model-instructions"]!.replace("Meaning only", "Anything");
  assert.notEqual(applyBlocks(HANDOFF_INSTRUCTIONS, blocks), HANDOFF_INSTRUCTIONS);
});
