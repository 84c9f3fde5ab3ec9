import assert from "node:assert/strict";
import { parsePromptSource } from "../../../../core/hosts/install/parse_prompt.ts";
import { PROMPT_TEXTS } from "../../../../integrations/mod.ts";

Deno.test("parsePromptSource() reads every canonical prompt and refuses a prompt without a description", () => {
  for (const [name, text] of Object.entries(PROMPT_TEXTS)) {
    const p = parsePromptSource(name, text);
    assert.ok(p.description.length > 0 && p.body.length > 0, name);
  }
  assert.throws(() => parsePromptSource("x", "no front matter\n"), SyntaxError);
  assert.throws(
    () => parsePromptSource("x", "---\ntitle: y\n---\nbody\n"),
    /expected front matter/,
  );
  assert.equal(parsePromptSource("x", "---\r\ndescription: D\r\n---\r\nB\r\n").description, "D");
});
