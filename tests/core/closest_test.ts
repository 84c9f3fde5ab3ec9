import assert from "node:assert/strict";
import fc from "fast-check";
import { closestMatch, editDistance } from "../../core/closest.ts";

const COMMANDS = ["preflight", "finalize", "load", "list", "show", "install", "uninstall"];

Deno.test("editDistance() is the Levenshtein distance: symmetric, zero only for equal strings (property)", () => {
  assert.equal(editDistance("kitten", "sitting"), 3);
  fc.assert(fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
    assert.equal(editDistance(a, b), editDistance(b, a));
    assert.equal(editDistance(a, b) === 0, a === b);
    assert.ok(editDistance(a, b) <= Math.max(a.length, b.length));
  }));
});

Deno.test("closestMatch() suggests the command a typo or a prefix meant, and nothing for a far word", () => {
  assert.equal(closestMatch("prefligt", COMMANDS), "preflight");
  assert.equal(closestMatch("fin", COMMANDS), "finalize");
  assert.equal(closestMatch("lod", COMMANDS), "load");
  assert.equal(closestMatch("zzzzzz", COMMANDS), undefined);
  assert.equal(closestMatch("x", []), undefined);
});
