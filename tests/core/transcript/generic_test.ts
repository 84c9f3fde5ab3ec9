import assert from "node:assert/strict";
import { parseTranscriptBytes } from "../../../core/transcript/parse_transcript.ts";
import { genericTranscript } from "../../_helpers/transcripts.ts";
import { assertScenario } from "./_scenario.ts";

Deno.test("parseGenericRecords() recovers the scenario from a role-based JSONL transcript", () => {
  assertScenario(
    parseTranscriptBytes("generic-jsonl", new TextEncoder().encode(genericTranscript())),
    "generic",
  );
});

Deno.test("parseMarkdownTranscript() reads Aider's history and heading-style transcripts", () => {
  const aider =
    "# aider chat started at 2026-08-20 09:15:00\n\n#### Refactor the tokenizer\n\nSplit it.\n\n#### Now test\n\nDone.\n";
  const a = parseTranscriptBytes("markdown", new TextEncoder().encode(aider));
  assert.deepEqual(a.turns.map((t) => t.kind), ["user", "assistant", "user", "assistant"]);
  const headed = "## User\nFix it\n\nplease\n## Assistant\nFixed.\n";
  const h = parseTranscriptBytes("markdown", new TextEncoder().encode(headed));
  assert.deepEqual(h.turns.map((t) => (t as { text: string }).text), [
    "Fix it\n\nplease",
    "Fixed.",
  ]);
});
