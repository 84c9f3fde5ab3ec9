import assert from "node:assert/strict";
import fc from "fast-check";
import { escapeJsonInvisible } from "../../../core/safety/json_escape.ts";

const INVISIBLE = ["\u202e", "\u200b", "\u2028", "\u2029", "\u007f", "\u0085", "\ufeff", "\u3164"];

Deno.test("escapeJsonInvisible() keeps the JSON value and leaves no invisible character raw (property)", () => {
  const piece = fc.oneof(fc.string({ maxLength: 5 }), fc.constantFrom(...INVISIBLE));
  fc.assert(fc.property(fc.array(piece, { maxLength: 8 }), (parts) => {
    const value = { text: parts.join("") };
    const out = escapeJsonInvisible(JSON.stringify(value));
    assert.deepEqual(JSON.parse(out), value);
    for (const ch of INVISIBLE) assert.ok(!out.includes(ch));
  }));
});

Deno.test("escapeJsonInvisible() leaves ordinary text, accents and emoji as they are", () => {
  const json = JSON.stringify({ t: "café 🎉 ünï" });
  assert.equal(escapeJsonInvisible(json), json);
  assert.equal(escapeJsonInvisible('"a\u202eb"'), '"a\\u202eb"');
});
