// Tests for core/safe_word.ts: a shortened word never shows a token's prefix.

import assert from "node:assert/strict";
import { safeWord } from "../../core/safe_word.ts";
import { Rng, SAMPLES } from "../_helpers/secret_fixtures.ts";

const rng = new Rng(91);

Deno.test("safeWord() never cuts a token mid-run, and keeps short words whole", () => {
  const token = SAMPLES.openai_api_key!(rng).secret;
  const shown = safeWord(`--${token}`);
  assert.ok(!shown.includes(token.slice(0, 12)), shown);
  assert.equal(safeWord("instal"), '"instal"');
  assert.equal(safeWord("a b\u001b"), '"a b?"');
  // A long phrase is cut at the start of the run the limit falls in (positive control).
  const phrase = "aaaa bbbb cccc dddd eeee ffff gggg hhhhhhhhhhhh";
  assert.equal(safeWord(phrase), JSON.stringify("aaaa bbbb cccc dddd eeee ffff gggg …"));
});
