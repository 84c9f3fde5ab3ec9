import assert from "node:assert/strict";
import fc from "fast-check";
import { truncateText, truncateUtf8 } from "../../../core/budget/truncate.ts";

const enc = new TextEncoder();
const isWellFormed = (s: string) => {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
};

Deno.test("truncateText() keeps text that fits and cuts the rest to the limit with an ellipsis, never splitting a pair (property)", () => {
  fc.assert(fc.property(fc.string({ unit: "grapheme", maxLength: 60 }), fc.nat(70), (text, max) => {
    const out = truncateText(text, max);
    if (text.length <= max) return assert.equal(out, text);
    assert.ok(out.length <= max, `${out.length} > ${max}`);
    if (max > 0) assert.ok(out.endsWith("…"));
    assert.ok(isWellFormed(out));
    assert.ok(text.startsWith(out.slice(0, -1)));
  }));
});

Deno.test("truncateUtf8() stays within the byte limit, cutting only between code points (property)", () => {
  fc.assert(
    fc.property(fc.string({ unit: "grapheme", maxLength: 60 }), fc.nat(200), (text, max) => {
      const out = truncateUtf8(text, max);
      if (enc.encode(text).length <= max) return assert.equal(out, text);
      assert.ok(enc.encode(out).length <= max);
      assert.ok(isWellFormed(out));
      if (out !== "") assert.ok(text.startsWith(out.slice(0, -1)) && out.endsWith("…"));
    }),
  );
  assert.equal(truncateUtf8("héllo", 5), "h…");
  assert.equal(truncateUtf8("héllo", 2), "");
});
